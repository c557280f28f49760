"""The "Custom table" form: a player changes the settings of the chosen table.

Pure Python (no browser imports), so it is tested under CPython. ``fields_for`` lists
the form's fields for a table of two or four players, ``form_values`` fills the form from
a ``Rules``, and ``parse`` reads the form's raw strings back into a ``Rules``, or says in
words what is wrong with each field. ``parse`` never raises: whatever the form (or a
stored copy of it) holds, the answer is a table or messages.

The form's values are the strings an HTML form gives: number fields as typed text
(ASCII digits), a switch "on" (or "off", or missing: off), and "none" for no losing
score or no hand limit. The table keeps its name (``base.name``, e.g. "Classic");
``is_custom`` tells the page to mark it as changed (``table_name``).

Only the fields below are the player's to change: the number of players, the Nil
points, the cards of the Blind Nil exchange, who leads at two players and the clock stay
the chosen table's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from i18n import N_, _

from spades import PRESETS, Rules

Kind = Literal["number", "number_or_none", "choice", "switch"]
"""How a field is written: a whole number in a range; the same or "none"; one of a list
of values; on/off."""

NONE = "none"
ON = "on"
OFF = "off"
FORM = "form"
"""The key of a message about the whole form rather than one field."""
MAX_TEXT = 20
"""A field's text longer than this is not a setting (not even with spaces around it)."""

# The ranges. Each keeps the game a game: the tables of the source documents are inside
# them, and beyond them a setting either decides the game on its own or never matters.
TARGET = (100, 1000)
"""Target score: the tables play to 300 (Quick, Duel) or 500 (Classic). Below 100 one
good hand ends the game; beyond 1000 a game runs on for an evening."""
FLOORS = (-100, -200, -300, -400, -500)
"""Losing score (004: -200), in steps of 100: scores move by tens of points, so a finer
step makes no difference worth a choice; below -500 a side never comes back from it
anyway, and above -100 one set contract would end the game."""
HAND_CAP = (5, 50)
"""Hand limit (004: 24). Fewer than 5 hands is too short for bags and Nil to count;
beyond 50 hands the target or the losing score always ends the game first."""
BAG_LIMIT = (5, 20)
"""Bags before a penalty (000, 003: 10). Below 5 a side pays a penalty nearly every
other hand, so overtricks decide everything; beyond 20 the penalty almost never comes."""
BAG_PENALTY = (50, 200)
"""Bag penalty (000, 003: 100). 50 and 200 are the common house variants; below 50 bags
cost nothing worth avoiding, above 200 one penalty outweighs a whole hand's contract."""


@dataclass(frozen=True, slots=True)
class Field:
    """One setting of the form. ``name`` is both the ``Rules`` field and the form key."""

    name: str
    kind: Kind
    label: str
    """The field's label, marked with N_ (translate it where it is shown: ``shown``)."""
    error: str
    """The message when its value is not valid (N_-marked; {low}, {high} are filled in)."""
    low: int = 0
    high: int = 0
    """The range of a number field (both included)."""
    choices: tuple[str, ...] = ()
    """The form values of a choice field, "none" first."""
    none_label: str = ""
    """The option that means "none" (N_-marked), for a choice or number_or_none field."""

    @property
    def shown(self) -> str:
        """The label in the current language."""
        return _(self.label)

    def option_label(self, value: str) -> str:
        """What an option of a choice field shows: "none" in words, a number with a true
        minus sign."""
        return _(self.none_label) if value == NONE else value.replace("-", "\u2212")

    def message(self) -> str:
        """The error message in the current language, its range filled in."""
        return _(self.error).format(low=self.low, high=self.high)


_TARGET = Field("target", "number", N_("Target score"),
                N_("The target score is a whole number from {low} to {high}."), *TARGET)
_FLOOR = Field("floor", "choice", N_("Losing score"),
               N_("Choose a losing score from the list."),
               choices=(NONE, *(str(floor) for floor in FLOORS)),
               none_label=N_("No losing score"))
_HAND_CAP = Field("hand_cap", "number_or_none", N_("Hand limit"),
                  N_("The hand limit is a whole number from {low} to {high}, or no limit."),
                  *HAND_CAP, none_label=N_("No hand limit"))
_SWITCH_ERROR = N_("This setting is either on or off.")
_NIL = Field("nil", "switch", N_("Nil bids allowed"), _SWITCH_ERROR)
_BLIND_NIL = Field("blind_nil", "switch", N_("Blind Nil allowed"), _SWITCH_ERROR)
_DOUBLE_NIL = Field("blind_nil", "switch", N_("Double Nil allowed"), _SWITCH_ERROR)
_FOR_PARTNER = Field("nil_tricks_count_for_partner", "switch",
                     N_("A failed Nil bidder's tricks count for the partner"), _SWITCH_ERROR)
_BAG_LIMIT = Field("bag_limit", "number", N_("Bags before a penalty"),
                   N_("The number of bags before a penalty is a whole number "
                      "from {low} to {high}."),
                   *BAG_LIMIT)
