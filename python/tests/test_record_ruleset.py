"""How a table's record gives its ruleset: by name for a ruleset found by
name; a ruleset of one's own (loaded from a file or from text) held whole as
`rules`, so that the record replays without its file, under that ruleset and
under none whose conventions differ. An older record that names a file by its
path replays under that file."""
import json
import random
import re

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
    """A house file, with other conventions than coinche's (no rounding)."""
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nextends = "coinche-sans-arrondi"\n')
    return path


@pytest.fixture
def named_like_coinche(tmp_path):
    """A house file named like a shipped ruleset, with other conventions."""
    path = tmp_path / "rules" / "coinche.toml"
    path.parent.mkdir()
    path.write_text('name = "coinche"\nextends = "coinche-sans-arrondi"\n')
    return path


@pytest.mark.parametrize("form", ["json", "toml"])
def test_a_ruleset_from_a_file_is_held_in_the_record_which_replays_without_it(house, form):
    table = play(house)
    record = table.record(form)
    if form == "json":
        assert json.loads(record)["ruleset"] == "house" and json.loads(record)["rules"]
    else:
        assert record.splitlines()[0] == "ruleset = 'house'" and "\n[rules." in record
    house.unlink()
    again = belote.Table.replay(None, record)
    assert again.ruleset.name == "house"
    assert again.totals == table.totals and again.history == table.history
    assert again.record(form) == record
    if form == "toml":
        assert belote.sheet(record)["menes"][-1]["totals"] == table.totals


def test_a_record_given_as_a_dict_replays_under_its_own_ruleset(house):
    table = play(house)
    assert belote.Table.replay(None, json.loads(table.record())).record() == table.record()


def test_the_record_replays_under_the_same_file_loaded_again_or_the_same_conventions(house):
    table = play(house)
    for ruleset in (belote.load(house), str(house), belote.load_text(house.read_text(), name="house"), "coinche-sans-arrondi"):
        assert belote.Table.replay(ruleset, table.record()).totals == table.totals


@pytest.mark.parametrize("form", ["json", "toml"])
def test_the_record_is_not_replayed_under_a_ruleset_of_other_conventions(house, form):
    record = play(house).record(form)
    message = ("the record holds its own ruleset 'house', which differs from the one given ('coinche') at "
               "'rounding.step'; replay(None, record) replays it under its own")
    if form == "toml":
        # At the key in the TOML text.
        lines = record.splitlines()
        line = next(i for i in range(lines.index("[rules.rounding]"), len(lines)) if lines[i].startswith("step ="))
        expected = f"record:{line + 1}:8: 'rules': " + message
    else:
        # At 'rules' in the JSON text, with the key's line in the text it holds; a dict's JSON has no place.
        lines = json.loads(record)["rules"].splitlines()
        line = next(i for i in range(lines.index("[rounding]"), len(lines)) if lines[i].startswith("step ="))
        column = record.index('"', record.index(":", record.index('"rules"'))) + 1
        expected = f"record:1:{column}: 'rules', line {line + 1}, column 8: " + message
        with pytest.raises(ValueError, match="^" + re.escape(f"record: 'rules', line {line + 1}, column 8: " + message) + "$"):
            belote.Table.replay("coinche", json.loads(record))
    with pytest.raises(ValueError, match="^" + re.escape(expected) + "$"):
        belote.Table.replay("coinche", record)


def test_a_pretty_json_record_of_other_conventions_is_refused_at_its_rules(house):
    record = json.dumps(json.loads(play(house).record()), indent=2)
    line, text = next((n + 1, text) for n, text in enumerate(record.splitlines()) if text.lstrip().startswith('"rules"'))
    with pytest.raises(ValueError, match=rf"^record:{line}:{text.index(': ') + 3}: 'rules', line \d+, column 8: "
                                         r"the record holds its own ruleset 'house'"):
        belote.Table.replay("coinche", record)


