"""Seeds derived from a base seed, the same on every machine and in every process."""

from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (``derive_seed(7, "game", 12)``), stable across runs.

    Python's ``hash`` changes between processes; a cryptographic digest does not, so a game
    simulated on a worker process gets exactly the seed it would get on this one.
    """
    text = "\x1f".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
