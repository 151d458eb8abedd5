"""Deals by the thousand into NumPy arrays: the same figures as `belote score` and `belote diff` on the same deals."""

import json

import numpy as np
import pytest

import belote
from conftest import cli_errors, cli_json_lines, run_cli

TEAM = {"NS": 0, "EW": 1, None: -1}


@pytest.fixture(scope="module")
def classique():
    return belote.load("classique")


def expected_arrays(outcomes):
    """What the arrays should hold, from the program's JSON outcomes."""
    return (np.array([[o["score"]["NS"], o["score"]["EW"]] for o in outcomes]),
            np.array([belote.CONTRACT_RESULTS.index(o["contract"]) if not o["void"] else 0 for o in outcomes]),
            np.array([TEAM[o["winner"]] for o in outcomes]),
            np.array([o["suspended"] for o in outcomes]))


@pytest.mark.parametrize("ruleset", ["classique", "traditionnelle", "coinche", "bulgare", "schieber"])
def test_a_file_scores_as_score_compact(ruleset, tmp_path):
    path = tmp_path / "deals.jsonl"
    path.write_text(run_cli("deal", "--ruleset", ruleset, "--random", 2000, "--seed", 3)[1])
    scores = belote.load(ruleset).score_file(path)
    score, contract, winner, suspended = expected_arrays(
        cli_json_lines("score", "--ruleset", ruleset, "--format", "json", "--compact", path))
    assert len(scores) == 2000 and scores.error_count == 0
    assert np.array_equal(scores.score, score)
    assert np.array_equal(scores.contract, contract)
    assert np.array_equal(scores.winner, winner)
    assert np.array_equal(scores.suspended, suspended)
    assert np.array_equal(scores.line, np.arange(1, 2001))
    assert scores.score.dtype == np.int32 and scores.contract.dtype == np.int8


def test_random_deals_score_as_the_file_of_the_same_seed(classique, random_file):
    from_file = classique.score_file(random_file)
    random = classique.score_random(3000, seed=7)
    assert np.array_equal(random.score, from_file.score)
    assert np.array_equal(random.contract, from_file.contract)
    assert np.array_equal(random.winner, from_file.winner)
    assert np.array_equal(random.line, np.arange(3000))
    part = classique.score_random(100, seed=7, start=1000)
    assert np.array_equal(part.score, random.score[1000:1100])


def test_an_iterable_of_dicts_or_lines_scores_as_the_file(classique, random_file):
    lines = random_file.read_text().splitlines()
    from_file = classique.score_file(random_file)
    from_lines = classique.score_many(iter(lines))
    from_dicts = classique.score_many(json.loads(line) for line in lines)
    for scores in (from_lines, from_dicts):
        assert np.array_equal(scores.score, from_file.score)
        assert np.array_equal(scores.winner, from_file.winner)


def test_the_result_is_the_same_on_any_number_of_threads(classique, random_file):
    one = classique.score_file(random_file, threads=1)
    many = classique.score_file(random_file, threads=7)
    assert np.array_equal(one.score, many.score) and np.array_equal(one.line, many.line)
    with pytest.raises(ValueError):
        classique.score_file(random_file, threads=0)


def test_invalid_lines_are_reported_and_valid_deals_still_scored(classique, mixed_file):
    status, stdout, stderr = run_cli("score", "--format", "json", "--compact", mixed_file, check=False)
    assert status != 0
    scores = classique.score_file(mixed_file)
    expected = [json.loads(line) for line in stdout.splitlines()]
    assert len(scores) == len(expected) == 46
    assert np.array_equal(scores.score, expected_arrays(expected)[0])
    assert [str(e) for e in scores.errors] == cli_errors(stderr)
    assert scores.error_count == len(scores.errors)
    assert 4 not in scores.line and 21 not in scores.line


def test_a_dict_that_is_no_json_is_its_deals_error_and_the_batch_goes_on(classique):
    good = classique.random_deals(3, seed=4)
    hands = good[1]["hands"]
    bad_card = dict(good[1], hands=dict(hands, N=set(["ZZ"] + hands["N"].split()[1:])))
    deals = [good[0], dict(good[1], foo=float("nan")), bad_card, dict(good[1], bar=object()), good[2]]
    scores = classique.score_many(deals)
    assert list(scores.line) == [1, 5]
    messages = [str(e) for e in scores.errors]
    assert messages[0] == "<deals>:2: 'foo' must be a finite number, not NaN or an infinity"
    assert messages[1].startswith("<deals>:3:") and "'hands.N': unknown card 'ZZ'" in messages[1]
    assert messages[2] == "<deals>:4: object is not a value of a deal (text, a number, a list, a dict, a Hand)"
    assert len(messages) == 3
    diffs = belote.diff_many("classique", "traditionnelle", deals)
    assert [e.line for e in diffs.errors] == [2, 3, 4]


def test_numpy_scalars_in_a_deal_are_the_numbers_they_hold(classique):
    deal = classique.random_deals(1, seed=5)[0]
    points = deal["result"]["points"]
    with_numpy = dict(deal, result=dict(deal["result"], points={"NS": np.int64(points["NS"]), "EW": np.int32(points["EW"])}))
    assert classique.score(with_numpy).to_dict() == classique.score(deal).to_dict()
    scores = classique.score_many([with_numpy, deal])
    assert not scores.errors and np.array_equal(scores.score[0], scores.score[1])


