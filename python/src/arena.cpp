// The arena (docs/arena.md): players compared over deals played in duplicate
// (engine players, or players written in Python), its result as a dict, and
// results of ranges of deals merged.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "interruption.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

using PlayerPair = Typed<"Tuple[Any, Any]">;

constexpr const char* kPlayersTaken =
    "a player: an engine player's name (\"random\", \"heuristic\", \"sampled:N\"), a belote.Player, or a player written in "
    "Python, an object with a method choose(table) that returns an action";

/// What a player written in Python is named after in a result, as a bot is after "bot: " (the result
/// reader takes both).
constexpr std::string_view kPythonPlayerPrefix = "python: ";

/// An answer of a Python player that names no action (None, 10000, "XX"): the type of the error the
/// table gave it (TypeError, IllegalAction) and its `rule`, raised again with the arena's words, which
/// name the deal, the play, the mène and the seat, as those of an action the table refuses do.
struct RefusedAnswer {
  std::string message;  ///< the arena's failure ends with it
  py::object type;
  py::object rule;
};

/// The first error a Python player raised in an arena, kept to be raised again once the arena has
/// stopped, and the answers refused, to be raised as the type the table gave them.
struct PythonFailure {
  std::mutex mutex;
  std::optional<py::error_already_set> error;
  std::vector<RefusedAnswer> refused;
};

/// A seat played by a Python object: asked with the GIL held, handed a belote.Table (a copy of the
/// table), answering with an action's number or text as Table.apply() takes it. The object's mutex
/// (one for each object, whatever seats and sides it plays) is locked before the GIL is taken, never
/// while it is held: choose() is entered by one thread at a time even where it releases the GIL.
class PythonActor final : public SeatActor {
 public:
  PythonActor(RulesetHandle rules, py::object player, std::shared_ptr<std::mutex> deciding,
              std::shared_ptr<PythonFailure> failure)
      : rules_(std::move(rules)), player_(std::move(player)), deciding_(std::move(deciding)), failure_(std::move(failure)) {}
  ~PythonActor() override {
    py::gil_scoped_acquire held;
    player_ = py::object();
  }

  Action act(const Table& table, const std::function<bool()>&) override {
    const std::lock_guard one_at_a_time(*deciding_);
    py::gil_scoped_acquire held;
    try {
      const py::object at = table_object(rules_, table);
      return taken_action(table, at, player_.attr("choose")(at));
    } catch (py::error_already_set& error) {
      std::string what = error.what();
      {
        const std::lock_guard first(failure_->mutex);
        if (!failure_->error) failure_->error = std::move(error);
      }
      throw ArenaError("a player written in Python raised " + what);
    } catch (const ArenaError&) {
      throw;
    } catch (const std::exception& error) {
      throw ArenaError(std::string("a player written in Python: ") + error.what());
    }
  }

 private:
  /// The action `answer` names, as Table.apply() reads it; an answer that names none throws an
  /// ArenaError that says what the seat chose (the arena adds the deal, the play and the mène), its
  /// error's type kept to be raised.
  Action taken_action(const Table& table, const py::object& at, const py::object& answer) {
    py::object type, rule = py::none();
    std::string reason;
    try {
      try {
        return chosen_action(at, answer);
      } catch (const py::builtin_exception& error) {
        error.set_error();
        throw py::error_already_set();
      }
    } catch (py::error_already_set& error) {
      // What else an answer's own methods raised is the player's error, raised as it was.
      if (!error.matches(PyExc_ValueError) && !error.matches(PyExc_TypeError)) throw;
      type = error.type();
      rule = py::getattr(error.value(), "rule", py::none());
      reason = py::str(error.value()).cast<std::string>();
    }
    const std::string shown = terminal_safe_line(py::repr(answer).cast<std::string>(), 60);
    const std::string message = fmt::format("seat {} chose {}: {}", name(table.to_act()), shown, reason);
    {
      const std::lock_guard first(failure_->mutex);
      failure_->refused.push_back({message, type, rule});
    }
    throw ArenaError(message);
  }

