"""hyvekit.store."""
