// The engine inside another program, start to finish: load a ruleset, read a
// deal, score it, and read the outcome and why it is what it is.
//
// Build against an installed engine with CMake:
//   find_package(belote REQUIRED)
//   target_link_libraries(my_program PRIVATE belote::engine)
#include <belote/belote.h>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

int main() {
  // 1. A ruleset, by name. The loader reports every error of every file of
  //    the `extends` chain, each with its file, line and column.
  const belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
  const belote::LoadedRuleset loaded = loader.load("traditionnelle");
  if (!loaded.ok()) {
    for (const belote::Diagnostic& error : loaded.errors)
      std::fprintf(stderr, "%s\n", belote::location_and_message(error).c_str());
    return 1;
  }
  const belote::Ruleset& rules = *loaded.ruleset;
  std::printf("ruleset: %s (%s)\n", rules.info.name.c_str(), rules.info.title.c_str());

  // 2. A deal: one JSON Lines object here (the same keys as a TOML [deal]
  //    table). The ruleset's deck reads the card tokens.
  const std::string line =
      R"({"id": "club-17", "trump": "S", "taker": "E", "hands": {)"
      R"("N": "7S 8S 9S 10S JH QH KH AH", "E": "JS QS KS AS 7H 8H 9H 10H",)"
      R"("S": "7D 8D 9D 10D JC QC KC AC", "W": "JD QD KD AD 7C 8C 9C 10C"},)"
      R"("result": {"points": {"NS": 60, "EW": 102}, "tricks": {"NS": 3, "EW": 5}}})";
  belote::Deal deal;
  belote::Diagnostics errors;
  if (!belote::DealReader(rules).read_json_line(line, "<club>", 1, deal, errors)) {
    for (const belote::Diagnostic& error : errors)
      std::fprintf(stderr, "%s\n", belote::location_and_message(error).c_str());
    return 1;
  }

  // 3. Score it. evaluate() cannot fail on a deal the reader accepted, and
  //    allocates nothing: a loop over many deals can reuse one Outcome.
  belote::Outcome outcome;
  belote::evaluate(rules, deal, outcome);

  // 4. The outcome: what the score sheet says, and the facts behind it.
  std::printf("contract: %s\n", std::string(belote::contract_name(outcome.contract)).c_str());
  std::printf("announcements won by: %s\n",
              outcome.winner ? std::string(belote::name(*outcome.winner)).c_str() : "nobody");
  std::printf("score: NS %d, EW %d\n", outcome.score[belote::Team::NS], outcome.score[belote::Team::EW]);

  // 5. Why: the steps in words, each naming the ruleset key it comes from.
  for (const belote::Step& step : belote::explain(rules, deal, outcome, belote::SuitStyle::letter))
    std::printf("  %s: %s\n", std::string(belote::step_name(step.kind)).c_str(), step.text.c_str());

  // The same as one JSON object, as `belote score --format json` writes it.
  std::printf("%s\n", belote::json_text(belote::outcome_json(rules, deal, outcome)).c_str());
  return 0;
}