_BAG_PENALTY = Field("bag_penalty", "number", N_("Bag penalty"),
                     N_("The bag penalty is a whole number of points from {low} to {high}."),
                     *BAG_PENALTY)

FOUR_PLAYER_FIELDS = (_TARGET, _FLOOR, _HAND_CAP, _NIL, _BLIND_NIL, _FOR_PARTNER, _BAG_LIMIT,
                      _BAG_PENALTY)
TWO_PLAYER_FIELDS = (_TARGET, _FLOOR, _HAND_CAP, _NIL, _DOUBLE_NIL, _BAG_LIMIT, _BAG_PENALTY)
"""Two players: no partner, and the blind bid is Double Nil (001)."""

BLIND_NIL_NEEDS_NIL = N_("Blind Nil is a Nil bid: allow Nil bids too, or turn Blind Nil off.")
DOUBLE_NIL_NEEDS_NIL = N_("Double Nil is a Nil bid: allow Nil bids too, or turn Double Nil off.")
FOR_PARTNER_NEEDS_NIL = N_("This only matters when Nil bids are allowed: allow them too, "
                           "or turn this off.")
NOT_PLAYABLE = N_("The game cannot play a table with these settings.")


def fields_for(players: int) -> tuple[Field, ...]:
    """The form's fields for a table of ``players`` (2, else four players')."""
    return TWO_PLAYER_FIELDS if players == 2 else FOUR_PLAYER_FIELDS


def form_values(rules: Rules) -> dict[str, str]:
    """The form filled from ``rules``: one string per field of its table."""
    values: dict[str, str] = {}
    for field in fields_for(rules.players):
        value = getattr(rules, field.name)
        if field.kind == "switch":
            values[field.name] = ON if value else OFF
        else:
            values[field.name] = NONE if value is None else str(value)
    return values


def _number(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits, if it is within low..high.

    Nothing else is a number here: no sign (so no "-0"), no decimal point or exponent,
    no digits of other scripts, no empty text, nothing longer than MAX_TEXT."""
    text = text.strip()
    if not 1 <= len(text) <= MAX_TEXT or not all("0" <= char <= "9" for char in text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _read(field: Field, raw: object) -> tuple[bool, object]:
    """(valid, value) of one field's raw form value (None when it is missing)."""
    if field.kind == "switch":
        if raw is None or raw == OFF:
            return True, False
        return raw == ON, True
    if not isinstance(raw, str):
        return False, None
    if field.kind == "choice":
        text = raw.strip()
        if text not in field.choices:
            return False, None
        return True, None if text == NONE else int(text)
    if field.kind == "number_or_none" and raw.strip() == NONE:
        return True, None
    value = _number(raw, field.low, field.high)
    return value is not None, value


def parse(form: Mapping[str, object], base: Rules) -> tuple[Rules | None, dict[str, str]]:
    """(the table, {}) from the form's raw values, or (None, {field: message}).

    The table is ``base`` with the form's settings (its name, players and everything the
    form does not show are kept). Each message is in the current language; a setting
    the engine itself refuses gives one message for the whole form, under ``FORM``.
    Never raises.
    """
    try:
        return _parse(form, base)
    except Exception:  # a form of an unexpected shape: a message, never a crash
        return None, {FORM: _(NOT_PLAYABLE)}


def _parse(form: Mapping[str, object], base: Rules) -> tuple[Rules | None, dict[str, str]]:
    values: dict[str, object] = {}
    errors: dict[str, str] = {}
    for field in fields_for(base.players):
        valid, value = _read(field, form.get(field.name))
        if valid:
            values[field.name] = value
        else:
            errors[field.name] = field.message()
    if values.get("nil") is False:
        if values["blind_nil"]:
            errors["blind_nil"] = _(BLIND_NIL_NEEDS_NIL if base.players != 2
                                    else DOUBLE_NIL_NEEDS_NIL)
        if values.get("nil_tricks_count_for_partner"):
            errors["nil_tricks_count_for_partner"] = _(FOR_PARTNER_NEEDS_NIL)
    if errors:
        return None, errors
    try:
        rules = replace(base, **values)  # type: ignore[arg-type]  # each value matches its field
    except (TypeError, ValueError):  # the engine's own checks (Rules.__post_init__)
        return None, {FORM: _(NOT_PLAYABLE)}
    return rules, {}


def is_custom(rules: Rules) -> bool:
    """Whether ``rules`` differ from the preset of their name (a custom table keeps the
    name of the table it was made from)."""
    return rules not in PRESETS.values()


def table_name(rules: Rules) -> str:
    """The table's name in the current language, marked when its settings were changed."""
    name = _(rules.name)
    if is_custom(rules):
        # TRANSLATORS: a table whose settings the player changed, e.g. "Classic (custom)".
        return _("{table} (custom)").format(table=name)
    return name
