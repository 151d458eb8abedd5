// belote deal: random deals as JSON Lines, or a check of deal files.
#include <fmt/format.h>

#include "commands.h"

namespace belote::cli {

int run_deal(const Args& args) {
  po::options_description options("options");
  std::string count_text;
  std::string seed_text;
  std::string ruleset;
  bool check = false;
  std::vector<std::string> files;
  RulesetOptions rulesets;
  options.add_options()
      ("random", po::value(&count_text)->value_name("N"), "write N random deals as JSON Lines")
      ("seed", po::value(&seed_text)->value_name("S")->default_value("0"), "seed of the random deals (same seed, same deals)")
      ("check", po::bool_switch(&check), "check the deal files and count the valid deals")
      ("ruleset", po::value(&ruleset), "take the deck (and declared announcements' names) from this ruleset");
  rulesets.add_dirs(options);
  // The files are positional, so that `--check --ruleset R FILE` does not read "--ruleset" as a file.
  options.add_options()("files", po::value(&files), "deal files for --check: FILE.toml (one deal), JSON Lines, or - for standard input");
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!parse_options(args, options, positional, vm, "belote deal --random N [--seed S] | belote deal --check FILE...",
                     "belote deal --random 1000 --seed 7 > deals.jsonl && belote deal --check deals.jsonl"))
    return kSuccess;
  if (vm.count("random") == (check ? 1u : 0u)) throw UsageError("give either --random N or --check FILE...");
  if (check && files.empty()) throw UsageError("--check needs deal files (or - for standard input)");
  if (!check && !files.empty()) throw UsageError(fmt::format("unexpected argument '{}': --random writes deals, --check reads them", files[0]));
  const std::uint64_t count = vm.count("random") ? whole_number(count_text, "random") : 0;
  const std::uint64_t seed = whole_number(seed_text, "seed");

  const bool named = vm.count("ruleset") > 0;
  const RulesetLoader loader = rulesets.loader();
  const auto rules = load_ruleset(loader, named ? ruleset : default_ruleset_name());
  if (!rules) return kInvalidInput;

  Output& out = Output::standard();
  if (check) {
    std::uint64_t valid = 0;
    const bool ok = for_each_deal(*rules, files, [&](const Deal&) {
      ++valid;
      return true;
    });
    out.line(fmt::format("{} valid deal{}", valid, valid == 1 ? "" : "s"));
    const int status = out.finish();
    return ok ? status : kInvalidInput;
  }

  const RandomDeals random(rules->deck, seed);
  Deal deal;
  for (std::uint64_t i = 0; i < count && !out.closed(); ++i) {
    random.make(i, deal);
    out.line(deal_json(*rules, deal).dump());
  }
  return out.finish();
}

}  // namespace belote::cli
