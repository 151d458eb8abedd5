"""The arena beyond one process: two seed ranges run on a local Dask cluster of
two worker processes, merged, give the single-process result (docs/arena.md)."""

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
