"""Rulesets loaded by name, path and text, trusted or not; listed and compared as the program does."""

import copy
import json
import re

import pytest

import belote
from conftest import cli_errors, run_cli


def test_load_by_name_gives_the_shipped_ruleset():
    classique = belote.load("classique")
    assert classique.name == "classique"
    assert classique.files[-1].endswith("classique.toml")
    assert "classique" in repr(classique)


def test_load_by_path(source_dir):
    path = source_dir / "rulesets" / "traditionnelle.toml"
    by_path = belote.load(path)
    assert by_path.name == "traditionnelle"
    assert belote.load(str(path)).name == "traditionnelle"


def test_settings_are_the_resolved_keys_of_rulesets_show():
    shown = run_cli("rulesets", "show", "coinche")[1].splitlines()
    settings = {s["key"]: s for s in belote.load("coinche").settings}
    for key in ("deck.ranks", "deck.last_trick", "sequences.split_long_runs", "carres.void_deal"):
        s = settings[key]
        origin = f"{s['file'].rsplit('/', 1)[-1]}:{s['line']}"
        assert any(line.startswith(f"{key.split('.')[-1]} = {s['toml']} ") and line.endswith(origin) for line in shown), key


def test_load_text_extends_a_shipped_ruleset():
    text = 'extends = "classique"\n[contract]\nbasis = ["card-points"]\n'
    mine = belote.load_text(text, name="ma-table")
    assert mine.base == "classique"
    differences = belote.diff_rulesets("classique", mine)
    assert [d["key"] for d in differences] == ["contract.basis"]


def test_ruleset_errors_carry_the_programs_messages(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "classique"\n[sequences]\npoints = { 3 = "twenty" }\n')
    status, _, stderr = run_cli("rulesets", "check", bad, check=False)
    assert status != 0
    with pytest.raises(belote.RulesetError) as raised:
        belote.load(bad)
    error = raised.value
    assert isinstance(error, belote.BeloteError) and isinstance(error, ValueError)
    assert str(error).splitlines() == cli_errors(stderr)
    first = error.diagnostics[0]
    assert first.file == str(bad) and first.line == 3 and first.column > 0
    assert str(first) in str(error)
    assert first.caret.endswith("^")


def test_untrusted_text_may_not_extend_a_path(tmp_path):
    text = f'extends = "{tmp_path}/other.toml"\n'
    with pytest.raises(belote.RulesetError) as raised:
        belote.load_text(text, untrusted=True)
    assert raised.value.diagnostics[0].line == 1
    assert "extends" in str(raised.value)


def test_an_unknown_name_is_a_ruleset_error():
    status, _, stderr = run_cli("score", "--ruleset", "nulle-part", "-", check=False, stdin="")
    with pytest.raises(belote.RulesetError) as raised:
        belote.load("nulle-part")
    assert str(raised.value).splitlines()[0] == cli_errors(stderr)[0]


def test_list_rulesets_finds_what_the_program_finds():
    names = run_cli("rulesets", "list", "--names")[1].split()
    listed = belote.list_rulesets()
    assert [r["name"] for r in listed] == names
    assert all(r["origin"] == "installed" for r in listed)


def test_rulesets_dirs_come_first(tmp_path):
    (tmp_path / "maison.toml").write_text('extends = "classique"\n')
    assert "maison" in [r["name"] for r in belote.list_rulesets(rulesets_dirs=[str(tmp_path)])]
    assert belote.load("maison", rulesets_dirs=[str(tmp_path)]).base == "classique"


def test_diff_rulesets_matches_rulesets_diff():
    shown = json.loads(run_cli("rulesets", "diff", "classique", "traditionnelle", "--format", "json")[1])
    differences = belote.diff_rulesets("classique", "traditionnelle")
    assert [d["key"] for d in differences] == [d["key"] for d in shown["differences"]]
    for mine, theirs in zip(differences, shown["differences"]):
        for side in "ab":
            if theirs[side] is None:
                assert mine[side] is None
            else:
                # The program's keys, with the same meanings; the module adds key, column and meaning (= value).
                for key, value in theirs[side].items():
                    if key == "file":  # the same file, wherever each finds the shipped rulesets
                        assert mine[side][key].rsplit("/", 1)[-1] == value.rsplit("/", 1)[-1]
                    else:
                        assert mine[side][key] == value, (mine["key"], side, key)
                assert set(mine[side]) == set(theirs[side]) | {"key", "column", "meaning"}
                assert mine[side]["meaning"] == mine[side]["value"] and isinstance(mine[side]["toml"], str)


def test_a_ruleset_differs_from_itself_in_nothing():
    classique = belote.load("classique")
    assert belote.diff_rulesets(classique, classique) == []


def test_a_ruleset_copied_is_the_ruleset_itself():
    # A ruleset never changes: a configuration that holds one deep-copies (as environments' wrappers copy theirs).
    classique = belote.load("classique")
    assert copy.copy(classique) is classique
    assert copy.deepcopy({"rules": classique, "seed": 1})["rules"] is classique


def test_the_directories_searched_first_may_be_path_objects(source_dir):
    folder = source_dir / "rulesets"
    found = {entry["name"]: entry for entry in belote.list_rulesets(rulesets_dirs=[folder])}
    assert found["classique"]["origin"] == "--rulesets-dir"
    assert belote.load("classique", rulesets_dirs=[folder]).files == [found["classique"]["path"]]
    assert belote.load_text('extends = "classique"\n', rulesets_dirs=(folder,)).base == "classique"


def test_load_text_refuses_a_name_in_the_text_other_than_the_one_given(tmp_path):
    text = 'name = "x"\nextends = "classique"\n'
    # As a file whose stem is not its name is refused.
    path = tmp_path / "y.toml"
    path.write_text(text)
    with pytest.raises(belote.RulesetError, match=re.escape("y.toml:1:8: 'name' is 'x', but the file is y.toml")):
        belote.load(path)
    with pytest.raises(belote.RulesetError) as refused:
        belote.load_text(text, name="y")
    assert str(refused.value) == ("<string>:1:8: 'name' is 'x', but load_text's name is 'y': a ruleset is named by the name "
                                  "it is loaded under (give name='x', or leave 'name' out)")
    where = refused.value.diagnostics[0]
    assert (where.line, where.column, where.source_line) == (1, 8, 'name = "x"')
    # The text's own name where none is given, the same name in any case, or the given one where the text has none.
    assert belote.load_text(text).name == "x"
    assert belote.load_text(text.replace('"x"', '"X"'), name="x").name == "x"
    assert belote.load_text('extends = "classique"\n', name="y").name == "y"
    assert belote.load_text('extends = "classique"\n').name == "custom"
