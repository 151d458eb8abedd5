"""The examples of docs/python.md run, from the top of the source tree, and print what the page shows."""

import doctest
import os
import re

import pytest

from conftest import SOURCE_DIR


def test_the_python_page_examples_print_what_it_shows(monkeypatch):
    page = (SOURCE_DIR / "docs" / "python.md").read_text()
    blocks = re.findall(r"```pycon\n(.*?)```", page, flags=re.S)
    assert blocks, "docs/python.md has no pycon examples"
    monkeypatch.chdir(SOURCE_DIR)
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "docs/python.md", str(SOURCE_DIR / "docs" / "python.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of docs/python.md failed (see above)"


def test_every_public_name_has_a_docstring():
    import belote
    for name in belote.__all__:
        value = getattr(belote, name)
        if callable(value) and not isinstance(value, type(os)):
            assert (value.__doc__ or "").strip(), f"belote.{name} has no docstring"
    for method in ("score", "score_file", "score_many", "score_random", "check_file", "check_many", "hand_stats",
                   "deal_stats", "random_deals", "read_deal", "legal", "trick_winner", "mene", "solve", "solve_many"):
        assert getattr(belote.Ruleset, method).__doc__.strip(), f"Ruleset.{method} has no docstring"
    for method in ("play", "legal", "solve"):
        assert getattr(belote.Mene, method).__doc__.strip(), f"Mene.{method} has no docstring"


@pytest.mark.parametrize("name", ["load", "load_text", "list_rulesets", "diff_rulesets", "diff"])
def test_the_stubs_declare_the_module_functions(name):
    stubs = (SOURCE_DIR / "python" / "belote" / "_belote.pyi").read_text()
    assert f"def {name}(" in stubs
