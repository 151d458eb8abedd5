"""Cards, seats and hands as values: read, printed, compared and hashed as
their text, and taken wherever the module takes text."""

import json

import pytest

import belote
from belote import Card, Hand, Seat

RULES = belote.load("classique")
DEAL = RULES.random_deals(1, seed=5)[0]


@pytest.mark.parametrize("text, card, rank, suit", [
    ("JH", "JH", "J", "H"), ("10s", "10S", "10", "S"), ("J♥", "JH", "J", "H"), (" 6D ", "6D", "6", "D"),
])
def test_a_card_reads_the_program_s_tokens(text, card, rank, suit):
    c = Card(text)
    assert (c, c.rank, c.suit, str(c)) == (card, rank, suit, card)
    assert repr(c) == f"belote.Card('{card}')"
    assert c == card and hash(c) == hash(card) and {c: 1}[card] == 1
    assert Card(c) is c


@pytest.mark.parametrize("text", ["ZZ", "", "1H", "JX", "HJ"])
def test_a_card_that_is_none_is_named(text):
    with pytest.raises(ValueError, match=r"unknown card .* \(a card is a rank 6 7 8 9 10 J Q K A then a suit S H D C\)"):
        Card(text)


@pytest.mark.parametrize("make, value, message", [
    (Card, None, 'a card is a str ("JH"), not NoneType None'),
    (Card, 5, 'a card is a str ("JH"), not int 5'),
    (Hand, None, 'a hand is cards ("JH 9H" or a list of cards), not NoneType None'),
    (Hand, 5, 'a hand is cards ("JH 9H" or a list of cards), not int 5'),
    (Hand, ["JH", 5], 'a card is a str ("JH"), not int 5'),
])
def test_what_is_no_text_is_a_type_error_saying_what_is_taken(make, value, message):
    with pytest.raises(TypeError) as refused:
        make(value)
    assert str(refused.value) == message


def test_seats_are_letters_with_a_team_and_a_turn():
    assert [str(s) for s in Seat] == ["N", "E", "S", "W"]
    assert Seat("w") is Seat.W and Seat.N == "N" and hash(Seat.N) == hash("N")
    assert repr(Seat.E) == "belote.Seat.E" and f"{Seat.S}:{Seat.E:>2}" == "S: E"
    assert [Seat.N.team, Seat.E.team] == ["NS", "EW"]
    # Play turns N, W, S, E, as the engine plays it.
    assert [Seat.N.next, Seat.W.next, Seat.S.next, Seat.E.next] == ["W", "S", "E", "N"]
    assert Seat.N.partner is Seat.S
    with pytest.raises(ValueError):
        Seat("X")


def test_a_hand_is_a_set_of_cards_in_the_deck_s_order():
    hand = Hand("7C JH 9H AS")
    assert str(hand) == "AS 9H JH 7C" and list(hand) == ["AS", "9H", "JH", "7C"]
    assert repr(hand) == "belote.Hand('AS 9H JH 7C')"
    assert hand == Hand(["AS", Card("9H"), "jh", "7C"]) == {"AS", "9H", "JH", "7C"}
    assert hash(hand) == hash(Hand("AS 9H JH 7C")) and "JH" in hand and Card("JH") in hand
    assert all(isinstance(card, Card) for card in hand)
    assert isinstance(hand - {"AS"}, Hand) and str(hand - {"AS"}) == "9H JH 7C"
    assert str(hand | Hand("8D")) == "AS 9H JH 8D 7C" and str(hand & {"JH", "KS"}) == "JH"


def typed_deal():
    deal = dict(DEAL, taker=Seat(DEAL["taker"]), first=Seat(DEAL["first"]))
    deal["hands"] = {Seat(seat): Hand(cards) for seat, cards in DEAL["hands"].items()}
    return deal


def test_types_are_taken_wherever_text_is():
    deal = typed_deal()
    assert RULES.score(deal).to_dict() == RULES.score(DEAL).to_dict()
    assert RULES.read_deal(deal) == RULES.read_deal(DEAL)
    assert RULES.score_many([deal, DEAL]).score.tolist() == RULES.score_many([DEAL, DEAL]).score.tolist()
    assert RULES.check_many([deal]).ok
    assert RULES.solve(deal) == RULES.solve(DEAL)
    assert RULES.solve_table(deal) == RULES.solve_table(DEAL)
    mene = RULES.mene(deal["hands"], first=Seat.W, trump=DEAL["trump"], taker=Seat.N)
    mene.play(Card(mene.legal()["legal"][0]))
    seat = Seat(mene.to_play)
    hand = Hand(mene.hands[seat])
    assert RULES.legal(hand, mene.current, trump=DEAL["trump"])["legal"] == mene.legal()["legal"]
    assert RULES.trick_winner([Card("QS"), Card("AD"), "JD", "10D"], leader=Seat.N, trump="D") == "S"
    table = belote.Table("coinche", seed=1, first_dealer=Seat.E)
    assert table.observation(Seat.N)["seat"] == "N" and table.to_act == "N"
    auction = belote.load("coinche").auction(Seat.S)
    assert auction.to_speak == Seat.E


def test_a_deal_with_hands_is_json_as_the_program_writes_it():
    from belote._types import json_dumps
    assert json.loads(json_dumps(typed_deal())) == DEAL
    with pytest.raises(TypeError, match="object is not a value of a deal"):
        json_dumps({"hands": object()})


def test_a_hand_read_from_text_refuses_a_card_given_twice():
    classique = belote.load("classique")
    # As every text reader says it, rather than a hand of one card less.
    with pytest.raises(ValueError, match="^JH is given twice$"):
        Hand("JH JH 9H")
    with pytest.raises(ValueError, match="^JH is given twice$"):
        Hand("jh 9H J♥")
    with pytest.raises(belote.PlayError, match="JH is given twice"):
        classique.legal("JH JH 9H", ["N AH"], trump="H")
    # Cards from an iterable are a set.
    assert Hand(["JH", "JH", "9H"]) == Hand("JH 9H")
