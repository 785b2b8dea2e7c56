"""hyvekit.rules."""
