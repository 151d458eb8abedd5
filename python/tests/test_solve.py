"""Best play: a deal solved as `belote solve` solves it, a mène solved part-way through, limits, and batches."""

import json

import pytest

import belote
from conftest import cli_json_lines


@pytest.fixture(scope="module")
def classique():
    return belote.load("classique")


@pytest.fixture(scope="module")
def worked(classique, source_dir):
    """The worked example's deal, and what `belote solve --format json --line` writes for it."""
    path = source_dir / "examples" / "worked-example.toml"
    return classique.read_deal(path), cli_json_lines("solve", "--format", "json", "--line", path)[0]


def test_a_deal_solves_to_what_belote_solve_writes(classique, worked):
    deal, expected = worked
    solved = classique.solve(deal, line=True)
    assert (solved["takers"], solved["seat"]) == ("NS", expected["first"])
    assert solved["points"] == expected["points"] == 115
    assert solved["best_cards"] == expected["best_cards"]
    assert solved["line"] == expected["line"]
    assert "line" not in classique.solve(deal)


def test_the_same_deal_given_by_its_parts(classique, worked):
    deal, expected = worked
    solved = classique.solve(deal["hands"], first=deal["first"], taker=deal["taker"], trump=deal["trump"])
    assert solved["points"] == expected["points"]
    # The other side as takers takes what the first side leaves (no capot here).
    assert classique.solve(deal, taker="E")["points"] == 162 - expected["points"]


def test_best_cards_are_legal_and_the_line_replayed_reaches_the_value(classique, worked):
    deal, _ = worked
    solved = classique.solve(deal, line=True)
    mene = classique.mene(deal)
    assert set(solved["best_cards"]) <= set(mene.legal()["legal"])
    for trick in solved["line"]:
        assert mene.to_play == trick["leader"]
        for card in trick["cards"]:
            mene.play(card)
    assert mene.over and mene.capot is None
    assert mene.points["NS"] == solved["points"]


def test_a_mene_part_way_keeps_the_value_along_the_line(classique, worked):
    deal, _ = worked
    line = [card for trick in classique.solve(deal, line=True)["line"] for card in trick["cards"]]
    mene = classique.mene(deal)
    for card in line[:6]:
        mene.play(card)
    solved = mene.solve(line=True)
    assert solved["points"] == 115 and solved["seat"] == mene.to_play
    assert set(solved["best_cards"]) <= set(mene.legal()["legal"])
    # The line starts with the trick in progress, its cards played so far included.
    assert solved["line"][0]["cards"][:2] == line[4:6]
    # No capot is in reach: the other side takes what is left.
    assert mene.solve(takers="EW")["points"] == 162 - 115


def test_the_last_trick_counts_its_bonus_and_the_capot(classique):
    # tests/solve/test_solve_positions.cpp's last trick, reached by a mène where N takes every trick.
    hands = {"N": "AS AH AD AC JH 9H 10S 10C", "E": "7S 7H 7D 7C 8S 8H 8D 8C",
             "W": "9S 9D 9C JS JD JC QS QH", "S": "QD QC KS KH KD KC 10H 10D"}
    mene = classique.mene(hands, first="N", taker="N", trump="H")
    assert mene.solve()["points"] == 252
    assert mene.solve(takers="EW")["points"] == 0


def test_a_stopped_search_raises_solve_stopped(classique):
    deal = classique.random_deals(1, seed=3)[0]
    with pytest.raises(belote.SolveStopped) as raised:
        classique.solve(deal, max_nodes=1000)
    assert raised.value.status == "node_limit" and raised.value.nodes >= 1000
    assert str(raised.value).startswith("the search stopped at its limit of nodes")


def test_solving_needs_a_taker(classique, worked):
    deal, _ = worked
    with pytest.raises(belote.PlayError, match="^missing 'taker'"):
        classique.solve(deal["hands"], trump="H")
    with pytest.raises(belote.PlayError, match="^'takers' must be NS or EW, not 'X'$"):
        classique.mene(deal).solve(takers="X")
    with pytest.raises(ValueError, match="memory is a whole number from 1 to 4096, not 0"):
        classique.solve(deal, memory=0)


def test_deals_solved_in_a_batch_are_belote_solves(classique, tmp_path):
    deals = classique.random_deals(4, seed=1)
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in deals))
    expected = [line["points"] for line in cli_json_lines("solve", "--format", "json", "--threads", 1, path)]
    solved = classique.solve_many(deals, threads=2)
    assert solved.points.tolist() == expected
    assert solved.solved.all() and len(solved) == 4
    assert [classique.solve(d)["points"] for d in deals[:2]] == expected[:2]
    stopped = classique.solve_many(deals, max_nodes=100, threads=1)
    assert [belote.SOLVE_STATUSES[s] for s in stopped.status] == ["node_limit"] * 4
    assert (stopped.points == -1).all()
    with pytest.raises(belote.PlayError, match="^deal 2: missing 'taker'"):
        classique.solve_many([deals[0], dict(deals[1], taker=None)])


def test_the_table_of_every_contract_is_what_belote_solve_table_writes(classique, worked, source_dir):
    deal, _ = worked
    expected = cli_json_lines("solve", "--table", "--format", "json", source_dir / "examples" / "worked-example.toml")[0]
    assert classique.solve_table(deal) == expected["table"]
    # The hands alone, with the first seat, give the same table.
    assert classique.solve_table(deal["hands"], first=deal["first"]) == expected["table"]
    kinds = {(row["kind"], row.get("trump")) for row in expected["table"]}
    assert len(expected["table"]) == 2 * len(kinds) == 8


def test_the_table_under_a_ruleset_of_many_kinds():
    bulgare = belote.load("bulgare")
    deal = bulgare.random_deals(1, seed=3)[0]
    table = bulgare.solve_table(deal)
    assert {row["kind"] for row in table} == set(bulgare.kinds)
    assert all(row["takers"] in ("NS", "EW") and 0 <= row["points"] for row in table)


def test_a_table_stopped_at_a_limit_names_the_contract(classique, worked):
    deal, _ = worked
    with pytest.raises(belote.SolveStopped, match=r"^suit S: the search stopped at its limit of nodes") as stopped:
        classique.solve_table(deal, max_nodes=10)
    assert stopped.value.status == "node_limit"
