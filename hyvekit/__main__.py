"""Allow ``python -m hyvekit``: the console script's entry point (``cli/entry.py``)."""

from hyvekit.cli.entry import main

if __name__ == "__main__":
    main()
