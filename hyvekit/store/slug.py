"""Campaign ids: slugs made from names, which can never address a path outside the folder."""

from __future__ import annotations

import hashlib
import re
import unicodedata

from hyvekit.store.errors import InvalidIdError

MAX_ID = 64
ID_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$")


# Letters that Unicode does not decompose into a base letter plus accents.
_TRANSLITERATE = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O",
                                "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
                                "þ": "th", "Þ": "TH"})


def slugify(name: str) -> str:
    """``"Queen's Run #2"`` → ``"queen-s-run-2"``, ``"Ölfaß"`` → ``"olfass"``; at most 48
    characters.  A name with no Latin letter nor digit (``"山田の蜂"``) gets
    ``campaign-`` and 6 hex digits of its SHA-256 (``campaign-ab5ff1``): ids stay ASCII (typed
    on any keyboard, a safe file name everywhere, a plain link for ``serve``) and two such
    names get two ids."""
    ascii_name = (unicodedata.normalize("NFKD", str(name).translate(_TRANSLITERATE))
                  .encode("ascii", "ignore").decode())
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    if slug:
        return slug[:48].rstrip("-")
    text = unicodedata.normalize("NFC", str(name)).strip().casefold()
    return "campaign-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]


def check_id(campaign_id: str) -> str:
    """Return ``campaign_id`` if it is a slug (``[a-z0-9-]``, ≤ 64, no leading/trailing ``-``).

    :raises InvalidIdError: anything else (``../x``, ``/etc/passwd``, ``A B``...).
    """
    if not isinstance(campaign_id, str) or not ID_RE.fullmatch(campaign_id):
        raise InvalidIdError(str(campaign_id))
    return campaign_id
