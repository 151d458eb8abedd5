"""Arguments of the wrong type or out of range, as a caller meets them: each
is refused with the documented exception, whose message names the argument
(or the key of a dict) and says what it takes. None is the generic
RuntimeError of a C++ cast, none is accepted to give a wrong result, and
nothing that is refused leaves a table whose record does not read back."""

import json
import math
import os
import re

import numpy as np
import pytest

import belote

HANDS = {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC",
         "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}
DEAL = {"trump": "H", "taker": "N", "hands": HANDS}


@pytest.fixture(scope="module")
def classique():
    return belote.load("classique")


@pytest.fixture(scope="module")
def coinche():
    return belote.load("coinche")


# --- Cards, tricks and calls --------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda r: r.legal(["JH", 5], trump="H", seat="N"), "'hand': a card is a str (\"JH\"), not int 5"),
    (lambda r: r.legal([None], trump="H", seat="N"), "'hand': a card is a str (\"JH\"), not NoneType None"),
    (lambda r: r.legal(5, trump="H", seat="N"), "'hand' is cards (\"JH 9H\" or a list of cards), not int 5"),
    (lambda r: r.trick_winner(["AH", 5], leader="N", trump="H"), "'cards': a card is a str (\"JH\"), not int 5"),
    (lambda r: r.mene({**HANDS, "N": [5]}, trump="H"), "'hands.N': a card is a str (\"JH\"), not int 5"),
    (lambda r: r.mene({**HANDS, "N": None}, trump="H"), "'hands.N' is cards (\"JH 9H\" or a list of cards), not NoneType None"),
    (lambda r: r.legal("JH", "N AH", trump="H"), "'trick' is a list of the cards played so far, each with its seat"),
    (lambda r: r.legal("JH", [5], trump="H"),
     "'trick[0]' is a card with its seat (\"N KS\", or ('N', 'KS') as an observation's 'current' gives it), not int 5"),
])
def test_cards_of_the_wrong_type_are_a_type_error_naming_the_argument(classique, call, message):
    with pytest.raises(TypeError, match=re.escape(message)):
        call(classique)


@pytest.mark.parametrize("key", ["taker", "first", "trump", "kind"])
def test_a_deal_key_of_the_wrong_type_is_a_play_error_naming_it(classique, key):
    for call in (lambda deal: classique.mene(deal), lambda deal: classique.solve(deal, max_nodes=1)):
        with pytest.raises(belote.PlayError, match=re.escape(f"'{key}' must be a string, not int 5")):
            call({**DEAL, key: 5})


def test_calls_and_turned_suits_of_the_wrong_type_name_the_argument(classique, coinche):
    with pytest.raises(TypeError, match=re.escape("'calls' is a list of calls, each as call() takes it")):
        coinche.auction("N", calls="pass")
    with pytest.raises(TypeError, match=re.escape("'calls[1]' is a str, not int 5")):
        coinche.auction("N", calls=["pass", 5])
    with pytest.raises(TypeError, match=re.escape("'turned' is a suit of the deck (S H D C), the first possibly the card turned up, or a list of them, not int 5")):
        classique.auction("N", turned=5)


def test_arena_players_of_the_wrong_type_name_the_argument():
    with pytest.raises(TypeError, match=re.escape("'players' is a list of two players")):
        belote.arena("schieber", "random", 1)
    accepted = ('\'players[0]\' is a player: an engine player\'s name ("random", "heuristic", "sampled:N"), a belote.Player, '
                "or a player written in Python, an object with a method choose(table) that returns an action, not int 1")
    with pytest.raises(TypeError, match="^" + re.escape(accepted) + "$"):
        belote.arena("schieber", [1, 2], 1)


# --- Text ---------------------------------------------------------------------

SEAT = 'a seat ("N", "E", "S" or "W")'
SUIT = 'a suit of the deck ("H")'
KIND = "a contract kind's name or alias (a str)"
RULESET = "a Ruleset, or a ruleset's name or path (str, bytes or os.PathLike)"
REPLAY_RULESET = "a Ruleset, a ruleset's name or path (str, bytes or os.PathLike), or None (the record's own)"
PATH = "a file's path (str, bytes or os.PathLike)"
CALL = 'a call ("pass", "80 H", "E:coinche")'


