// The arena (docs/arena.md): engine players compared over deals played in
// duplicate, its result as a dict, and results of ranges of deals merged.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include "interruption.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

using PlayerPair = Typed<"Tuple[str, str]">;
using ResultsInput = Typed<"Iterable[Dict[str, Any]]">;

AnyDict arena(const RulesetInput& ruleset, const PlayerPair& players, const Whole& deals, const Whole& seed,
              const Whole& first_deal, const Whole& menes, const OptionalWhole& threads) {
  ArenaSettings settings;
  settings.deals = whole_number(deals, "deals", 1, kMaxArenaDeals);
  settings.seed = whole_number(seed, "seed");
  settings.first_deal = whole_number(first_deal, "first_deal", 0, std::numeric_limits<std::uint64_t>::max() - settings.deals);
  settings.menes = int(whole_number(menes, "menes", 1, kMaxArenaMenes));
  const unsigned workers = thread_count(threads);
  const auto names = string_list(players, "players", "two engine players, A and B: (\"heuristic\", \"random\")");
  if (names.size() != 2) throw py::value_error("players is two engine players, A and B: (\"heuristic\", \"random\")");
  const RulesetHandle handle = ruleset_argument(ruleset);
  const Ruleset& rules = handle->rules();
  if (!rules.auction.given)
    throw py::value_error("ruleset '" + rules.info.name + "' states no auction ([auction]): a table needs one to play");
  for (ArenaSide side : {ArenaSide::a, ArenaSide::b}) {
    const std::string& spec = names[std::size_t(index(side))];
    std::string error;
    auto actor = engine_actor(spec, error);
    if (!actor) throw py::value_error(error);
    settings.names[side] = spec;
    settings.players[side] = std::move(*actor);
  }
  std::string text;
  Interruption interruption;
  {
    py::gil_scoped_release unlocked;
    text = arena_json(run_arena(rules, settings, workers, {}, {}, [&] { return interruption.requested(); }));
  }
  interruption.raise_if_requested();
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
  m.def("arena", &arena, py::arg("ruleset"), py::arg("players"), py::arg("deals"), py::kw_only(), py::arg("seed") = 0,
        py::arg("first_deal") = 0, py::arg("menes") = 1, py::arg("threads") = py::none(),
        R"(Two engine players compared over deals played in duplicate, as `belote arena`:
deals first_deal to first_deal + deals - 1 of `seed`, each played twice (A, the first
of `players`, holds N-S in the first play, B in the second), `menes` mènes a play, on
`threads` threads (default: every core; the result is the same). Returns the result
`belote arena --format json` writes, as a dict. The GIL is released meanwhile; Ctrl-C stops it.)");
  m.def("merge_arena", &merge, py::arg("results"),
        R"(The results of ranges of one arena (as `arena` returns them, in any order)
merged into the result of the whole range, as `belote arena --merge`: the same as one
run over it. ValueError when they are of other arenas, overlap or leave a gap.)");
}

}  // namespace belote::python
