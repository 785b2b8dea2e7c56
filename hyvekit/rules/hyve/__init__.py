"""hyvekit.rules.hyve."""