def a_mene(r):
    return r.mene(HANDS, trump="H", taker="N")


# Each public function and method that takes text, with the argument given `value`.
TEXT_ARGUMENTS = [
    (lambda r, v: belote.load(v), "name_or_path", "a ruleset's name or path (str, bytes or os.PathLike)"),
    (lambda r, v: belote.load("classique", rulesets_dirs=v), "rulesets_dirs", "a list of directories (str, bytes or os.PathLike)"),
    (lambda r, v: belote.list_rulesets(rulesets_dirs=[v]), "rulesets_dirs[0]", "a directory (str, bytes or os.PathLike)"),
    (lambda r, v: belote.load_text(v), "text", "a ruleset's TOML text (a str)"),
    (lambda r, v: belote.load_text('extends = "classique"\n', name=v), "name", "a ruleset name (a str)"),
    (lambda r, v: belote.load_text('extends = "classique"\n', display=v), "display", "the name the text has in errors (a str)"),
    (lambda r, v: belote.diff_rulesets("classique", v), "b", RULESET),
    (lambda r, v: belote.diff(v, "classique", DEAL), "a", RULESET),
    (lambda r, v: belote.diff_many("classique", v, []), "b", RULESET),
    (lambda r, v: belote.diff_file("classique", "classique", v), "path", PATH),
    (lambda r, v: belote.check_many(v, []), "ruleset", RULESET),
    (lambda r, v: belote.check_file(v, "deals.jsonl"), "ruleset", RULESET),
    (lambda r, v: belote.arena(v, ("random", "random"), 1), "ruleset", RULESET),
    (lambda r, v: belote.play_random_menes(v, 1), "ruleset", RULESET),
    (lambda r, v: r.score(v), "deal", "a dict, JSON or TOML text, or the path of a TOML file"),
    (lambda r, v: r.score_file(v), "path", PATH),
    (lambda r, v: r.check_file(v), "path", PATH),
    (lambda r, v: r.legal("JH", trump=v, seat="N"), "trump", SUIT),
    (lambda r, v: r.legal("JH", trump="H", kind=v, seat="N"), "kind", KIND),
    (lambda r, v: r.legal("JH", trump="H", seat=v), "seat", SEAT),
    (lambda r, v: r.trick_winner("AH", leader=v, trump="H"), "leader", SEAT),
    (lambda r, v: r.trick_winner("AH", leader="N", trump=v), "trump", SUIT),
    (lambda r, v: r.mene(HANDS, trump="H", first=v), "first", SEAT),
    (lambda r, v: r.mene(HANDS, trump="H", taker=v), "taker", SEAT),
    (lambda r, v: r.mene(HANDS, trump=v), "trump", SUIT),
    (lambda r, v: r.mene(HANDS, trump="H", kind=v), "kind", KIND),
    (lambda r, v: a_mene(r).play(v), "card", 'a card ("JH")'),
    (lambda r, v: a_mene(r).solve(takers=v), "takers", 'a team ("NS" or "EW")'),
    (lambda r, v: r.solve(HANDS, trump="H", taker="N", first=v), "first", SEAT),
    (lambda r, v: r.solve_table(HANDS, first=v), "first", SEAT),
    (lambda r, v: r.hand_stats(kind=v), "kind", KIND),
    (lambda r, v: belote.load("coinche").auction(v), "dealer", SEAT),
    (lambda r, v: belote.load("coinche").auction("N", first=v), "first", SEAT),
    (lambda r, v: belote.load("coinche").auction("N").call(v), "call", CALL),
    (lambda r, v: belote.load("coinche").auction("N").check(v), "call", CALL),
    (lambda r, v: belote.Table(v), "ruleset", RULESET),
    (lambda r, v: belote.Table("coinche", first_dealer=v), "first_dealer", SEAT),
    (lambda r, v: belote.Table("coinche").parse_action(v), "text", "an action's text, as action_text() writes it (a str)"),
    (lambda r, v: belote.Table("coinche").observation(seat=v), "seat", SEAT),
    (lambda r, v: belote.Table("coinche").observation_tensor(seat=v), "seat", SEAT),
    (lambda r, v: belote.Table("coinche").record(format=v), "format", '"json" or "toml"'),
    (lambda r, v: belote.Table.replay(v, "{}"), "ruleset", REPLAY_RULESET),
    (lambda r, v: belote.Table.replay("coinche", v), "record", "JSON or TOML text (a str) or a dict, as record() gives it"),
    (lambda r, v: belote.Player(v), "name", 'a player\'s name, as make_player reads it ("random")'),
    (lambda r, v: belote.Table("coinche").view(v), "seat", SEAT),
    (lambda r, v: belote.advise("coinche", v), "view",
     "a seat's view, as Table.view() gives it (a dict) or as JSON text (a str): the bot protocol's act message or its observation"),
    (lambda r, v: belote.sheet(v), "sheet", "a score sheet's TOML text or its file's path (str, bytes or os.PathLike)"),
]


