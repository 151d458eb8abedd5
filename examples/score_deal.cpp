// Scoring deals read from a file, and writing the outcome as the `belote
// score` command does: text for a person, JSON for a program.
//
//   score_deal [RULESET] [DEAL.toml]   (default: classique, the worked example)
#include <belote/belote.h>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#ifndef BELOTE_EXAMPLES_DIR
#define BELOTE_EXAMPLES_DIR "examples"
#endif

int main(int argc, char** argv) {
  const std::string name = argc > 1 ? argv[1] : "classique";
  const std::string path = argc > 2 ? argv[2] : BELOTE_EXAMPLES_DIR "/worked-example.toml";

  const belote::LoadedRuleset loaded = belote::RulesetLoader(belote::RulesetSearchPath::standard({})).load(name);
  belote::Diagnostics errors = loaded.errors;
  belote::Deal deal;
  // The ruleset gives the deck the card tokens are read with.
  if (loaded.ok()) belote::DealReader(*loaded.ruleset).read_toml_file(path, deal, errors);
  if (!errors.empty()) {
    // file:line:col: message, then the line and a caret under the column.
    for (const belote::Diagnostic& error : errors)
      std::fprintf(stderr, "%s\n%s\n", belote::location_and_message(error).c_str(), belote::caret_lines(error).c_str());
    return 1;
  }
  const belote::Ruleset& rules = *loaded.ruleset;
  const belote::Outcome outcome = belote::evaluate(rules, deal);
  std::fputs(belote::outcome_text(rules, deal, outcome, belote::SuitStyle::letter).c_str(), stdout);
  std::printf("%s\n", belote::json_text(belote::outcome_json(rules, deal, outcome)).c_str());
  return 0;
}
