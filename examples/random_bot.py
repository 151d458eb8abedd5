#!/usr/bin/env python3
"""A bot for `belote play --bot SEAT="python3 examples/random_bot.py"` (docs/table.md,
"The bot protocol"): it answers each turn with one of the legal actions, at random,
from a generator seeded by the seed its start message gives it (the same game and seat, the same
seed), so a game replays the same."""
import json
import random
import sys

rng = random.Random()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        rng.seed(f"{message['seed']}-{message['seat']}")
    elif message["type"] == "act":
        choice = rng.choice(message["legal"])
        print(json.dumps({"action": choice["action"]}), flush=True)
