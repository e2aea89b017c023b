"""inspector's own database: imported sessions, token counts, versions, offloads, summaries."""
