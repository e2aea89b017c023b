"""The Textual app. Import `inspector.tui.app.create_app`; nothing here is imported by
the engine or the store."""
