// belote deal: random deals as JSON Lines, or a check of deal files.
#include <fmt/format.h>

#include "commands.h"

namespace belote::cli {

int run_deal(const Args& args) {
  po::options_description options("options");
  std::uint64_t count = 0;
  std::uint64_t seed = 0;
  std::string ruleset;
  std::vector<std::string> check;
  RulesetOptions rulesets;
  options.add_options()
      ("random", po::value(&count), "write N random deals as JSON Lines")
      ("seed", po::value(&seed)->default_value(0), "seed of the random deals (same seed, same deals)")
      ("check", po::value(&check)->multitoken(), "check deal files (TOML, JSON Lines or -) and count the valid deals")
      ("ruleset", po::value(&ruleset), "take the deck (and declared announcements' names) from this ruleset");
  rulesets.add_dirs(options);
  po::positional_options_description positional;
  po::variables_map vm;
  if (!parse_options(args, options, positional, vm, "belote deal --random N [--seed S] | belote deal --check FILE...",
                     "belote deal --random 1000 --seed 7 > deals.jsonl && belote deal --check deals.jsonl"))
    return kSuccess;
  if (vm.count("random") == vm.count("check")) throw UsageError("give either --random N or --check FILE...");

  const bool named = vm.count("ruleset") > 0;
  const RulesetLoader loader = rulesets.loader();
  const auto rules = load_ruleset(loader, named ? ruleset : default_ruleset_name());
  if (!rules) return kInvalidInput;

  Output& out = Output::standard();
  if (vm.count("check")) {
    std::uint64_t valid = 0;
    const bool ok = for_each_deal(*rules, check, [&](const Deal&) {
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
    out.line(deal_json(rules->deck, deal).dump());
  }
  return out.finish();
}

}  // namespace belote::cli
