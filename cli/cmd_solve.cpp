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

// Deals the search could not finish, reported once the chunk's text is written.
struct Unsolved {
  std::vector<std::string> messages;
};

std::string where(const DealPlace& place, const Deal& deal) {
  std::string at = place.line ? fmt::format("{}:{}", place.input, place.line) : std::string(place.input);
  return deal.id.empty() ? at : fmt::format("{} ({})", at, deal.id);
}

std::string contract_name(const Ruleset& rules, int kind, Suit trump, SuitStyle style) {
  const ContractKind& k = rules.kinds[std::size_t(kind)];
  return k.trumps == Trumps::one_suit ? fmt::format("{} {}", k.name, rules.deck.suit_name(trump, style)) : k.name;
}

// The bids of the ruleset the takers would make with `points`, counting card
// points only (announcements and the belote are not played for).
std::vector<std::string> bids_made(const Ruleset& rules, const PlayContext& play, int points) {
  const int total = play.total_points();
  const int capot = play.rules().tables.kinds[std::size_t(play.kind_index())].capot_points;
  const bool every_trick = capot > total && points == capot;
  const int defenders = every_trick ? 0 : total - points;
  std::vector<std::string> made;
  switch (rules.contract.test) {
    case ContractTest::none: return made;
    case ContractTest::more_than_defenders:
      if (points > defenders) made.push_back("contract");
      return made;
    case ContractTest::reach_bid:
    case ContractTest::reach_bid_not_below_defenders: break;
  }
  const bool not_below = rules.contract.test == ContractTest::reach_bid_not_below_defenders;
  for (int bid : rules.bids.numbers)
    if (points >= bid && (!not_below || points >= defenders)) made.push_back(std::to_string(bid));
  for (const NamedBid& bid : rules.bids.named) {
    const bool ok = bid.needs == BidNeeds::points ? points >= bid.value : bid.needs == BidNeeds::every_trick && every_trick;
    if (ok) made.push_back(bid.name);
  }
  return made;
}

struct SolveSettings {
  SolveOptions options;
  /// Solve after this many cards of the deal's recorded play (0: from the start).
  int after = 0;
  bool json = false;
  bool table = false;
  SuitStyle style = SuitStyle::symbol;
};

nlohmann::json cards_json(const Deck& deck, CardSet cards) {
  nlohmann::json out = nlohmann::json::array();
  while (cards) out.push_back(deck.card_name(pop_lowest(cards)));
  return out;
}