# Arguments where None means "not given" (the default).
OPTIONAL = {"trump", "kind", "seat", "first", "taker", "takers"}
# load_text's name: None takes the text's own; replay's ruleset: None replays under the record's own.
OPTIONAL_HOLDS = {"a ruleset name (a str)", REPLAY_RULESET}


@pytest.mark.parametrize("call, name, holds", TEXT_ARGUMENTS)
@pytest.mark.parametrize("value", [None, 5])
def test_what_is_no_text_is_a_type_error_naming_the_argument_and_what_it_takes(classique, call, name, holds, value):
    """As a number is refused: not pybind11's list of overloads, but the argument and what it holds."""
    if value is None and (name in OPTIONAL or holds in OPTIONAL_HOLDS):
        pytest.skip(f"None is '{name}' not given")
    with pytest.raises(TypeError) as refused:
        call(classique, value)
    assert str(refused.value) == f"'{name}' is {holds}, not {type(value).__name__} {value!r}"


# --- Whole numbers ------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda r: r.solve(DEAL, memory=2**40), "memory is a whole number from 1 to 4096, not 1099511627776"),
    (lambda r: r.solve_table(DEAL, memory=2**70), "memory is a whole number from 1 to 4096, not 1180591620717411303424"),
    (lambda r: r.solve_many([DEAL], memory=2**40), "memory is a whole number from 1 to 4096, not 1099511627776"),
    (lambda r: r.deal_stats(10, threads=2**40), "threads is a whole number from 1 to 1024, not 1099511627776"),
    (lambda r: belote.Player("random", threads=2**40), "threads is a whole number from 1 to 1024, not 1099511627776"),
    (lambda r: belote.Player("random", threads=0), "threads is a whole number from 1 to 1024, not 0"),
    (lambda r: belote.arena("schieber", ("random", "random"), 1, threads=2**40),
     "threads is a whole number from 1 to 1024, not 1099511627776"),
    (lambda r: belote.play_random_menes("coinche", 2**70), "count is a whole number from 0 to 9223372036854775807"),
    (lambda r: belote.play_random_menes("coinche", -1), "count is a whole number from 0 to 9223372036854775807, not -1"),
    (lambda r: belote.Table("coinche", target=2**40), "target is a whole number from 1 to 100000, not 1099511627776"),
    (lambda r: belote.Table("coinche", target=0), "target is a whole number from 1 to 100000, not 0"),
    (lambda r: belote.Table("coinche", max_menes=2**40), "max_menes is a whole number from 0 to 100000, not 1099511627776"),
    (lambda r: belote.Table("coinche").action_text(2**40), "action is a whole number from 0 to 150, not 1099511627776"),
])
def test_a_number_out_of_range_is_a_value_error_naming_it_and_its_range(classique, call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call(classique)


@pytest.mark.parametrize("call, message", [
    (lambda r: r.solve(DEAL, memory=True), "memory is a whole number, not bool True"),
    (lambda r: r.solve(DEAL, memory=1.5), "memory is a whole number, not float 1.5"),
    (lambda r: r.deal_stats(10, threads=True), "threads is a whole number, not bool True"),
    (lambda r: belote.play_random_menes("coinche", True), "count is a whole number, not bool True"),
    (lambda r: belote.play_random_menes("coinche", 1.5), "count is a whole number, not float 1.5"),
    (lambda r: belote.Table("coinche", target=True), "target is a whole number, not bool True"),
    (lambda r: belote.Table("coinche", max_menes=None), "max_menes is a whole number, not NoneType None"),
    (lambda r: belote.Table("coinche").action_text("0"), "action is a whole number, not str '0'"),
    # NumPy's bool reads as an index (with a DeprecationWarning), and would count 1.
    (lambda r: r.score_random(np.bool_(True)), "count is a whole number, not bool_ True"),
    (lambda r: r.deal_stats(10, threads=np.bool_(True)), "threads is a whole number, not bool_ True"),
])
def test_what_is_no_whole_number_is_a_type_error_naming_it(classique, call, message):
    with pytest.raises(TypeError, match=re.escape(message)):
        call(classique)


def test_a_bool_is_no_action_and_a_huge_number_no_action_of_the_ruleset():
    table = belote.Table("coinche", seed=1)
    for call in ["80 H", "pass", "pass", "pass"]:
        table.step(call)
    before = table.observation()
    with pytest.raises(TypeError, match=re.escape("an action is a number (0 to action_count - 1) or its text, not bool True")):
        table.step(True)
    with pytest.raises(TypeError, match=re.escape("an action is a number (0 to action_count - 1) or its text, not bool_ True")):
        table.step(np.bool_(True))
    with pytest.raises(belote.IllegalAction, match=re.escape("action 1180591620717411303424 is not an action of ruleset 'coinche'")):
        table.apply(2**70)
    assert table.observation() == before


# --- The table's setup and its record ----------------------------------------

@pytest.mark.parametrize("teams, error, message", [
    ("ab", TypeError, "'teams' is {'NS': …, 'EW': …} or a pair of names, not str 'ab'"),
    (5, TypeError, "'teams' is {'NS': …, 'EW': …} or a pair of names, not int 5"),
    ([1, 2], TypeError, "'teams.NS' is the team's name, a str, not int 1"),
    ({"EW": 5}, TypeError, "'teams.EW' is the team's name, a str, not int 5"),
    (["Nous\x1b[2J", "Eux"], ValueError, "'teams.NS' must be a name of 1 to 40 characters, without control or bidirectional"),
    (["Nous", ""], ValueError, "'teams.EW' must be a name of 1 to 40 characters"),
    (["N" * 41, "Eux"], ValueError, "'teams.NS' must be a name of 1 to 40 characters"),
    ({5: "Nous"}, ValueError, "'teams': no team 5 (teams: NS EW)"),
])
def test_team_names_are_held_to_what_a_record_holds(teams, error, message):
    with pytest.raises(error, match=re.escape(message)):
        belote.Table("coinche", teams=teams)


def test_a_table_at_the_limits_of_its_setup_writes_a_record_that_replays():
    table = belote.Table("coinche", seed=3, target=100_000, max_menes=100_000, teams={"NS": "N" * 40, "EW": "Eux"})
    for action in ["80 H", "pass", "pass", "pass"]:
        table.step(action)
    again = belote.Table.replay("coinche", table.record())
    assert again.target == 100_000 and again.seed == 3


# --- Batches, rulesets, deals and records given as data -----------------------

@pytest.mark.parametrize("deals, kind", [('{"trump": "H"}', "str"), (b'{"trump": "H"}', "bytes"), (DEAL, "dict")])
def test_one_deal_is_not_taken_for_an_iterable_of_deals(classique, deals, kind):
    for call in (classique.score_many, classique.check_many, classique.solve_many,
                 lambda deals: belote.diff_many("classique", "traditionnelle", deals)):
        with pytest.raises(TypeError, match=f"deals is an iterable of deals \\(dicts or JSON strings\\), not one {kind}"):
            call(deals)


def test_one_arena_result_is_not_taken_for_an_iterable_of_results():
    result = belote.arena("schieber", ("random", "random"), 2, seed=1)
    with pytest.raises(TypeError, match="results is an iterable of arena results \\(dicts\\), not one dict"):
        belote.merge_arena(result)


def test_random_deals_scored_are_numbered_within_their_int64_lines(classique):
    assert classique.score_random(1, start=2**63 - 1).line.tolist() == [2**63 - 1]
    for start, count in [(2**64 - 1, 2), (2**63 - 1, 2), (2**63, 1)]:
        with pytest.raises(ValueError, match=re.escape(f"start + count is at most 2**63 (each deal's number is a line of an "
                                                       f"int64 array), not {start} + {count}")):
            classique.score_random(count, start=start)


@pytest.mark.parametrize("name", ["", "ma table", "a\x1b[31m", "x" * 65])
def test_a_ruleset_from_text_is_named_as_a_ruleset_file_is(name):
    with pytest.raises(ValueError, match=re.escape("'name' is a ruleset name (1 to 64 letters, digits and '-'), not")):
        belote.load_text('extends = "classique"\n', name=name)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_number_json_cannot_hold_is_a_deal_error_naming_its_key(classique, value):
    deal = {**DEAL, "result": {"points": {"NS": 88, "EW": value}}}
    with pytest.raises(belote.DealError, match=re.escape("<deal>: 'result.points.EW' must be a finite number, not NaN or an infinity")):
        classique.score(deal)
    with pytest.raises(ValueError, match=re.escape("record: 'table.seed' must be a finite number, not NaN or an infinity")):
        belote.Table.replay("coinche", {"table": {"seed": value}})


def test_a_record_given_as_text_is_refused_at_its_line_and_column():
    with pytest.raises(ValueError, match=re.escape("record:2:12: 'mene' must be an array of mènes, not 5")):
        belote.Table.replay("coinche", '{"ruleset": "coinche",\n   "mene": 5}')
    with pytest.raises(ValueError, match=re.escape("record:2:8: TOML syntax: Error while parsing value")):
        belote.Table.replay("coinche", "ruleset = 'coinche'\nmene = ?\n")
    with pytest.raises(ValueError, match=re.escape("record: the text is empty")):
        belote.Table.replay("coinche", " \n")



def test_a_score_sheet_given_as_a_deal_names_the_command_that_scores_it(tmp_path, classique):
    sheet = "ruleset = 'classique'\n"
    # Text is no file: the command's FILE is the file it is written to; a file is named.
    with pytest.raises(belote.DealError, match=re.escape("`belote sheet show FILE` scores it from a file")):
        classique.score(sheet)
    (tmp_path / "game.toml").write_text(sheet)
    with pytest.raises(belote.DealError, match=re.escape(f"`belote sheet show {tmp_path / 'game.toml'}` scores it")):
        classique.score(tmp_path / "game.toml")

# --- Paths and text -------------------------------------------------------------

def test_a_file_whose_name_is_no_utf8_is_read_as_os_listdir_names_it(tmp_path, source_dir, classique):
    folder = os.fsencode(tmp_path)
    with open(folder + b"/donn\xe9es.jsonl", "w") as out:
        out.writelines(json.dumps(deal) + "\n" for deal in classique.random_deals(3))
    ruleset = (source_dir / "rulesets" / "classique.toml").read_bytes()
    with open(folder + b"/r\xe8gles.toml", "wb") as out:
        out.write(ruleset.replace(b'name = "classique"', b""))
    names = {name.rsplit(".", 1)[-1]: str(tmp_path / name) for name in os.listdir(tmp_path)}
    assert len(classique.score_file(names["jsonl"])) == 3
    assert classique.check_file(names["jsonl"]).ok
    loaded = belote.load(names["toml"])
    assert loaded.files[-1] == names["toml"]
    # A deal file that is not there is the system's error, as for score_file().
    with pytest.raises(FileNotFoundError) as missing:
        classique.score(os.fsdecode(folder + b"/manquant\xe9.toml"))
    assert missing.value.filename == os.fsdecode(folder + b"/manquant\xe9.toml")


@pytest.mark.parametrize("call", [
    lambda r: r.score_file("deals\0.jsonl"),
    lambda r: r.check_file("deals\0.jsonl"),
    lambda r: belote.load("classique\0"),
])
def test_a_path_holding_a_nul_is_refused_not_cut_short(classique, call):
    with pytest.raises(ValueError, match="holds a NUL character"):
        call(classique)


@pytest.mark.parametrize("call, what", [
    (lambda r: r.score("\udcff"), "deal"),
    (lambda r: r.legal("\udcff", trump="H", seat="N"), "hand"),
    (lambda r: r.score_many([{"trump": "\udcff"}]), "deal 1"),
    (lambda r: belote.Table("coinche").step("\udcff"), "action"),
    (lambda r: belote.Table("coinche", teams=["\udcff", "Eux"]), "teams.NS"),
    (lambda r: belote.Table.replay("coinche", "\udcff"), "record"),
    (lambda r: belote.load("coinche").auction("N", calls=["\udcff"]), "calls[0]"),
])
def test_a_str_that_holds_no_text_is_a_value_error_naming_the_argument(classique, call, what):
    with pytest.raises(ValueError, match=re.escape(f"'{what}' is not text ('utf-8' codec can't encode character")):
        call(classique)


@pytest.mark.parametrize("call", [
    lambda r: r.score_file("/proc/self/mem"),
    lambda r: r.check_file("/proc/self/mem"),
    lambda r: belote.diff_file(r, r, "/proc/self/mem"),
])
def test_a_file_that_opens_but_does_not_read_is_the_systems_error(classique, call):
    with pytest.raises(OSError) as refused:
        call(classique)
    assert refused.value.filename == "/proc/self/mem" and refused.value.errno


def test_a_deal_to_solve_that_is_no_dict_is_named_by_its_place(classique):
    with pytest.raises(TypeError, match=re.escape("deal 2: a dict of a JSON Lines deal's keys (as random_deals() gives), not str")):
        classique.solve_many([DEAL, '{"trump": "H"}'])


def test_a_path_given_as_bytes_names_that_file(tmp_path, source_dir, classique):
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps(deal) + "\n" for deal in classique.random_deals(3)))
    assert len(classique.score_file(os.fsencode(path))) == 3
    assert belote.load(os.fsencode(source_dir / "rulesets" / "classique.toml")).name == "classique"
    assert belote.Table(os.fsencode(source_dir / "rulesets" / "coinche.toml")).ruleset.name == "coinche"


