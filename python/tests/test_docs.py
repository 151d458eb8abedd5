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
                   "deal_stats", "random_deals", "read_deal", "legal", "trick_winner", "mene", "solve", "solve_many",
                   "solve_table", "auction"):
        assert getattr(belote.Ruleset, method).__doc__.strip(), f"Ruleset.{method} has no docstring"
    for method in ("play", "legal", "solve"):
        assert getattr(belote.Mene, method).__doc__.strip(), f"Mene.{method} has no docstring"
    for member in ("legal", "check", "call", "to_speak", "ended", "dealer", "first", "calls", "contract", "redeal",
                   "to_dict", "json"):
        assert getattr(belote.Auction, member).__doc__.strip(), f"Auction.{member} has no docstring"


@pytest.mark.parametrize("name", ["load", "load_text", "list_rulesets", "diff_rulesets", "diff", "sheet", "advise", "arena"])
def test_the_stubs_declare_the_module_functions(name):
    stubs = (SOURCE_DIR / "python" / "belote" / "_belote.pyi").read_text()
    assert f"def {name}(" in stubs


def public_callables():
    """Every public function and method of the package, with its dotted name."""
    import belote
    for name in belote.__all__:
        value = getattr(belote, name)
        if isinstance(value, type) and not issubclass(value, BaseException):
            # The package's own members, not those of str, frozenset or Enum.
            own = {member for cls in value.__mro__ if cls.__module__.startswith("belote") for member in vars(cls)}
            for member in sorted(own):
                if not member.startswith("_") and callable(getattr(value, member)):
                    yield f"belote.{name}.{member}", getattr(value, member)
        elif callable(value) and not isinstance(value, type):
            yield f"belote.{name}", value


def test_help_shows_parameter_names_and_python_types():
    import pydoc
    import belote
    constructors = [(f"belote.{cls.__name__}.__init__", cls.__init__) for cls in (belote.Table, belote.Player)]
    for name, value in [*public_callables(), *constructors]:
        text = pydoc.render_doc(value, renderer=pydoc.plaintext)
        assert "::" not in text, f"help({name}) shows a C++ type:\n{text}"
        assert not re.search(r"(: object\b|-> object\b|: handle\b|-> (tuple|dict|list)\b|\(\*args, \*\*kwargs\))", text), \
            f"help({name}):\n{text}"
        assert "_score" not in text and "_check" not in text and "_solve" not in text, f"help({name}):\n{text}"


def test_the_classes_python_constructs_have_a_signature():
    import inspect
    import belote
    assert str(inspect.signature(belote.Player)) == "(name: 'str', seed: 'int' = 0, *, threads: 'Optional[int]' = 1) -> None"
    table = inspect.signature(belote.Table)
    assert list(table.parameters) == ["ruleset", "seed", "first_dealer", "target", "max_menes", "teams"]
    assert table.parameters["first_dealer"].default == "N" and table.parameters["target"].default is None
    assert table.bind("coinche", seed=3).arguments == {"ruleset": "coinche", "seed": 3}

    class Keeping(belote.Table):
        pass

    class Own(belote.Table):
        def __init__(self, seed):
            super().__init__("coinche", seed)

    # A subclass that keeps the constructor shows it; one with its own shows its own.
    assert inspect.signature(Keeping) == table and str(inspect.signature(Own)) == "(seed)"


def test_a_class_s_docstring_names_only_methods_it_has():
    import belote
    for cls in (belote.Table, belote.Player, belote.Ruleset, belote.Mene, belote.Auction):
        for method in re.findall(r"\b([a-z_]+)\(\)", cls.__doc__):
            assert hasattr(cls, method) or hasattr(belote, method), f"{cls.__name__}'s docstring names {method}()"


@pytest.mark.parametrize("method", ["score_many", "score_file", "score_random", "check_many", "check_file", "solve_many"])
def test_the_batch_methods_are_documented_under_their_own_names(method):
    import belote
    function = getattr(belote.Ruleset, method)
    assert function.__name__ == method and function.__qualname__ == f"Ruleset.{method}"
    assert (function.__doc__ or "").strip()
    assert f"def {method}(" in (SOURCE_DIR / "python" / "belote" / "_belote.pyi").read_text()


@pytest.mark.parametrize("call, message", [
    (lambda r: r.score_random(-1), "count is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: r.score_random(2**64), "count is a whole number from 0 to 18446744073709551615, not 18446744073709551616"),
    (lambda r: r.score_random(10, seed=-3), "seed is a whole number from 0 to 18446744073709551615, not -3"),
    (lambda r: r.score_random(10, threads=0), "threads is a whole number from 1 to 1024, not 0"),
    (lambda r: r.score_many([], max_errors=-1), "max_errors is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: r.random_deals(-1), "count is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: r.random_deals(2, seed=-1), "seed is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: r.deal_stats(-5), "count is a whole number from 0 to 18446744073709551615, not -5"),
    (lambda r: r.solve(r.random_deals(1)[0], max_nodes=-1), "max_nodes is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: r.solve_table(r.random_deals(1)[0], time_limit=-2),
     "time_limit is a whole number from 0 to 18446744073709551615, not -2"),
    (lambda r: __import__("belote").Table("coinche", seed=-1), "seed is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: __import__("belote").Table("coinche").reset(seed=-1),
     "seed is a whole number from 0 to 18446744073709551615, not -1"),
    (lambda r: __import__("belote").diff_random(r, r, -1), "count is a whole number from 0 to 18446744073709551615, not -1"),
])
def test_a_number_out_of_range_is_a_value_error_in_words(call, message):
    import belote
    with pytest.raises(ValueError) as refused:
        call(belote.load("classique"))
    assert str(refused.value) == message


def test_a_count_that_is_no_number_is_a_type_error_in_words():
    import belote
    with pytest.raises(TypeError, match=r"^count is a whole number, not str '10'$"):
        belote.load("classique").score_random("10")
    with pytest.raises(TypeError, match=r"^count is a whole number, not float 5.0$"):
        belote.load("classique").score_random(5.0)
    with pytest.raises(TypeError, match=r"^seed is a whole number, not float 1.5$"):
        belote.Player("random", seed=1.5)


def test_a_numpy_integer_is_a_count():
    import belote
    import numpy as np
    assert len(belote.load("classique").score_random(np.int64(5), seed=np.uint32(1))) == 5
    assert len(belote.load("classique").random_deals(np.int32(3), seed=np.int64(2))) == 3


@pytest.mark.parametrize("name", ["Auction", "IllegalCall", "Card", "Seat", "Hand"])
def test_the_new_names_are_exported_and_documented(name):
    import belote
    assert name in belote.__all__ and (getattr(belote, name).__doc__ or "").strip()


def test_the_page_shows_the_pip_install_the_test_runs():
    page = (SOURCE_DIR / "docs" / "python.md").read_text()
    script = (SOURCE_DIR / "python" / "tests" / "pip_install_test.sh").read_text()
    assert "/usr/bin/python3 -m venv --system-site-packages venv\nvenv/bin/pip install --no-build-isolation .\n" in page
    assert '-m venv --system-site-packages "$work/venv"' in script
    assert "pip\" install --no-index --no-build-isolation" in script
    assert "PYTHONPATH=build/python /usr/bin/python3 -c" in page
