"""Shared fixtures: the program built beside the module, and the source tree."""

import json
import os
import subprocess
from pathlib import Path

import pytest

SOURCE_DIR = Path(os.environ.get("BELOTE_SOURCE_DIR", Path(__file__).resolve().parents[2]))
PROGRAM = os.environ.get("BELOTE_PROGRAM", "belote")


def run_cli(*args, check=True, stdin=None):
    """Runs `belote ARGS…`; returns (exit status, stdout, stderr)."""
    done = subprocess.run([PROGRAM, *map(str, args)], capture_output=True, text=True, input=stdin)
    if check and done.returncode != 0:
        raise AssertionError(f"belote {' '.join(map(str, args))}: exit {done.returncode}\n{done.stderr}")
    return done.returncode, done.stdout, done.stderr


def cli_json_lines(*args):
    """The JSON lines `belote ARGS…` writes, parsed."""
    return [json.loads(line) for line in run_cli(*args)[1].splitlines()]


def cli_errors(stderr):
    """The 'file:line:col: message' parts of the program's error lines."""
    prefix = "belote: error: "
    return [line[len(prefix):] for line in stderr.splitlines() if line.startswith(prefix)]


@pytest.fixture(scope="session")
def source_dir():
    return SOURCE_DIR


@pytest.fixture(scope="session")
def random_file(tmp_path_factory):
    """3,000 random deals of seed 7, as `belote deal --random` writes them."""
    path = tmp_path_factory.mktemp("deals") / "random.jsonl"
    path.write_text(run_cli("deal", "--random", 3000, "--seed", 7)[1])
    return path


@pytest.fixture(scope="session")
def mixed_file(tmp_path_factory, random_file):
    """Random deals with broken lines among them: valid deals must still be scored."""
    lines = random_file.read_text().splitlines()[:50]
    lines[3] = lines[3].replace('"taker":"', '"taker":"X')
    lines[10] = '{"trump": "H", "taker": "N"'
    lines[20] = ""
    lines[30] = lines[30].replace('"trump":"', '"trump":"Q')
    path = tmp_path_factory.mktemp("deals") / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path