// One deal, for its contract and taker: at its start, or after `s.after`
// cards of its recorded play (whose tricks count as they were taken).
bool solve_one(const Ruleset& rules, const Deal& deal, const DealPlace& place, const SolveSettings& s, Solver& solver,
               std::string& text, std::string& failure) {
  const PlayContext play(rules, deal.kind, deal.trump);
  const Team takers = team_of(deal.taker);
  if (s.after > deal.played_count) {
    failure = fmt::format("{}: --after {} asks for more cards than the deal's play records ({})", where(place, deal), s.after,
                          deal.played_count);
    return false;
  }
  PlayedMene mene(play, deal.hands, deal.first);
  for (int i = 0; i < s.after; ++i) mene.play(deal.played[std::size_t(i)]);
  if (mene.over()) {
    failure = fmt::format("{}: the mène is over after {} cards: nothing is left to solve", where(place, deal), s.after);
    return false;
  }
  const SolvePosition position = SolvePosition::of(mene, takers);
  const SolveResult r = solver.solve(play, position);
  if (r.status != SolveStatus::solved) {
    failure = fmt::format("{}: {}", where(place, deal), r.message());
    return false;
  }
  const std::vector<LineTrick> tricks = line_tricks(play, position.trick, mene.tricks_played(), r.line);
  if (s.json) {
    nlohmann::json j = {{"deal", where(place, deal)}, {"kind", rules.kinds[deal.kind].name}};
    if (play.trumps() != 0) j["trump"] = rules.deck.suit_name(deal.trump);
    j["taker"] = name(deal.taker);
    j["first"] = name(deal.first);
    if (s.after > 0) {
      j["after"] = s.after;
      j["to_play"] = name(mene.to_play());
      j["taken"] = {{name(Team::NS), position.points[Team::NS]}, {name(Team::EW), position.points[Team::EW]}};
    }
    j["points"] = r.takers_points;
    j["best_cards"] = cards_json(rules.deck, r.best_cards);
    if (s.options.line) {
      nlohmann::json line = nlohmann::json::array();
      for (const LineTrick& trick : tricks) {
        nlohmann::json cards = nlohmann::json::array();
        for (Card c : trick.cards) cards.push_back(rules.deck.card_name(c));
        line.push_back({{"trick", trick.number}, {"leader", name(trick.leader)}, {"cards", cards}});
      }
      j["line"] = line;
    }
    j["nodes"] = r.nodes;
    text += j.dump();
    text += '\n';
    return true;
  }
  text += fmt::format("{}: {}, taker {}, {} leads\n", where(place, deal), contract_name(rules, deal.kind, deal.trump, s.style),
                      name(deal.taker), name(deal.first));
  if (s.after > 0)
    text += fmt::format("  after {} cards: trick {}, {} to play; taken so far NS {}, EW {}\n", s.after, mene.tricks_played() + 1,
                        name(mene.to_play()), position.points[Team::NS], position.points[Team::EW]);
  text += fmt::format("  best play: {} take {}\n", name(takers), r.takers_points);
  text += fmt::format("  best cards for {}: {}\n", name(mene.to_play()), rules.deck.cards_text(r.best_cards, s.style));
  for (const LineTrick& trick : tricks) {
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
bool solve_table(const Ruleset& rules, const Deal& deal, const DealPlace& place, const SolveSettings& s, Solver& solver,
                 std::string& text, std::string& failure) {
  nlohmann::json rows = nlohmann::json::array();
  std::string lines;
  for (int kind = 0; kind < int(rules.kinds.size()); ++kind) {
    const ContractKind& k = rules.kinds[std::size_t(kind)];
    for (Suit trump = 0; trump < kSuitCount; ++trump) {
      if (k.trumps == Trumps::one_suit ? !k.in_suit(trump) : trump > 0) continue;
      const PlayContext play(rules, kind, trump);
      std::string cells;
      for (Team takers : kTeams) {
        const SolveResult r = solver.solve(play, SolvePosition::start(deal.hands, deal.first, takers));
        if (r.status != SolveStatus::solved) {
          failure = fmt::format("{}: {}: {}", where(place, deal), contract_name(rules, kind, trump, SuitStyle::letter), r.message());
          return false;
        }
        const std::vector<std::string> made = bids_made(rules, play, r.takers_points);
        if (s.json) {
          nlohmann::json row = {{"kind", k.name}};
          if (k.trumps == Trumps::one_suit) row["trump"] = rules.deck.suit_name(trump);
          row["takers"] = name(takers);
          row["points"] = r.takers_points;
          row["makes"] = made;
          rows.push_back(row);
        } else {
          cells += fmt::format("  {} {:>3}{}", name(takers), r.takers_points,
                               made.empty() ? "" : fmt::format(" (makes {})", made.back()));
        }
      }
      if (!s.json) lines += fmt::format("  {}:{}\n", contract_name(rules, kind, trump, s.style), cells);
    }
  }
  if (s.json) {
    text += nlohmann::json{{"deal", where(place, deal)}, {"first", name(deal.first)}, {"table", rows}}.dump();
    text += '\n';
  } else {
    text += fmt::format("{}: {} leads; each side's best points as takers\n{}", where(place, deal), name(deal.first), lines);
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
  std::string nodes_text = "0", time_text = "0", memory_text = "8", after_text = "0";
  std::vector<std::string> inputs;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json: one object per deal (default: text)")
      ("line", po::bool_switch(&line), "also give a line of best play, trick by trick")
      ("table", po::bool_switch(&table), "solve every kind and trump with each side taking, and say which bids each would make")
      ("after", po::value(&after_text)->value_name("N"),
       "solve the position after the first N cards of the deal's recorded play, 0 to 63 (default: 0, the start)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) instead of symbols")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads solving deals, 1 to 1024; the output is the same (default: every core)")
      ("max-nodes", po::value(&nodes_text)->value_name("N"), "stop a deal's search after N nodes (default: 0, no limit)")
      ("time-limit", po::value(&time_text)->value_name("MS"), "stop a deal's search after MS milliseconds (default: 0, no limit)")
      ("memory", po::value(&memory_text)->value_name("MIB"), "each thread's table of positions, 1 to 4096 MiB (default: 8)");
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
  bool all_solved = true;
  BatchCommand<Unsolved> command;
  command.make_work = [&]() -> DealWork<Unsolved> {
    return [&rules, &s, solver = std::make_shared<Solver>(s.options)](std::span<const Deal> deals, const DealPlace& place,
                                                                       Unsolved& unsolved, std::string& text) {
      const Deal& deal = deals[0];
      std::string failure;
      if (deal.form != DealForm::hands) {
        unsolved.messages.push_back(fmt::format("{}: the deal gives no hands: solving needs the four hands", where(place, deal)));
        return;
      }
      const bool ok = s.table ? solve_table(*rules, deal, place, s, *solver, text, failure)
                              : solve_one(*rules, deal, place, s, *solver, text, failure);
      if (!ok) unsolved.messages.push_back(failure);
    };
  };
  command.merge = [&](Unsolved& unsolved) {
    for (const std::string& m : unsolved.messages) print_error(m);
    if (!unsolved.messages.empty()) all_solved = false;
    unsolved.messages.clear();
    return true;
  };
  command.separator.assign(s.json ? 0 : 1, '\n');
  const Ruleset* const one[] = {rules.get()};
  const bool ok = run_deal_batch(std::span<const Ruleset* const>(one), inputs, rulesets.search(), threads, out, command);
  const int status = out.finish();
  return ok && all_solved ? status : kInvalidInput;
}

}  // namespace belote::cli
