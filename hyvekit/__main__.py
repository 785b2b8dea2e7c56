"""Allow ``python -m hyvekit``."""

from hyvekit.cli.app import main

if __name__ == "__main__":
    main()
