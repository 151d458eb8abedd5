"""Exact hand statistics and random-deal figures, as `belote stats` gives them."""

import json

import belote
from conftest import run_cli


def test_deal_stats_match_stats_random():
    shown = json.loads(run_cli("stats", "--random", 20000, "--seed", 4, "--format", "json")[1])
    stats = belote.load("classique").deal_stats(20000, seed=4)
    assert stats["deals"] == 20000
    flat = json.dumps(shown)
    for key in ("made", "failed", "litige"):
        assert str(stats[key]) in flat
    assert stats == belote.load("classique").deal_stats(20000, seed=4, threads=1)


def test_hand_stats_match_stats_exhaustive():
    shown = json.loads(run_cli("stats", "--exhaustive", "--format", "json")[1])
    stats = belote.load("classique").hand_stats()
    assert stats["hands"] == shown["hands"] == 10_518_300
    assert stats["announcements"] == {k["kind"]: k["hands"] for k in shown["announcements"]}
    assert stats["points"] == {p["points"]: p["hands"] for p in shown["points"]}
    assert stats["mean_points"] == shown["mean_points"]
