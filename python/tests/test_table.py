"""belote.Table: games played to their end with random legal actions, the
mask and the legal actions, refused actions, copies and undo, what a seat
may see, the record replayed, the observation tensor, players and random
games in C++, and advice with the program's figures."""

import copy
import json
import random
import re

import numpy as np
import pytest

import belote
from conftest import cli_errors, run_cli


def play_game(table, rng, check=None, max_steps=200_000):
    """Plays to the game's end with uniformly random legal actions; returns the rewards summed per team."""
    earned = {"NS": 0, "EW": 0}
    for _ in range(max_steps):
        if table.over:
            break
        legal = table.legal_actions()
        assert legal, f"no legal action at {table!r}"
        if check:
            check(table, legal)
        observation, reward, done, info = table.step(rng.choice(legal))
        for team in earned:
            earned[team] += reward[team]
        assert done == table.over
        if info["redeal"]:
            assert reward == {"NS": 0, "EW": 0}
        if not info["mene_over"]:
            assert reward == {"NS": 0, "EW": 0}
    assert table.over
    return earned


@pytest.mark.parametrize("name", ["coinche", "klaverjas", "schieber"])
def test_a_random_game_plays_to_its_end(name):
    table = belote.Table(name, seed=3)
    assert table.phase == "auction" and not table.over and table.to_act in "NESW"

    def check(t, legal):
        mask = t.action_mask()
        assert mask.dtype == np.uint8 and mask.shape == (t.action_count,)
        assert np.flatnonzero(mask).tolist() == legal
        for action in legal:
            assert t.parse_action(t.action_text(action)) == action

    earned = play_game(table, random.Random(1), check)
    tally = table.tally
    assert tally["over"] and table.phase == "over" and table.to_act is None
    assert earned == table.totals == tally["totals"]
    assert tally["winner"] in ("NS", "EW") or tally["drawn"]
    assert table.legal_actions() == [] and not table.action_mask().any()
    with pytest.raises(belote.IllegalAction, match="the game is over"):
        table.step("pass")
    played = [m for m in table.history if not m["redeal"]]
    assert len(played) == tally["played"]
    assert {team: sum(m["score"][team] for m in played) for team in ("NS", "EW")} == table.totals
    assert table.last_outcome.score == played[-1]["score"]


def test_max_menes_ends_the_game_and_rewards_sum_to_the_totals():
    table = belote.Table("coinche", seed=5, max_menes=3, target=100_000)
    earned = play_game(table, random.Random(2))
    assert table.tally["played"] == 3
    assert earned == table.totals


def test_once_the_game_is_over_a_view_is_asked_for_by_seat():
    table = belote.Table("coinche", seed=5, max_menes=1)
    assert table.observation()["seat"] == table.to_act
    play_game(table, random.Random(2))
    assert table.to_act is None
    for view in (table.observation, table.observation_tensor):
        with pytest.raises(ValueError, match=re.escape("no seat to act: the game is over; pass a seat ('N', 'E', 'S' or 'W')")):
            view()
    seen = table.observation("E")
    assert seen["seat"] == "E" and seen["phase"] == "over"
    assert table.observation_tensor("E").shape == (table.observation_size,)


def test_an_illegal_action_raises_with_the_engines_words_and_changes_nothing():
    table = belote.Table("coinche", seed=1)
    before = table.observation()
    # A card during the auction.
    with pytest.raises(belote.IllegalAction, match="is a card, but the auction goes on") as error:
        table.step("AS")
    assert isinstance(error.value, ValueError) and error.value.rule == "phase"
    with pytest.raises(belote.IllegalAction, match="is no action of ruleset 'coinche'"):
        table.step("hello")
    with pytest.raises(belote.IllegalAction, match="is not an action of ruleset 'coinche'"):
        table.step(table.action_count)
    with pytest.raises(belote.IllegalAction):
        table.parse_action("hello")
    assert table.observation() == before
    with pytest.raises(TypeError):
        table.step(1.5)
    # NumPy's integers are actions too.
    mask = table.action_mask()
    table.step(np.flatnonzero(mask)[0])
    assert table.undo() and table.observation() == before
    # To the play: a card not legal, named with the rule that refuses it.
    rng = random.Random(4)
    while table.phase == "auction":
        table.step(rng.choice(table.legal_actions()))
    hand = table.observation()["hand"]
    legal = table.legal_actions()
    not_held = next(a for a in range(32) if table.action_text(a) not in hand)
    with pytest.raises(belote.IllegalAction, match=r"is not in .'s hand"):
        table.step(not_held)
    not_legal = [table.parse_action(card) for card in hand if table.parse_action(card) not in legal]
    for action in not_legal[:1]:
        with pytest.raises(belote.IllegalAction, match="not legal") as error:
            table.step(action)
        assert error.value.rule == "play"


