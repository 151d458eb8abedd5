// belote arena: two players compared over deals played in duplicate
// (docs/arena.md); the arena itself is the engine's (belote/arena.h).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <fmt/format.h>

#include "bot_actor.h"
#include "bot_protocol.h"
#include "commands.h"
#include "progress_bar.h"

namespace belote::cli {

// In a namespace of its own: every command file is compiled with the others.
namespace arena_command {
namespace {

constexpr std::uint64_t kMaxBotTimeout = 86400;

// "+12.5" / "-3.0": a difference with its sign.
std::string signed_points(double value) { return fmt::format("{:+.1f}", value == 0 ? 0.0 : value); }

std::string estimate_text(const Estimate& e) {
  if (!e.half_width) return fmt::format("{}  (no interval from one game)", signed_points(e.mean));
  return fmt::format("{}  (95% interval {} to {})", signed_points(e.mean), signed_points(e.low()), signed_points(e.high()));
}

// The litiges only where there were any: most rulesets have none (contract.on_tie).
std::string contracts_text(const ContractCount& c, bool litiges) {
  if (!litiges) return fmt::format("took {} (made {}, failed {})", c.taken, c.made, c.failed);
  return fmt::format("took {} (made {}, failed {}, litige {})", c.taken, c.made, c.failed, c.litige);
}

void write_result(Output& out, const ArenaResult& r, bool json) {
  if (json) {
    out.line(arena_json(r, true));
    return;
  }
  const ArenaTally& t = r.tally;
  const std::string deals = r.deals == 1 ? fmt::format("deal {} of seed {}, played twice", r.first_deal, r.seed)
                                         : fmt::format("deals {} to {} of seed {}, each played twice", r.first_deal,
                                                       r.first_deal + r.deals - 1, r.seed);
  out.line(fmt::format("{}: {}, the players changing sides; {} a play", r.ruleset, deals, number_of(r.menes, "mène")));
  out.line(fmt::format("A: {} (N-S in a deal's first play), B: {}", shown(r.players[ArenaSide::a]),
                       shown(r.players[ArenaSide::b])));
  out.line(fmt::format("A less B per game (a deal's two plays): {}", estimate_text(t.per_game())));
  out.line(fmt::format("A less B per mène ({} mènes): {}", t.menes, estimate_text(t.per_mene())));
  out.line(fmt::format("games: A ahead {}, even {}, B ahead {}", t.a_ahead, t.even, t.b_ahead));
  if (t.contracts[ArenaSide::a].taken + t.contracts[ArenaSide::b].taken == 0)
    out.line("contracts: none taken (the ruleset scores no contract made or failed)");
  else {
    const bool litiges = t.contracts[ArenaSide::a].litige + t.contracts[ArenaSide::b].litige > 0;
    out.line(fmt::format("contracts: A {}; B {}", contracts_text(t.contracts[ArenaSide::a], litiges),
                         contracts_text(t.contracts[ArenaSide::b], litiges)));
  }
}

// The results of ranges of one arena, read from their files and merged.
int run_merge(const std::vector<std::string>& files, bool json) {
  std::vector<ArenaResult> parts;
  for (const std::string& file : files) {
    // Read as every whole file is read: a missing file, a directory, a FIFO or a device named as what it is,
    // none of them waited on, and a file over the size limit refused.
    Diagnostics refused;
    const auto text = read_whole_file(file, shown(file), refused);
    if (!text) {
      print_diagnostics(refused);
      return kInvalidInput;
    }
    Diagnostic error;
    auto part = read_arena_json(*text, shown(file), error);
    if (!part) {
      print_diagnostic(error);
      return kInvalidInput;
    }
    parts.push_back(std::move(*part));
  }
  std::vector<std::string> sources;
  for (const std::string& file : files) sources.push_back(shown(file));
  std::string error;
  const auto merged = merge_arena(std::move(parts), sources, error);
  if (!merged) {
    print_error(error);
    return kInvalidInput;
  }
  Output& out = Output::standard();
  write_result(out, *merged, json);
  return out.finish();
}

}  // namespace
}  // namespace arena_command

int run_arena(const Args& args) {
  using namespace arena_command;
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string players_text, deals_text, seed_text = "0", first_text = "0", menes_text = "1",
                            threads_text = std::to_string(default_threads()), timeout_text = "30", records, format = "text";
  std::vector<std::string> bot_commands, files;
  bool merge = false;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("players", po::value(&players_text)->value_name("A,B"),
       "the two players: A holds N-S in each deal's first play, B E-W, and they change sides in the second; "
       "each random, heuristic, sampled:N, or bot (played by the next --bot)")
      ("deals", po::value(&deals_text)->value_name("N"), "how many deals, each played twice, 1 to 10^12")
      ("seed", po::value(&seed_text)->value_name("N"), "seed of the deals: the same seed, the same deals and result (default: 0)")
      ("first-deal", po::value(&first_text)->value_name("K"),
       "the number of the first deal: deals K to K+N-1, a range to merge with others; K+N at most 2^64-1 (default: 0)")
      ("menes", po::value(&menes_text)->value_name("N"), "mènes a play, 1 to 100, from the deal's seed (default: 1)")
      ("threads", po::value(&threads_text)->value_name("N"), "threads, 1 to 1024; the result is the same (default: every core)")
      ("bot", po::value(&bot_commands)->composing()->value_name("COMMAND"),
       "the program that plays a side named bot in --players, started with /bin/sh -c COMMAND for each seat of each "
       "play (repeatable: one for each bot, in order)")
      ("bot-timeout", po::value(&timeout_text)->value_name("SECONDS"), "the time a bot has to answer, 1 to 86400 seconds (default: 30)")
      ("records", po::value(&records)->value_name("FILE"),
       "write every played mène as a deal line (JSON Lines, for belote score), deal by deal, each deal's first play "
       "first; a file, not - (standard output carries the result)")
      ("merge", po::bool_switch(&merge), "merge the results of ranges of one arena, FILE... written by --format json")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json: one object (default: text)");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("files", po::value(&files), -1, "FILE...", "with --merge: the results to merge (--format json)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote arena --players A,B --deals N [--ruleset NAME] [--seed N] [--first-deal K] [--menes N] "
                     "[--threads N] [--bot COMMAND]... [--bot-timeout SECONDS] [--records FILE] [--format text|json] "
                     "[--rulesets-dir DIR]... [--untrusted] | belote arena --merge [--format text|json] FILE...",
                     "belote arena --ruleset coinche --players heuristic,random --deals 1000 --seed 1"))
    return kSuccess;
  require_text_or_json(format);
  const bool json = format == "json";
  if (merge) {
    for (const char* option : {"players", "deals", "seed", "first-deal", "menes", "threads", "bot", "records", "ruleset"})
      if (vm.count(option) && !vm[option].defaulted())
        throw UsageError(fmt::format("--merge takes result files only, not --{}", option));
    if (files.empty()) throw UsageError("--merge: give the result files to merge (written by --format json)");
    return run_merge(files, json);
  }
  if (!files.empty())
    throw UsageError(fmt::format("'{}': arena takes no files but with --merge", shown(files.front())));
  if (players_text.empty()) throw UsageError("give the two players: --players A,B (e.g. --players heuristic,random)");
  if (!vm.count("deals")) throw UsageError("give the number of deals: --deals N");

  ArenaSettings settings;
  settings.deals = whole_number(deals_text, "deals", 1, kMaxArenaDeals);
  settings.seed = whole_number(seed_text, "seed", 0, UINT64_MAX);
  // The last deal, first deal + deals - 1, is numbered as any: the first deal's limit depends on --deals.
  settings.first_deal = whole_number(first_text, "first-deal", 0, UINT64_MAX - 1);
  if (settings.first_deal > UINT64_MAX - settings.deals)
    throw UsageError(fmt::format("--first-deal {} with --deals {}: the first deal plus the deals must be at most {}, so "
                                 "--first-deal is at most {} with --deals {}",
                                 settings.first_deal, settings.deals, UINT64_MAX, UINT64_MAX - settings.deals,
                                 settings.deals));
  settings.menes = int(whole_number(menes_text, "menes", 1, kMaxArenaMenes));
  const unsigned threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));
  const std::chrono::milliseconds timeout(1000 * whole_number(timeout_text, "bot-timeout", 1, kMaxBotTimeout));
  // Standard output carries the result: records written there too would make neither readable.
  if (records == "-")
    throw UsageError("--records -: standard output carries the arena's result; give the records a file of their own "
                     "(a FIFO will do)");
  settings.records = !records.empty();

  const std::size_t comma = players_text.find(',');
  if (comma == std::string::npos || players_text.find(',', comma + 1) != std::string::npos)
    throw UsageError(fmt::format("--players is two players separated by a comma, A,B, not '{}'", shown(players_text)));
  std::size_t bots = 0;
  const auto bot_endings = std::make_shared<BotEndings>();
  const auto deal_numbers = std::make_shared<DealNumbers>(settings.seed, settings.first_deal, settings.deals);
  for (ArenaSide side : {ArenaSide::a, ArenaSide::b}) {
    std::string spec = side == ArenaSide::a ? players_text.substr(0, comma) : players_text.substr(comma + 1);
    if (spec == "bot") {
      if (bots == bot_commands.size())
        throw UsageError(fmt::format("--players: player {} is a bot, but no --bot gives its command", name(side)));
      settings.names[side] = "bot: " + bot_commands[bots];
      settings.players[side] = bot_actor(bot_commands[bots++], timeout, bot_ruleset_reference(ruleset), side, bot_endings,
                                         deal_numbers);
      continue;
    }
    std::string error;
    // A side may also be a bot (played by the next --bot): the message lists it among the players.
    auto actor = engine_actor(spec, error, "bot");
    if (!actor) throw UsageError(fmt::format("--players: {}", error));
    settings.names[side] = spec;
    settings.players[side] = std::move(*actor);
  }
  if (bots < bot_commands.size())
    throw UsageError(fmt::format("--bot '{}' plays no side: name it bot in --players", shown(bot_commands[bots])));

  const LoadedRuleset loaded = load_ruleset_files(rulesets.loader(), ruleset);
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  if (!rules) return kInvalidInput;
  if (!states_auction(*rules)) return kInvalidInput;

  std::ofstream record_file;
  if (settings.records) {
    // Opened to be written from the start: over a file the ruleset is read from, it would lose it.
    if (const std::string refusal = output_over_ruleset_refusal("--records", records, loaded); !refusal.empty()) {
      print_error(refusal + "; no deal is played");
      return kOutputFailed;
    }
    // Written in place as the deals are played (a device, /dev/null, will do): why it cannot be is the system's.
    errno = 0;
    record_file.open(records, std::ios::binary | std::ios::trunc);
    if (!record_file) {
      const int error = errno;
      print_error(fmt::format("--records {}: cannot write it{}", shown(records),
                              error ? fmt::format(": {}", std::strerror(error)) : std::string()));
      return kOutputFailed;
    }
  }
  ProgressBar progress("deals");
  ArenaResult result;
  // Ctrl-C (SIGTERM, SIGHUP) keeps the deals played whole: the first ones, whose result is
  // written as a run of that many would write it, before the program ends as the signal does.
  note_ending_signals();
  try {
    result = run_arena(
        *rules, settings, threads,
        [&](const DuplicateDeal& deal) {
          // A bot that failed once its play was played whole, told with the deal that counts it.
          if (bots) {
            const std::uint64_t deal_seed = arena_deal_seed(settings.seed, deal.number);
            for (const std::string& ending : bot_endings->take(deal_seed)) {
              progress.clear();
              print_warning(fmt::format("deal {}: {}", deal.number, ending));
            }
            deal_numbers->forget(deal_seed);
          }
          if (!settings.records) return;
          for (const TablePlay& play : deal.plays) record_file << play.records;
          // Each deal's records reach the file as it is tallied, for a reader following a long run.
          record_file.flush();
        },
        [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); }, [] { return ending_signal() != 0; });
  } catch (const ArenaError& e) {
    progress.clear();
    print_error(e.what());
    return bots ? kBotFailed : kInvalidInput;
  }
  progress.clear();
  if (ending_signal()) {
    record_file.flush();
    if (result.deals == 0) {
      print_error("interrupted before a deal was played whole: no result");
      end_by_ending_signal();
    }
    print_error(fmt::format("interrupted: the result is that of the {} played whole, {} to {}; go on with --first-deal {}",
                            number_of(result.deals, "deal"), result.first_deal, result.first_deal + result.deals - 1,
                            result.first_deal + result.deals));
    Output& out = Output::standard();
    write_result(out, result, json);
    out.finish();
    end_by_ending_signal();
  }
  int status = kSuccess;
  if (settings.records && !record_file.flush()) {
    print_error(fmt::format("--records {}: the records could not all be written", shown(records)));
    status = kOutputFailed;
  }
  Output& out = Output::standard();
  write_result(out, result, json);
  const int output = out.finish();
  return status != kSuccess ? status : output;
}

}  // namespace belote::cli
