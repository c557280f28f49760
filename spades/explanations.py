"""Why a move is refused, in words: the one place where those sentences are written.

``Game.explain`` returns an :class:`Explanation`: a stable ``code`` for programs
("follow_suit", "bad_bid"...), the ``reason`` (which sentence of :data:`MESSAGES`) and the
``values`` it speaks of, in plain data (a suit letter, a card's text, a count). Its
``message`` is the English sentence; ``say(translations)`` says it in any language from a
gettext catalog, because every sentence here (and every card and suit name) is a message
that Babel extracts (``N_`` marks them) and the page's catalogs translate.

The engine stays browser-free: ``translations`` is any :class:`gettext.NullTranslations`
(English when none is given).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from gettext import NullTranslations

ENGLISH = NullTranslations()
"""No translation: the messages as written here."""

Value = str | int


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence with {placeholders}; ``plural`` (with its ``count`` value) when the
    sentence depends on a number."""

    singular: str
    plural: str | None = None
    count: str = "count"


def plural_message(singular: str, plural: str) -> Message:
    """A sentence that depends on its ``count``: extracted as one plural message (the
    build's extractor knows this name as it knows ``ngettext``)."""
    return Message(singular, plural)


MESSAGES: dict[str, Message] = {
    "game_over": Message(N_("The game is over. Start a new game to play again.")),
    "not_a_move": Message(N_("That is not a move in Spades.")),
    "not_a_card": Message(N_("That is not a card.")),
    "not_in_hand": Message(N_("You don't hold the {card}.")),
    "follow_suit": Message(N_("You still have {suit}, so you must follow suit.")),
    "spades_not_broken": Message(
        N_("Spades aren't broken yet: lead another suit until a spade has been played.")),
    "pass_count": plural_message("Choose exactly {count} card to pass.",
                                 "Choose exactly {count} cards to pass."),
    "replace_count": plural_message("Choose at most {count} card to replace.",
                                    "Choose at most {count} cards to replace."),
    "bid_not_a_number": Message(N_("A bid is a whole number: Nil (0) or 1 to 13.")),
    "bid_out_of_range": Message(N_("A bid is Nil (0) or 1 to 13.")),
    "nil_not_played": Message(N_("Nil isn't played at this table: bid 1 to 13.")),
    "blind_nil_not_zero": Message(N_("Blind Nil is a bid of zero.")),
    "double_nil_not_zero": Message(N_("Double Nil is a bid of zero.")),
    "blind_nil_not_played": Message(N_("Blind Nil isn't played at this table.")),
    "double_nil_not_played": Message(N_("Double Nil isn't played at this table.")),
    "blind_nil_too_late": Message(
        N_("Blind Nil can only be declared when it is your turn to bid.")),
    "double_nil_too_late": Message(N_("Double Nil can only be declared before your first draw.")),
    "time_to_draw": Message(N_("It's time to draw: keep or discard the top card.")),
    "time_to_replace": Message(N_("It's time to choose the cards to replace.")),
    "time_to_bid": Message(N_("It's time to bid: choose Nil or 1 to 13.")),
    "time_to_pass": Message(N_("It's time to choose the cards to pass.")),
    "time_to_play": Message(N_("It's time to play a card.")),
}

SUIT_WORDS: dict[str, str] = {
    "C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades"),
}
"""A suit's name as the sentences and card names use it (by suit letter)."""

CARD_WORDS: dict[str, str] = {
    "2": N_("two of {suit}"), "3": N_("three of {suit}"), "4": N_("four of {suit}"),
    "5": N_("five of {suit}"), "6": N_("six of {suit}"), "7": N_("seven of {suit}"),
    "8": N_("eight of {suit}"), "9": N_("nine of {suit}"), "10": N_("ten of {suit}"),
    "J": N_("jack of {suit}"), "Q": N_("queen of {suit}"), "K": N_("king of {suit}"),
    "A": N_("ace of {suit}"),
}
"""A card's name by rank, for sentences and screen readers ("queen of spades")."""


def suit_name(suit: str, translations: NullTranslations = ENGLISH) -> str:
    """A suit's name from its letter: ``suit_name("C") == "clubs"``."""
    return translations.gettext(SUIT_WORDS[suit])


def card_name(text: str, translations: NullTranslations = ENGLISH) -> str:
    """A card's name from its text form: ``card_name("QS") == "queen of spades"``."""
    rank, suit = text[:-1], text[-1]
    return translations.gettext(CARD_WORDS[rank]).format(suit=suit_name(suit, translations))


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an action is not legal now: a stable ``code`` for programs, the ``reason`` (a
    key of MESSAGES) and the ``values`` the sentence speaks of: ``suit`` (a suit letter),
    ``card`` (a card's text, "QS"), ``count`` (a number)."""

    code: str
    reason: str
    values: dict[str, Value] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.reason not in MESSAGES:
            raise ValueError(f"no message for reason {self.reason!r}")

    @property
    def message(self) -> str:
        """The sentence in English, for the table."""
        return self.say()

    def say(self, translations: NullTranslations = ENGLISH) -> str:
        """The sentence in the language of ``translations`` (a gettext catalog)."""
        message = MESSAGES[self.reason]
        if message.plural is None:
            template = translations.gettext(message.singular)
        else:
            count = self.values[message.count]
            assert isinstance(count, int)
            template = translations.ngettext(message.singular, message.plural, count)
        return template.format(**self._words(translations))

    def _words(self, translations: NullTranslations) -> dict[str, Value]:
        words = dict(self.values)
        if "suit" in words:
            words["suit"] = suit_name(str(words["suit"]), translations)
        if "card" in words:
            words["card"] = card_name(str(words["card"]), translations)
        return words


__all__ = [
    "CARD_WORDS",
    "MESSAGES",
    "N_",
    "SUIT_WORDS",
    "Explanation",
    "card_name",
    "suit_name",
]