def test_copy_is_independent_and_undo_takes_back():
    table = belote.Table("coinche", seed=2, target=100_000)
    rng = random.Random(3)
    for _ in range(20):
        table.step(rng.choice(table.legal_actions()))
    for twin in (table.copy(), copy.copy(table), copy.deepcopy(table)):
        seen = table.observation("N")
        twin.step(twin.legal_actions()[0])
        assert table.observation("N") == seen
        assert twin.observation("N") != seen or twin.to_act != table.to_act
    history = []
    for _ in range(120):
        history.append((table.observation("N"), table.observation("E"), table.totals))
        table.step(rng.choice(table.legal_actions()))
    assert table.tally["dealt"] > 1
    for seen in reversed(history):
        assert table.undo()
        assert (table.observation("N"), table.observation("E"), table.totals) == seen
    assert table.tally["dealt"] == 1
    assert not belote.Table("coinche").undo()


def test_reset_deals_again():
    table = belote.Table("klaverjas", seed=9)
    first = table.observation()
    table.step(table.legal_actions()[0])
    assert table.reset() == first
    other = table.reset(seed=10)
    assert table.seed == 10 and other["phase"] == "auction"


def public_cards(seen):
    """The cards a seat sees that are not its own: played, turned, declared."""
    cards = {card for _, card in seen["cards"]}
    if seen["turned_card"]:
        cards.add(seen["turned_card"])
    for announcement in seen["declared"]:
        cards.update(announcement.get("cards", []))
    return cards


@pytest.mark.parametrize("name", ["coinche", "classique", "schieber"])
def test_a_seat_sees_its_own_hand_and_only_cards_shown(name):
    table = belote.Table(name, seed=11, max_menes=2)
    rng = random.Random(5)
    while not table.over:
        seen = {seat: table.observation(seat) for seat in "NESW"}
        for seat, o in seen.items():
            assert o["seat"] == seat
            assert set(o["hand"]) <= set(o["dealt"])
            for other in "NESW":
                if other != seat:
                    # Another seat's cards appear only once shown (played, declared, or turned up).
                    hidden = set(seen[other]["hand"]) - public_cards(o)
                    assert not hidden & (set(o["dealt"]) | public_cards(o))
                    assert not hidden & set(o["words"])
        table.step(rng.choice(table.legal_actions()))


def test_cards_hidden_from_a_seat_do_not_change_what_it_sees():
    # A mène's auction replayed twice from its record, the second time with
    # E's and W's hands swapped: N and S see the same at the end of the auction.
    table = belote.Table("coinche", seed=21, max_menes=1)
    play_game(table, random.Random(6))
    record = json.loads(table.record())
    mene = record["mene"][-1]
    assert "hands" in mene
    truncated = dict(record, mene=record["mene"][:-1] + [{"auction": mene["auction"], "hands": mene["hands"]}])
    swapped_hands = dict(mene["hands"], E=mene["hands"]["W"], W=mene["hands"]["E"])
    swapped = dict(record, mene=record["mene"][:-1] + [{"auction": mene["auction"], "hands": swapped_hands}])
    a = belote.Table.replay("coinche", truncated)
    b = belote.Table.replay("coinche", swapped)
    assert a.phase == b.phase == "play"
    for seat in "NS":
        assert a.observation(seat) == b.observation(seat)
        assert np.array_equal(a.observation_tensor(seat), b.observation_tensor(seat))
    assert a.observation("E") != b.observation("E")
    # N's cards, played the same at both tables, keep N's view the same.
    while a.to_act in "NS" or (a.to_act and a.legal_actions() == b.legal_actions()):
        action = a.legal_actions()[0]
        if a.to_act in "EW" and action not in b.legal_actions():
            break
        a.step(action)
        b.step(action)
        for seat in "NS":
            assert np.array_equal(a.observation_tensor(seat), b.observation_tensor(seat))
        if a.observation("N")["trick"] > 1:
            break


