// belote score: score deals under a ruleset, as text for a person or JSON.
#include <fmt/format.h>

#include "commands.h"
#include "deal_batch.h"

namespace belote::cli {

int run_score(const Args& args) {
  po::options_description options("options");
  std::string ruleset = default_ruleset_name();
  std::string format = "text";
  bool ascii = false, compact = false;
  std::string threads_text = std::to_string(default_threads());
  std::vector<std::string> inputs;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&ruleset)->value_name("NAME"), "ruleset name or path (default: $BELOTE_RULESET, else classique)")
      ("format,f", po::value(&format)->value_name("text|json"), "text for a person, or json: one object per deal (default: text)")
      ("compact", po::bool_switch(&compact), "with --format json: leave out the explanation (for programs; faster)")
      ("ascii", po::bool_switch(&ascii), "write suits as letters (S H D C) and arrows as -> instead of symbols")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads scoring deals, 1 to 1024; the output is the same (default: every core)");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("deals", po::value(&inputs)->required(), -1, "DEAL...",
               "the deals to score, each a FILE.toml (one deal), a JSON Lines file or - (standard input)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote score [--ruleset NAME] [--format text|json] [--compact] [--ascii] [--threads N] "
                     "[--rulesets-dir DIR]... [--untrusted] DEAL...",
                     "belote score --ruleset traditionnelle examples/worked-example.toml"))
    return kSuccess;
  require_text_or_json(format);
  if (compact && format != "json") throw UsageError("--compact goes with --format json");
  const unsigned threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));

  const auto rules = load_ruleset(rulesets.loader(), ruleset);
  if (!rules) return kInvalidInput;

  Output& out = Output::standard();
  const SuitStyle style = suit_style(ascii);
  const bool json = format == "json";
  const OutcomeWriter writer(*rules, compact ? OutcomeDetail::compact : OutcomeDetail::full);
  BatchCommand<NoPartial> command;
  command.make_work = [&]() -> DealWork<NoPartial> {
    return [&rules, &writer, json, style, outcome = Outcome{}](std::span<const Deal> deals, const DealPlace&, NoPartial&,
                                                                std::string& text, Diagnostics&) mutable {
      evaluate(*rules, deals[0], outcome);
      const std::size_t before = text.size();
      if (json) {
        // The writer tells whether its text is safe, without scanning it again.
        if (!writer.append(text, deals[0], outcome)) make_terminal_safe(text, before);
        text += '\n';
      } else {
        text += outcome_text(*rules, deals[0], outcome, style);
        make_terminal_safe(text, before);
      }
    };
  };
  command.work_text_is_safe = true;
  // Text outcomes are separated by a blank line.
  command.separator.assign(json ? 0 : 1, '\n');
  const Ruleset* const one[] = {rules.get()};
  const bool ok = run_deal_batch(std::span<const Ruleset* const>(one), inputs, rulesets.search(), threads, out, command);
  const int status = out.finish();
  return ok ? status : kInvalidInput;
}

}  // namespace belote::cli
