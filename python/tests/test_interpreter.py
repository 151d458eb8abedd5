"""The package names the interpreter it was built for when it cannot be
imported: an interpreter without numpy (pyenv's python3 before Debian's on
PATH) is told which one to run."""

import os
import subprocess
import sys

import belote


def import_belote(hide):
    """Imports belote in a new interpreter in which the module `hide` cannot be imported."""
    code = f"import sys; sys.modules[{hide!r}] = None; import belote"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_the_interpreter_built_for_is_known():
    assert os.path.isfile(belote._location.PYTHON) and os.access(belote._location.PYTHON, os.X_OK)


def test_without_numpy_the_error_names_both_interpreters():
    done = import_belote("numpy")
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: belote: numpy is needed and cannot be imported (")
    assert f"this is {sys.executable} (Python " in last
    assert f"the package was built for {belote._location.PYTHON}: run it with {belote._location.PYTHON}" in last


def test_a_compiled_part_that_does_not_load_names_both_interpreters():
    done = import_belote("belote._belote")
    assert "ImportError: belote: the compiled part does not load (" in done.stderr
    assert f"built for {belote._location.PYTHON}" in done.stderr
