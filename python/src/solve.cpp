// Best play with every hand known: a deal solved at its start as `belote
// solve` solves it, a mène part-way through, and deals solved on every core.
#include <atomic>

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include "belote/solve_deal.h"
#include "interruption.h"
#include "module.h"
#include "typed.h"

namespace belote::python {

namespace {

/// The options of `belote solve`: --line, --max-nodes, --time-limit MS, --memory MIB.
SolveOptions solve_options(bool line, const py::handle& max_nodes, const py::handle& time_limit, const py::handle& memory_given) {
  // MiB: as `belote solve --memory` takes it.
  const std::uint64_t memory = whole_number(memory_given, "memory", 1, 4096);
  SolveOptions options;
  options.line = line;
  options.max_nodes = whole_number(max_nodes, "max_nodes");
  options.max_milliseconds = whole_number(time_limit, "time_limit");
  options.max_table_bytes = std::size_t(memory) << 20;
  return options;
}

/// The line as whole tricks, each {trick, leader, cards}, as `belote solve
/// --format json` writes it.
py::list line_list(const PlayContext& play, const SolvePosition& position, const std::vector<Card>& line) {
  py::list tricks;
  for (const LineTrick& trick : line_tricks(play, position.trick, position.tricks[Team::NS] + position.tricks[Team::EW], line)) {
    py::dict d;
    d["trick"] = trick.number;
    d["leader"] = std::string(name(trick.leader));
    py::list cards;
    for (Card c : trick.cards) cards.append(play.rules().deck.card_name(c));
    d["cards"] = cards;
    tricks.append(d);
  }
  return tricks;
}

/// Solves with the GIL released; a search stopped at its limit raises SolveStopped, one stopped by Ctrl-C KeyboardInterrupt.
py::dict solve_position(const PlayContext& play, const SolvePosition& position, SolveOptions options) {
  Interruption interruption;
  options.stop = [&] { return interruption.requested(); };
  SolveResult r;
  {
    py::gil_scoped_release unlocked;
    r = solve(play, position, options);
  }
  interruption.raise_if_requested();
  if (r.status != SolveStatus::solved) raise_solve_stopped(r);
  py::dict d;
  d["takers"] = std::string(name(position.takers));
  // No seat is to play once every card is played.
  const Seat seat = position.trick.to_play();
  d["seat"] = position.hands[seat] ? py::object(py::str(std::string(name(seat)))) : py::object(py::none());
  d["points"] = r.takers_points;
  d["best_cards"] = card_list(play.rules().deck, r.best_cards);
  if (options.line) d["line"] = line_list(play, position, r.line);
  d["nodes"] = r.nodes;
  return d;
}

/// A start's takers, which solving needs.
Team takers_of(const MeneStart& start) {
  if (!start.takers) raise_play_error("missing 'taker': best play is counted for the taker's side");
  return *start.takers;
}

py::dict solve_many(const RulesetHandle& handle, const py::iterable& items, const OptionalWhole& threads,
                    const Whole& max_nodes, const Whole& time_limit, const Whole& memory) {
  const Ruleset& rules = handle->rules();
  SolveOptions options = solve_options(false, max_nodes, time_limit, memory);
  // The deals are read first, with the GIL; an error names the deal.
  std::vector<MeneStart> deals;
  long number = 0;
  for (const py::handle& item : deals_iterable(items)) {
    ++number;
    if (!py::isinstance<py::dict>(item))
      throw py::type_error(fmt::format("deal {}: a dict of a JSON Lines deal's keys (as random_deals() gives), not {} {}", number,
                                       type_name(item), std::string(py::repr(item)).substr(0, 80)));
    try {
      deals.push_back(mene_start(rules, py::reinterpret_borrow<py::object>(item), {}, {}, {}, {}));
      takers_of(deals.back());
    } catch (py::error_already_set& error) {
      if (!is_play_error(error)) throw;
      raise_play_error(fmt::format("deal {}: {}", number, std::string(py::str(error.value()))));
    }
  }
  const unsigned workers = unsigned(std::min<std::size_t>(thread_count(threads), std::max<std::size_t>(1, deals.size())));
  const py::ssize_t n = py::ssize_t(deals.size());
  py::array_t<std::int32_t> points(n);
  py::array_t<std::int8_t> status(n);
  py::array_t<std::uint64_t> nodes(n);
  std::int32_t* points_at = points.mutable_data();
  std::int8_t* status_at = status.mutable_data();
  std::uint64_t* nodes_at = nodes.mutable_data();
  Interruption interruption;
  // A deal stopped by Ctrl-C part-way is not kept: the call raises.
  options.stop = [&] { return interruption.requested(); };
  {
    py::gil_scoped_release unlocked;
    // A deal takes milliseconds to seconds: each thread takes the next deal,
    // with a solver of its own (a solver is not thread-safe; its table is reused).
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
      Solver solver(options);
      for (std::size_t i = next++; i < deals.size() && !interruption.requested(); i = next++) {
        const MeneStart& deal = deals[i];
        const SolveResult r = solver.solve(deal.play, SolvePosition::start(deal.hands, deal.first, *deal.takers));
        points_at[i] = r.status == SolveStatus::solved ? r.takers_points : -1;
        status_at[i] = std::int8_t(r.status);
        nodes_at[i] = r.nodes;
      }
    };
    WorkerThreads helpers(workers - 1);
    for (unsigned t = 1; t < workers; ++t)
      if (!helpers.start(work)) break;
    work();
    helpers.join();
  }
  interruption.raise_if_requested();
  py::dict d;
  d["points"] = points;
  d["status"] = status;
  d["nodes"] = nodes;
  return d;
}

/// Every kind and trump with each side taking, as `belote solve --table`
/// solves a deal: the rows of its JSON's "table".
DictList solve_every_contract(const RulesetHandle& handle, const HandsInput& hands, const OptionalStr& first,
                              const Whole& max_nodes, const Whole& time_limit, const Whole& memory) {
  const Ruleset& rules = handle->rules();
  const DealStart start = deal_start(rules, hands, first);
  SolveOptions options = solve_options(false, max_nodes, time_limit, memory);
  options.best_cards = false;
  Interruption interruption;
  options.stop = [&] { return interruption.requested(); };
  Deal deal;
  deal.hands = start.hands;
  deal.first = start.first;
  std::variant<std::vector<SolvedTableRow>, std::string> answer;
  SolveResult stopped;
  {
    py::gil_scoped_release unlocked;
    Solver solver(options);
    answer = solve_table(rules, deal, solver, &stopped);
  }
  interruption.raise_if_requested();
  // The message names the contract being solved when the search stopped.
  if (const auto* message = std::get_if<std::string>(&answer)) raise_solve_stopped(stopped, *message);
  return DictList(from_json(solved_table_json(rules, deal, "", std::get<std::vector<SolvedTableRow>>(answer))["table"].dump()));
}

}  // namespace