def test_a_file_named_like_a_shipped_ruleset_is_held_and_not_replayed_under_it(named_like_coinche):
    table = play(named_like_coinche)
    record = table.record()
    assert json.loads(record)["ruleset"] == "coinche" and "rules" in json.loads(record)
    with pytest.raises(ValueError, match=r"the record holds its own ruleset 'coinche', which differs from the one given "
                                         r"\('coinche'\) at 'rounding.step'"):
        belote.Table.replay("coinche", record)
    # Scored under the file, as the table scored it; a shipped 'coinche' would round.
    assert belote.Table.replay(None, record).totals == table.totals
    assert belote.sheet(table.record("toml"))["menes"][-1]["totals"] == table.totals


def test_a_ruleset_from_text_is_held_too():
    table = play(belote.load_text('extends = "coinche-sans-arrondi"\n', name="mine"))
    again = belote.Table.replay(None, table.record("toml"))
    assert again.ruleset.name == "mine" and again.totals == table.totals


def test_a_record_under_a_shipped_ruleset_names_it_and_holds_no_rules(named_like_coinche):
    table = play("coinche")
    assert table.record("toml").splitlines()[0] == "ruleset = 'coinche'"
    assert "rules" not in json.loads(table.record()) and "[rules" not in table.record("toml")
    again = belote.Table.replay(None, table.record())
    assert again.ruleset.name == "coinche" and again.record() == table.record()
    assert belote.Table.replay("coinche", table.record()).totals == table.totals
    with pytest.raises(ValueError, match=r"'ruleset' is 'coinche', but the record is replayed under '.*coinche\.toml'"):
        belote.Table.replay(str(named_like_coinche), table.record())


@pytest.mark.parametrize("ruleset", [None, "coinche-sans-arrondi"])
def test_a_tampered_rules_value_is_refused_at_its_place(house, ruleset):
    record = play(house).record("toml")
    lines = record.splitlines()
    line = next(i for i in range(lines.index("[rules.rounding]"), len(lines)) if lines[i].startswith("step ="))
    lines[line] = "step = 'ten'"
    with pytest.raises(ValueError, match=rf"^record:{line + 1}:8: .*'rounding.step'"):
        belote.Table.replay(ruleset, "\n".join(lines) + "\n")


def test_a_tampered_rules_value_in_json_names_its_key(house):
    record = json.loads(play(house).record())
    # The JSON form holds the ruleset's text: an error in it is placed at 'rules', with its line in that text.
    lines = record["rules"].splitlines()
    line = next(i for i in range(lines.index("[rounding]"), len(lines)) if lines[i].startswith("step ="))
    lines[line] = "step = 'ten'"
    record["rules"] = "\n".join(lines) + "\n"
    with pytest.raises(ValueError, match=rf"^record:1:\d+: 'rules', line {line + 1}, column 8: .*'rounding.step'"):
        belote.Table.replay(None, json.dumps(record))
    with pytest.raises(ValueError, match=rf"^record: 'rules', line {line + 1}, column 8: .*'rounding.step'"):
        belote.Table.replay("coinche-sans-arrondi", record)


def test_an_older_record_that_names_a_file_replays_under_that_file(named_like_coinche):
    table = play(named_like_coinche)
    older = dict(json.loads(table.record()), ruleset=str(named_like_coinche.resolve()))
    del older["rules"]
    assert belote.Table.replay(belote.load(named_like_coinche.resolve()), older).totals == table.totals
    assert belote.Table.replay(None, older).totals == table.totals
    with pytest.raises(ValueError, match=r"'ruleset' is '.*coinche\.toml', but the record is replayed under 'coinche'"):
        belote.Table.replay("coinche", older)


def test_a_record_alone_that_names_no_ruleset_or_does_not_read_is_refused():
    record = json.loads(play("coinche").record())
    del record["ruleset"]
    with pytest.raises(ValueError, match=re.escape(
            "record: the record names no ruleset ('ruleset'): replay(ruleset, record) replays it under the one given")):
        belote.Table.replay(None, record)
    with pytest.raises(ValueError, match=r"^record:1:\d+: "):
        belote.Table.replay(None, '{"ruleset": "coinche",')
    with pytest.raises(ValueError, match=r"^record:2:1: "):
        belote.Table.replay(None, "ruleset = 'coinche'\n= 5\n")
    with pytest.raises(ValueError, match=r"^record:1:\d+: 'ruleset': .*nowhere"):
        belote.Table.replay(None, '{"ruleset": "nowhere", "mene": []}')


