// belote advise: what each legal card or call of the seat to act is worth, by
// sampled double dummy (docs/players.md), at a position of a game's record or
// from a seat's view (the bot protocol's `act` message, or its observation).
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "belote/deal_reader.h"
#include "belote/json_text.h"
#include "belote/observation_reader.h"
#include "belote/ruleset_search.h"
#include "commands.h"
#include "progress_bar.h"

namespace belote::cli {

namespace {

// The record's or view's text: a file, or - for standard input.
std::optional<std::string> advise_input_text(const std::string& path) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

double advise_seconds(const std::string& text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !(value >= 0) || value > 86400)
    throw UsageError(fmt::format("--time-limit is a number of seconds from 0 to 86400, not '{}'", shown(text)));
  return value;
}

// What the figures are, for a person. Under roem the solver's value is the
// takers' card points and roem together (docs/players.md): the takers' figure
// holds their roem, and the defenders' is the kind's card points less that.
std::string_view figure_name(const Advice& advice, const Ruleset& ruleset, const Table& table, Seat seat) {
  if (advice.auction) return "the expected score difference";
  if (!ruleset.roem.any() || !table.contract()) return "the expected card points";
  return team_of(seat) == team_of(table.contract()->taker) ? "the expected card points and roem"
                                                           : "the expected card points less the takers' roem";
}

// The advice at the table's position, for a person or as JSON, written to `out`.
void write_advice_rows(Output& out, const Advice& advice, const Table& table, const Ruleset& ruleset, SuitStyle style, bool json) {
  const Seat seat = advice.seat;
  const Deck& deck = ruleset.deck;
  const ActionSpace& space = table.actions();
  // An action as the seat says it, suits in the chosen style.
  auto words = [&](belote::Action a) {
    if (space.kind(a) == ActionKind::card) return deck.card_name(space.card_of(a), style);
    if (space.kind(a) == ActionKind::card_word)
      return fmt::format("{} {}", deck.card_name(space.card_of(a), style), table.action_text(a).substr(table.action_text(a).find(' ') + 1));
    // A declaration's cards in the same suits as the cards' rows.
    if (space.kind(a) == ActionKind::declare) return cards_written(deck, table.action_text(a), style);
    return table.action_text(a);
  };
  const int trick = table.play() ? table.play()->trick_number() : 0;
  std::string contract;
  if (table.contract()) {
    const AuctionOutcome& c = *table.contract();
    const AuctionKind& kind = ruleset.auction.kinds[std::size_t(c.kind)];
    contract = solved_contract_name(ruleset, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit), style);
    if (c.bid >= 0) contract = fmt::format("{} {}", ruleset.auction.ladder[std::size_t(c.bid)].value, contract);
    if (c.doubling) contract += c.doubling == 1 ? " doubled" : " redoubled";
    contract += fmt::format(", taker {}", name(c.taker));
  }
  if (json) {
    nlohmann::ordered_json j;
    j["mene"] = table.tally().dealt;
    j["action"] = table.mene_actions().size();
    j["seat"] = name(seat);
    j["phase"] = advice.auction ? "auction" : "play";
    if (trick) j["trick"] = trick;
    if (!contract.empty()) j["contract"] = contract;
    j["measure"] = advice.auction ? "score" : "points";
    j["worlds"] = advice.worlds;
    j["inconsistent_worlds"] = advice.inconsistent;
    j["stopped"] = advice.stopped;
    j["best"] = words(advice.best);
    j["actions"] = nlohmann::ordered_json::array();
    for (const ActionAdvice& a : advice.actions) {
      nlohmann::ordered_json row;
      row["action"] = words(a.action);
      // Every row has every key, null where the action is not valued or leads to no contract to make.
      row["expected"] = a.valued ? nlohmann::ordered_json(json_decimal(a.expected, 2)) : nlohmann::ordered_json(nullptr);
      row["spread"] = a.valued ? nlohmann::ordered_json(json_decimal(a.spread, 2)) : nlohmann::ordered_json(nullptr);
      row["make_chance"] = a.valued && a.make_chance ? nlohmann::ordered_json(json_decimal(*a.make_chance, 4))
                                                     : nlohmann::ordered_json(nullptr);
      j["actions"].push_back(row);
    }
    out.line(json_text(j));
    return;
  }
  std::string head = fmt::format("mène {}, action {}: {} to {}", table.tally().dealt, table.mene_actions().size(), name(seat),
                                 advice.auction ? "speak" : fmt::format("play (trick {})", trick));
  if (!contract.empty()) head += fmt::format("; {}", contract);
  // In the auction, what "take" takes: the turned card or suit.
  if (advice.auction) {
    const Observation seen = table.observe(seat);
    head += turned_text(deck, seen.turned_card, seen.proposals, style);
  }
  out.line(head);
  out.line(fmt::format("{}{}{}; {} for {}", number_of(advice.worlds, "world"),
                       !advice.stopped ? "" : ending_signal() ? " (interrupted)" : " (time limit)",
                       advice.inconsistent ? fmt::format(", {} not shown consistent", advice.inconsistent) : "",
                       figure_name(advice, ruleset, table, seat), name(team_of(seat))));
  std::vector<std::array<std::string, 4>> rows;
  rows.push_back({"action", "expected", "spread", "make"});
  for (const ActionAdvice& a : advice.actions) {
    if (!a.valued) {
      rows.push_back({words(a.action), "always", "-", "-"});
      continue;
    }
    rows.push_back({words(a.action), fmt::format("{:.1f}", a.expected), fmt::format("{:.1f}", a.spread),
                    a.make_chance ? fmt::format("{:.0f}%", *a.make_chance * 100) : "-"});
  }
  std::vector<std::array<std::string, 4>> indented;
  for (auto row : rows) {
    row[0] = "  " + row[0];
    indented.push_back(row);
  }
  write_table(out, indented);
  out.line(fmt::format("best: {}", words(advice.best)));
}

}  // namespace

