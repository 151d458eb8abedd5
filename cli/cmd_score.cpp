// belote score: score deals under a ruleset, as text for a person or JSON.
#include <fmt/format.h>

#include "commands.h"

namespace belote::cli {

int run_score(const Args& args) {
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string format = "text";
  bool ascii = false;
  std::vector<std::string> inputs;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json: one object per deal (default: text)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) instead of symbols");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("deals", po::value(&inputs)->required(), -1, "DEAL...",
               "the deals to score, each a FILE.toml (one deal), a JSON Lines file or - (standard input)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote score [--ruleset NAME] [--format text|json] [--ascii] [--rulesets-dir DIR]... [--untrusted] DEAL...",
                     "belote score --ruleset traditionnelle examples/worked-example.toml"))
    return kSuccess;
  if (format != "text" && format != "json") throw UsageError(fmt::format("--format is 'text' or 'json', not '{}'", shown(format)));

  const auto rules = load_ruleset(rulesets.loader(), ruleset);
  if (!rules) return kInvalidInput;

  Output& out = Output::standard();
  const SuitStyle style = suit_style(ascii);
  Outcome outcome;
  bool first = true;
  const bool ok = for_each_deal(*rules, inputs, rulesets.search(), [&](const Deal& deal) {
    evaluate(*rules, deal, outcome);
    if (format == "json") {
      out.line(outcome_json(*rules, deal, outcome).dump());
    } else {
      if (!first) out.write("\n");
      out.write(outcome_text(*rules, deal, outcome, style));
    }
    first = false;
    return !out.closed();
  });
  const int status = out.finish();
  return ok ? status : kInvalidInput;
}

}  // namespace belote::cli
