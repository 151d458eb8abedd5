"""The auction: legal calls, a call checked with the rule that refuses it, and
the contract made, as `belote auction --format json` gives them."""

import copy
import json

import pytest

import belote
from conftest import cli_errors, run_cli

# (ruleset, dealer, turned suits, calls): auctions open and ended, of each style.
AUCTIONS = [
    ("coinche", "N", [], []),
    ("coinche", "N", [], ["80 H", "pass"]),
    ("coinche", "E", [], ["80 H", "pass", "pass", "pass"]),
    ("coinche", "N", [], ["80 H", "coinche", "pass", "pass", "surcoinche"]),
    ("coinche", "N", [], ["pass", "pass", "pass", "pass"]),
    ("coinche", "S", [], ["capot S", "pass", "pass", "pass"]),
    ("classique", "N", ["H"], ["take"]),
    ("classique", "N", ["H", "S"], ["pass", "pass", "pass", "pass", "pass", "choose S"]),
    ("schieber", "N", [], ["schieben", "choose obenabe"]),
    ("bulgare", "W", [], ["C", "pass", "NT", "pass", "pass", "pass"]),
    ("klaverjas", "N", ["D"], ["pass"]),
]


def cli_auction(ruleset, dealer, turned, calls):
    args = ["auction", "--ruleset", ruleset, "--dealer", dealer, "--format", "json"]
    for suit in turned:
        args += ["--turned", suit]
    return json.loads(run_cli(*args, *calls, check=False)[1])


@pytest.mark.parametrize("ruleset, dealer, turned, calls", AUCTIONS)
def test_an_auction_is_where_belote_auction_says(ruleset, dealer, turned, calls):
    auction = belote.load(ruleset).auction(dealer, turned=turned or None, calls=calls)
    expected = cli_auction(ruleset, dealer, turned, calls)
    assert auction.to_dict() == expected
    assert json.loads(auction.json()) == expected
    assert auction.ended == expected["ended"]
    assert auction.to_speak == expected.get("to_speak")
    assert len(auction.legal()) == len(expected["legal"])
    assert len(auction.calls) == expected["calls"]
    if "contract" in expected:
        contract = dict(auction.contract)
        assert contract.pop("text").startswith(f"taker {expected['contract']['taker']}")
        assert contract == expected["contract"]
    else:
        assert auction.contract is None
    assert auction.redeal == ("redeal" in expected)


@pytest.mark.parametrize("ruleset, dealer, turned, calls", AUCTIONS)
def test_every_legal_call_is_taken_and_no_other(ruleset, dealer, turned, calls):
    auction = belote.load(ruleset).auction(dealer, turned=turned or None, calls=calls)
    for call in auction.legal():
        auction.check(call)
        again = belote.load(ruleset).auction(dealer, turned=turned or None, calls=calls)
        again.call(call)
        assert again.calls[-1][1] == call.split(":")[-1]


# (ruleset, calls before, call refused, the rule of section 6 it breaks)
REFUSED = [
    ("coinche", ["80 H", "pass"], "80 S", "not-higher"),
    ("coinche", ["80 H", "coinche"], "90 S", "bid-after-double"),
    ("coinche", ["80 H"], "coinche", None),
    ("coinche", ["80 H", "pass"], "coinche", "double-own-team"),
    ("coinche", [], "coinche", "double-nothing"),
    ("coinche", ["80 H", "pass", "pass", "pass"], "pass", "after-end"),
    ("coinche", [], "85 H", "bad-value"),
    ("coinche", [], "hello", "unknown-call"),
    ("coinche", [], "S:pass", "out-of-turn"),
]


@pytest.mark.parametrize("ruleset, before, call, rule", REFUSED)
def test_a_call_refused_names_the_rule_as_belote_auction_does(ruleset, before, call, rule):
    auction = belote.load(ruleset).auction("N", calls=before)
    if rule is None:
        auction.check(call)
        return
    state = auction.to_dict()
    for attempt in (auction.check, auction.call):
        with pytest.raises(belote.IllegalCall) as refused:
            attempt(call)
        error = refused.value
        assert isinstance(error, belote.IllegalAction) and isinstance(error, ValueError)
        assert error.rule == rule
        assert error.position == len(before) + 1
        status, out, err = run_cli("auction", "--ruleset", ruleset, *before, call, check=False)
        assert status == 1 and cli_errors(err) == [str(error)]
        answer = json.loads(run_cli("auction", "--ruleset", ruleset, "--format", "json", *before, call, check=False)[1])
        assert (answer["rule"], answer["message"]) == (error.rule, error.reason)
        assert error.legal == auction.legal()
        # Refused, the call leaves the auction as it was.
        assert auction.to_dict() == state