void write_advice_text(Output& out, const Advice& advice, const Table& table, const Ruleset& ruleset, SuitStyle style) {
  write_advice_rows(out, advice, table, ruleset, style, false);
}

namespace {

// The advice at the table's position, for a person or as JSON; the program's status.
int write_advice(const Advice& advice, const Table& table, const Ruleset& ruleset, SuitStyle style, bool json) {
  Output& out = Output::standard();
  write_advice_rows(out, advice, table, ruleset, style, json);
  return out.finish();
}

}  // namespace

int run_advise(const Args& args) {
  po::options_description options("options");
  std::string ruleset, format = "text", mene_text, action_text, worlds_text = "32", seed_text = "0", time_text = "0",
                      threads_text = std::to_string(default_threads());
  std::string record_path;
  bool ascii = false;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: the record's; required with a seat's view)")
      ("mene", po::value(&mene_text)->value_name("N"),
       "the mène of the position, 1 for the record's first, redeals counted (default: the position after the record's last action)")
      ("action", po::value(&action_text)->value_name("K"),
       "the actions of that mène already taken, 0 for its first call, up to the mène's actions less one (default: 0 with --mene; "
       "without --mene, of the record's last mène; calls, declarations and cards count)")
      ("worlds", po::value(&worlds_text)->value_name("N"), "worlds drawn and solved, 1 to 4096 (default: 32)")
      ("seed", po::value(&seed_text)->value_name("N"), "the seed of the worlds drawn (default: 0)")
      ("time-limit", po::value(&time_text)->value_name("SECONDS"),
       "stop drawing worlds after this long, at least one solved (default: 0, no limit)")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads solving the worlds, 1 to 1024; the figures are the same (default: every core)")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json (default: text)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("input", po::value(&record_path)->required(), 1, "FILE",
               "the game's record, as `belote play --record FILE.json` (or FILE.toml) writes it, or a seat's view: a bot's "
               "`act` message or its observation (docs/table.md); - reads standard input (JSON)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote advise [--ruleset NAME] [--mene N] [--action K] [--worlds N] [--seed N] [--time-limit SECONDS] [--threads N] "
                     "[--format text|json] [--ascii] [--rulesets-dir DIR]... [--untrusted] FILE",
                     "belote advise --mene 1 --action 6 game.json\n  belote advise --ruleset coinche act.json"))
    return kSuccess;
  require_text_or_json(format);
  AdviceOptions advice_options;
  advice_options.worlds = int(whole_number(worlds_text, "worlds", 1, 4096));
  advice_options.seed = whole_number(seed_text, "seed", 0, ~std::uint64_t{0});
  advice_options.max_milliseconds = std::uint64_t(std::llround(advise_seconds(time_text) * 1000));
  advice_options.threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));
  // -1: not given.
  const int mene = vm.count("mene") ? int(whole_number(mene_text, "mene", 1, 100000)) : -1;
  const int action = vm.count("action") ? int(whole_number(action_text, "action", 0, 1000)) : -1;
  const SuitStyle style = suit_style(ascii, format == "json");

  const auto text = advise_input_text(record_path);
  if (!text) {
    print_error(fmt::format("{}: cannot read the file", shown(record_path)));
    return kInvalidInput;
  }
  // A record's TOML form (`belote play --record game.toml`) is told by its name, as the other commands tell
  // TOML files; a seat's view from a JSON record by its keys (text that is no JSON is read as a view, for its
  // error's place).
  const bool toml = names_toml_deal_file(record_path);
  const auto json = toml ? nlohmann::json::object() : nlohmann::json::parse(*text, nullptr, false);
  const bool view = !toml && (json.is_discarded() || is_seat_view(json));
  if (view && !json.is_discarded()) {
    if (mene >= 0 || action >= 0) throw UsageError("--mene and --action choose a position of a record; a seat's view is a position already");
    if (ruleset.empty()) throw UsageError("a seat's view does not name its ruleset: give --ruleset NAME");
  }
  const std::string display = record_path == "-" ? "<stdin>" : record_path;
  // The record's ruleset, unless one is named: the one it holds, or the one it names (one that does not load is
  // reported at its name; a path is the record's, relative to its directory, as a sheet's).
  std::shared_ptr<const Ruleset> rules;
  const std::filesystem::path directory = record_path == "-" ? "." : std::filesystem::path(record_path).parent_path();
  auto held_rules = ruleset.empty() && !view ? load_record_ruleset(rulesets.loader(), *text, toml, display, directory) : std::nullopt;
  if (held_rules) {
    // Keys with no effect are the record's own business (it holds them as they were played): not warned of.
    if (!held_rules->ok()) {
      print_diagnostics(held_rules->errors);
      return kInvalidInput;
    }
    rules = held_rules->ruleset;
  } else {
    rules = load_ruleset(rulesets.loader(), ruleset.empty() ? default_ruleset_name() : ruleset);
  }
  if (!rules) return kInvalidInput;
  std::optional<Table> held;
  std::optional<Observation> viewed;
  int recorded = 0;  // the mènes the record holds (redeals count)
  if (view) {
    SeatPosition position;
    Diagnostics errors;
    if (!ObservationReader(*rules).read(*text, display, position, errors)) {
      print_diagnostics(errors);
      return kInvalidInput;
    }
    held = std::move(position.table);
    viewed = std::move(position.seen);
  } else {
    ReplayedRecord replayed = toml ? replay_record_toml(*rules, *text) : replay_record(*rules, *text);
    if (!replayed.table || !replayed.error.empty()) {
      print_diagnostics(Diagnostics{Diagnostic{display, replayed.line, replayed.column, replayed.error, replayed.source_line}});
      return kInvalidInput;
    }
    held = std::move(replayed.table);
    recorded = replayed.menes;
    // A game stopped by its number of mènes (`belote play --menes`, the record's table.menes) is not over: it goes
    // on to the next mène, as `belote sheet show` sees it.
    held->remove_menes_limit();
  }
  Table& table = *held;
  // The position: back from the record's end to the mène and action asked for (a view is one already).
  if (!view && (mene >= 0 || action >= 0)) {
    const int want_mene = mene >= 0 ? mene : recorded;
    const int want_action = action >= 0 ? action : 0;
    if (want_mene > recorded + (table.over() ? 0 : 1) || want_mene < 1) {
      print_error(fmt::format("{}: --mene {}: the record holds {}", shown(record_path), want_mene, number_of(recorded, "mène")));
      return kInvalidInput;
    }
    // Back from the record's end, one action at a time, to the position asked for. The mène's last action is
    // seen only by undoing it: the table has moved on to the next mène (or ended the game) once it is taken.
    int held = 0;  // the mène's actions (so far, where the record ends inside it)
    bool finished = false;
    bool found = false;
    for (;;) {
      if (!table.over() && table.tally().dealt == want_mene) {
        held = std::max(held, int(table.mene_actions().size()));
        if (int(table.mene_actions().size()) == want_action) {
          found = true;
          break;
        }
      }
      const bool past = table.over() || table.tally().dealt > want_mene;
      if (table.tally().dealt < want_mene || !table.undo()) break;
      if (past && !table.over() && table.tally().dealt == want_mene) {
        finished = true;
        held = std::max(held, int(table.mene_actions().size()) + 1);
      }
    }
    if (!found) {
      // After a finished mène's last action nobody is to act in it: the positions are before each of its actions.
      const int last = finished ? held - 1 : held;
      print_error(fmt::format("{}: --action {}: mène {} holds {}{}; --action takes {}", shown(record_path), want_action, want_mene,
                              number_of(held, "action"), finished ? "" : " so far",
                              last > 0 ? fmt::format("0 to {}", last) : std::string("only 0")));
      return kInvalidInput;
    }
    if (table.legal().empty()) {
      print_error(fmt::format("{}: mène {} is over after {} actions: nobody is to act", shown(record_path), want_mene, want_action));
      return kInvalidInput;
    }
  } else if (!view && table.over()) {
    print_error(fmt::format("{}: the game is over at the record's end: choose a position with --mene and --action", shown(record_path)));
    return kInvalidInput;
  }

  const Seat seat = table.to_act();
  const Observation seen = viewed ? *viewed : table.observe(seat);
  const LegalActions legal = table.legal();
  // Worlds solved so far on a terminal (a `schieber` decision at trick 1 takes seconds). Ctrl-C
  // (SIGTERM, SIGHUP) ends the search: the advice of the worlds solved before it is written, as
  // --time-limit would write it, and the program then ends as the signal does.
  ProgressBar progress("worlds");
  advice_options.progress = [&](int done, int worlds) { progress.update(std::uint64_t(done), std::uint64_t(worlds)); };
  note_ending_signals();
  advice_options.stop = [] { return ending_signal() != 0; };
  const Advice advice = advise(*rules, table.actions(), seen, legal, advice_options);
  progress.clear();
  if (ending_signal()) {
    if (advice.worlds == 0) {
      print_error("interrupted before a world was solved: no advice");
      end_by_ending_signal();
    }
    print_error(fmt::format("interrupted: the advice of the {} solved", number_of(advice.worlds, "world")));
  }
  const int status = write_advice(advice, table, *rules, style, format == "json");
  // Written, the program ends as the signal would have, if one came.
  end_by_ending_signal();
  return status;
}

}  // namespace belote::cli
