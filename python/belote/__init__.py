"""The belote rules engine in Python.

Load a ruleset, score deals one at a time into Outcome objects with their
explanation, or by the million into NumPy arrays on every core; play a mène
card by card and solve deals with best play; play whole games at a Table, as
a reinforcement-learning environment:

    >>> import belote
    >>> classique = belote.load("classique")
    >>> scores = classique.score_random(1000, seed=1)
    >>> scores.score.shape
    (1000, 2)

See docs/python.md for the whole API.
"""

from __future__ import annotations

import ast
import inspect
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Iterable, List, Optional, Union

from . import _location


def _not_importable(what: str, error: ImportError) -> ImportError:
    """An import that failed, worded with the interpreter running and the one the package was built for."""
    return ImportError(f"belote: {what} ({error}); this is {sys.executable} (Python {sys.version.split()[0]}), "
                       f"and the package was built for {_location.PYTHON}: run it with {_location.PYTHON}, "
                       f"or build it for this interpreter (docs/python.md, \"Building and installing\")")


try:
    import numpy as np
except ImportError as error:
    raise _not_importable("numpy is needed and cannot be imported", error) from error
try:
    from . import _belote
except ImportError as error:
    raise _not_importable("the compiled part does not load", error) from error
from ._belote import (
    CONTRACT_RESULTS,
    DIFF_FIELDS,
    DIFF_KINDS,
    SOLVE_STATUSES,
    Auction,
    BeloteError,
    DealError,
    Diagnostic,
    IllegalAction,
    IllegalCall,
    Mene,
    Outcome,
    PlayError,
    Player,
    Ruleset,
    RulesetError,
    SheetError,
    SolveStopped,
    Table,
    advise,
    arena,
    diff,
    diff_rulesets,
    list_rulesets,
    load,
    load_text,
    merge_arena,
    play_random_menes,
    sheet,
    version,
)
from ._types import Card, Hand, Seat

__all__ = [
    "CONTRACT_RESULTS", "DIFF_FIELDS", "DIFF_KINDS", "SOLVE_STATUSES", "TEAMS", "Auction", "BeloteError", "Card",
    "Checked", "DealError", "Diagnostic", "DiffScores", "Hand", "IllegalAction", "IllegalCall", "Mene", "Outcome",
    "PlayError", "Player", "Ruleset", "RulesetError", "Scores", "Seat", "SheetError", "SolveStopped", "SolvedDeals",
    "Table", "advise", "arena", "check_file", "check_many", "diff", "diff_file", "diff_many", "diff_random", "diff_rulesets",
    "list_rulesets", "load", "load_text", "merge_arena", "play_random_menes", "sheet", "version",
]

#: The teams, in the order of the arrays' columns.
TEAMS = ("NS", "EW")

_rulesets_dir = _location.RULESETS_DIR
if _location.RULESETS_DIR_IS_RELATIVE:
    _rulesets_dir = os.path.normpath(os.path.join(os.path.dirname(__file__), _rulesets_dir))
_belote._set_rulesets_dir(_rulesets_dir)


@dataclass
class Scores:
    """Deals scored in a batch: one row per valid deal, in input order.

    score: int32 (n, 2), what NS and EW write on the sheet.
    contract: int8 (n,), an index into CONTRACT_RESULTS (0: a void deal).
    winner: int8 (n,), the team winning the announcements: 0 NS, 1 EW, -1 nobody.
    suspended: int32 (n,), points held over for a later deal.
    line: int64 (n,), the deal's line in its file, or its position from 1 in
    an iterable, or its number in a seed's sequence.
    errors: the problems of the deals left out (at most max_errors kept),
    error_count: how many were found.
    """

    score: np.ndarray
    contract: np.ndarray
    winner: np.ndarray
    suspended: np.ndarray
    line: np.ndarray
    errors: List[Diagnostic] = field(default_factory=list)
    error_count: int = 0

    def __len__(self) -> int:
        return len(self.line)

    @property
    def void(self) -> np.ndarray:
        """bool (n,): deals voided by a carré."""
        return self.contract == 0

    def contract_names(self) -> np.ndarray:
        """The contract results as names (an object array; None for a void deal)."""
        return np.array(CONTRACT_RESULTS, dtype=object)[self.contract]


@dataclass
class Checked:
    """Deals checked in a batch: how many were read, how many are valid, and the problems found."""

    deals: int
    valid: int
    errors: List[Diagnostic] = field(default_factory=list)
    error_count: int = 0

    @property
    def ok(self) -> bool:
        return self.valid == self.deals


