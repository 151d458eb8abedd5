#!/usr/bin/python3
"""Processor time of one sampled decision: `belote advise` at the first card
of coinche suit contracts (the taker's side leads trick 1), with 32 worlds
and with one.

    bench/advise_time.py --program build/bin/belote [--positions 20] [--worlds 32]

Each position is the first mène of a game the rules of thumb play from seeds
1, 2, … (`belote play --players heuristic`), kept when the contract is in a
suit. Prints the median and 90th percentile of the processor time of each
`belote advise` process (its start and the ruleset's loading included, which
the one-world run shows). docs/arena.md gives the figures.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import tempfile


def processor_time(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", default="belote")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=32)
    args = parser.parse_args()
    times, one_world = [], []
    with tempfile.TemporaryDirectory() as work:
        seed = 0
        while len(times) < args.positions:
            seed += 1
            record = os.path.join(work, f"game-{seed}.json")
            subprocess.run([args.program, "play", "--ruleset", "coinche", "--seed", str(seed), "--seat", "none", "--players",
                            "heuristic", "--menes", "1", "--quiet", "--record", record], check=True, stdout=subprocess.DEVNULL)
            calls = json.load(open(record))["mene"][0]["auction"]["calls"]
            bids = [call.split(":")[1] for call in calls if call.split(":")[1][0].isdigit()]
            if not bids or bids[-1].split()[-1] not in ("S", "H", "D", "C"):
                continue
            advise = [args.program, "advise", "--mene", "1", "--action", str(len(calls)), "--seed", "1", record]
            times.append(processor_time(advise + ["--worlds", str(args.worlds)]))
            one_world.append(processor_time(advise + ["--worlds", "1"]))
    times.sort()
    print(f"{len(times)} positions, {args.worlds} worlds: median {statistics.median(times) * 1000:.1f} ms, "
          f"90th percentile {times[int(0.9 * (len(times) - 1))] * 1000:.1f} ms; "
          f"1 world: median {statistics.median(one_world) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
