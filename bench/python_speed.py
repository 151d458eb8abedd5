#!/usr/bin/python3
"""Python batches against the program: the same random deals scored by
`belote score --format json --compact FILE` and by the Python module into
NumPy arrays, each timed in the same run.

    PYTHONPATH=build/python bench/python_speed.py --program build/bin/belote [--deals 1000000] [--seed 1]

Prints each side's time and the ratio (Python / program); with --max-ratio R
it exits with status 1 when the ratio is above R. docs/python.md gives the
figures.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import belote


def timed(work):
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", default="belote", help="the belote program (default: belote on PATH)")
    parser.add_argument("--ruleset", default="classique")
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=None, help="threads for both sides (default: every core)")
    parser.add_argument("--max-ratio", type=float, default=None, help="fail when Python takes more than this × the program's time")
    options = parser.parse_args()
    threads = ["--threads", str(options.threads)] if options.threads else []

    rules = belote.load(options.ruleset)
    with tempfile.TemporaryDirectory() as work:
        deals = os.path.join(work, "deals.jsonl")
        with open(deals, "w") as out:
            subprocess.run([options.program, "deal", "--ruleset", options.ruleset, "--random", str(options.deals),
                            "--seed", str(options.seed)], stdout=out, check=True)
        # Both read the file from the page cache: warm it once.
        with open(deals, "rb") as f:
            while f.read(1 << 24):
                pass

        def program():
            with open(os.devnull, "w") as sink:
                subprocess.run([options.program, "score", "--ruleset", options.ruleset, "--format", "json", "--compact",
                                *threads, deals], stdout=sink, check=True)

        program_time, _ = timed(program)
        file_time, scores = timed(lambda: rules.score_file(deals, threads=options.threads))
        random_time, random_scores = timed(lambda: rules.score_random(options.deals, seed=options.seed, threads=options.threads))

    assert len(scores) == options.deals and scores.error_count == 0
    assert (scores.score == random_scores.score).all()
    ratio = file_time / program_time
    rate = options.deals / 1e6
    print(f"{options.deals} random deals (seed {options.seed}), ruleset {options.ruleset}, "
          f"{options.threads or os.cpu_count()} threads")
    print(f"  belote score --format json --compact FILE   {program_time:7.3f} s  {rate / program_time:6.2f} M deals/s")
    print(f"  Ruleset.score_file(FILE) → NumPy arrays     {file_time:7.3f} s  {rate / file_time:6.2f} M deals/s")
    print(f"  Ruleset.score_random(N, seed) → arrays      {random_time:7.3f} s  {rate / random_time:6.2f} M deals/s")
    print(f"  ratio score_file / program: {ratio:.2f}")
    if options.max_ratio is not None and ratio > options.max_ratio:
        print(f"python_speed: ratio {ratio:.2f} above {options.max_ratio}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