@dataclass
class DiffScores:
    """Deals scored under two rulesets A and B and compared, one row per deal both read.

    a, b: int32 (n, 2), each ruleset's score for NS and EW.
    kind: int8 (n,), the most significant change, an index into DIFF_KINDS (0: none).
    fields: uint8 (n,), one bit per field of DIFF_FIELDS that changed.
    line: int64 (n,), as in Scores.
    tally: what `belote diff --summary` counts: deals, differing, by_kind, by_field, score_change.
    """

    a: np.ndarray
    b: np.ndarray
    kind: np.ndarray
    fields: np.ndarray
    line: np.ndarray
    tally: dict
    errors: List[Diagnostic] = field(default_factory=list)
    error_count: int = 0

    def __len__(self) -> int:
        return len(self.line)

    @property
    def differs(self) -> np.ndarray:
        """bool (n,): deals the two rulesets score differently."""
        return self.kind != 0

    @property
    def change(self) -> np.ndarray:
        """int32 (n, 2): B's score minus A's, per team."""
        return self.b - self.a


@dataclass
class SolvedDeals:
    """Deals solved with best play, one row per deal in input order.

    points: int32 (n,), the takers' points with best play (-1 where the search stopped).
    status: int8 (n,), an index into SOLVE_STATUSES (0: solved).
    nodes: uint64 (n,), the positions each search visited.
    """

    points: np.ndarray
    status: np.ndarray
    nodes: np.ndarray

    def __len__(self) -> int:
        return len(self.points)

    @property
    def solved(self) -> np.ndarray:
        """bool (n,): deals solved to the end (not stopped at a limit)."""
        return self.status == 0


def _whole(name: str, value: Any, *, low: int = 0, high: int = 2**64 - 1) -> int:
    """An argument that counts something (an int, a NumPy integer), checked as the compiled part checks its own."""
    return _belote._whole_number(value, name, low, high)


def _diagnostic(*state: Any) -> Diagnostic:
    """A Diagnostic unpickled (a function pickle finds by its name)."""
    return _belote._diagnostic(*state)


def _threads(threads: Optional[int]) -> Optional[int]:
    return None if threads is None else _whole("threads", threads, low=1, high=1024)


class _Batches:
    """The batch methods of Ruleset, written in Python around the compiled part's arrays."""

    def score_many(self: Ruleset, deals: Iterable[Union[dict, str]], *, threads: Optional[int] = None,
                   max_errors: int = 1000) -> Scores:
        """Scores deals from an iterable of dicts or JSON strings, on every core (or `threads`), with
        the GIL released. Invalid deals are left out and reported (max_errors kept). Returns Scores."""
        return Scores(**self._score_many(deals, _threads(threads), _whole("max_errors", max_errors)))

    def score_file(self: Ruleset, path: Union[str, os.PathLike], *, threads: Optional[int] = None,
                   max_errors: int = 1000) -> Scores:
        """Scores the deals of a JSON Lines file (or one TOML deal file), as `belote score` reads it.
        Returns Scores."""
        return Scores(**self._score_file(path, _threads(threads), _whole("max_errors", max_errors)))

    def score_random(self: Ruleset, count: int, *, seed: int = 0, start: int = 0, threads: Optional[int] = None) -> Scores:
        """Scores deals start … start+count-1 of the seed's sequence (those `belote deal --random count
        --seed seed` writes), on every core; start + count is at most 2**63, each deal's number being its
        line in an int64 array. Returns Scores."""
        return Scores(**self._score_random(_whole("count", count), _whole("seed", seed), _whole("start", start),
                                           _threads(threads)))

    def check_many(self: Ruleset, deals: Iterable[Union[dict, str]], *, threads: Optional[int] = None,
                   max_errors: int = 1000) -> Checked:
        """Checks deals from an iterable, as `belote deal --check` checks a file. Returns Checked."""
        return Checked(**self._check_many(deals, _threads(threads), _whole("max_errors", max_errors)))

    def check_file(self: Ruleset, path: Union[str, os.PathLike], *, threads: Optional[int] = None,
                   max_errors: int = 1000) -> Checked:
        """Checks the deals of a file, as `belote deal --check` does. Returns Checked."""
        return Checked(**self._check_file(path, _threads(threads), _whole("max_errors", max_errors)))

    def solve_many(self: Ruleset, deals: Iterable[dict], *, threads: Optional[int] = None, max_nodes: int = 0,
                   time_limit: int = 0, memory: int = 64) -> SolvedDeals:
        """Solves JSON Lines deals (dicts, as random_deals() gives them) on every core, as Ruleset.solve()
        solves each: a deal stopped at a limit is reported in `status`, not raised. `memory` is each
        thread's tables of positions, in MiB. See SolvedDeals."""
        return SolvedDeals(**self._solve_many(deals, _threads(threads), _whole("max_nodes", max_nodes),
                                              _whole("time_limit", time_limit), memory))


