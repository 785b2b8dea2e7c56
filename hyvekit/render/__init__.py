"""hyvekit.render."""