@pytest.mark.parametrize("name", ["coinche", "classique", "klaverjas", "schieber"])
def test_a_record_replays_to_the_same_game(name):
    table = belote.Table(name, seed=7, max_menes=4)
    play_game(table, random.Random(8))
    for text in (table.record(), table.record("toml"), json.loads(table.record(pretty=True))):
        again = belote.Table.replay(name, text)
        assert again.totals == table.totals and again.tally == table.tally
        assert again.history == table.history
    with pytest.raises(ValueError, match="^record:1:23: mène 1: missing key 'auction.dealer'"):
        belote.Table.replay(name, '{"mene": [{"auction": {"calls": ["N:hello"]}}]}')
    with pytest.raises(ValueError):
        table.record("yaml")


def test_a_record_is_replayed_under_the_ruleset_it_names(tmp_path, monkeypatch):
    table = belote.Table("coinche", seed=3, max_menes=2)
    play_game(table, random.Random(4))
    text, toml = table.record(), table.record("toml")
    for given, place_given in ((text, "record:1:12: "), (toml, "record:1:11: "), (json.loads(text), "record: ")):
        with pytest.raises(ValueError, match="^" + re.escape(
                f"{place_given}'ruleset' is 'coinche', but the record is replayed under 'contree': replay it under "
                "'coinche', or, to replay it under another ruleset (as `belote advise --ruleset` does), change its "
                "'ruleset' first")):
            belote.Table.replay("contree", given)
    # Named otherwise, on purpose: replayed under contree, whose record it then is.
    again = belote.Table.replay("contree", dict(json.loads(text), ruleset="contree"))
    assert again.ruleset.name == "contree" and json.loads(again.record())["ruleset"] == "contree"
    # A file's name where its text is meant.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text(text)
    for name in ("game.json", "game.toml\n", " saved/game.toml "):
        with pytest.raises(ValueError, match="^" + re.escape(
                f"record: '{name.strip()}' is a file's name: replay() takes the record's text (JSON or TOML) or a dict, "
                "as record() gives them; read the file first (open(name).read())")):
            belote.Table.replay("coinche", name)
    assert belote.Table.replay("coinche", open("game.json").read()).totals == table.totals


def bad_toml_records():
    """A coinche game's TOML record, spoiled three ways: a card that is none in
    the first trick, a decimal seed, a card of a hand dealt that is none."""
    table = belote.Table("coinche", seed=2, max_menes=2)
    play_game(table, random.Random(1))
    text = table.record("toml")
    trick = text.index("cards = [", text.index("[[mene.play]]"))
    last_card = text.rindex("'", trick, text.index("]", trick) - 1)  # the closing quote of trick 1's last card
    card = text[text.rindex("'", trick, last_card) + 1:last_card]
    north = text.index("N = '", text.index("[mene.hands]")) + len("N = '")
    return {
        "card": text[:last_card - len(card)] + "ZZ" + text[last_card:],
        "seed": text.replace("seed = 2\n", "seed = 2.5\n", 1),
        "hand": text[:north] + "XS " + text[north:],
    }


def place(text, token):
    """The line and column of the first `token` in `text`, 1-based."""
    at = text.index(token)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def test_a_toml_record_refused_is_placed_at_the_value_in_the_toml(tmp_path):
    records = bad_toml_records()
    for what, token, message in [("card", "'ZZ'", "mène 1: 'play[0].cards[3]': card 'ZZ' is no action of ruleset 'coinche'"),
                                 ("seed", "2.5", "'table.seed' must be a whole number from 0 to 2^64 - 1, not 2.5"),
                                 ("hand", "XS", "mène 1: 'hands.N': 'XS' is no card of ruleset 'coinche'")]:
        line, column = place(records[what], token)
        with pytest.raises(ValueError, match="^" + re.escape(f"record:{line}:{column}: {message}")):
            belote.Table.replay("coinche", records[what])
        # The program reads the same record as a score sheet, and places the card and the seed alike.
        if what != "hand":
            path = tmp_path / f"{what}.toml"
            path.write_text(records[what])
            status, _, stderr = run_cli("sheet", "show", path, check=False)
            assert status == 1 and cli_errors(stderr)[0].startswith(f"{path}:{line}:{column}: "), stderr


