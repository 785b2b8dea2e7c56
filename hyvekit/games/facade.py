"""The door from cli/ and render/ into a game's rules: each game's module in
:mod:`hyvekit.games` names what the faces take of its rules (``RULES``: name → the rules
module that defines it) and reads each name from its module when it is asked for, so a
command imports only the rules it uses, and the rules' modules can be rearranged without
touching a face.  ``tests/test_import_layers.py`` holds cli/ and render/ to it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def rules_door(facade: str, package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of the facade ``facade``: ``name`` read from
    ``package.names[name]`` (PEP 562; ``from FACADE import name`` works too).

    :raises AttributeError: a name the facade does not offer.
    """
    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {facade!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)
    return __getattr__