for _name in ("score_many", "score_file", "score_random", "check_many", "check_file", "solve_many"):
    _function = _Batches.__dict__[_name]
    _function.__qualname__ = f"Ruleset.{_name}"
    setattr(Ruleset, _name, _function)


def _constructor_signature(cls: type) -> inspect.Signature:
    """The parameters of the constructor of a class made in C++, as its docstring's first line names them
    ("__init__(self: …, name: str, seed: int = 0, *, threads: Optional[int] = 1) -> None"): inspect finds
    none of its own."""
    line = cls.__init__.__doc__.lstrip().splitlines()[0]
    inside = line[line.index("(") + 1:line.rindex(")")]
    parts, depth, start = [], 0, 0
    for at, character in enumerate(inside):
        depth += (character in "[(") - (character in "])")
        if character == "," and depth == 0:
            parts.append(inside[start:at].strip())
            start = at + 1
    parts.append(inside[start:].strip())
    parameters, kind = [], inspect.Parameter.POSITIONAL_OR_KEYWORD
    for part in parts[1:]:  # self left out
        if part == "*":
            kind = inspect.Parameter.KEYWORD_ONLY
            continue
        name, _, typed = part.partition(": ")
        annotation, _, default = typed.partition(" = ")
        parameters.append(inspect.Parameter(name, kind, annotation=annotation,
                                            default=ast.literal_eval(default) if default else inspect.Parameter.empty))
    return inspect.Signature(parameters, return_annotation=None)


class _ConstructorSignature:
    """What inspect.signature() gives for a class made in C++ and for a subclass that keeps its
    constructor; a subclass with a constructor of its own is left to inspect (None)."""

    def __init__(self, cls: type) -> None:
        self._class = cls
        self._signature = _constructor_signature(cls)

    def __get__(self, instance: Any, owner: type) -> Optional[inspect.Signature]:
        kept = owner.__init__ is self._class.__init__ and owner.__new__ is self._class.__new__
        return self._signature if instance is None and kept else None


for _class in (Table, Player):
    _class.__signature__ = _ConstructorSignature(_class)


def check_many(ruleset: Union[Ruleset, str], deals: Iterable[Union[dict, str]], **options: Any) -> Checked:
    """Checks deals under a ruleset given by object, name or path."""
    return _as_ruleset(ruleset).check_many(deals, **options)


def check_file(ruleset: Union[Ruleset, str], path: Union[str, os.PathLike], **options: Any) -> Checked:
    """Checks the deals of a file under a ruleset given by object, name or path."""
    return _as_ruleset(ruleset).check_file(path, **options)


def diff_many(a: Union[Ruleset, str], b: Union[Ruleset, str], deals: Iterable[Union[dict, str]], *,
              threads: Optional[int] = None, max_errors: int = 1000) -> DiffScores:
    """Scores deals from an iterable under A and B and compares them, as `belote diff`."""
    return DiffScores(**_belote._diff_many(a, b, deals, _threads(threads), _whole("max_errors", max_errors)))


def diff_file(a: Union[Ruleset, str], b: Union[Ruleset, str], path: Union[str, os.PathLike], *,
              threads: Optional[int] = None, max_errors: int = 1000) -> DiffScores:
    """Scores the deals of a file under A and B and compares them, as `belote diff A B FILE`."""
    return DiffScores(**_belote._diff_file(a, b, path, _threads(threads), _whole("max_errors", max_errors)))


def diff_random(a: Union[Ruleset, str], b: Union[Ruleset, str], count: int, *, seed: int = 0,
                threads: Optional[int] = None) -> DiffScores:
    """Compares A and B on random deals [0, count) of the seed, as `belote diff A B --random N --seed S`."""
    return DiffScores(**_belote._diff_random(a, b, _whole("count", count), _whole("seed", seed), _threads(threads)))


def _as_ruleset(ruleset: Union[Ruleset, str, os.PathLike]) -> Ruleset:
    """A Ruleset, or one loaded by name or path; a TypeError naming `ruleset` for anything else."""
    return _belote._ruleset(ruleset, "ruleset")
