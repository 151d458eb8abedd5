"""The arena from Python: the program's result, seed ranges merged, and its errors."""

import json
import threading
import time

import pytest

import belote
from conftest import run_cli


def test_the_arena_gives_the_programs_result():
    result = belote.arena("coinche", ("heuristic", "random"), 40, seed=3, threads=2)
    _, out, _ = run_cli("arena", "--ruleset", "coinche", "--players", "heuristic,random", "--deals", "40", "--seed", "3",
                        "--format", "json")
    assert result == json.loads(out)
    assert result["games"] == 40 and result["menes"] == 80


def test_ranges_of_seeds_merge_into_the_whole_run_in_any_order():
    whole = belote.arena("klaverjas", ("heuristic", "random"), 30, seed=5, threads=1)
    parts = [belote.arena("klaverjas", ("heuristic", "random"), 10, seed=5, first_deal=first) for first in (20, 0, 10)]
    assert belote.merge_arena(parts) == whole


@pytest.mark.parametrize("call, message", [
    (lambda: belote.arena("coinche", ("genius", "random"), 2), "unknown player 'genius': a player is random, heuristic or sampled:N$"),
    (lambda: belote.arena("coinche", ("random", "random"), 0), "deals is a whole number from 1 to 1000000000000, not 0"),
    (lambda: belote.arena("coinche", ("random", "random"), 2, menes=0), "menes is a whole number from 1 to 100, not 0"),
    (lambda: belote.arena("coinche", ("random",), 2), "players is two players, A and B"),
    (lambda: belote.merge_arena([]), "no results to merge"),
    (lambda: belote.merge_arena([{"games": 1}]), "result 1: 'ruleset' is missing$"),
    # A result the caller gives is named by its place in the list and its key, not a place in a text.
    (lambda: belote.merge_arena([{**belote.arena("coinche", ("random", "random"), 2), "menes": 3}]),
     r"^result 1: 'menes' is 3, not 4: each of the 2 games is two plays of 1 mène \('menes_per_play'\)$"),
])
def test_arena_errors_say_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_merging_refuses_overlaps_and_gaps():
    a = belote.arena("schieber", ("random", "random"), 4, seed=1)
    b = belote.arena("schieber", ("random", "random"), 4, seed=1, first_deal=2)
    with pytest.raises(ValueError, match="result 2: 'first_deal' is 2, but result 1 holds deals 0 to 3: the ranges overlap"):
        belote.merge_arena([a, b])
    c = belote.arena("schieber", ("random", "random"), 4, seed=1, first_deal=6)
    with pytest.raises(ValueError, match="result 2: 'first_deal' is 6, but result 1 holds deals 0 to 3: deals 4 to 5 are in no result"):
        belote.merge_arena([a, c])


def test_a_player_object_plays_in_the_arena_as_its_name():
    by_name = belote.arena("coinche", ("heuristic", "random"), 4, seed=2, threads=1)
    players = (belote.Player("heuristic", seed=9), belote.Player("random"))
    assert belote.arena("coinche", players, 4, seed=2, threads=1) == by_name
    assert belote.arena("coinche", [players[0], "random"], 4, seed=2, threads=1) == by_name


class FirstLegal:
    """A player written in Python: the first legal action."""

    name = "first-legal"

    def choose(self, table):
        return table.legal_actions()[0]


class Thumb:
    """A player written in Python that asks an engine player (which releases the GIL while it thinks)."""

    def __init__(self):
        self.player = belote.Player("heuristic")

    def choose(self, table):
        return table.action_text(self.player.choose(table))


def test_a_player_written_in_python_plays_in_the_arena():
    engine = belote.arena("coinche", ("heuristic", "random"), 6, seed=1, threads=1)
    python = belote.arena("coinche", (Thumb(), "random"), 6, seed=1, threads=1)
    # The heuristic player plays the same whatever its seed: the same games, under the Python player's name.
    assert python["players"] == {"A": "python: Thumb", "B": "random"}
    assert {k: v for k, v in python.items() if k != "players"} == {k: v for k, v in engine.items() if k != "players"}
    assert belote.arena("coinche", (Thumb(), "random"), 6, seed=1, threads=2) == python
    both = belote.arena("coinche", (FirstLegal(), Thumb()), 3, seed=2)
    assert both["players"] == {"A": "python: first-legal", "B": "python: Thumb"} and both["games"] == 3


