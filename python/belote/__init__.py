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

import os
from dataclasses import dataclass, field
from typing import Any, Iterable, List, Optional, Union

import numpy as np

from . import _belote, _location
from ._belote import (
    CONTRACT_RESULTS,
    DIFF_FIELDS,
    DIFF_KINDS,
    SOLVE_STATUSES,
    BeloteError,
    DealError,
    Diagnostic,
    IllegalAction,
    Mene,
    Outcome,
    PlayError,
    Player,
    Ruleset,
    RulesetError,
    SolveStopped,
    Table,
    arena,
    diff,
    diff_rulesets,
    list_rulesets,
    load,
    merge_arena,
    load_text,
    play_random_menes,
    version,
)

__all__ = [
    "CONTRACT_RESULTS", "DIFF_FIELDS", "DIFF_KINDS", "SOLVE_STATUSES", "TEAMS", "BeloteError", "Checked", "DealError",
    "Diagnostic", "DiffScores", "IllegalAction", "Mene", "Outcome", "PlayError", "Player", "Ruleset", "RulesetError",
    "Scores", "SolveStopped", "SolvedDeals", "Table", "arena", "check_file", "check_many", "diff", "diff_file", "diff_many",
    "diff_random", "diff_rulesets", "list_rulesets", "load", "load_text", "merge_arena", "play_random_menes", "version",
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


def _score_many(self: Ruleset, deals: Iterable[Union[dict, str]], *, threads: Optional[int] = None,
                max_errors: int = 1000) -> Scores:
    """Scores deals from an iterable of dicts or JSON strings, on every core. See Scores."""
    return Scores(**self._score_many(deals, threads, max_errors))


def _score_file(self: Ruleset, path: Union[str, os.PathLike], *, threads: Optional[int] = None,
                max_errors: int = 1000) -> Scores:
    """Scores the deals of a JSON Lines file (or one TOML deal file), as `belote score` reads it."""
    return Scores(**self._score_file(path, threads, max_errors))


def _score_random(self: Ruleset, count: int, *, seed: int = 0, start: int = 0, threads: Optional[int] = None) -> Scores:
    """Scores deals start … start+count-1 of the seed's sequence (those `belote deal --random` writes)."""
    return Scores(**self._score_random(count, seed, start, threads))


def _check_many(self: Ruleset, deals: Iterable[Union[dict, str]], *, threads: Optional[int] = None,
                max_errors: int = 1000) -> Checked:
    """Checks deals from an iterable, as `belote deal --check` checks a file."""
    return Checked(**self._check_many(deals, threads, max_errors))


def _check_file(self: Ruleset, path: Union[str, os.PathLike], *, threads: Optional[int] = None,
                max_errors: int = 1000) -> Checked:
    """Checks the deals of a file, as `belote deal --check` does."""
    return Checked(**self._check_file(path, threads, max_errors))


def _solve_many(self: Ruleset, deals: Iterable[dict], *, threads: Optional[int] = None, max_nodes: int = 0,
                time_limit: int = 0, memory: int = 64) -> SolvedDeals:
    """Solves JSON Lines deals (dicts, as random_deals() gives them) on every core, as Ruleset.solve()
    solves each: a deal stopped at a limit is reported in `status`, not raised. See SolvedDeals."""
    return SolvedDeals(**self._solve_many(deals, threads, max_nodes, time_limit, memory))


Ruleset.score_many = _score_many
Ruleset.score_file = _score_file
Ruleset.score_random = _score_random
Ruleset.check_many = _check_many
Ruleset.check_file = _check_file
Ruleset.solve_many = _solve_many


def check_many(ruleset: Union[Ruleset, str], deals: Iterable[Union[dict, str]], **options: Any) -> Checked:
    """Checks deals under a ruleset given by object, name or path."""
    return _as_ruleset(ruleset).check_many(deals, **options)


def check_file(ruleset: Union[Ruleset, str], path: Union[str, os.PathLike], **options: Any) -> Checked:
    """Checks the deals of a file under a ruleset given by object, name or path."""
    return _as_ruleset(ruleset).check_file(path, **options)


def diff_many(a: Union[Ruleset, str], b: Union[Ruleset, str], deals: Iterable[Union[dict, str]], *,
              threads: Optional[int] = None, max_errors: int = 1000) -> DiffScores:
    """Scores deals from an iterable under A and B and compares them, as `belote diff`."""
    return DiffScores(**_belote._diff_many(a, b, deals, threads, max_errors))


def diff_file(a: Union[Ruleset, str], b: Union[Ruleset, str], path: Union[str, os.PathLike], *,
              threads: Optional[int] = None, max_errors: int = 1000) -> DiffScores:
    """Scores the deals of a file under A and B and compares them, as `belote diff A B FILE`."""
    return DiffScores(**_belote._diff_file(a, b, path, threads, max_errors))


def diff_random(a: Union[Ruleset, str], b: Union[Ruleset, str], count: int, *, seed: int = 0,
                threads: Optional[int] = None) -> DiffScores:
    """Compares A and B on random deals [0, count) of the seed, as `belote diff A B --random N --seed S`."""
    return DiffScores(**_belote._diff_random(a, b, count, seed, threads))


def _as_ruleset(ruleset: Union[Ruleset, str, os.PathLike]) -> Ruleset:
    return ruleset if isinstance(ruleset, Ruleset) else load(ruleset)
