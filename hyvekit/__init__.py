"""hyvekit: a companion for HYVE, Bee Lives, Beez and Queen Bee.

Layers (see ``../shared/DESIGN.md``): ``rules`` (pure game logic) ← ``store`` (campaign
records) and ``render`` (PDFs) ← ``cli`` (typer adapters).
"""

__version__ = "0.1.0"