  RulesetHandle rules_;
  py::object player_;
  std::shared_ptr<std::mutex> deciding_;
  std::shared_ptr<PythonFailure> failure_;
};

/// One side's player as given: by its engine name, a belote.Player (by its name), or a Python object.
struct GivenPlayer {
  std::string name;
  py::object python;  ///< none for an engine player
};

/// belote.Player, set when the module is bound (after the table's classes).
py::object& player_type() {
  static auto* type = new py::object();
  return *type;
}

/// The two players, A's then B's: an engine player by its name or as a belote.Player (its name: the
/// arena seeds each player from the deal, as `belote arena` does), or an object with choose(table).
std::vector<GivenPlayer> given_players(const py::handle& players) {
  if (py::isinstance<py::str>(players) || py::isinstance<py::bytes>(players) || py::isinstance<py::dict>(players) ||
      !py::isinstance<py::sequence>(players))
    throw py::type_error(fmt::format("'players' is a list of two players, A and B: (\"heuristic\", \"random\"), not {}",
                                     shown_value(players)));
  std::vector<GivenPlayer> names;
  for (const py::handle& item : players) {
    const std::string what = fmt::format("players[{}]", names.size());
    if (py::isinstance(item, player_type())) {
      names.push_back({item.attr("name").cast<std::string>(), py::object()});
    } else if (py::isinstance<py::str>(item)) {
      names.push_back({utf8_argument(item, what), py::object()});
    } else if (py::hasattr(item, "choose") && PyCallable_Check(item.attr("choose").ptr())) {
      // Named in the result by its `name`, where it has one that is text, else by its class, after
      // "python: " (as a bot is after "bot: "): never taken for an engine player when merged.
      const py::object named = py::getattr(item, "name", py::none());
      const std::string name = py::isinstance<py::str>(named) ? utf8_argument(named, what + ".name")
                                                              : py::str(py::type::of(item).attr("__name__")).cast<std::string>();
      names.push_back({std::string(kPythonPlayerPrefix) + name, py::reinterpret_borrow<py::object>(item)});
    } else {
      throw py::type_error(fmt::format("'{}' is {}, not {}", what, kPlayersTaken, shown_value(item)));
    }
  }
  if (names.size() != 2) throw py::value_error("players is two players, A and B: (\"heuristic\", \"random\")");
  return names;
}
using ResultsInput = Typed<"Iterable[Dict[str, Any]]">;

AnyDict arena(const RulesetInput& ruleset, const PlayerPair& players, const Whole& deals, const Whole& seed,
              const Whole& first_deal, const Whole& menes, const OptionalWhole& threads) {
  ArenaSettings settings;
  settings.deals = whole_number(deals, "deals", 1, kMaxArenaDeals);
  settings.seed = whole_number(seed, "seed");
  settings.first_deal = whole_number(first_deal, "first_deal", 0, std::numeric_limits<std::uint64_t>::max() - settings.deals);
  settings.menes = int(whole_number(menes, "menes", 1, kMaxArenaMenes));
  const unsigned workers = thread_count(threads);
  const auto given = given_players(players);
  const RulesetHandle handle = ruleset_argument(ruleset);
  const Ruleset& rules = handle->rules();
  if (!rules.auction.given)
    throw py::value_error("ruleset '" + rules.info.name + "' states no auction ([auction]): a table needs one to play");
  const auto failure = std::make_shared<PythonFailure>();
  // One mutex for each Python object: the same object playing both sides is asked one decision at a time.
  std::array<std::shared_ptr<std::mutex>, 2> deciding;
  for (std::size_t i = 0; i < 2; ++i)
    if (given[i].python)
      deciding[i] = i == 1 && given[0].python.is(given[1].python) ? deciding[0] : std::make_shared<std::mutex>();
  for (ArenaSide side : {ArenaSide::a, ArenaSide::b}) {
    const GivenPlayer& player = given[std::size_t(index(side))];
    settings.names[side] = player.name;
    if (player.python) {
      // Each seat of the side is played by the one object.
      settings.players[side] = [handle, python = std::make_shared<py::object>(player.python),
                                mutex = deciding[std::size_t(index(side))], failure](Seat, std::uint64_t) {
        py::gil_scoped_acquire held;
        return std::unique_ptr<SeatActor>(std::make_unique<PythonActor>(handle, *python, mutex, failure));
      };
      continue;
    }
    std::string error;
    auto actor = engine_actor(player.name, error);
    if (!actor) throw py::value_error(error);
    settings.players[side] = std::move(*actor);
  }
  std::string text, failed;
  Interruption interruption;
  {
    py::gil_scoped_release unlocked;
    try {
      text = arena_json(run_arena(rules, settings, workers, {}, {}, [&] { return interruption.requested(); }));
    } catch (const ArenaError& error) {
      failed = error.what();
    }
    // The makers hold Python objects: let go of them with the GIL held.
    py::gil_scoped_acquire held;
    settings.players = {};
  }
  // What a Python player raised is raised again, as it was (its traceback kept).
  if (failure->error) {
    py::error_already_set error = std::move(*failure->error);
    failure->error.reset();
    error.restore();
    throw py::error_already_set();
  }
  interruption.raise_if_requested();
  if (!failed.empty()) {
    for (const RefusedAnswer& answer : failure->refused) {
      if (!failed.ends_with(answer.message)) continue;
      py::object error = answer.type(failed);
      if (!answer.rule.is_none()) error.attr("rule") = answer.rule;
      PyErr_SetObject(answer.type.ptr(), error.ptr());
      throw py::error_already_set();
    }
    throw py::value_error(failed);
  }
  return AnyDict(from_json(text));
}

