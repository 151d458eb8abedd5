// belote deal: random deals as JSON Lines, or a check of deal files.
#include <fmt/format.h>

#include "commands.h"
#include "deal_batch.h"
#include <nlohmann/json.hpp>

namespace belote::cli {

int run_deal(const Args& args) {
  po::options_description options("options");
  std::string count_text;
  std::string seed_text = "0";
  std::string ruleset;
  bool check = false;
  bool played = false;
  std::string threads_text = std::to_string(default_threads());
  std::vector<std::string> files;
  RulesetOptions rulesets;
  options.add_options()
      ("random", po::value(&count_text)->value_name("N"), "write N random deals as JSON Lines")
      ("seed", po::value(&seed_text)->value_name("N"), "seed of the random deals: same seed, same deals (default: 0)")
      ("played", po::bool_switch(&played),
       "with --random: write played mènes, each card drawn uniformly from the legal ones (the tricks instead of the result)")
      ("check", po::bool_switch(&check), "check the deal files and count the valid deals")
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"),
       "take the deck, the contract kinds --random draws and the declared announcements' names from this ruleset "
       "(default: $BELOTE_RULESET, else classique)")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads for --check, 1 to 1024; the output is the same (default: every core)");
  rulesets.add_dirs(options);
  // The files are operands, so that `--check --ruleset R FILE` does not read "--ruleset" as a file.
  Operands operands;
  operands.add("files", po::value(&files), -1, "DEAL...",
               "the deal files to check, each a FILE.toml (one deal), a JSON Lines file or - (standard input)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote deal --random N [--seed N] [--played] [--ruleset NAME] [--rulesets-dir DIR]... [--untrusted] | "
                     "belote deal --check [--threads N] [--ruleset NAME] [--rulesets-dir DIR]... [--untrusted] DEAL...",
                     "belote deal --random 1000 --seed 7 > deals.jsonl && belote deal --check deals.jsonl"))
    return kSuccess;
  if (vm.count("random") == (check ? 1u : 0u)) throw UsageError("give either --random N (to write deals) or --check DEAL... (to read them)");
  if (check && files.empty()) throw UsageError(operands.missing("--files"));
  if (!check && !files.empty()) throw UsageError(fmt::format("unexpected argument '{}': --random writes deals, --check reads them", shown(files[0])));
  if (!check && vm.count("threads")) throw UsageError("--threads goes with --check");
  if (check && played) throw UsageError("--played goes with --random");
  if (check && vm.count("seed")) throw UsageError("--seed goes with --random: --check reads the deals it is given");
  const std::uint64_t count = vm.count("random") ? whole_number(count_text, "random", 0, kMaxRandomDeals) : 0;
  const std::uint64_t seed = whole_number(seed_text, "seed", 0, UINT64_MAX);
  const unsigned threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));

  const bool named = vm.count("ruleset") > 0;
  const RulesetLoader loader = rulesets.loader();
  const auto rules = load_ruleset(loader, named ? ruleset : default_ruleset_name());
  if (!rules) return kInvalidInput;

  Output& out = Output::standard();
  if (check) {
    std::uint64_t valid = 0;
    BatchCommand<std::uint64_t> counting;
    counting.make_work = [] {
      return [](std::span<const Deal>, const DealPlace&, std::uint64_t& valid_in_chunk, std::string&, Diagnostics&) {
        ++valid_in_chunk;
      };
    };
    counting.merge = [&](std::uint64_t& valid_in_chunk) {
      valid += valid_in_chunk;
      return true;
    };
    const Ruleset* const one[] = {rules.get()};
    const bool ok = run_deal_batch(std::span<const Ruleset* const>(one), files, loader.search(), threads, out, counting);
    out.line(number_of(valid, "valid deal"));
    const int status = out.finish();
    return ok ? status : kInvalidInput;
  }

  const RandomDeals random(*rules, seed);
  const RandomPlay play(*rules, seed);
  Deal deal;
  for (std::uint64_t i = 0; i < count && !out.closed(); ++i) {
    random.make(i, deal);
    if (played) play.play(i, deal);  // the deal is then written as its tricks
    out.line(json_text(deal_json(*rules, deal)));
  }
  return out.finish();
}

}  // namespace belote::cli
