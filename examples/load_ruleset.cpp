// Loading a ruleset by name (through the search path) and by path, and
// reading the errors of one that does not load.
//
//   load_ruleset [PATH]
#include <belote/belote.h>
#include <cstdio>

int main(int argc, char** argv) {
  // The standard search path: --rulesets-dir directories (none here), then
  // $BELOTE_RULESETS_PATH, the user's directory, and the installed rulesets.
  const belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));

  // By name: the first NAME.toml found on the search path, with its `extends` chain.
  const belote::LoadedRuleset classique = loader.load("classique-hors-contrat");
  if (!classique.ok()) return 1;
  const belote::Ruleset& rules = *classique.ruleset;
  std::printf("%s: %s\n", rules.info.name.c_str(), rules.info.title.c_str());
  std::printf("  extends: %s\n", rules.info.base.c_str());
  std::printf("  announcements count for the contract: %s\n", rules.contract.counts_announcements ? "yes" : "no");
  for (const std::string& file : classique.files) std::printf("  file: %s\n", file.c_str());

  // By path: anything ending in .toml or holding a '/'.
  if (argc > 1) {
    const belote::LoadedRuleset by_path = loader.load(argv[1]);
    if (by_path.ok()) std::printf("%s: %s\n", argv[1], by_path.ruleset->info.title.c_str());
  }

  // A name nobody ships: the errors say what was searched.
  const belote::LoadedRuleset missing = loader.load("no-such-ruleset");
  for (const belote::Diagnostic& error : missing.errors)
    std::printf("error: %s\n", belote::location_and_message(error).c_str());
  return missing.ok() ? 1 : 0;
}
