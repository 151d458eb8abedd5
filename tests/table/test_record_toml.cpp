// A game's record read back from its TOML form (table_record.h): it replays
// to the same end as its JSON, and a record refused names the place of the
// value in the TOML text, as `belote sheet` places an error in a sheet.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "belote/random_deals.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_record_toml)

using namespace belote;
using namespace belote::test;

namespace {

/// A game of two mènes of random legal actions under coinche.
Table played_game() {
  static const auto coinche = ruleset("coinche");
  TableSetup setup;
  setup.seed = 2;
  setup.max_menes = 2;
  Table table(*coinche, setup);
  Xoshiro256 rng(7, 1);
  while (!table.over()) {
    const LegalActions legal = table.legal();
    table.apply_legal(legal.nth(table.actions(), int(rng.below(std::uint32_t(legal.count(table.actions()))))));
  }
  return table;
}

/// `text` with the first `from` after `after` replaced by `to`.
std::string replaced(std::string text, const std::string& after, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from, text.find(after));
  BOOST_TEST_REQUIRE(at != std::string::npos, from);
  return text.replace(at, from.size(), to);
}

/// The 1-based line and column of the first `what` after `after` in `text`.
std::pair<int, int> place_of(const std::string& text, const std::string& after, const std::string& what) {
  const std::size_t at = text.find(what, text.find(after));
  const std::size_t line_start = text.rfind('\n', at) + 1;
  return {int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n')) + 1, int(at - line_start) + 1};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_toml_record_replays_to_the_end_its_json_does) {
  const Table game = played_game();
  const ReplayedRecord from_toml = replay_record_toml(game.rules(), record_toml(game));
  BOOST_TEST_REQUIRE(from_toml.error.empty(), from_toml.error);
  const ReplayedRecord from_json = replay_record(game.rules(), record_json(game));
  BOOST_TEST_REQUIRE(from_json.error.empty(), from_json.error);
  BOOST_TEST((from_toml.table->tally().totals == from_json.table->tally().totals));
  BOOST_TEST(record_json(*from_toml.table) == record_json(game));
}

BOOST_AUTO_TEST_CASE(a_card_refused_is_placed_at_its_token_in_the_toml) {
  const Table game = played_game();
  const std::string toml = record_toml(game);
  // The first trick's last card, a card of a hand dealt to another seat.
  const std::string first_trick = toml.substr(toml.find("cards = [", toml.find("[[mene.play]]")));
  const std::string last_card = first_trick.substr(first_trick.find(']') - 6, 6);  // "'10C' " or " 'JH' "
  const std::string card = last_card.substr(last_card.find('\'') + 1, last_card.rfind('\'') - last_card.find('\'') - 1);
  const std::string bad = replaced(toml, "[[mene.play]]", "'" + card + "' ]", "'ZZ' ]");
  const ReplayedRecord replayed = replay_record_toml(game.rules(), bad);
  BOOST_TEST_REQUIRE(!replayed.error.empty());
  BOOST_TEST(replayed.error.find("'play[0].cards[3]'") != std::string::npos, replayed.error);
  const auto [line, column] = place_of(bad, "[[mene.play]]", "'ZZ'");
  BOOST_TEST(replayed.line == line);
  BOOST_TEST(replayed.column == column);
  BOOST_TEST(replayed.source_line.find("'ZZ'") != std::string::npos, replayed.source_line);
  BOOST_TEST(!replayed.table.has_value());  // refused: no table of the game up to the fault
}

BOOST_AUTO_TEST_CASE(a_card_of_a_hand_is_placed_within_its_string) {
  const Table game = played_game();
  const std::string toml = record_toml(game);
  const std::size_t hands = toml.find("[mene.hands]");
  const std::size_t north = toml.find("N = '", hands) + 5;
  const std::string first_card = toml.substr(north, toml.find(' ', north) - north);
  const std::string bad = replaced(toml, "[mene.hands]", "N = '" + first_card + " ", "N = '" + first_card + " XX");
  const ReplayedRecord replayed = replay_record_toml(game.rules(), bad);
  BOOST_TEST_REQUIRE(!replayed.error.empty());
  BOOST_TEST(replayed.error.find("'hands.N'") != std::string::npos, replayed.error);
  const auto [line, column] = place_of(bad, "[mene.hands]", "XX");
  BOOST_TEST(replayed.line == line);
  BOOST_TEST(replayed.column == column);
}

BOOST_AUTO_TEST_CASE(a_key_and_a_value_of_the_wrong_type_are_placed_in_the_toml) {
  const Table game = played_game();
  const std::string toml = record_toml(game);
  const std::string unknown = replaced(toml, "[table]", "seed = ", "sead = ");
  const ReplayedRecord key = replay_record_toml(game.rules(), unknown);
  BOOST_TEST(key.error.find("unknown key 'table.sead'") != std::string::npos, key.error);
  BOOST_TEST((std::pair(key.line, key.column) == place_of(unknown, "[table]", "sead")));
  const std::string decimal = replaced(toml, "[table]", "menes = 2", "menes = 2.0");
  const ReplayedRecord value = replay_record_toml(game.rules(), decimal);
  BOOST_TEST(value.error.find("'table.menes' must be a whole number") != std::string::npos, value.error);
  BOOST_TEST((std::pair(value.line, value.column) == place_of(decimal, "[table]", "2.0")));
}

BOOST_AUTO_TEST_CASE(a_mene_the_sheet_scores_otherwise_is_refused) {
  // With spoken = false (the default) every announcement and belote held counts, as `belote sheet
  // show` scores it; the table replays what was said, so such a mène would score otherwise.
  const Table game = played_game();
  std::string unspoken = replaced(record_toml(game), "[[mene]]", "spoken = true", "spoken = false");
  for (std::size_t said = unspoken.find("[mene.said]"); said != std::string::npos; said = unspoken.find("[mene.said]"))
    unspoken.erase(said, unspoken.find("[[mene.play]]", said) - said);
  const LoadedSheet sheet = read_sheet(unspoken, "record.toml", ".", shipped_loader());
  BOOST_TEST_REQUIRE(sheet.errors.empty(), (sheet.errors.empty() ? "" : sheet.errors.begin()->message));
  const ReplayedRecord refused = replay_record_toml(game.rules(), unspoken);
  BOOST_TEST(refused.error == "mène 1: spoken = false cannot be replayed: every announcement and belote held counts, but the table "
                              "replays only what was said (spoken = true); `belote sheet show` scores this record");
  BOOST_TEST((std::pair(refused.line, refused.column) == place_of(unspoken, "[[mene]]", "false")));
  BOOST_TEST(!refused.table.has_value());

  // Without the key (false when absent), placed at the mène's 'play'.
  auto record = nlohmann::json::parse(record_json(game));
  record["mene"][0].erase("spoken");
  record["mene"][0].erase("said");
  const ReplayedRecord absent = replay_record(game.rules(), record.dump());
  BOOST_TEST(absent.error.starts_with("mène 1: a played mène without spoken = true (false when absent) cannot be replayed: "), absent.error);
  BOOST_TEST(absent.source_line.substr(std::size_t(absent.column) - 1).starts_with("\"play\""), absent.source_line);

  // 'said' with spoken = false, refused as the sheet refuses it.
  record["mene"][0]["spoken"] = false;
  record["mene"][0]["said"] = {{"N", nlohmann::json::array()}};
  const ReplayedRecord said = replay_record(game.rules(), record.dump());
  BOOST_TEST(said.error == "mène 1: 'said' needs spoken = true (without it every announcement held is declared)");

  // Spoken as the table writes it, the record replays.
  record["mene"][0]["spoken"] = true;
  record["mene"][0].erase("said");
  BOOST_TEST(replay_record(game.rules(), record.dump()).error.empty());
}

BOOST_AUTO_TEST_CASE(a_toml_syntax_error_is_placed_as_in_every_toml_file) {
  const Table game = played_game();
  const ReplayedRecord replayed = replay_record_toml(game.rules(), "ruleset = 'coinche'\nmene = ?\n");
  BOOST_TEST(replayed.error.starts_with("TOML syntax: "), replayed.error);
  BOOST_TEST(replayed.line == 2);
  BOOST_TEST(replayed.column == 8);
  BOOST_TEST(!replayed.table.has_value());
}

BOOST_AUTO_TEST_SUITE_END()  // test_record_toml
