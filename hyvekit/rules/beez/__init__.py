"""hyvekit.rules.beez."""
