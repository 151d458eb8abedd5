#!/usr/bin/python3
"""Processor time of one sampled decision: `belote advise` at the first card
of coinche suit contracts (the taker's side leads trick 1), with 32 worlds
and with one.

    bench/advise_time.py --program build/bin/belote [--positions 20] [--worlds 32] [--cards first|trick-1]

With `--cards trick-1`, each deal gives four positions instead of one: every
seat's card of trick 1 (the first card, then the second, third and fourth,
each seat's last decision there when it declares first), and the figures
are given for all of them and for each place in the trick.

Each position is the first mène of a game the rules of thumb play from seeds
1, 2, … (`belote play --players heuristic`), kept when the contract is in a
suit. Prints the median and 90th percentile of the processor time of each
`belote advise --threads 1` process (its start and the ruleset's loading
included, which the one-world run shows). docs/arena.md gives the figures.
"""

import argparse
import json
import math
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


def advice_position(program, record, action):
    """The seat and trick of `belote advise` at ACTION (one world: cheap)."""
    output = subprocess.run([program, "advise", "--mene", "1", "--action", str(action), "--worlds", "1",
                             "--format", "json", record], check=True, capture_output=True, text=True).stdout
    advice = json.loads(output)
    return advice["seat"], advice["phase"], advice["trick"]


def trick_one_actions(program, record, first_action):
    """Each seat's last decision in trick 1, in the order the seats play."""
    last_by_seat = {}
    action = first_action
    while True:
        seat, phase, trick = advice_position(program, record, action)
        if phase != "play" or trick != 1:
            break
        last_by_seat[seat] = action
        action += 1
    return sorted(last_by_seat.values())


def summary(label, times):
    times = sorted(times)
    return (f"{label}: {len(times)} positions, median {statistics.median(times) * 1000:.1f} ms, "
            f"90th percentile {times[math.ceil(0.9 * len(times)) - 1] * 1000:.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", default="belote")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--cards", choices=("first", "trick-1"), default="first",
                        help="the first card of trick 1 only, or every card of trick 1")
    args = parser.parse_args()
    times, one_world = [], []
    by_place = [[], [], [], []]
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
            actions = [len(calls)] if args.cards == "first" else trick_one_actions(args.program, record, len(calls))
            for place, action in enumerate(actions):
                # One thread: the figure is of one core.
                advise = [args.program, "advise", "--mene", "1", "--action", str(action), "--seed", "1", "--threads", "1", record]
                time = processor_time(advise + ["--worlds", str(args.worlds)])
                times.append(time)
                by_place[place].append(time)
                one_world.append(processor_time(advise + ["--worlds", "1"]))
    print(f"{summary(f'{args.worlds} worlds', times)}; 1 world: median {statistics.median(one_world) * 1000:.1f} ms")
    if args.cards == "trick-1":
        for place, place_times in enumerate(by_place):
            if place_times:
                print(summary(f"  card {place + 1} of trick 1", place_times))


if __name__ == "__main__":
    main()
