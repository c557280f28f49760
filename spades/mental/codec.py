"""How the mental-poker protocols write their values in a message, and read them back:
group elements and scalars as text, a shuffle's proof, the group itself, and the hash
chain of the transcript.  Every reader treats its input as hostile (``CheatDetected``
"malformed" or "bad_deck", never another error)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .group import Element, Group
from .state import SCALAR_DIGITS, CheatDetected, Message, read_hex


def link(chain: str, message: Message) -> str:
    text = json.dumps(message, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{chain}\n{text}".encode()).hexdigest()


def group_data(group: Group) -> dict[str, Any]:
    modulus = getattr(group, "p", None)
    return {"name": group.name, **({"p": f"{modulus:x}"} if modulus is not None else {})}


def group_from(data: dict[str, Any]) -> Group:
    if data["name"] == "modp":
        from .cipher import ModpGroup
        return ModpGroup(int(data["p"], 16))
    from .curve import Secp256k1
    if data["name"] != Secp256k1.name:
        raise ValueError("an unknown group")
    return Secp256k1()


def texts(group: Group, values: list[Element]) -> list[str]:
    return [group.to_text(value) for value in values]


def maybe_texts(group: Group, values: list[Element | None]) -> list[str | None]:
    return [None if value is None else group.to_text(value) for value in values]


def scalar_texts(values: list[int]) -> list[str]:
    return [f"{value:x}" for value in values]


def read_elements(group: Group, texts: object, count: int, distinct: bool = True
                   ) -> list[Element]:
    """Elements received: ``count`` texts, each an element of the group (``from_text``
    checks it: no value outside the group can mark a card), all different where they
    must be (a card given twice is no shuffle)."""
    if not (isinstance(texts, list) and len(texts) == count):
        raise CheatDetected("malformed", "a list of group elements")
    try:
        values = [group.from_text(text) for text in texts]
    except ValueError as error:
        raise CheatDetected("bad_deck", f"a value is not an element of the group: {error}") \
            from error
    if distinct and len(set(values)) != len(values):
        raise CheatDetected("bad_deck", "a value comes twice")
    return values


def read_scalars(group: Group, texts: object, count: int) -> list[int]:
    """``count`` integers below the group's order, in lowercase hex."""
    if not (isinstance(texts, list) and len(texts) == count):
        raise CheatDetected("malformed", "a list of scalars")
    try:
        values = [read_hex(text, SCALAR_DIGITS) for text in texts]
    except ValueError as error:
        raise CheatDetected("malformed", "a list of scalars") from error
    if not all(value < group.order for value in values):
        raise CheatDetected("malformed", "a scalar beyond the group's order")
    return values


def shuffle_proof_data(group: Group, proof: dict[str, Any]) -> dict[str, list[str]]:
    return {"c": texts(group, proof["c"]), "chain": texts(group, proof["chain"]),
            "s": scalar_texts(proof["s"]), "hats": scalar_texts(proof["hats"]),
            "primes": scalar_texts(proof["primes"])}


def read_shuffle_proof(group: Group, data: object, size: int) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CheatDetected("malformed", "a shuffle's proof")
    return {"c": read_elements(group, data.get("c"), size, distinct=False),
            "chain": read_elements(group, data.get("chain"), size, distinct=False),
            "s": read_scalars(group, data.get("s"), 5),
            "hats": read_scalars(group, data.get("hats"), size),
            "primes": read_scalars(group, data.get("primes"), size)}


__all__ = ["group_data", "group_from", "link", "maybe_texts", "read_elements", "read_scalars",
           "read_shuffle_proof", "scalar_texts", "shuffle_proof_data", "texts"]
