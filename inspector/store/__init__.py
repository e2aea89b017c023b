"""Reading sessions from agent stores, the workspace database, and exports.

No Textual import here: the store is a library like the engine.
"""
