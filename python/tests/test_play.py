"""The play: legal cards as `belote legal` gives them, tricks' winners, and a mène played card by card
with the messages a played mène in a deal file gets."""

import copy
import json
import re
import tomllib

import pytest

import belote
from conftest import SOURCE_DIR, run_cli

LEGAL_EXAMPLES = [json.loads(line) for line in (SOURCE_DIR / "tests" / "data" / "play" / "legal-examples.jsonl")
                  .read_text().splitlines() if line]
WORKED_MENE = (SOURCE_DIR / "tests" / "cases" / "play-classique-worked-mene.toml").read_text()
MENE_ERRORS = tomllib.loads((SOURCE_DIR / "tests" / "data" / "play" / "mene-errors.toml").read_text())["error"]


@pytest.fixture(scope="module")
def classique():
    return belote.load("classique")


def example_ruleset(record):
    if "play" not in record:
        return belote.load(record["ruleset"])
    keys = "".join(f"{key} = {json.dumps(value)}\n" for key, value in record["play"].items())
    return belote.load_text(f'extends = "{record["ruleset"]}"\n[play]\n{keys}')


@pytest.mark.parametrize("record", LEGAL_EXAMPLES, ids=[r["id"] for r in LEGAL_EXAMPLES])
def test_every_legal_set_worked_in_the_rule_book(record):
    legal = example_ruleset(record).legal(record["hand"], record["trick"], trump=record["trump"],
                                          kind=record.get("kind"), seat=record["seat"])
    assert legal["seat"] == record["seat"]
    assert sorted(legal["legal"]) == sorted(record["legal"].split())


@pytest.mark.parametrize("record", [r for r in LEGAL_EXAMPLES if "play" not in r][:8], ids=lambda r: r["id"])
def test_legal_cards_are_what_belote_legal_writes(record):
    args = ["legal", "--format", "json", "--ruleset", record["ruleset"], "--trump", record["trump"], "--hand",
            record["hand"], "--seat", record["seat"]]
    if "kind" in record:
        args += ["--kind", record["kind"]]
    if record["trick"]:
        args += ["--trick", *record["trick"]]
    expected = json.loads(run_cli(*args)[1])
    legal = belote.load(record["ruleset"]).legal(record["hand"].split(), record["trick"], trump=record["trump"],
                                                 kind=record.get("kind"), seat=record["seat"])
    assert {"seat": legal["seat"], "legal": legal["legal"], "rule": legal["rule"]} == {"rule": None, **expected}


def test_the_deciding_convention_is_named_with_its_reason(classique):
    legal = classique.legal("JH 9H QH 7C", ["N AH", "W 8H"], trump="H")
    assert legal == {"seat": "S", "legal": ["JH", "9H"], "rule": 'play.raise_on_trump_lead = "always"',
                     "reason": "trump led: must beat the highest trump so far when able"}
    assert classique.legal("AS 7S", seat="E", trump="H")["rule"] is None


def test_a_position_that_does_not_read_raises_play_error(classique):
    with pytest.raises(belote.PlayError) as raised:
        classique.legal("JH ZZ", ["N AH"], trump="H")
    assert str(raised.value) == "<position>: 'hand': bad card token 'ZZ'"
    with pytest.raises(belote.PlayError, match="'seat' is E, but W plays next in this trick"):
        classique.legal("JH", ["N AH"], trump="H", seat="E")
    with pytest.raises(belote.PlayError, match="missing key 'trump'"):
        classique.legal("JH", ["N AH"])


def test_a_card_of_a_fuller_deck_is_one_the_deck_lacks(classique):
    lacks = "'6S' is a card this ruleset's deck lacks (32 cards: ranks 7 8 9 10 J Q K A)"
    with pytest.raises(belote.PlayError) as raised:
        classique.legal("6S 7S", trump="H", seat="N")
    assert str(raised.value) == f"<position>: 'hand': {lacks}"
    with pytest.raises(belote.PlayError, match=re.escape(lacks)):
        classique.trick_winner("6S 7S", leader="N", trump="H")
    assert belote.load("schieber").legal("6S 7S", trump="H", seat="N")["legal"] == ["6S", "7S"]


