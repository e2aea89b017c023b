"""Writers: every export format, written atomically, never over its source."""