def test_a_record_is_replayed_only_as_the_sheet_scores_it(tmp_path):
    # With spoken = false (the default) every announcement held counts, as `belote sheet show`
    # scores it; the table replays what was said, so it refuses such a mène rather than score it otherwise.
    path = tmp_path / "game.toml"
    run_cli("play", "--ruleset", "classique", "--seed", "5", "--seat", "none", "--players", "heuristic",
            "--menes", "2", "--record", path)
    spoken = path.read_text()
    assert belote.Table.replay("classique", spoken).totals == {"NS": 251, "EW": 193}
    said_removed = re.sub(r"\n *\[mene\.said\]\n( +[NESW] = .*\n)+", "\n", spoken)
    unspoken = said_removed.replace("spoken = true", "spoken = false")
    path.write_text(unspoken)
    _, shown, _ = run_cli("sheet", "show", path)
    assert "NS 251, EW 193" in shown
    line, column = place(unspoken, "false")
    with pytest.raises(ValueError, match="^" + re.escape(
            f"record:{line}:{column}: mène 1: spoken = false cannot be replayed: every announcement and belote held counts, "
            "but the table replays only what was said (spoken = true); belote.sheet() scores this record "
            "(as `belote sheet show` does)")):
        belote.Table.replay("classique", unspoken)
    status, _, stderr = run_cli("advise", "--mene", "1", "--action", "5", path, check=False)
    assert status == 1 and cli_errors(stderr)[0].startswith(f"{path}:{line}:{column}: mène 1: spoken = false cannot"), stderr
    # 'said' with spoken = false: the sheet and the table refuse it alike, at the same place.
    said_kept = spoken.replace("spoken = true", "spoken = false")
    path.write_text(said_kept)
    status, _, stderr = run_cli("sheet", "show", path, check=False)
    sheet_error = cli_errors(stderr)[0]
    assert status == 1 and "'said' needs spoken = true" in sheet_error, stderr
    with pytest.raises(ValueError, match="^" + re.escape("record" + sheet_error[len(str(path)):])):
        belote.Table.replay("classique", said_kept)


BOT_LOGGING_ROEM = """
import json, random, sys
rng = random.Random()
with open(sys.argv[1], "w") as log:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            rng.seed(f"{message['seed']}-{message['seat']}")
        elif message["type"] == "act":
            seen = message["observation"]
            log.write(json.dumps([seen["mene"], len(seen["cards"]), seen["roem"]]) + "\\n")
            print(json.dumps({"action": rng.choice(message["legal"])["action"]}), flush=True)
"""


def test_the_observation_holds_the_roem_the_bot_protocol_gives(tmp_path):
    # The same klaverjas game seen by E through the bot protocol and through Table.observation().
    bot, log, record = tmp_path / "bot.py", tmp_path / "seen.jsonl", tmp_path / "game.json"
    bot.write_text(BOT_LOGGING_ROEM)
    run_cli("play", "--ruleset", "klaverjas", "--seed", "3", "--seat", "none", "--menes", "3",
            "--bot", f"E=/usr/bin/python3 {bot} {log}", "--record", record)
    by_bot = [json.loads(line) for line in log.read_text().splitlines()]
    assert any(roem["NS"] or roem["EW"] for _, _, roem in by_bot), "the game holds no roem"
    actions = [a for mene in belote.Table.replay("klaverjas", record.read_text()).history for a in mene["actions"]]
    table = belote.Table("klaverjas", seed=3, max_menes=3)
    by_table = []
    for action in actions:
        if table.to_act == "E":
            seen = table.observation()
            by_table.append([seen["mene"], len(seen["cards"]), seen["roem"]])
            assert all(table.observation(seat)["roem"] == seen["roem"] for seat in "NESW")
        table.step(action)
    assert by_table == by_bot
    assert belote.Table("coinche", seed=1).observation("N")["roem"] == {"NS": 0, "EW": 0}


def test_a_sequence_declared_is_known_by_its_name_until_its_team_shows_it_at_trick_2():
    # Coinche, seed 160: W declares a tierce, then S a cinquante, which wins the contest.
    table = belote.Table("coinche", seed=160)
    for action in ["80 H", "pass", "pass", "pass", "declare 1", "10S", "declare 1", "7S"]:
        table.step(action)
    tierce = {"seat": "W", "kind": "sequence", "announcement": "tierce", "points": 20}
    cinquante = {"seat": "S", "kind": "sequence", "announcement": "cinquante", "points": 50}
    assert table.observation("N")["declared"] == [tierce, cinquante]
    assert table.observation("W")["declared"] == [dict(tierce, cards=["9C", "10C", "JC"]), cinquante]
    offsets = {block: (offset, size) for block, offset, size in table.observation_layout()}
    start, size = offsets["declared_unshown"]
    # Counted from N: W plays next (1), S is its partner (2).
    assert table.observation_tensor("N")[start:start + size].tolist() == pytest.approx([0, 0.2, 0.5, 0])
    for _ in range(2):
        table.step(table.legal_actions()[0])
    assert table.observation("N")["trick"] == 2
    for seat in "NES":
        assert table.observation(seat)["declared"] == [tierce, dict(cinquante, cards=["7D", "8D", "9D", "10D"])]
    assert table.observation_tensor("N")[start:start + size].tolist() == pytest.approx([0, 0.2, 0, 0])
    assert table.view()["observation"]["declared"][1] == {"seat": "S", "announcement": "cinquante", "points": 50,
                                                          "cards": ["7D", "8D", "9D", "10D"]}