def test_legal_takes_what_an_observation_gives():
    table = belote.Table("coinche", seed=1)
    for action in ["80 H", "pass", "pass", "pass", "AD"]:
        table.apply(action)
    seen = table.observation()
    coinche = table.ruleset
    expected = coinche.legal(" ".join(seen["hand"]), ["W AD"], trump="H")
    assert seen["current"] == [("W", "AD")] and seen["contract"]["kind"] == "H"
    assert coinche.legal(seen["hand"], seen["current"], trump="H") == expected
    assert coinche.legal(seen["hand"], [["W", "AD"]], kind="H") == expected
    assert coinche.legal(seen["hand"], seen["current"], kind="H", trump="H") == expected
    assert coinche.legal("JH 9D", ["W AD"], kind="NT") == coinche.legal("JH 9D", ["W AD"], kind="sans-atout")
    with pytest.raises(belote.PlayError, match=re.escape("'trump' is 'S', but the kind 'H' is played in H")):
        coinche.legal(seen["hand"], seen["current"], kind="H", trump="S")
    with pytest.raises(TypeError, match=re.escape(
            "'trick[0]' is a card with its seat (\"N KS\", or ('N', 'KS') as an observation's 'current' gives it), "
            "not tuple ('W', 'AD', 'x')")):
        coinche.legal(seen["hand"], [("W", "AD", "x")], trump="H")


def test_a_trick_goes_to_the_highest_trump_or_the_highest_card_of_the_led_suit(classique):
    # play.md 5.2, as tests/play/test_play_legal_cards.cpp checks it.
    assert classique.trick_winner("AH 9H KH JH", leader="N", trump="D") == "N"
    assert classique.trick_winner("AC 9C 10C 8D", leader="W", trump="D") == "N"
    assert classique.trick_winner(["QS", "AD", "JD", "10D"], leader="N", trump="D") == "S"
    assert classique.trick_winner("7C AS AH 8C", leader="E", trump="D") == "S"
    assert belote.load("bulgare").trick_winner("7C 8C 10C 7S", leader="N", kind="all-trumps") == "S"
    with pytest.raises(belote.PlayError, match="'kind': unknown kind 'atout' \\(kinds: "):
        belote.load("bulgare").trick_winner("7C", leader="N", kind="atout")
    with pytest.raises(belote.PlayError, match="a trick holds at most 4 cards"):
        classique.trick_winner("7C 8C 9C 10C JC", leader="N", trump="D")


def worked_deal(text=WORKED_MENE):
    """The worked mène of play.md 5.2: its deal for Ruleset.mene() and its cards in play order."""
    deal = tomllib.loads(text)["deal"]
    return deal, [card.split()[0] for trick in deal["play"] for card in trick]


def test_the_worked_mene_played_card_by_card_scores_as_the_deal_file(classique):
    deal, cards = worked_deal()
    mene = classique.mene(deal)
    assert (mene.to_play, mene.trick_number, mene.current) == ("N", 1, [])
    for card in cards[:6]:
        mene.play(card)
    assert mene.current == ["N 8H", "W QH"]
    assert mene.legal() == {"seat": "S", "legal": ["7H"], "rule": "follow suit",
                            "reason": "must follow the led suit"}
    for card in cards[6:]:
        mene.play(card)
    assert mene.over and mene.to_play is None
    assert [t["winner"] for t in mene.tricks] == ["N", "W", "N", "N", "S", "E", "S", "S"]
    assert mene.tricks[0] == {"leader": "N", "cards": ["AH", "9H", "KH", "JH"], "winner": "N", "points": 17, "roem": 0}
    outcome = classique.score(WORKED_MENE)
    assert mene.points == outcome.card_points == {"NS": 126, "EW": 36}
    assert mene.tricks_won == {"NS": 6, "EW": 2} and mene.capot is None
    with pytest.raises(belote.PlayError, match="the mène is over: its 8 tricks are played"):
        mene.play("AH")


