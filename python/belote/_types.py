"""Cards, seats and hands as values: each is accepted wherever the module
takes the program's text ("JH", "N", "JH 9H 7C"), prints as that text,
and compares and hashes as it does."""

from __future__ import annotations

import enum
import json
import numbers
from typing import Any, Iterable, Iterator, Union

#: Ranks and suits as the program writes them, in the deck's order; a ruleset's
#: deck uses some of them (the Schieber's has the 6s).
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class Card(str):
    """A card: its rank then its suit, as the program writes it.

    Card("JH"), Card("10s"), Card("J♥") are cards; a Card is a str ("JH")
    and equals its text. `rank` and `suit` give its parts. A ruleset checks
    that its deck holds the card when the card is used.
    """

    __slots__ = ()

    def __new__(cls, text: str) -> "Card":
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise TypeError(f'a card is a str ("JH"), not {type(text).__name__} {text!r}')
        token = text.strip()
        for symbol, letter in _SUIT_SYMBOLS.items():
            if token.endswith(symbol):
                token = token[: -len(symbol)] + letter
        token = token.upper()
        if token[:-1] not in RANKS or token[-1:] not in SUITS:
            raise ValueError(f"unknown card {str(text)!r} (a card is a rank {' '.join(RANKS)} then a suit {' '.join(SUITS)})")
        return super().__new__(cls, token)

    @property
    def rank(self) -> str:
        """The rank: 6 to 10, J, Q, K or A."""
        return str(self)[:-1]

    @property
    def suit(self) -> str:
        """The suit's letter: S, H, D or C."""
        return str(self)[-1]

    def __repr__(self) -> str:
        return f"belote.Card({str(self)!r})"

    def _order(self) -> tuple:
        return SUITS.index(self.suit), RANKS.index(self.rank)


class Seat(str, enum.Enum):
    """A seat at the table: N, E, S, W (play turns N, W, S, E).

    A Seat is a str ("N") and equals its letter; Seat("n") reads one.
    """

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def _missing_(cls, value: object) -> "Seat | None":
        if isinstance(value, str) and value.strip().upper() in cls.__members__:
            return cls[value.strip().upper()]
        return None

    @property
    def team(self) -> str:
        """The seat's team: NS or EW."""
        return "NS" if self in (Seat.N, Seat.S) else "EW"

    @property
    def next(self) -> "Seat":
        """The seat that plays after it: the one on its right."""
        seats = list(Seat)
        return seats[(seats.index(self) + 3) % 4]

    @property
    def partner(self) -> "Seat":
        return self.next.next

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __repr__(self) -> str:
        return f"belote.Seat.{self.name}"


class Hand(frozenset):
    """A hand: a set of Cards, from text or from cards.

    Hand("JH 9H 7C") and Hand(["JH", Card("9H")]) are hands; a Hand is a
    frozenset of Cards (so "JH" in hand, hand == {"JH", "9H", "7C"}), prints
    and iterates in the deck's order (suits S H D C, ranks 7 to A), and goes
    wherever cards are taken as text. Text that gives a card twice is
    refused (ValueError: "JH is given twice"), as every text the module
    reads; cards from an iterable are a set, a card repeated counted once.
    """

    def __new__(cls, cards: Union[str, Iterable[str]] = ()) -> "Hand":
        if isinstance(cards, str):
            # Text is a hand as written: a card given twice is a slip, refused as every reader of text refuses it.
            cards = [Card(token) for token in cards.split()]
            seen = set()
            for card in cards:
                if card in seen:
                    raise ValueError(f"{card} is given twice")
                seen.add(card)
        elif not isinstance(cards, Iterable):
            raise TypeError(f'a hand is cards ("JH 9H" or a list of cards), not {type(cards).__name__} {cards!r}')
        return super().__new__(cls, (Card(card) for card in cards))

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(frozenset.__iter__(self), key=Card._order))

    def __str__(self) -> str:
        return " ".join(self)

    def __repr__(self) -> str:
        return f"belote.Hand({str(self)!r})"

    def __or__(self, other: Iterable[str]) -> "Hand":
        return Hand(frozenset.__or__(self, Hand(other)))

    def __and__(self, other: Iterable[str]) -> "Hand":
        return Hand(frozenset.__and__(self, Hand(other)))

    def __sub__(self, other: Iterable[str]) -> "Hand":
        return Hand(frozenset.__sub__(self, Hand(other)))

    __ror__ = __or__
    __rand__ = __and__


def _json_value(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        try:
            return str(Hand(value))
        except ValueError:
            # Written as given, so that the deal's reader names the card and its key.
            return " ".join(sorted(str(card) for card in value))
    # NumPy's scalars: a whole number, a truth value, a decimal number.
    if isinstance(value, numbers.Integral):
        return int(value)
    if type(value).__name__ == "bool_":
        return bool(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f"{type(value).__name__} is not a value of a deal (text, a number, a list, a dict, a Hand)")


def json_dumps(value: Any, **options: Any) -> str:
    """JSON text of a deal or a record given with Hands (written as their cards' text)."""
    return json.dumps(value, default=_json_value, **options)
