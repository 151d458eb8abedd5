"""A game's score sheet scored from Python: the object `belote sheet show --format json` writes."""

import json
import re

import pytest

import belote
from conftest import cli_errors, run_cli

AUCTIONS = '''ruleset = "coinche"
teams = { NS = "Nous", EW = "Eux" }

[[mene]]
auction = { dealer = "N", calls = ["pass", "pass", "pass", "pass"] }

[[mene]]
auction = { dealer = "W", calls = ["100 H", "coinche", "pass", "pass", "pass"] }
points = { NS = 62, EW = 100 }

[[mene]]
taker = "N"
trump = "S"
bid = 80
points = { NS = 100, EW = 62 }
'''


def shown(path):
    return json.loads(run_cli("sheet", "show", "--format", "json", path)[1])


def test_a_sheet_scores_as_sheet_show_writes_it(source_dir, monkeypatch):
    example = source_dir / "examples" / "sheet.toml"
    expected = shown(example)
    assert belote.sheet(example) == expected
    assert belote.sheet(str(example)) == expected
    # Its text, read from where the sheet lies (a ruleset named by a path starts there).
    monkeypatch.chdir(example.parent)
    assert belote.sheet(example.read_text()) == expected
    assert expected["totals"] and expected["menes"]


def test_a_sheet_with_auctions_scores_as_sheet_show_writes_it(tmp_path):
    path = tmp_path / "auctions.toml"
    path.write_text(AUCTIONS)
    expected = shown(path)
    assert belote.sheet(path) == expected
    assert belote.sheet(AUCTIONS) == expected
    assert len(expected["menes"]) == 3


def test_a_sheet_written_by_sheet_add_scores_alike(tmp_path):
    path = tmp_path / "s.toml"
    run_cli("sheet", "new", path, "-r", "coinche")
    run_cli("sheet", "add", path, "--taker", "N", "--trump", "H", "--bid", "100", "--points", "NS=100,EW=62")
    assert belote.sheet(path) == shown(path)
    assert belote.sheet(path)["totals"] == {"NS": 200, "EW": 60}


def test_a_table_record_in_toml_is_a_sheet():
    table = belote.Table("coinche", seed=4, max_menes=2, teams=("Nous", "Eux"))
    player = belote.Player("heuristic", seed=1)
    while not table.over:
        table.apply(player.choose(table))
    scored = belote.sheet(table.record("toml"))
    assert scored["totals"] == table.totals


def test_a_sheet_that_does_not_read_gives_the_programs_errors(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(AUCTIONS.replace('teams = { NS = "Nous", EW = "Eux" }', 'teams = { NS = "Us", EW = "Us" }'))
    _, _, stderr = run_cli("sheet", "show", path, check=False)
    with pytest.raises(belote.SheetError) as refused:
        belote.sheet(path)
    assert isinstance(refused.value, belote.BeloteError)
    assert str(refused.value).splitlines() == cli_errors(stderr)
    assert "'teams': both teams are called 'Us'" in str(refused.value)


def test_a_sheet_that_is_not_there_is_the_systems_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        belote.sheet(tmp_path / "missing.toml")
    with pytest.raises(FileNotFoundError):
        belote.sheet(str(tmp_path / "missing.toml"))
    with pytest.raises(TypeError, match=re.escape("'sheet' is a score sheet's TOML text or its file's path")):
        belote.sheet(5)


def test_replay_says_a_scored_mene_is_one_for_belote_sheet(tmp_path):
    path = tmp_path / "s.toml"
    run_cli("sheet", "new", path, "-r", "coinche")
    run_cli("sheet", "add", path, "--taker", "N", "--trump", "H", "--bid", "100", "--points", "NS=100,EW=62")
    with pytest.raises(ValueError) as refused:
        belote.Table.replay("coinche", path.read_text())
    message = str(refused.value)
    assert re.match(r"^record:\d+:\d+: mène 1: unknown key '\w+': mène 1 is a scored mène \(its contract and points", message), message
    assert "belote.sheet() scores a sheet" in message
    with pytest.raises(ValueError, match="mène 2: unknown key 'points': mène 2 is a scored mène"):
        belote.Table.replay("coinche", AUCTIONS.replace('teams = { NS = "Nous", EW = "Eux" }\n', ""))
