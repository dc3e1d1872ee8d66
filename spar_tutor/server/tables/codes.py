"""Join codes and seat secrets.

A join code is 4 letters or digits from :data:`ALPHABET`, which leaves out the ones that
look alike on a board or a phone (0 and O, 1, I and L, 2 and Z, 5 and S, 8 and B, 6 and G,
U and V): 20 ** 4 = 160,000 codes. A code lets you sit down; acting for a seat needs
that seat's secret, a random token the service gives the learner's page when they sit
(and keeps only as a SHA-256 digest).

>>> clean_code(" hx4r ")
'HX4R'
>>> clean_code("H0XX") is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Collection, Optional

ALPHABET = "ACDEFHJKMNPQRTWXY347"
LENGTH = 4


def new_code(taken: Collection[str] = ()) -> str:
    """A join code that is not one of ``taken`` (the live tables' codes)."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code


def clean_code(text: object) -> Optional[str]:
    """``text`` as a join code (capitals, no spaces), or None if it cannot be one."""
    if not isinstance(text, str):
        return None
    code = "".join(text.split()).upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def new_secret() -> str:
    """A seat's secret: 32 random bytes, as URL-safe text."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """What the service keeps of a secret (SHA-256, hexadecimal)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def matches(secret: object, kept: str) -> bool:
    """Whether ``secret`` is the one whose :func:`digest` is ``kept`` (in constant time)."""
    if not isinstance(secret, str) or not kept:
        return False
    return hmac.compare_digest(digest(secret), kept)
