"""How a table's record names its ruleset: by name for a ruleset found by
name, by the file's absolute path for one loaded from a path (a house file
may share a shipped ruleset's name), so that the record is scored and
replayed under that file and under no other."""
import random

import pytest

import belote


def play(ruleset, seed=1):
    rng = random.Random(seed)
    table = belote.Table(ruleset, seed=seed, max_menes=2)
    while not table.over:
        table.step(rng.choice(table.legal_actions()))
    return table


@pytest.fixture
def house(tmp_path):
    """A house file named like a shipped ruleset, with other conventions (no rounding)."""
    path = tmp_path / "house" / "coinche.toml"
    path.parent.mkdir()
    path.write_text('name = "coinche"\nextends = "coinche-sans-arrondi"\n')
    return path


@pytest.mark.parametrize("form", ["json", "toml"])
def test_a_ruleset_from_a_file_is_named_by_its_path(house, form, monkeypatch):
    monkeypatch.chdir(house.parent.parent)
    table = play("house/coinche.toml")
    record = table.record(form)
    assert str(house.resolve()) in record.splitlines()[0 if form == "toml" else 0]
    # Scored under the file, as the table scored it; a shipped 'coinche' would round.
    assert belote.Table.replay(str(house), record).totals == table.totals
    if form == "toml":
        assert belote.sheet(record)["menes"][-1]["totals"] == table.totals


def test_a_path_object_names_the_file_too(house):
    table = play(house)
    assert belote.Table.replay(belote.load(house), table.record()).totals == table.totals


def test_a_record_of_a_file_is_not_replayed_under_the_shipped_ruleset_of_its_name(house):
    record = play(str(house)).record()
    with pytest.raises(ValueError, match=r"'ruleset' is '.*coinche\.toml', but the record is replayed under 'coinche'"):
        belote.Table.replay("coinche", record)


def test_a_record_of_a_shipped_ruleset_is_not_replayed_under_a_file_of_its_name(house):
    table = play("coinche")
    assert table.record("toml").splitlines()[0] == "ruleset = 'coinche'"
    with pytest.raises(ValueError, match=r"'ruleset' is 'coinche', but the record is replayed under '.*coinche\.toml'"):
        belote.Table.replay(str(house), table.record())
    assert belote.Table.replay("coinche", table.record()).totals == table.totals