const char* solve_status_name(SolveStatus status) {
  switch (status) {
    case SolveStatus::solved: return "solved";
    case SolveStatus::node_limit: return "node_limit";
    case SolveStatus::time_limit: return "time_limit";
    case SolveStatus::stopped: return "stopped";  // never raised: a call stopped by Ctrl-C raises KeyboardInterrupt
  }
  return "";
}

void bind_solve(py::module_& m) {
  m.attr("SOLVE_STATUSES") = py::make_tuple(solve_status_name(SolveStatus::solved), solve_status_name(SolveStatus::node_limit),
                                            solve_status_name(SolveStatus::time_limit));

  auto ruleset = py::reinterpret_borrow<py::class_<LoadedHandle, RulesetHandle>>(m.attr("Ruleset"));
  ruleset
      .def(
          "solve",
          [](const RulesetHandle& handle, const HandsInput& hands, const OptionalStr& first, const OptionalStr& taker,
             const OptionalStr& trump, const OptionalStr& kind, bool line, const Whole& max_nodes, const Whole& time_limit, const Whole& memory) -> AnyDict {
            const MeneStart start = mene_start(handle->rules(), hands, first, taker, trump, kind);
            return solve_position(start.play, SolvePosition::start(start.hands, start.first, takers_of(start)),
                                  solve_options(line, max_nodes, time_limit, memory));
          },
          py::arg("hands"), py::kw_only(), py::arg("first") = py::none(), py::arg("taker") = py::none(),
          py::arg("trump") = py::none(), py::arg("kind") = py::none(), py::arg("line") = false, py::arg("max_nodes") = 0,
          py::arg("time_limit") = 0, py::arg("memory") = 64,
          R"(Best play with the four hands known, as `belote solve` solves a deal: the
hands, kind, trump, first and taker as mene() takes them (a JSON Lines deal
gives them all), the taker's side as the takers.

Returns {'takers', 'seat' (to play, None at the end), 'points' (the takers' points with best
play: card points, the last trick, the capot's value), 'best_cards' (the
seat's cards that achieve it), 'line' (with line=True: best play to the end,
as tricks {'trick', 'leader', 'cards'}), 'nodes'}. max_nodes and time_limit
(milliseconds) bound the search (0: none), memory its tables of positions
(MiB, 64 by default; each thread's, in solve_many); a search
stopped at a limit raises SolveStopped. The GIL is released meanwhile.)")
      .def("solve_table", &solve_every_contract, py::arg("hands"), py::kw_only(), py::arg("first") = py::none(),
           py::arg("max_nodes") = 0, py::arg("time_limit") = 0, py::arg("memory") = 64,
           R"(Every contract's value for a deal, as `belote solve --table` gives it: each
kind of the ruleset (each trump suit of a kind played in one) with each side
taking, solved with the four hands known from `first` (N when not given;
a JSON Lines deal gives its hands and first).

Returns a list of {'kind', 'trump' (kinds with a trump suit), 'takers' (NS
or EW), 'points' (the takers' points with best play), 'makes' (the bids of
the ruleset they would make, lowest first)}. max_nodes, time_limit and
memory bound each search as in solve(); one stopped raises SolveStopped.
The GIL is released meanwhile.)")
      .def("_solve_many", &solve_many);

  auto mene = py::reinterpret_borrow<py::class_<PyMene>>(m.attr("Mene"));
  mene.def(
      "solve",
      [](const PyMene& m, const OptionalStr& takers_given, bool line, const Whole& max_nodes, const Whole& time_limit,
         const Whole& memory) -> AnyDict {
        const auto takers = optional_text(takers_given, "takers", "a team (\"NS\" or \"EW\")");
        std::optional<Team> side = m.takers;
        if (takers && !(side = parse_team(*takers))) raise_play_error(fmt::format("'takers' must be NS or EW, not '{}'", *takers));
        if (!side) raise_play_error("missing 'takers': the mène was given no taker");
        return solve_position(m.mene.context(), SolvePosition::of(m.mene, *side), solve_options(line, max_nodes, time_limit, memory));
      },
      py::kw_only(), py::arg("takers") = py::none(), py::arg("line") = false, py::arg("max_nodes") = 0, py::arg("time_limit") = 0,
      py::arg("memory") = 64,
      R"(Best play from where the mène has got to, the points of the tricks played
counted: as Ruleset.solve(), for the taker's side or `takers` (NS or EW).
The line starts with the trick in progress, its cards played so far included.)");
}

}  // namespace belote::python
