// Built by install_test.sh with a plain compiler and `pkg-config --cflags
// --libs belote` against the install, at -Wall -Wextra -Werror: the option
// structs written with designated initializers as the guides write them, a
// game played and its record read back.
#include <belote/belote.h>

#include <cstdio>

int main() {
  const belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
  const belote::LoadedRuleset loaded = loader.load("coinche");
  if (!loaded.ok()) return 1;
  belote::Table table(*loaded.ruleset, belote::TableSetup{.seed = 7, .max_menes = 1});
  const belote::AdviceOptions advice{.worlds = 2};
  const belote::SolveOptions solve{.line = true};
  const belote::Advice advised = belote::advise(*loaded.ruleset, table.actions(), table.observe(table.to_act()), table.legal(), advice);
  belote::Xoshiro256 rng(7, 1);
  while (!table.over()) table.apply_random(rng);
  const belote::ReplayedRecord replayed = belote::replay_record(*loaded.ruleset, belote::record_json(table));
  if (!replayed.table || !solve.line || advised.worlds != 2) return 1;
  std::printf("played %d mène, totals %d/%d\n", table.tally().played, table.tally().totals[belote::Team::NS],
              table.tally().totals[belote::Team::EW]);
  return 0;
}