def test_calls_given_at_the_start_stop_at_the_first_refused():
    with pytest.raises(belote.IllegalCall, match=r"^call 3 \(E 80 S\): not-higher: ") as refused:
        belote.load("coinche").auction("N", calls=["80 H", "pass", "80 S", "pass"])
    assert refused.value.position == 3


def test_a_double_out_of_turn_names_its_seat():
    # Under "any-time" doubling a defender may double out of turn: legal() names the seat.
    rules = belote.load_text('extends = "coinche"\n[auction]\ndouble_timing = "any-time"\n')
    auction = rules.auction("N", calls=["80 H"])
    doubles = [call for call in auction.legal() if ":" in call]
    assert doubles and all(call.split(":")[0] in ("N", "S") for call in doubles)
    auction.call(doubles[0])
    assert auction.calls[-1] == (doubles[0].split(":")[0], "coinche")


def test_the_card_turned_up_proposes_its_suit():
    # As a record writes it: the card, then the auction is the one its suit starts.
    rules = belote.load("classique")
    calls = ["pass", "pass", "pass", "pass"]
    assert rules.auction("E", turned="jd", calls=calls).legal() == rules.auction("E", turned="D", calls=calls).legal()


@pytest.mark.parametrize("ruleset, options, message", [
    ("tests/data/auction/no-auction.toml", {}, "ruleset 'no-auction' states no auction: it has no [auction] table"),
    ("classique", {}, "ruleset 'classique' turns a card: give it or its suit in 'turned'"),
    ("coinche", {"turned": "H"}, "ruleset 'coinche' turns no card: 'turned' goes with a turned-card auction"),
    ("classique", {"turned": ["H", "X"]},
     "'turned' is a suit of the deck (S H D C), the first possibly the card turned up, or a list of them, not 'X'"),
    ("classique", {"turned": ["H", "JD"]},
     "'turned': JD is a card, but only the first of the list may be one (the card turned up); each further round turns a suit"),
    ("klaverjas", {"turned": "JD"},
     "'turned': JD is a card, but ruleset 'klaverjas' turns only a suit (dealing.turned = \"suit\"): give its suit, D"),
    ("klaverjas", {"turned": "X"}, "'turned' is a suit of the deck (S H D C) or a list of them, not 'X'"),
    ("coinche", {"dealer": "X"}, "'dealer' is a seat (N, E, S or W), not 'X'"),
    ("coinche", {"first": "Q"}, "'first' is a seat (N, E, S or W), not 'Q'"),
    ("coinche", {"calls": ["X:pass"]}, "'X:pass': SEAT:CALL starts with N, E, S or W"),
])
def test_an_auction_that_cannot_start_says_why(ruleset, options, message, source_dir):
    rules = belote.load(source_dir / ruleset if ruleset.endswith(".toml") else ruleset)
    with pytest.raises(ValueError) as refused:
        rules.auction(**options)
    assert not isinstance(refused.value, belote.IllegalCall)
    assert str(refused.value).startswith(message)


def test_seats_are_taken_as_seats():
    auction = belote.load("coinche").auction(belote.Seat.E, first=belote.Seat.N)
    assert (auction.dealer, auction.first, auction.to_speak) == ("E", "N", "N")
    assert repr(auction) == "<belote.Auction coinche: 0 calls, N to speak>"


def test_a_sheet_s_auction_replays_with_its_keys_as_arguments():
    # A [[mene]]'s auction table, as docs/sheet.md writes it, read by the sheet and by Python alike.
    tomllib = pytest.importorskip("tomllib")
    record = tomllib.loads('auction = { dealer = "W", calls = ["100 H", "coinche", "pass", "pass", "pass"] }')["auction"]
    auction = belote.load("coinche").auction(**record)
    assert (auction.contract["taker"], auction.contract["bid"], auction.contract["doubling"]) == ("S", 100, 1)


def test_a_copy_of_an_auction_takes_calls_alone():
    auction = belote.load("coinche").auction("N", calls=["80 H"])
    for other in (auction.copy(), copy.copy(auction), copy.deepcopy(auction)):
        other.call("pass")
        assert other.calls == [("W", "80 H"), ("S", "pass")]
    assert auction.calls == [("W", "80 H")] and auction.to_speak == "S"
