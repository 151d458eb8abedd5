// belote solve: best play with every hand known, for each deal of a file:
// what the takers take when all four play their best, the first cards that
// achieve it, a line of best play; or, with --table, every kind (and trump)
// for each side as takers, with the bids the ruleset's contract would make.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "deal_batch.h"

namespace belote::cli {

namespace {

std::string where(const DealPlace& place, const Deal& deal) {
  std::string at = place.line ? fmt::format("{}:{}", place.input, place.line) : std::string(place.input);
  return deal.id.empty() ? at : fmt::format("{} ({})", at, deal.id);
}

struct SolveSettings {
  SolveOptions options;
  /// Solve after this many cards of the deal's recorded play (0: from the start).
  int after = 0;
  bool json = false;
  bool table = false;
  SuitStyle style = SuitStyle::symbol;
};

// One deal, for its contract and taker: at its start, or after `s.after`
// cards of its recorded play (whose tricks count as they were taken).
bool solve_one(const Ruleset& rules, const Deal& deal, const DealPlace& place, const SolveSettings& s, Solver& solver,
               std::string& text, std::string& failure) {
  if (s.after > deal.played_count) {
    failure = fmt::format("{}: --after {} asks for more cards than the deal's play records ({})", where(place, deal), s.after,
                          deal.played_count);
    return false;
  }
  const auto answer = solve_deal(rules, deal, s.after, solver);
  if (const auto* message = std::get_if<std::string>(&answer)) {
    failure = fmt::format("{}: {}", where(place, deal), *message);
    return false;
  }
  const SolvedDeal& solved = std::get<SolvedDeal>(answer);
  if (s.json) {
    text += json_text(solved_deal_json(rules, deal, where(place, deal), solved, s.options.line));
    text += '\n';
    return true;
  }
  const SolveResult& r = solved.result;
  text += fmt::format("{}: {}, taker {}, {} leads\n", where(place, deal),
                      solved_contract_name(rules, deal.kind, deal.trump, s.style), name(deal.taker), name(deal.first));
  if (s.after > 0)
    text += fmt::format("  after {}: trick {}, {} to play; taken so far NS {}, EW {}\n", number_of(s.after, "card"),
                        solved.trick, name(solved.to_play),
                        solved.taken[Team::NS], solved.taken[Team::EW]);
  text += fmt::format("  best play: {} take {}\n", name(team_of(deal.taker)), r.takers_points);
  text += fmt::format("  best cards for {}: {}\n", name(solved.to_play), rules.deck.cards_text(r.best_cards, s.style));
  if (!s.options.line) return true;
  for (const LineTrick& trick : solved.tricks) {
    std::string cards;
    Seat seat = trick.leader;
    for (Card c : trick.cards) {
      cards += fmt::format("{}{} {}", cards.empty() ? "" : ", ", name(seat), rules.deck.card_name(c, s.style));
      seat = next_in_play(seat);
    }
    text += fmt::format("  {}. {}\n", trick.number, cards);
  }
  return true;
}

// Every kind and trump, each side taking, from the deal's first seat.
bool solve_every_contract(const Ruleset& rules, const Deal& deal, const DealPlace& place, const SolveSettings& s,
                          Solver& solver, std::string& text, std::string& failure) {
  const auto answer = solve_table(rules, deal, solver);
  if (const auto* message = std::get_if<std::string>(&answer)) {
    failure = fmt::format("{}: {}", where(place, deal), *message);
    return false;
  }
  const auto& rows = std::get<std::vector<SolvedTableRow>>(answer);
  if (s.json) {
    text += json_text(solved_table_json(rules, deal, where(place, deal), rows));
    text += '\n';
    return true;
  }
  text += fmt::format("{}: {} leads; each side's best points as takers\n", where(place, deal), name(deal.first));
  // One line a contract: the rows come in pairs, NS taking then EW.
  for (std::size_t i = 0; i + 1 < rows.size(); i += 2) {
    std::string cells;
    for (const SolvedTableRow& row : {rows[i], rows[i + 1]})
      cells += fmt::format("  {} {:>3}{}", name(row.takers), row.points,
                           row.makes.empty() ? "" : fmt::format(" (makes {})", row.makes.back()));
    text += fmt::format("  {}:{}\n", solved_contract_name(rules, rows[i].kind, rows[i].trump, s.style), cells);
  }
  return true;
}

}  // namespace

int run_solve(const Args& args) {
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string format = "text";
  bool ascii = false, line = false, table = false;
  std::string threads_text = std::to_string(default_threads());
  std::string nodes_text = "0", time_text = "0", memory_text = "64", after_text = "0";
  std::vector<std::string> inputs;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json: one object per deal (default: text)")
      ("line", po::bool_switch(&line), "also give a line of best play, trick by trick")
      ("table", po::bool_switch(&table), "solve every kind and trump with each side taking, and say which bids each would make")
      ("after", po::value(&after_text)->value_name("N"),
       "solve the position after the first N cards of the deal's recorded play, 0 to 63 (default: 0, the start)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads solving deals, 1 to 1024; the output is the same (default: every core)")
      ("max-nodes", po::value(&nodes_text)->value_name("N"), "stop a deal's search after N nodes (default: 0, no limit)")
      ("time-limit", po::value(&time_text)->value_name("MS"), "stop a deal's search after MS milliseconds (default: 0, no limit)")
      ("memory", po::value(&memory_text)->value_name("MIB"), "each thread's tables of positions, 1 to 4096 MiB (default: 64; --threads times that in all)");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("deals", po::value(&inputs)->required(), -1, "DEAL...",
               "the deals to solve, each a FILE.toml (one deal), a JSON Lines file or - (standard input), with the four hands");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote solve [--ruleset NAME] [--format text|json] [--line] [--table] [--after N] [--ascii] [--threads N] "
                     "[--max-nodes N] [--time-limit MS] [--memory MIB] [--rulesets-dir DIR]... [--untrusted] DEAL...",
                     "belote solve --line examples/worked-example.toml"))
    return kSuccess;
  require_text_or_json(format);
  if (table && line) throw UsageError("--line goes with one contract, not with --table");
  const int after = int(whole_number(after_text, "after", 0, 63));
  if (table && after > 0) throw UsageError("--after goes with the deal's contract, not with --table");
  const unsigned threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));
  SolveSettings s;
  s.options.max_nodes = whole_number(nodes_text, "max-nodes", 0, std::uint64_t{1} << 62);
  s.options.max_milliseconds = whole_number(time_text, "time-limit", 0, std::uint64_t{1} << 40);
  s.options.max_table_bytes = std::size_t(whole_number(memory_text, "memory", 1, 4096)) << 20;
  s.options.line = line;
  s.after = after;
  s.options.best_cards = !table;
  s.json = format == "json";
  s.table = table;
  s.style = suit_style(ascii);

  const auto rules = load_ruleset(rulesets.loader(), ruleset);
  if (!rules) return kInvalidInput;
  Output& out = Output::standard();
  BatchCommand<NoPartial> command;
  command.make_work = [&]() -> DealWork<NoPartial> {
    return [&rules, &s, solver = std::make_shared<Solver>(s.options)](std::span<const Deal> deals, const DealPlace& place,
                                                                       NoPartial&, std::string& text, Diagnostics& failures) {
      const Deal& deal = deals[0];
      std::string failure;
      if (!deal.gives_hands())
        failure = fmt::format("{}: the deal gives no hands: solving needs the four hands", where(place, deal));
      else if (s.table ? solve_every_contract(*rules, deal, place, s, *solver, text, failure)
                       : solve_one(*rules, deal, place, s, *solver, text, failure))
        return;
      // The place is in the message, with the deal's id: "FILE:LINE (id): ...".
      failures.push_back(Diagnostic{"", 0, 0, std::move(failure), ""});
    };
  };
  command.separator.assign(s.json ? 0 : 1, '\n');
  command.dear_deals = true;
  const Ruleset* const one[] = {rules.get()};
  const bool ok = run_deal_batch(std::span<const Ruleset* const>(one), inputs, rulesets.search(), threads, out, command);
  const int status = out.finish();
  return ok ? status : kInvalidInput;
}

}  // namespace belote::cli
