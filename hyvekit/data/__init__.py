"""hyvekit.data."""
