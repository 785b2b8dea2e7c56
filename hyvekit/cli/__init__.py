"""hyvekit.cli."""
