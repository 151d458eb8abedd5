// A game at the table (docs/table.md): a person's program deals from a seed,
// asks each seat's player for an action from what that seat may know, and
// writes the game's record, which `belote sheet show` scores again.
//
//   play_table [RULESET] [SEED]
#include <belote/belote.h>
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  const belote::RulesetLoader loader(belote::RulesetSearchPath::standard({}));
  const belote::LoadedRuleset loaded = loader.load(argc > 1 ? argv[1] : "coinche");
  if (!loaded.ok()) return 1;
  const belote::Ruleset& rules = *loaded.ruleset;

  belote::TableSetup setup;
  setup.seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 7;
  belote::Table table(rules, setup);

  // One engine player a seat; each chooses from its own observation only.
  std::string error;
  std::unique_ptr<belote::Player> players[4];
  for (belote::Seat seat : belote::kSeats) players[belote::index(seat)] = belote::make_player("random", 100 + belote::index(seat), error);

  int shown = 0, played = 0;
  while (!table.over()) {
    const belote::Seat seat = table.to_act();
    const belote::Action action = belote::ask(*players[belote::index(seat)], table);
    if (shown++ < 6) std::printf("%s: %s\n", std::string(belote::name(seat)).c_str(), table.action_text(action).c_str());
    if (const auto refused = table.apply(action)) {
      std::printf("refused: %s\n", refused->message.c_str());
      return 1;
    }
    // After each mène played: what the evaluator gave it.
    if (table.tally().played > played) {
      played = table.tally().played;
      const belote::Outcome& outcome = *table.last_outcome();
      std::printf("mène %d: NS %d, EW %d\n", played, outcome.score[belote::Team::NS], outcome.score[belote::Team::EW]);
    }
  }
  const belote::TableTally& tally = table.tally();
  std::printf("game over after %d mènes: NS %d, EW %d\n", tally.played, tally.totals[belote::Team::NS], tally.totals[belote::Team::EW]);
  std::printf("winner: %s\n", tally.end.winner ? std::string(belote::name(*tally.end.winner)).c_str() : "none");
  // The record: a score sheet in TOML (or JSON with record_json).
  const std::string record = belote::record_toml(table);
  std::printf("record, first line: %s\n", record.substr(0, record.find('\n')).c_str());
  return 0;
}
