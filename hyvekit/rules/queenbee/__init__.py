"""hyvekit.rules.queenbee."""