@pytest.mark.parametrize("name", ["coinche", "classique", "klaverjas", "schieber"])
def test_the_tensor_has_the_documented_layout(name):
    table = belote.Table(name, seed=4)
    ruleset = table.ruleset
    cards = 36 if name == "schieber" else 32
    layout = table.observation_layout()
    sizes = dict((block, size) for block, _, size in layout)
    calls = table.action_count - (2 * cards + 10)
    assert sizes["hand"] == cards and sizes["played"] == 4 * cards and sizes["last_call"] == 4 * calls
    assert sizes["kind"] == len(ruleset.kinds) or name == "klaverjas" or sizes["kind"] > 0
    assert table.observation_size == sum(sizes.values()) == 15 * cards + 4 * calls + sizes["kind"] + sizes["bid"] + 39
    assert [offset for _, offset, _ in layout] == list(np.cumsum([0] + [size for _, _, size in layout])[:-1])
    offsets = {block: (offset, size) for block, offset, size in layout}
    rng = random.Random(2)
    for _ in range(80):
        if table.over:
            break
        for seat in "NESW":
            tensor = table.observation_tensor(seat)
            assert tensor.dtype == np.float32 and tensor.shape == (table.observation_size,)
            start, size = offsets["hand"]
            hand = tensor[start:start + size]
            assert set(np.unique(hand)) <= {0.0, 1.0}
            assert sorted(np.flatnonzero(hand).tolist()) == sorted(table.parse_action(c) for c in table.observation(seat)["hand"])
            start, size = offsets["phase"]
            assert tensor[start:start + size].tolist() == [float(table.phase == p) for p in ("auction", "play", "over")]
            start, _ = offsets["to_act"]
            assert tensor[start] == float(table.to_act == seat)
        table.step(rng.choice(table.legal_actions()))
    assert ruleset.name == name


def test_players_choose_legal_actions():
    table = belote.Table("coinche", seed=3)
    players = {seat: belote.Player("random", seed=i) for i, seat in enumerate("NESW")}
    assert players["N"].name == "random"
    while not table.over:
        action = players[table.to_act].choose(table)
        assert action in table.legal_actions()
        table.step(action)
    with pytest.raises(belote.IllegalAction, match="over"):
        players["N"].choose(table)
    with pytest.raises(ValueError, match="unknown player"):
        belote.Player("nobody")


def test_a_sampled_player_chooses_the_same_on_any_number_of_threads():
    table = belote.Table("klaverjas", seed=2)
    one, three = belote.Player("sampled:4", seed=1, threads=1), belote.Player("sampled:4", seed=1, threads=3)
    while not table.over:
        action = one.choose(table)
        assert three.choose(table) == action
        table.step(action)
    with pytest.raises(ValueError, match="threads is a whole number from 1 to 1024"):
        belote.Player("sampled", threads=0)


def test_random_menes_in_cpp():
    run = belote.play_random_menes("coinche", 500, seed=1)
    assert run["menes"] == 500 and run["score"].shape == (500, 2) and run["score"].dtype == np.int32
    assert run["totals"] == {"NS": int(run["score"][:, 0].sum()), "EW": int(run["score"][:, 1].sum())}
    assert run["games"] == sum(run["wins"].values()) and run["games"] >= 1
    assert run["actions"] > 500 * 32
    again = belote.play_random_menes(belote.load("coinche"), 500, seed=1)
    assert np.array_equal(again["score"], run["score"])
    assert belote.play_random_menes("schieber", 0)["menes"] == 0