def test_ranges_of_a_python_players_arena_merge_into_the_whole():
    whole = belote.arena("coinche", (Thumb(), "random"), 6, seed=4, threads=2)
    parts = [belote.arena("coinche", (Thumb(), "random"), 3, seed=4, first_deal=first, threads=2) for first in (3, 0)]
    assert belote.merge_arena(parts) == whole


class Posing:
    """A player written in Python named as an engine player: never taken for it."""

    name = "heuristic"

    def choose(self, table):
        return table.legal_actions()[0]


def test_a_python_player_named_as_an_engine_player_does_not_merge_with_it():
    python = belote.arena("coinche", (Posing(), "random"), 2, seed=1)
    assert python["players"]["A"] == "python: heuristic"
    engine = belote.arena("coinche", ("heuristic", "random"), 2, seed=1, first_deal=2)
    with pytest.raises(ValueError, match="the results are of two arenas"):
        belote.merge_arena([python, engine])


class Counting:
    """A player written in Python whose choose() releases the GIL between entering and leaving: it counts the calls
    in it at once, as a player that keeps state between its decisions would need them one at a time."""

    def __init__(self):
        self.player = belote.Player("random")
        self.lock = threading.Lock()
        self.inside = 0
        self.most = 0
        self.calls = 0

    def choose(self, table):
        with self.lock:
            self.inside += 1
            self.calls += 1
            self.most = max(self.most, self.inside)
        time.sleep(0)  # the GIL released: another arena thread may take it
        time.sleep(0.0005)
        action = self.player.choose(table)  # releases the GIL too
        with self.lock:
            self.inside -= 1
        return action


def test_a_python_players_choose_is_entered_by_one_thread_at_a_time_even_where_it_releases_the_gil():
    player = Counting()
    belote.arena("coinche", (player, "random"), 8, seed=1, threads=2)
    assert player.calls > 0 and player.most == 1
    # One object playing both sides is one player: its calls too are one at a time.
    both = Counting()
    belote.arena("coinche", (both, both), 8, seed=1, threads=2)
    assert both.calls > 0 and both.most == 1


def test_what_a_python_player_raises_is_raised():
    class Broken:
        def choose(self, table):
            raise KeyError("no idea")

    class Nothing:
        def choose(self, table):
            return None

    class Illegal:
        def choose(self, table):
            return "JH"

    with pytest.raises(KeyError, match="no idea"):
        belote.arena("coinche", (Broken(), "random"), 2)
    with pytest.raises(ValueError, match="chose JH: .*JH is a card, but the auction goes on"):
        belote.arena("coinche", (Illegal(), "random"), 2)


class Answering:
    """A player written in Python that answers the same thing at every decision."""

    def __init__(self, answer):
        self.answer = answer

    def choose(self, table):
        return self.answer


@pytest.mark.parametrize("answer, error, reason", [
    (None, TypeError, "chose None: an action is a number (0 to action_count - 1) or its text, not NoneType None"),
    (10000, belote.IllegalAction, "chose 10000: action 10000 is not an action of ruleset 'coinche' (0 to 150)"),
    ("XX", belote.IllegalAction, "chose 'XX': 'XX' is no action of ruleset 'coinche' here"),
])
def test_an_answer_that_names_no_action_is_refused_where_it_was_given(answer, error, reason):
    # B holds E–W in the first play of deal 0, where W speaks first.
    with pytest.raises(error) as refused:
        belote.arena("coinche", ("random", Answering(answer)), 1, threads=1)
    assert str(refused.value) == f"deal 0: play 1 of 2 (A at N–S), mène 1: seat W {reason}"
    if error is belote.IllegalAction:
        assert refused.value.rule == "action"


def test_what_is_no_player_is_told_what_the_arena_takes():
    with pytest.raises(TypeError) as refused:
        belote.arena("coinche", (object(), "random"), 2)
    message = str(refused.value)
    assert message.startswith("'players[0]' is a player: an engine player's name (\"random\", \"heuristic\", \"sampled:N\"), "
                              "a belote.Player, or a player written in Python, an object with a method choose(table)"), message
    assert "is a str" not in message
