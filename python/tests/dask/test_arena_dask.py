"""The arena beyond one process: two seed ranges run on a local Dask cluster of
two worker processes, merged, give the single-process result; and the script of
docs/arena.md, run as a reader would, prints what the page says."""

import os
import pathlib
import re
import subprocess
import sys

import pytest

import belote

distributed = pytest.importorskip(
    "distributed", reason="Dask's distributed is not installed (Debian: apt-get install python3-distributed)")


def test_two_ranges_on_a_local_cluster_merge_into_the_single_process_result():
    whole = belote.arena("coinche", ("heuristic", "random"), 60, seed=9, threads=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        futures = client.map(lambda first: belote.arena("coinche", ("heuristic", "random"), 30, seed=9, first_deal=first,
                                                        threads=1), [0, 30])
        parts = client.gather(futures)
        workers = client.run(lambda: __import__("os").getpid())
    assert len(set(workers.values())) == 2
    assert belote.merge_arena(parts) == whole


def test_the_script_of_the_arena_page_runs_and_prints_the_single_process_result(tmp_path):
    page = pathlib.Path(os.environ["BELOTE_SOURCE_DIR"], "docs", "arena.md").read_text(encoding="utf-8")
    scripts = re.findall(r"^```python\n(.*?)^```", page, re.S | re.M)
    assert len(scripts) == 1
    script = tmp_path / "arena_on_dask.py"
    script.write_text(scripts[0], encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    shown = re.search(r"# (-?[0-9.]+), as belote arena prints", scripts[0]).group(1)
    whole = belote.arena("coinche", ("heuristic", "random"), 2000, seed=1)
    assert run.stdout.split() == [shown] == [str(whole["per_game"]["mean"])]