def test_the_arguments_are_checked():
    with pytest.raises(ValueError, match="first_dealer"):
        belote.Table("coinche", first_dealer="X")
    with pytest.raises(ValueError, match="teams"):
        belote.Table("coinche", teams={"XY": "us"})
    table = belote.Table("coinche", teams=("Us", "Them"), target=500, first_dealer="E")
    assert table.target == 500 and table.observation()["dealer"] == "E"
    assert json.loads(table.record())["table"]["first_dealer"] == "E"
    assert repr(table).startswith("<belote.Table coinche: mène 1, auction,")


def test_the_stubs_and_docstrings_cover_the_table():
    from conftest import SOURCE_DIR
    stubs = (SOURCE_DIR / "python" / "belote" / "_belote.pyi").read_text()
    for cls in (belote.Table, belote.Player):
        assert cls.__doc__.strip()
        for name in dir(cls):
            if name.startswith("_"):
                continue
            assert f"def {name}(" in stubs, f"{cls.__name__}.{name} is not in the stubs"
            assert (getattr(cls, name).__doc__ or "").strip(), f"{cls.__name__}.{name} has no docstring"
    assert "def play_random_menes(" in stubs and belote.play_random_menes.__doc__.strip()


def test_advice_gives_the_programs_figures_for_the_same_position(tmp_path):
    table = belote.Table("coinche", seed=3)
    thumb = belote.Player("heuristic", seed=1)
    snapshots, first_card = [], None
    while table.tally["dealt"] == 1 and not table.over:
        if table.phase == "play" and first_card is None:
            first_card = len(snapshots)
        snapshots.append(table.copy())
        table.apply(thumb.choose(table))
    assert first_card is not None, "the first mène of seed 3 is played"
    record = tmp_path / "game.json"
    record.write_text(table.record())
    for action in (0, first_card + 5):
        advice = snapshots[action].advise(worlds=6, seed=2)
        assert advice == snapshots[action].advise(worlds=6, seed=2, threads=2)
        assert [a["action"] for a in advice["actions"]] == snapshots[action].legal_actions()
        assert advice["best"] in snapshots[action].legal_actions()
        assert advice["best_text"] == snapshots[action].action_text(advice["best"])
        program = json.loads(run_cli("advise", "--mene", 1, "--action", action, "--worlds", 6, "--seed", 2, "--threads", 1,
                                     "--format", "json", "--ascii", record)[1])
        assert (advice["seat"], advice["phase"], advice["measure"]) == (program["seat"], program["phase"], program["measure"])
        assert (advice["worlds"], advice["stopped"]) == (6, False) == (program["worlds"], program["stopped"])
        assert [(a["expected"], a["spread"], a["make_chance"]) for a in advice["actions"]] == \
            [(a["expected"], a.get("spread"), a.get("make_chance")) for a in program["actions"]]
        assert [a["action"] for a in program["actions"]][[a["action"] for a in advice["actions"]].index(advice["best"])] == program["best"]
    assert snapshots[0].advise(worlds=2)["phase"] == "auction"
    assert snapshots[first_card + 5].advise(worlds=2)["measure"] == "points"
    with pytest.raises(ValueError, match="worlds is a whole number from 1 to 4096, not 0"):
        table.advise(worlds=0)
    with pytest.raises(belote.IllegalAction, match="over"):
        _finished_table().advise()


def _finished_table():
    table = belote.Table("coinche", seed=4, max_menes=1)
    rng = random.Random(4)
    while not table.over:
        table.apply(rng.choice(table.legal_actions()))
    return table


# --- Two teams of one name ---------------------------------------------------

@pytest.mark.parametrize("teams, name", [
    (("Us", "Us"), "Us"),
    ({"NS": "EW"}, "EW"),
    ({"EW": "NS"}, "NS"),
    ({"NS": "Nous", "EW": "Nous"}, "Nous"),
])
def test_two_teams_of_one_name_are_refused_as_a_sheet_refuses_them(tmp_path, teams, name):
    with pytest.raises(ValueError, match="^" + re.escape(f"'teams': both teams are called '{name}'") + "$"):
        belote.Table("coinche", seed=2, teams=teams)


