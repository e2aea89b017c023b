"""Codecs between canonical messages and each provider's wire format: no files, no IO."""