AnyDict merge(const ResultsInput& results) {
  static py::object* dumps = new py::object(py::module_::import("json").attr("dumps"));
  if (py::isinstance<py::dict>(results) || py::isinstance<py::str>(results))
    throw py::type_error(fmt::format("results is an iterable of arena results (dicts), not one {}: put it in a list",
                                     type_name(results)));
  std::vector<ArenaResult> parts;
  for (const py::handle item : results) {
    // The text is this function's own: a message names the key, not a place in it.
    Diagnostic unread;
    auto part = read_arena_json((*dumps)(item).cast<std::string>(), "result " + std::to_string(parts.size() + 1), unread,
                                false);
    if (!part) throw py::value_error(location_and_message(unread));
    parts.push_back(std::move(*part));
  }
  std::string error;
  // Each part is named "result N" in the messages, as when it is read.
  const auto merged = merge_arena(std::move(parts), {}, error);
  if (!merged) throw py::value_error(error);
  return AnyDict(from_json(arena_json(*merged)));
}

}  // namespace

void bind_arena(py::module_& m) {
  player_type() = m.attr("Player");
  m.def("arena", &arena, py::arg("ruleset"), py::arg("players"), py::arg("deals"), py::kw_only(), py::arg("seed") = 0,
        py::arg("first_deal") = 0, py::arg("menes") = 1, py::arg("threads") = py::none(),
        R"(Two players compared over deals played in duplicate, as `belote arena`:
deals first_deal to first_deal + deals - 1 of `seed`, each played twice (A, the first
of `players`, holds N-S in the first play, B in the second), `menes` mènes a play, on
`threads` threads (default: every core; the result is the same). Returns the result
`belote arena --format json` writes, as a dict. Each player is an engine player's name
("random", "heuristic", "sampled:N"), a belote.Player (taken by its name: the arena
seeds each player from the deal), or a player written in Python: an object with a
method choose(table) returning an action, handed a copy of the whole game as a
belote.Table (every hand in it: nothing stops it reading what its seat cannot see),
asked by one thread at a time, even where choose() releases the GIL; what it raises is
raised. The result names it "python: " and its name (its `name`, else its class). The
GIL is released meanwhile; Ctrl-C stops it.)");
  m.def("merge_arena", &merge, py::arg("results"),
        R"(The results of ranges of one arena (as `arena` returns them, in any order)
merged into the result of the whole range, as `belote arena --merge`: the same as one
run over it. ValueError when they are of other arenas, overlap or leave a gap.)");
}

}  // namespace belote::python
