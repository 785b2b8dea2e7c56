"""hyvekit.rules.beelives."""