@pytest.fixture
def private(tmp_path):
    """A file of the server's, which a record someone sent names: never quoted to them."""
    path = tmp_path / "private.toml"
    path.write_text('name = "private"\nextends = "coinche"\npassword = "hunter2"\n')
    return path


def refused_untrusted(ruleset, record, *words):
    with pytest.raises(ValueError) as refused:
        belote.Table.replay(ruleset, record, untrusted=True)
    assert "hunter2" not in str(refused.value) and "password" not in str(refused.value)
    for word in words:
        assert word in str(refused.value)
    return str(refused.value)


@pytest.mark.parametrize("ruleset", [None, "coinche-sans-arrondi"])
def test_an_untrusted_record_whose_rules_extend_a_path_is_refused(house, private, ruleset):
    table = play(house)
    held = json.loads(table.record())
    held["rules"] = f'extends = "{private}"\n' + held["rules"]
    message = refused_untrusted(ruleset, json.dumps(held), "'extends'", "is a path", "untrusted source")
    assert re.match(r"^record:1:\d+: 'rules', line 1, column 11: 'extends': ", message)
    refused_untrusted(ruleset, held, "'extends'", "is a path")
    lines = table.record("toml").splitlines()
    lines.insert(lines.index("[rules]") + 1, f"extends = '{private}'")
    message = refused_untrusted(ruleset, "\n".join(lines) + "\n", "'extends'", "is a path", "untrusted source")
    assert message.startswith(f"record:{lines.index('[rules]') + 2}:11: ")
    # Trusted, the file is read, as a ruleset's own file would be.
    with pytest.raises(ValueError, match="'password'"):
        belote.Table.replay(ruleset, json.dumps(held))


@pytest.mark.parametrize("ruleset", [None, "coinche"])
def test_an_untrusted_record_that_names_a_path_is_refused(private, ruleset):
    record = dict(json.loads(play("coinche").record()), ruleset=str(private.resolve()))
    message = refused_untrusted(ruleset, json.dumps(record), "'ruleset'", "is a path", "untrusted source")
    assert re.match(r"^record:1:\d+: 'ruleset': ", message)
    lines = play("coinche").record("toml").splitlines()
    lines[0] = f"ruleset = '{private.resolve()}'"
    assert refused_untrusted(ruleset, "\n".join(lines) + "\n", "is a path").startswith("record:1:11: 'ruleset': ")


@pytest.mark.parametrize("form", ["json", "toml"])
def test_an_untrusted_record_that_holds_its_ruleset_or_names_one_replays(house, form):
    table = play(house)
    record = table.record(form)
    assert belote.Table.replay(None, record, untrusted=True).totals == table.totals
    assert belote.Table.replay("coinche-sans-arrondi", record, untrusted=True).totals == table.totals
    shipped = play("coinche")
    assert belote.Table.replay(None, shipped.record(form), untrusted=True).totals == shipped.totals


def test_rulesets_dirs_find_the_ruleset_a_record_names(tmp_path):
    (tmp_path / "mine.toml").write_text('extends = "coinche"\n')
    table = play("coinche")
    record = dict(json.loads(table.record()), ruleset="mine")
    with pytest.raises(ValueError, match=r"^record: 'ruleset': .*'mine'"):
        belote.Table.replay(None, record)
    for untrusted in (False, True):
        again = belote.Table.replay(None, record, untrusted=untrusted, rulesets_dirs=[tmp_path])
        assert again.ruleset.name == "mine" and again.totals == table.totals
    with pytest.raises(TypeError, match="rulesets_dirs"):
        belote.Table.replay(None, record, rulesets_dirs=5)