# The errors of a card played (words said with a card are a deal file's only).
WRONG_CARDS = [e for e in MENE_ERRORS
               if e["message"].startswith("trick ") and ", " in e["message"].split(":")[0] and "said" not in e["message"]]


@pytest.mark.parametrize("error", WRONG_CARDS, ids=[e["fault"] for e in WRONG_CARDS])
def test_a_wrong_card_raises_the_message_a_deal_file_gets(classique, error):
    text = WORKED_MENE
    for old, new in error["replace"]:
        text = text.replace(old, new, 1)
    deal, cards = worked_deal(text)
    mene = classique.mene(deal["hands"], first=deal["first"], trump=deal["trump"])
    with pytest.raises(belote.PlayError) as raised:
        for card in cards:
            mene.play(card)
    assert str(raised.value) == error["message"]
    # The deal file itself is refused with the same words.
    with pytest.raises(belote.DealError) as refused:
        classique.score(text)
    assert error["message"] in str(refused.value)


def test_hands_that_make_no_deal_are_named(classique):
    deal, _ = worked_deal()
    hands = dict(deal["hands"])
    hands["E"] = hands["E"].replace("8S", "9S")
    with pytest.raises(belote.PlayError, match=r"^9S is dealt twice \(E and W\)$"):
        classique.mene(hands, trump="D")
    hands = dict(deal["hands"], E="AS JH")
    with pytest.raises(belote.PlayError, match="^E holds 2 cards where 8 were expected$"):
        classique.mene(hands, trump="D")
    # The first to play short of a card is the one named, not a seat whose hand is whole.
    short = dict(deal["hands"], N=" ".join(deal["hands"]["N"].split()[:7]))
    with pytest.raises(belote.PlayError, match="^N holds 7 cards where 8 were expected$"):
        classique.mene(short, trump="D", first="N")
    with pytest.raises(belote.PlayError, match="'trump': kind 'suit' is not played in Z|'trump' must be a suit"):
        classique.mene(deal["hands"], trump="Z")


def test_a_played_mene_without_hands_says_the_hands_are_missing(classique, source_dir):
    played = classique.read_deal(source_dir / "examples" / "worked-example.toml")
    played.pop("hands")
    played["play"] = [["QC", "9C", "KC", "8C"]]
    with pytest.raises(belote.PlayError, match=r"^the deal gives no 'hands': a mène is played card by card from the four hands as dealt; give them as 'hands'"):
        classique.mene(played)


def test_a_revoke_is_scored_only_where_the_mene_states_it():
    klaverjas = belote.load("klaverjas")
    deal = tomllib.loads((SOURCE_DIR / "tests" / "data" / "play" / "klaverjas-revoke.toml").read_text())["deal"]
    assert deal["revoke"] == {"seat": "N", "trick": 2}
    outcome = klaverjas.score(deal)
    assert outcome.to_dict()["revoke"] == {"seat": "N", "team": "NS", "trick": 2, "card": "8D"}
    assert outcome.score == {"NS": 0, "EW": 202}
    # The deal read back states its revoke.
    assert klaverjas.read_deal(deal)["revoke"] == {"seat": "N", "trick": 2}
    unstated = {key: value for key, value in deal.items() if key != "revoke"}
    with pytest.raises(belote.DealError, match=r"trick 2, N: 8D is not legal \(follow suit\)"):
        klaverjas.score(unstated)


def test_a_copy_of_a_mene_plays_on_alone(classique):
    deal, cards = worked_deal()
    mene = classique.mene(deal)
    mene.play(cards[0])
    before = mene.current
    for other in (mene.copy(), copy.copy(mene), copy.deepcopy(mene)):
        other.play(cards[1])
        assert len(other.current) == 2 and other.current[:1] == before
    assert mene.current == before and len(before) == 1
