"""Hostile input to the module: wrong types, NaN and infinities, integers
beyond 64 bits, NumPy arrays of the wrong kind, nested objects, special
files. Each is refused with a Python exception (never SystemError, the mark
of a C++ error let through), and never crashes the interpreter."""

import math
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import belote

RULES = belote.load("classique")
HANDS = {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC",
         "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}
DEAL = {"trump": "H", "taker": "N", "hands": HANDS, "result": {"points": {"NS": 88, "EW": 74}}}


def nested(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def with_result(points):
    return {**DEAL, "result": {"points": {"NS": points, "EW": 74}}}


HOSTILE = {
    # Wrong types where a ruleset, a deal, a count or a path goes.
    "load(None)": lambda: belote.load(None),
    "load(3.5)": lambda: belote.load(3.5),
    "load(bytes)": lambda: belote.load(b"\xff\xfe"),
    "score(None)": lambda: RULES.score(None),
    "score(list)": lambda: RULES.score([1, 2, 3]),
    "score(set)": lambda: RULES.score({"trump"}),
    "score(object)": lambda: RULES.score(object()),
    "score_many(None)": lambda: RULES.score_many(None),
    "score_many(int)": lambda: RULES.score_many(5),
    "score_many([None])": lambda: RULES.score_many([None]),
    "score_many([object])": lambda: RULES.score_many([object()]),
    "score_random('5')": lambda: RULES.score_random("5"),
    "score_random(-1)": lambda: RULES.score_random(-1),
    "score_random(2**64)": lambda: RULES.score_random(2**64),
    "score_random(2**200)": lambda: RULES.score_random(2**200),
    "score_random(nan)": lambda: RULES.score_random(float("nan")),
    "score_random(inf)": lambda: RULES.score_random(math.inf),
    "score_random(threads=-1)": lambda: RULES.score_random(10, threads=-1),
    "score_random(threads=2**40)": lambda: RULES.score_random(10, threads=2**40),
    "score_random(seed=-1)": lambda: RULES.score_random(10, seed=-1),
    "deal_stats(2**70)": lambda: RULES.deal_stats(2**70),
    "hand_stats(kind=5)": lambda: RULES.hand_stats(kind=5),
    "diff_random(nan)": lambda: belote.diff_random("classique", "traditionnelle", float("nan")),
    "diff_random(None)": lambda: belote.diff_random(None, "classique", 10),
    # Numbers no deal holds.
    "points nan": lambda: RULES.score(with_result(float("nan"))),
    "points inf": lambda: RULES.score(with_result(math.inf)),
    "points -inf": lambda: RULES.score(with_result(-math.inf)),
    "points 2**64": lambda: RULES.score(with_result(2**64)),
    "points 10**400": lambda: RULES.score(with_result(10**400)),
    "points 1e300": lambda: RULES.score(with_result(1e300)),
    "points True": lambda: RULES.score(with_result(True)),
    "line 1e400": lambda: RULES.score('{"trump": "H", "result": 1e400}'),
    # NumPy where Python values go.
    "points np.nan": lambda: RULES.score(with_result(np.float64("nan"))),
    "points int64 array": lambda: RULES.score(with_result(np.arange(3))),
    "score_random(array)": lambda: RULES.score_random(np.array([5, 6])),
    "score_random(np.float)": lambda: RULES.score_random(np.float64(1e30)),
    "score_many(2-d array)": lambda: RULES.score_many(np.zeros((3, 3))),
    "score_many(object array)": lambda: RULES.score_many(np.array([object()], dtype=object)),
    "hands array": lambda: RULES.score({**DEAL, "hands": np.array(["9S", "8S"])}),
    # Nested and self-referring objects.
    "hands nested": lambda: RULES.score({**DEAL, "hands": {"N": nested(10000)}}),
    "deal nested": lambda: RULES.score({"trump": nested(100000)}),
    "legal nested trick": lambda: RULES.legal("JH", [nested(1000)], trump="H"),
    "legal hand None": lambda: RULES.legal(None, trump="H"),
    "legal trump 5": lambda: RULES.legal("JH", trump=5, seat="N"),
    "solve hands None": lambda: RULES.solve(None),
    "solve memory -1": lambda: RULES.solve(HANDS, taker="N", trump="H", first="E", memory=-1),
    "solve memory 2**62": lambda: RULES.solve(HANDS, taker="N", trump="H", first="E", memory=2**62),
    "solve_many [1]": lambda: RULES.solve_many([1]),
    "mene hands str": lambda: RULES.mene("9S 8S"),
    # Files that are not deal files.
    "score_file /dev/zero": lambda: RULES.score_file("/dev/zero"),
    "score_file /proc/self/mem": lambda: RULES.score_file("/proc/self/mem"),
    "score_file directory": lambda: RULES.score_file("/"),
    "score_file missing": lambda: RULES.score_file("/no/such/file.jsonl"),
    "score_file None": lambda: RULES.score_file(None),
    "score_file NUL": lambda: RULES.score_file("deals\0.jsonl"),
    "check_file /dev/zero.toml": lambda: RULES.check_file("/dev/zero"),
    "load /dev/zero": lambda: belote.load("/dev/zero"),
    "load /proc/self/status": lambda: belote.load("/proc/self/status"),
    "load directory.toml": lambda: belote.load("/tmp/"),
    # Records no table writes.
    "record TOML nested": lambda: belote.Table.replay("coinche", "a = " + "[" * 100000 + "]" * 100000),
    "record TOML dotted": lambda: belote.Table.replay("coinche", "a" + ".a" * 100000 + " = 1"),
    "record TOML date": lambda: belote.Table.replay("coinche", "[table]\nseed = 1979-05-27\n"),
    "record TOML nan": lambda: belote.Table.replay("coinche", "[table]\nseed = nan\n"),
}


def test_a_record_of_keys_dotted_without_end_is_refused_before_it_is_parsed():
    # As every TOML file the program reads: a parser that follows each dot
    # takes minutes over such a line, or overflows its stack.
    with pytest.raises(ValueError, match=re.escape("record:1:514: nested too deeply: more than 256 dots in one line")):
        belote.Table.replay("coinche", "a" + ".a" * 100000 + " = 1")


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input_is_a_python_exception(name):
    with pytest.raises(Exception) as caught:
        result = HOSTILE[name]()
        # A call that takes the input must say how it read it, not crash later.
        if isinstance(result, belote.Checked) and not result.ok:
            raise ValueError("refused")
    assert not isinstance(caught.value, SystemError), f"{name}: {caught.value!r}"



# Every class of the compiled module: pybind11 would let __new__ alone make an
# instance with no C++ value, whose methods read memory never constructed.
COMPILED_CLASSES = sorted(name for name, value in vars(belote._belote).items()
                          if isinstance(value, type) and not issubclass(value, BaseException))


def test_the_guard_covers_every_compiled_class():
    assert COMPILED_CLASSES == ["Auction", "Diagnostic", "Mene", "Outcome", "Player", "Ruleset", "Table"]


@pytest.mark.parametrize("name", COMPILED_CLASSES)
def test_new_alone_makes_no_instance_without_its_value(name):
    # In a child interpreter: a crash there fails this test rather than the run.
    code = (f"import belote\ncls = belote._belote.{name}\n"
            "try:\n    made = cls.__new__(cls)\nexcept TypeError as error:\n    print('TypeError:', error)\n"
            "else:\n    print('made', repr(made))\n")
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert child.returncode == 0, f"{name}.__new__ alone: exit status {child.returncode}, {child.stderr[-500:]}"
    assert child.stdout.startswith("TypeError:"), child.stdout
    if name in ("Table", "Player"):
        assert "incompatible constructor arguments" in child.stdout
    else:
        assert f"a belote.{name} is not made directly" in child.stdout


def test_the_guarded_classes_are_made_and_subclassed_as_before():
    table = belote.Table("coinche", seed=3)
    player = belote.Player("random", 2)
    assert player.choose(table) in table.legal_actions()

    class Counted(belote.Table):
        pass

    assert Counted("classique", seed=3).observation() == belote.Table("classique", seed=3).observation()
    with pytest.raises(TypeError, match="is not made directly: belote.load"):
        belote.Ruleset()
