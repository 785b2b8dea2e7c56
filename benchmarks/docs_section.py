"""Writing a benchmark's figures into docs/performance.md: one ``## `` section replaced."""

from __future__ import annotations

import re


def replace_section(text: str, heading: str, section: str) -> str:
    """``text`` with its ``heading`` section (up to the next ``## `` heading) replaced by
    ``section``, or with ``section`` appended when there is none."""
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    section = section.rstrip("\n") + "\n"
    m = pattern.search(text)
    if m:
        return text[:m.start()] + section + ("\n" if m.end() < len(text) else "") \
            + text[m.end():]
    return text.rstrip("\n") + "\n\n" + section