@pytest.mark.parametrize("call", [lambda: belote.load(b"coinche"), lambda: belote.Table(b"coinche")])
def test_bytes_are_a_file_s_name_never_a_ruleset_s(call):
    with pytest.raises(belote.RulesetError) as refused:
        call()
    assert str(refused.value).endswith(
        "(bytes name a file, never a ruleset by name: to load the ruleset 'coinche', give its name as a str)")


def test_the_stubs_take_bytes_where_a_ruleset_s_path_is_taken(source_dir):
    stubs = (source_dir / "python" / "belote" / "_belote.pyi").read_text()
    assert 'RulesetInput = Union["Ruleset", str, bytes, os.PathLike]' in stubs
    assert "bytes" in belote.Table.__init__.__doc__.splitlines()[0] and "bytes" in belote.load.__doc__.splitlines()[0]


@pytest.mark.parametrize("call", [
    lambda r, path: r.score_file(path),
    lambda r, path: r.check_file(path),
    lambda r, path: belote.diff_file(r, r, path),
])
def test_a_deal_file_that_is_not_there_is_the_systems_error_whatever_its_name_ends_in(tmp_path, classique, call):
    for name in ("missing.jsonl", "missing.toml"):
        with pytest.raises(FileNotFoundError) as missing:
            call(classique, tmp_path / name)
        assert missing.value.filename == str(tmp_path / name)
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(ValueError, match="folder.toml: is not a file of deals \\(a directory\\): not read"):
        call(classique, tmp_path / "folder.toml")


def test_any_sequence_of_strings_goes_where_a_list_does(coinche):
    from collections import UserList
    assert coinche.auction("N", calls=UserList(["80 H", "pass"])).calls == [("W", "80 H"), ("S", "pass")]
    assert belote.Table("coinche", teams=UserList(["Nous", "Eux"])).observation()["phase"] == "auction"
