"""One deal scored to an Outcome: the same JSON, text and messages as `belote score`."""

import json

import pytest

import belote
from conftest import cli_errors, run_cli


@pytest.fixture(scope="module")
def classique():
    return belote.load("classique")


def test_a_toml_deal_file_scores_as_the_program_scores_it(classique, source_dir):
    example = source_dir / "examples" / "worked-example.toml"
    outcome = classique.score(example)
    assert outcome.json() == run_cli("score", "--format", "json", example)[1].rstrip("\n")
    assert outcome.json(compact=True) == run_cli("score", "--format", "json", "--compact", example)[1].rstrip("\n")
    assert outcome.text() == run_cli("score", example)[1]
    assert outcome.text(ascii=True) == run_cli("score", "--ascii", example)[1]


def test_outcome_fields_follow_the_json(classique, source_dir):
    outcome = classique.score(source_dir / "examples" / "worked-example.toml")
    as_json = json.loads(outcome.json())
    assert outcome.to_dict() == as_json
    assert outcome.score == {"NS": 0, "EW": 212}
    assert outcome.contract == "failed"
    assert outcome.winner == "EW"
    assert outcome.id == "seed000-worked-example"
    assert [s["step"] for s in outcome.explanation] == [s["step"] for s in as_json["explanation"]]
    assert "contract.basis" in outcome.explanation[-2]["text"]
    assert outcome.ruleset.name == "classique"
    # Every field of the JSON is a property of the same name (the ruleset's being the Ruleset).
    for key, value in as_json.items():
        if key != "ruleset":
            assert getattr(outcome, key) == value, key
    assert outcome.roem is None  # written only under a ruleset with roem
    klaverjas = belote.load("klaverjas")
    with_roem = klaverjas.score(klaverjas.random_deals(1, seed=3)[0])
    as_json = json.loads(with_roem.json())
    assert "roem" in as_json
    for key, value in as_json.items():
        if key != "ruleset":
            assert getattr(with_roem, key) == value, key


def test_a_deal_as_dict_json_or_toml_text_scores_alike(classique, source_dir):
    toml_text = (source_dir / "examples" / "worked-example.toml").read_text()
    deal = classique.read_deal(toml_text)
    assert classique.score(deal).to_dict() == classique.score(toml_text).to_dict()
    assert classique.score(json.dumps(deal)).to_dict() == classique.score(deal).to_dict()


def test_random_deals_are_the_programs(classique):
    deals = classique.random_deals(20, seed=5)
    lines = run_cli("deal", "--random", 20, "--seed", 5)[1].splitlines()
    assert deals == [json.loads(line) for line in lines]
    assert classique.random_deals(3, seed=5, start=17) == deals[17:]


def test_a_bad_deal_raises_deal_error_with_the_programs_messages(classique, tmp_path):
    line = json.dumps(classique.random_deals(1, seed=1)[0]).replace('"taker": "', '"taker": "X')
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n")
    _, _, stderr = run_cli("score", path, check=False)
    with pytest.raises(belote.DealError) as raised:
        classique.score(line)
    expected = [e.replace(str(path), "<string>") for e in cli_errors(stderr)]
    assert str(raised.value).splitlines() == expected
    assert raised.value.diagnostics[0].line == 1 and raised.value.diagnostics[0].column > 0


def test_a_bad_dict_names_the_key(classique):
    deal = classique.random_deals(1, seed=1)[0]
    deal["hands"]["N"] = deal["hands"]["N"].replace(deal["hands"]["N"].split()[0], "ZZ")
    with pytest.raises(belote.DealError) as raised:
        classique.score(deal)
    assert "hands.N" in str(raised.value) and "ZZ" in str(raised.value)


def test_a_file_of_json_lines_named_for_one_deal_is_said_to_be_one(classique, source_dir):
    path = source_dir / "examples" / "random-deals.jsonl"
    for value in (str(path), path):
        with pytest.raises(belote.DealError, match=r"names a file of deals \(JSON Lines\): Ruleset.score_file\(\) reads one"):
            classique.score(value)


def test_a_set_of_cards_with_a_bad_card_names_the_key(classique):
    deal = classique.random_deals(1, seed=1)[0]
    deal["hands"]["N"] = set(["ZZ"] + deal["hands"]["N"].split()[1:])
    with pytest.raises(belote.DealError, match=r"'hands.N': unknown card 'ZZ'"):
        classique.score(deal)


def test_what_is_not_a_deal_is_a_type_error(classique):
    with pytest.raises(TypeError):
        classique.score(42)


def test_diff_of_one_deal_gives_the_reason(source_dir):
    example = source_dir / "examples" / "worked-example.toml"
    d = belote.diff("classique", "classique-hors-contrat", example)
    assert d["kind"] == "contract"
    assert d["a"].score == {"NS": 0, "EW": 212} and d["b"].score == {"NS": 88, "EW": 124}
    assert d["score_change"] == {"NS": 88, "EW": -88}
    assert d["reason"].startswith("classique")


def test_a_str_naming_a_file_or_a_directory_there_is_a_path(classique, source_dir, tmp_path, monkeypatch):
    example = source_dir / "examples" / "worked-example.toml"
    expected = classique.score(example).to_dict()
    # A file of any suffix, or none, is read as a TOML deal file.
    for name in ("w.TOML", "worked", "deal.txt"):
        (tmp_path / name).write_text(example.read_text())
        assert classique.score(str(tmp_path / name)).to_dict() == expected, name
        assert classique.read_deal(str(tmp_path / name)) == classique.read_deal(example)
    monkeypatch.chdir(source_dir)
    assert classique.score("examples/worked-example.toml").to_dict() == expected
    # A directory is said to be one, by its name as given, as `belote score` says it.
    _, _, stderr = run_cli("score", "examples", check=False)
    assert cli_errors(stderr) == ["examples: is a directory, not a file"]
    for value in ("examples", source_dir / "examples"):
        with pytest.raises(belote.DealError, match="is a directory, not a file$"):
            classique.score(value)
        with pytest.raises(belote.DealError, match="is a directory, not a file$"):
            classique.read_deal(value)
    with pytest.raises(belote.DealError, match="^examples: is a directory, not a file$"):
        classique.score("examples")


def test_a_deal_file_that_is_not_there_is_the_same_error_from_score_and_score_file(classique, tmp_path):
    missing = tmp_path / "missing.toml"
    for call in (classique.score, classique.read_deal, classique.score_file):
        for value in (str(missing), missing):
            with pytest.raises(FileNotFoundError) as refused:
                call(value)
            assert refused.value.filename == str(missing)


def test_text_is_still_text(classique, source_dir, tmp_path, monkeypatch):
    text = (source_dir / "examples" / "worked-example.toml").read_text()
    expected = classique.score(text).to_dict()
    # Even where a file is named as a line of the text: text of many lines is never a path.
    monkeypatch.chdir(tmp_path)
    (tmp_path / text.splitlines()[0]).write_text("not a deal")
    assert classique.score(text).to_dict() == expected
    line = json.dumps(classique.read_deal(text))
    assert classique.score(line).to_dict()["score"] == expected["score"]
    with pytest.raises(belote.DealError, match=r"^<string>:1:\d+: TOML syntax"):
        classique.score("trump = ")