def test_results_and_errors_pickle_for_other_processes(classique):
    import pickle
    deals = classique.random_deals(3, seed=6)
    deals[1]["taker"] = "X"
    scores = classique.score_many(deals)
    again = pickle.loads(pickle.dumps(scores))
    assert [str(e) for e in again.errors] == [str(e) for e in scores.errors]
    assert [e.caret for e in again.errors] == [e.caret for e in scores.errors]
    with pytest.raises(belote.DealError) as raised:
        classique.score({"x": 1})
    error = pickle.loads(pickle.dumps(raised.value))
    assert isinstance(error, belote.DealError) and str(error) == str(raised.value)
    assert [str(d) for d in error.diagnostics] == [str(d) for d in raised.value.diagnostics]


def test_check_counts_what_score_rejects(classique, mixed_file):
    checked = classique.check_file(mixed_file)
    assert (checked.deals, checked.valid, checked.ok) == (49, 46, False)
    assert [str(e) for e in checked.errors] == [str(e) for e in classique.score_file(mixed_file).errors]
    assert belote.check_many("classique", ['{"trump": "H"}']).errors[0].file == "<deals>"
    assert classique.check_many([]).ok


def test_errors_kept_are_capped_and_all_counted(classique):
    lines = ['{"trump": "H", "taker": "N"}'] * 30
    checked = classique.check_many(lines, max_errors=5)
    assert len(checked.errors) == 5 and checked.error_count >= 30


def test_a_missing_file_raises_os_error(classique, tmp_path):
    with pytest.raises(FileNotFoundError):
        classique.score_file(tmp_path / "absent.jsonl")


def test_a_toml_file_is_one_deal(classique, source_dir):
    scores = classique.score_file(source_dir / "examples" / "worked-example.toml")
    assert scores.score.tolist() == [[0, 212]]
    assert belote.CONTRACT_RESULTS[scores.contract[0]] == "failed"


def test_diff_of_a_file_counts_as_belote_diff(random_file):
    summary = json.loads(run_cli("diff", "classique", "traditionnelle", random_file, "--summary", "--format", "json")[1]
                         .splitlines()[-1])
    diffs = belote.diff_file("classique", "traditionnelle", random_file)
    assert diffs.tally["deals"] == summary["deals"] == len(diffs)
    assert diffs.tally["differing"] == summary["differing"] == int(diffs.differs.sum())
    assert diffs.tally["by_kind"] == summary["by_kind"]
    assert diffs.tally["by_field"] == summary["by_field"]
    for team in ("NS", "EW"):
        for key in ("mean", "moved", "mean_move", "largest"):
            assert diffs.tally["score_change"][team][key] == pytest.approx(summary["score_change"][team][key])
    classique, traditionnelle = belote.load("classique"), belote.load("traditionnelle")
    assert np.array_equal(diffs.a, classique.score_file(random_file).score)
    assert np.array_equal(diffs.b, traditionnelle.score_file(random_file).score)


def test_diff_of_random_deals_counts_as_belote_diff_random():
    summary = json.loads(run_cli("diff", "classique", "traditionnelle", "--random", 20000, "--seed", 1, "--summary",
                                 "--format", "json")[1].splitlines()[-1])
    diffs = belote.diff_random("classique", "traditionnelle", 20000, seed=1)
    assert diffs.tally["differing"] == summary["differing"]
    assert diffs.tally["by_kind"] == summary["by_kind"]
    assert np.array_equal(diffs.change, diffs.b - diffs.a)
    # Each team's largest change: its size, and the row that holds it (the program names the deal).
    for column, team in enumerate(("NS", "EW")):
        change = diffs.tally["score_change"][team]
        assert change["largest"] == summary["score_change"][team]["largest"]
        assert diffs.change[change["largest_at"], column] == change["largest"]
    assert belote.diff_random("classique", "classique", 10, seed=1).tally["score_change"]["NS"]["largest_at"] is None


def test_a_line_too_long_is_reported_as_the_program_reports_it(classique, tmp_path, random_file):
    path = tmp_path / "long.jsonl"
    path.write_text(random_file.read_text().splitlines()[0] + "\n" + "x" * 70_000 + "\n")
    _, _, stderr = run_cli("score", path, check=False)
    scores = classique.score_file(path)
    assert len(scores) == 1
    assert [str(e) for e in scores.errors] == cli_errors(stderr)
    assert "line too long" in str(scores.errors[0])


def test_a_deal_one_ruleset_rejects_is_reported_as_belote_diff_reports_it(tmp_path):
    deal = belote.load("classique").random_deals(1, seed=3)[0]
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(deal) + "\n")
    _, _, stderr = run_cli("diff", "classique", "schieber", path, check=False)
    diffs = belote.diff_file("classique", "schieber", path)
    assert len(diffs) == 0 and diffs.error_count > 0
    assert [str(e) for e in diffs.errors] == cli_errors(stderr)
    assert "under ruleset" in str(diffs.errors[0])


def test_the_gil_is_released_while_a_batch_runs(classique):
    import threading
    import time
    span = {}

    def batch():
        span["start"] = time.perf_counter()
        classique.score_random(400_000, seed=1, threads=1)
        span["end"] = time.perf_counter()

    worker = threading.Thread(target=batch)
    worker.start()
    ticks = []
    while worker.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    worker.join()
    # Held, the GIL would let the calling thread tick once or twice at most while the batch runs.
    assert sum(span["start"] < t < span["end"] for t in ticks) >= 10, "the calling thread did not run during the batch"
