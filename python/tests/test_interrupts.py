"""Long batch calls stop on Ctrl-C between chunks, and a search within itself
(a solve, a sampled player's decision, advice) as the walk over every hand
does, and raise KeyboardInterrupt;
a call asked for more than memory holds is refused before it starts, with
MemoryError giving the size."""

import _thread
import threading
import time

import pytest

import belote

LINE = ('{"trump": "H", "taker": "N", "hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", '
        '"S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}, "result": {"points": {"NS": 88, "EW": 74}}}')


def interrupted(call):
    """Runs `call` with a Ctrl-C 0.1 s in; returns how long it took to stop."""
    timer = threading.Timer(0.1, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
            time.sleep(5)  # finished before the signal: let it come, and fail below
    finally:
        timer.cancel()
    return time.monotonic() - started


@pytest.mark.parametrize("name, call", [
    ("score_random", lambda: belote.load("classique").score_random(20_000_000, threads=1)),
    ("diff_random", lambda: belote.diff_random("classique", "traditionnelle", 20_000_000, threads=1)),
    ("score_many", lambda: belote.load("classique").score_many([LINE] * 5_000_000, threads=1)),
    ("solve_many", lambda: belote.load("classique").solve_many(belote.load("classique").random_deals(3000), threads=1)),
    ("deal_stats", lambda: belote.load("classique").deal_stats(10**12, threads=1)),
    ("arena", lambda: belote.arena("schieber", ("random", "random"), 200_000, threads=1)),
    ("random_deals", lambda: belote.load("classique").random_deals(2_000_000)),
])
def test_a_long_batch_stops_on_ctrl_c(name, call):
    assert interrupted(call) < 3, name


def schieber_at_play():
    """A schieber table at the first card of trick 1: a sampled decision there takes seconds."""
    table = belote.Table("schieber", seed=1)
    thumb = belote.Player("heuristic", seed=1)
    while table.phase == "auction":
        table.apply(thumb.choose(table))
    return table


def dear_schieber_deal():
    """A schieber deal whose solve with 1 MiB of tables takes some 6 s (117 million nodes)."""
    return belote.load("schieber").random_deals(17, seed=1)[16]


@pytest.mark.parametrize("name, call", [
    ("Ruleset.solve", lambda: belote.load("schieber").solve(dear_schieber_deal(), memory=1)),
    ("Player.choose", lambda: belote.Player("sampled:32", seed=1).choose(schieber_at_play())),
    ("Table.advise", lambda: schieber_at_play().advise(worlds=32, seed=1)),
    ("arena of sampled players", lambda: belote.arena("schieber", ("sampled:32", "heuristic"), 4, threads=1)),
])
def test_a_long_search_stops_on_ctrl_c_within_it(name, call):
    # The search asks every 16,384 nodes: it stops in milliseconds, not at the end of a world or a deal.
    assert interrupted(call) < 1, name


# A deck of 40 cards dealt 10 a hand: 847,660,528 hands, a walk of seconds (the classic deck's takes a fraction of one).
FORTY_CARDS = """extends = "classique"
[deck]
ranks = ["5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_order = ["5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
plain_order = ["5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
hand_size = 10
trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0, 6 = 0, 5 = 0 }
plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0, 6 = 0, 5 = 0 }
[carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0, 5 = 0 }
order = ["5", "6", "7", "8", "9", "J", "Q", "K", "10", "A"]
"""


def test_the_walk_over_every_hand_stops_on_ctrl_c_within_it():
    forty = belote.load_text(FORTY_CARDS, name="forty")
    # The walk asks every 4,096 groups of hands, about a millisecond apart.
    assert interrupted(lambda: forty.hand_stats()) < 0.5
    # A walk stopped leaves nothing behind: the next one counts every hand.
    assert belote.load("classique").hand_stats()["hands"] == 10_518_300


@pytest.mark.parametrize("call", [
    lambda: belote.load("classique").score_random(10**15),
    lambda: belote.diff_random("classique", "traditionnelle", 10**15),
    lambda: belote.load("classique").random_deals(10**15),
])
def test_a_call_beyond_memory_is_refused_up_front(call):
    started = time.monotonic()
    with pytest.raises(MemoryError, match=r"needs [0-9.e+]+ GB for its arrays \([0-9]+ bytes a deal\); this machine has"):
        call()
    assert time.monotonic() - started < 1


def test_a_search_called_from_another_python_thread_gives_the_same_figures():
    # Signal handlers run on the main thread only: a call from another thread never takes the GIL
    # for them, and finishes while the main thread runs Python code.
    table = belote.Table("coinche", seed=5)
    thumb = belote.Player("heuristic", seed=1)
    while table.phase == "auction":
        table.apply(thumb.choose(table))
    alone = table.advise(worlds=8, seed=1)
    found = {}
    worker = threading.Thread(target=lambda: found.update(advice=table.advise(worlds=8, seed=1),
                                                          card=belote.Player("sampled:8", seed=2).choose(table)))
    worker.start()
    spins = 0
    while worker.is_alive():
        spins += sum(range(1000)) > 0
    worker.join()
    assert found["advice"] == alone
    assert found["card"] == belote.Player("sampled:8", seed=2).choose(table)
    assert spins > 0