def test_a_record_of_two_teams_of_one_name_does_not_replay(tmp_path):
    game = belote.Table("coinche", seed=2, max_menes=1, teams=("Us", "Eux"))
    player = belote.Player("random", seed=3)
    while not game.over:
        game.apply(player.choose(game))
    toml = game.record("toml").replace("Eux", "Us")
    path = tmp_path / "usus.toml"
    path.write_text(toml)
    _, _, stderr = run_cli("sheet", "show", path, check=False)
    expected = cli_errors(stderr)[0].replace(str(path), "record")
    assert expected.endswith("'teams': both teams are called 'Us'")
    with pytest.raises(ValueError) as refused:
        belote.Table.replay("coinche", toml)
    assert str(refused.value) == expected
    record = json.loads(game.record())
    record["teams"]["EW"] = "Us"
    line, column = place(json.dumps(record), '"teams"')
    with pytest.raises(ValueError, match="^" + re.escape(f"record:{line}:{column}: 'teams': both teams are called 'Us'") + "$"):
        belote.Table.replay("coinche", json.dumps(record))
    with pytest.raises(ValueError, match="^" + re.escape("record: 'teams': both teams are called 'Us'") + "$"):
        belote.Table.replay("coinche", record)


# --- The bot protocol's view, and advice from it -----------------------------

def test_the_view_is_the_act_message_the_bot_protocol_sends(tmp_path):
    # A bot that writes every act message it is sent, then plays the first legal action.
    bot, log, record = tmp_path / "bot.py", tmp_path / "acts.jsonl", tmp_path / "game.json"
    bot.write_text(
        "import json, sys\n"
        "out = open(sys.argv[1], 'w')\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'act':\n"
        "        out.write(line)\n"
        "        out.flush()\n"
        "        print(json.dumps({'action': message['legal'][0]['action']}), flush=True)\n")
    run_cli("play", "--ruleset", "coinche", "--seed", "4", "--seat", "none", "--menes", "2",
            "--bot", f"N=/usr/bin/python3 {bot} {log}", "--record", record)
    acts = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(acts) > 8
    # The same game at a table: the view where N is to act is each message N was sent.
    actions = [a for mene in belote.Table.replay("coinche", record.read_text()).history for a in mene["actions"]]
    table = belote.Table("coinche", seed=4, max_menes=2)
    seen = []
    for action in actions:
        if table.to_act == "N":
            seen.append(table.view())
        table.apply(action)
    assert seen == acts


def test_the_view_differs_from_the_observation_as_documented():
    table = belote.Table("coinche", seed=1)
    for action in ["80 H", "pass", "pass", "pass", "AD"]:
        table.apply(action)
    view, seen = table.view(), table.observation()
    assert view["type"] == "act" and view["seat"] == seen["seat"] == "S"
    assert view["legal"] == [{"action": a, "text": table.action_text(a)} for a in table.legal_actions()]
    bot = view["observation"]
    assert bot["trick"] == [{"seat": s, "card": c} for s, c in seen["current"]] and seen["trick"] == 1
    assert bot["cards"] == [{"seat": s, "card": c} for s, c in seen["cards"]]
    assert bot["calls"] == [{"seat": s, "call": c} for s, c in seen["calls"]]
    assert bot["said_with_word"] == seen["words"] and bot["tricks"] == seen["tricks_won"]
    assert bot["contract"]["first_lead"] == seen["contract"]["first"]
    same = set(seen) - {"calls", "contract", "cards", "trick", "current", "words", "declared", "tricks_won"}
    assert {key: bot[key] for key in same} == {key: seen[key] for key in same}
    assert set(bot) == same | {"calls", "contract", "cards", "trick", "said_with_word", "declared", "tricks"}


@pytest.mark.parametrize("bid", ["capot", "generale"])
def test_a_named_bid_is_given_by_its_name_as_in_the_view(bid):
    table = belote.Table("coinche", seed=1)
    table.apply(f"{bid} H")
    while table.phase == "auction":
        table.apply("pass")
    contract = table.observation()["contract"]
    assert contract["bid"] == bid == table.view()["observation"]["contract"]["bid"]
    assert f"bid {bid}, kind H" in contract["text"]


def test_the_kind_block_counts_the_kinds_a_call_may_name():
    # As docs/python.md says: coinche's calls name S H D C NT AT, its contracts are of 3 kinds.
    sizes = {name: size for name, _, size in belote.Table("coinche").observation_layout()}
    assert sizes["kind"] == 6 and len(belote.load("coinche").kinds) == 3


def test_text_that_names_no_action_is_quoted_on_one_line():
    table = belote.Table("coinche", seed=1)
    with pytest.raises(belote.IllegalAction) as refused:
        table.step("pass\x00\n")
    assert str(refused.value) == "'pass\\x00\\x0a' is no action of ruleset 'coinche' here"


def test_a_player_is_handed_a_table():
    with pytest.raises(TypeError) as refused:
        belote.Player("random").choose(None)
    assert str(refused.value) == "'table' is a belote.Table, not NoneType None"


def test_a_copy_of_a_subclass_is_a_table_as_documented():
    class Mine(belote.Table):
        pass

    mine = Mine("coinche", seed=1)
    for twin in (mine.copy(), copy.copy(mine), copy.deepcopy(mine)):
        assert type(twin) is belote.Table and twin.observation() == mine.observation()


def test_the_view_is_the_seat_to_act_s():
    table = belote.Table("coinche", seed=1)
    assert table.view("W") == table.view()
    with pytest.raises(ValueError, match=re.escape("'seat': N is not to act (W is)")):
        table.view("N")
    game = belote.Table("coinche", seed=2, max_menes=1)
    player = belote.Player("random", seed=3)
    while not game.over:
        game.apply(player.choose(game))
    with pytest.raises(ValueError, match="the game is over"):
        game.view()


@pytest.mark.parametrize("ruleset, seed, actions", [
    ("coinche", 1, []),
    ("coinche", 1, ["80 H", "pass", "pass", "pass", "AD"]),
    ("klaverjas", 3, None),
    ("classique", 5, None),
])
def test_advice_from_the_view_is_the_table_s_advice(ruleset, seed, actions):
    table = belote.Table(ruleset, seed=seed)
    if actions is None:
        player = belote.Player("heuristic", seed=1)
        while table.phase == "auction":
            table.apply(player.choose(table))
        for _ in range(5):
            table.apply(player.choose(table))
    else:
        for action in actions:
            table.apply(action)
    view = table.view()
    expected = table.advise(worlds=6, seed=7)
    assert belote.advise(ruleset, view, worlds=6, seed=7) == expected
    assert belote.advise(ruleset, json.dumps(view), worlds=6, seed=7) == expected
    assert belote.advise(ruleset, view["observation"], worlds=6, seed=7, threads=2) == expected


def test_advice_from_the_view_is_what_belote_advise_gives(tmp_path):
    table = belote.Table("coinche", seed=1)
    for action in ["80 H", "pass", "pass", "pass", "AD"]:
        table.apply(action)
    path = tmp_path / "act.json"
    path.write_text(json.dumps(table.view()))
    shown = json.loads(run_cli("advise", "--ruleset", "coinche", "--worlds", "8", "--seed", "3", "--format", "json", path)[1])
    advice = belote.advise("coinche", table.view(), worlds=8, seed=3)
    assert advice["worlds"] == shown["worlds"] and advice["best_text"] == shown["best"]
    assert [(a["text"], a["expected"]) for a in advice["actions"]] == [(a["action"], a["expected"]) for a in shown["actions"]]


def test_a_view_that_does_not_read_is_a_play_error():
    table = belote.Table("coinche", seed=1)
    view = table.view()
    view["observation"]["hand"] = view["observation"]["hand"][1:]
    with pytest.raises(belote.PlayError, match=r"^<view>:"):
        belote.advise("coinche", view)
    with pytest.raises(belote.PlayError, match=r"^<view>:"):
        belote.advise("coinche", "{")
    # The module's own observation is no bot view: the reader names the first key it does not know.
    with pytest.raises(belote.PlayError, match="unknown key"):
        belote.advise("coinche", json.dumps(table.observation()))


def test_a_view_s_number_out_of_range_is_a_play_error_that_says_why():
    view = belote.Table("coinche", seed=1).view()
    view["observation"]["totals"]["NS"] = float("nan")
    with pytest.raises(belote.PlayError, match=re.escape(
            "<view>: 'observation.totals.NS' must be a finite number, not NaN or an infinity")):
        belote.advise("coinche", view)
    # A whole number too large for 64 bits is read as a decimal one by JSON: it is shown as given.
    for total, shown in [(10**30, str(10**30)), (-(10**30), str(-(10**30))), (10**50, "a whole number of 51 digits"),
                         (2**63, str(2**63)), (2.5, "a decimal number")]:
        view["observation"]["totals"]["NS"] = total
        with pytest.raises(belote.PlayError, match=r"^<view>:1:\d+: " + re.escape(
                f"'totals.NS' must be a whole number from -1000000000 to 1000000000, not {shown}")):
            belote.advise("coinche", view)
        with pytest.raises(belote.PlayError, match=re.escape(f", not {shown}")):
            belote.advise("coinche", json.dumps(view, indent=1))
