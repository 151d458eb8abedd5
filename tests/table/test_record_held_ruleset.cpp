// A game's record holds a ruleset of one's own whole (table.md 4): a ruleset
// loaded from a file or from text is written as the record's `rules`, and
// the record replays, and is scored as a sheet, by a reader that has neither
// the file nor any ruleset directory. A ruleset found by name is named only.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_record_held_ruleset)

using namespace belote;
using namespace belote::test;

namespace {

// A loader with no directory at all: a record replayed through it finds nothing by name.
const RulesetLoader& bare_loader() {
  static const RulesetLoader loader{RulesetSearchPath{}};
  return loader;
}

Table played_game(const Ruleset& rules, std::uint64_t seed, int menes = 3) {
  TableSetup setup;
  setup.seed = seed;
  setup.max_menes = menes;
  Table table(rules, setup);
  Xoshiro256 rng(seed, 7);
  while (!table.over()) table.apply_random(rng);
  return table;
}

constexpr const char* kHouse = "extends = \"coinche\"\ntitle = \"House\"\n[game]\ntarget = 700\n";

std::string house_record_toml() {
  const LoadedRuleset house = shipped_loader().load_string(kHouse, "<house>", "house");
  BOOST_TEST_REQUIRE(house.ok());
  return record_toml(played_game(*house.ruleset, 5));
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_shipped_ruleset_loaded_from_its_file_replays_from_its_record_alone) {
  for (const std::string& name : shipped_ruleset_names()) {
    const LoadedRuleset loaded = shipped_loader().load_file(rulesets_dir() / (name + ".toml"));
    BOOST_TEST_REQUIRE(loaded.ok(), name);
    if (!loaded.ruleset->auction.given) continue;  // no table plays without an auction
    const Table game = played_game(*loaded.ruleset, 3);
    for (const bool toml : {false, true}) {
      const std::string record = toml ? record_toml(game) : record_json(game);
      const auto held = load_record_ruleset(bare_loader(), record, toml, "game");
      BOOST_TEST_REQUIRE(held.has_value(), name);
      BOOST_TEST_REQUIRE(held->ok(), name << ": " << (held->errors.empty() ? "" : held->errors.begin()->message));
      BOOST_TEST(held->ruleset->info.name == name);
      BOOST_TEST(held->ruleset->resolved_meanings == loaded.ruleset->resolved_meanings, name);
      const ReplayedRecord replayed = toml ? replay_record_toml(*held->ruleset, record) : replay_record(*held->ruleset, record);
      BOOST_TEST_REQUIRE(replayed.table.has_value(), name << ": " << replayed.error);
      BOOST_TEST((toml ? record_toml(*replayed.table) : record_json(*replayed.table)) == record, name);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_ruleset_found_by_name_is_named_only) {
  const std::string record = record_json(played_game(*ruleset("coinche"), 4));
  const auto json = nlohmann::json::parse(record);
  BOOST_TEST(json["ruleset"] == "coinche");
  BOOST_TEST(!json.contains("rules"));
  BOOST_TEST(!record_ruleset(record)->holds_rules);
  const auto found = load_record_ruleset(bare_loader(), record, false, "game.json");
  BOOST_TEST_REQUIRE(found.has_value());
  BOOST_TEST(!found->ok());  // nothing to find it in
  BOOST_TEST(found->errors.begin()->message.starts_with("'ruleset': no ruleset named 'coinche'"), found->errors.begin()->message);
}

BOOST_AUTO_TEST_CASE(a_ruleset_found_by_name_in_a_users_directory_is_held) {
  const auto dir = temp_dir("held-user-dir");
  write_file(dir / "maison.toml", kHouse);
  RulesetSearchPath search({{dir, "user"}, {rulesets_dir(), "installed"}});
  const RulesetLoader loader(search);
  const LoadedRuleset maison = loader.load("maison");
  BOOST_TEST_REQUIRE(maison.ok());
  const std::string record = record_json(played_game(*maison.ruleset, 6));
  BOOST_TEST(record_ruleset(record)->holds_rules);
  const auto held = load_record_ruleset(bare_loader(), record, false, "game.json");
  BOOST_TEST_REQUIRE(held->ok());
  BOOST_TEST(held->ruleset->resolved_meanings == maison.ruleset->resolved_meanings);
  // The shipped ones, found by name in the same search, are named only.
  BOOST_TEST(loader.load("coinche").ruleset->own_document.empty());
}

BOOST_AUTO_TEST_CASE(rules_without_a_name_or_with_a_name_of_their_own_are_refused) {
  const std::string toml = house_record_toml();
  const auto unnamed = load_record_ruleset(bare_loader(), with(toml, "ruleset = 'house'\n", ""), true, "game.toml");
  BOOST_TEST_REQUIRE(unnamed.has_value());
  BOOST_TEST_REQUIRE(unnamed->errors.size() == 1u);
  BOOST_TEST(unnamed->errors.begin()->message == "missing key 'ruleset' (the name of the ruleset that 'rules' holds)");
  const auto renamed = load_record_ruleset(bare_loader(), with(toml, "[rules]\n", "[rules]\nname = 'other'\n"), true, "game.toml");
  BOOST_TEST_REQUIRE(renamed->errors.size() == 1u);
  BOOST_TEST(renamed->errors.begin()->message ==
             "'name': a ruleset held in a file is named by the file's 'ruleset' ('house'); leave 'name' out");
  const LoadedRuleset house = shipped_loader().load_string(kHouse, "<house>", "house");
  auto json = nlohmann::ordered_json::parse(record_json(played_game(*house.ruleset, 5)));
  json["rules"] = "name = 'other'\n" + json["rules"].get<std::string>();
  const auto text_renamed = load_record_ruleset(bare_loader(), json.dump(), false, "game.json");
  BOOST_TEST_REQUIRE(text_renamed->errors.size() == 1u);
  BOOST_TEST(text_renamed->errors.begin()->message ==
             "'rules': 'name' is 'other': a ruleset held in a record is named by its 'ruleset' ('house'); leave 'name' out");
}

BOOST_AUTO_TEST_CASE(a_record_that_holds_its_ruleset_stands_for_it_as_a_ruleset_file) {
  // `--ruleset game.toml`: the same house rules for the next game, or shown, or compared.
  const auto dir = temp_dir("held-as-ruleset");
  write_file(dir / "game.toml", house_record_toml());
  const LoadedRuleset loaded = bare_loader().load_file(dir / "game.toml");
  BOOST_TEST_REQUIRE(loaded.ok(), (loaded.errors.empty() ? "" : loaded.errors.begin()->message));
  BOOST_TEST(loaded.ruleset->info.name == "house");
  BOOST_TEST(loaded.ruleset->game.target == 700);
  BOOST_TEST(loaded.ruleset->resolved_meanings ==
             shipped_loader().load_string(kHouse, "<house>", "house").ruleset->resolved_meanings);
  // A sheet that names its ruleset is no ruleset: said so, as before.
  write_file(dir / "sheet.toml", "ruleset = 'coinche'\n[[mene]]\ntaker = 'N'\n");
  const LoadedRuleset sheet = bare_loader().load_file(dir / "sheet.toml");
  BOOST_TEST_REQUIRE(!sheet.errors.empty());
  BOOST_TEST(sheet.errors.begin()->message.find("score sheet") != std::string::npos, sheet.errors.begin()->message);
}

BOOST_AUTO_TEST_CASE(a_relative_extends_in_held_rules_starts_from_the_records_folder) {
  const auto dir = temp_dir("held-extends");
  write_file(dir / "base" / "maison.toml", kHouse);
  std::filesystem::create_directories(dir / "games");
  const std::string toml = "ruleset = 'x'\n[rules]\nextends = '../base/maison.toml'\n[rules.rounding]\nstep = 1\n";
  const auto held = load_record_ruleset(shipped_loader(), toml, true, "game.toml", dir / "games");
  BOOST_TEST_REQUIRE(held.has_value());
  BOOST_TEST_REQUIRE(held->ok(), (held->errors.empty() ? "" : held->errors.begin()->message));
  BOOST_TEST(held->ruleset->game.target == 700);
  const LoadedSheet sheet = read_sheet(toml, "game.toml", dir / "games", shipped_loader());
  BOOST_TEST(sheet.ok(), (sheet.errors.empty() ? "" : sheet.errors.begin()->message));
}

BOOST_AUTO_TEST_CASE(a_record_holding_its_ruleset_is_a_sheet_scored_without_any_directory) {
  const LoadedRuleset house = shipped_loader().load_string(kHouse, "<house>", "house");
  BOOST_TEST_REQUIRE(house.ok());
  const Table game = played_game(*house.ruleset, 9, 40);
  const LoadedSheet sheet = read_sheet(record_toml(game), "game.toml", ".", bare_loader());
  BOOST_TEST_REQUIRE(sheet.ok(), (sheet.errors.empty() ? "" : sheet.errors.begin()->message));
  BOOST_TEST(sheet.ruleset->info.title == "House");
  const GameScore score = score_sheet(*sheet.ruleset, sheet.sheet);
  BOOST_TEST(score.target == 700);
  BOOST_TEST(score.totals[Team::NS] == game.tally().totals[Team::NS]);
  BOOST_TEST(score.totals[Team::EW] == game.tally().totals[Team::EW]);
}

BOOST_AUTO_TEST_CASE(an_error_in_the_held_toml_ruleset_is_placed_at_its_key_in_the_record) {
  const std::string record = with(house_record_toml(), "target = 700", "target = \"many\"");
  const auto held = load_record_ruleset(bare_loader(), record, true, "game.toml");
  BOOST_TEST_REQUIRE(held.has_value());
  BOOST_TEST_REQUIRE(held->errors.size() == 1u);
  const Diagnostic& d = *held->errors.begin();
  BOOST_TEST(d.file == "game.toml");
  BOOST_TEST(d.source_line.find("target = \"many\"") != std::string::npos, d.source_line);
  BOOST_TEST(d.message.find("'game.target'") != std::string::npos, d.message);
  // The sheet reader places it alike.
  const LoadedSheet sheet = read_sheet(record, "game.toml", ".", bare_loader());
  BOOST_TEST_REQUIRE(!sheet.errors.empty());
  BOOST_TEST(sheet.errors.begin()->line == d.line);
  BOOST_TEST(sheet.errors.begin()->message == d.message);
}

BOOST_AUTO_TEST_CASE(an_error_in_the_held_json_ruleset_stands_at_rules_with_its_line_there) {
  const LoadedRuleset house = shipped_loader().load_string(kHouse, "<house>", "house");
  BOOST_TEST_REQUIRE(house.ok());
  auto json = nlohmann::ordered_json::parse(record_json(played_game(*house.ruleset, 5)));
  BOOST_TEST(json["rules"].is_string());
  json["rules"] = with(json["rules"].get<std::string>(), "target = 700", "target = \"many\"");
  const std::string record = json.dump(1);
  const auto held = load_record_ruleset(bare_loader(), record, false, "game.json");
  BOOST_TEST_REQUIRE(held.has_value());
  BOOST_TEST_REQUIRE(held->errors.size() == 1u);
  const Diagnostic& d = *held->errors.begin();
  BOOST_TEST(d.file == "game.json");
  BOOST_TEST(d.line == 3);  // after `{` and `"ruleset": "house",`
  BOOST_TEST(d.message.starts_with("'rules', line "), d.message);
  BOOST_TEST(d.message.find(": 'game.target' must be") != std::string::npos, d.message);
  // Not text: said so.
  json["rules"] = nlohmann::ordered_json::object();
  const auto object = load_record_ruleset(bare_loader(), json.dump(1), false, "game.json");
  BOOST_TEST_REQUIRE(object->errors.size() == 1u);
  BOOST_TEST(object->errors.begin()->message == "'rules' must be a string (the text of the ruleset the record holds), not a table");
  BOOST_TEST(replay_record(*house.ruleset, json.dump(1)).error.find("'rules' must be a string (the ruleset the record holds), not")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_toml_form_holds_the_named_tables_in_their_order) {
  // The kinds come in the ruleset's order (couleur, sans-atout, tout-atout), not in alphabetical order.
  const LoadedRuleset loaded = shipped_loader().load_file(rulesets_dir() / "bulgare.toml");
  BOOST_TEST_REQUIRE(loaded.ok());
  const std::string toml = record_toml(played_game(*loaded.ruleset, 2));
  const auto suit = toml.find("[rules.kinds.suit]"), no_trumps = toml.find("[rules.kinds.no-trumps]"),
             all_trumps = toml.find("[rules.kinds.all-trumps]");
  BOOST_TEST_REQUIRE(all_trumps != std::string::npos);
  BOOST_TEST((suit < no_trumps && no_trumps < all_trumps));
  BOOST_TEST(toml.find("[rules]") < toml.find("[[mene]]"));  // the mènes last, where a sheet adds to them
}

BOOST_AUTO_TEST_CASE(the_name_of_a_held_ruleset_is_a_ruleset_name) {
  const std::string record = with(house_record_toml(), "ruleset = 'house'", "ruleset = 'house.toml'");
  const auto held = load_record_ruleset(bare_loader(), record, true, "game.toml");
  BOOST_TEST_REQUIRE(held.has_value());
  BOOST_TEST_REQUIRE(held->errors.size() == 1u);
  BOOST_TEST(held->errors.begin()->message ==
             "'ruleset' names the ruleset that 'rules' holds: a name (1 to 64 letters, digits and '-'), not 'house.toml'");
  const LoadedSheet sheet = read_sheet(record, "game.toml", ".", bare_loader());
  BOOST_TEST_REQUIRE(!sheet.errors.empty());
  BOOST_TEST(sheet.errors.begin()->message == held->errors.begin()->message);
}

BOOST_AUTO_TEST_CASE(rules_that_are_not_a_table_in_toml_are_refused_by_every_reader) {
  const std::string record = "ruleset = 'house'\nrules = 3\n" + house_record_toml().substr(house_record_toml().find("[table]"));
  const std::string without_held = record.substr(0, record.find("\n[rules]"));
  const ReplayedRecord replayed = replay_record_toml(*ruleset("coinche"), without_held);
  BOOST_TEST(replayed.error.find("'rules' must be a table (the ruleset the record holds), not 3") != std::string::npos,
             replayed.error);
  const auto held = load_record_ruleset(bare_loader(), without_held, true, "game.toml");
  BOOST_TEST_REQUIRE(held->errors.size() == 1u);
  BOOST_TEST(held->errors.begin()->message == "'rules' must be a table (the ruleset the record holds), not an integer");
  BOOST_TEST(held->errors.begin()->line == 2);
  const LoadedSheet sheet = read_sheet(without_held, "game.toml", ".", bare_loader());
  BOOST_TEST_REQUIRE(!sheet.errors.empty());
  BOOST_TEST(sheet.errors.begin()->message.starts_with("'rules' must be a table (the keys of the game's ruleset), not "),
             sheet.errors.begin()->message);
}

BOOST_AUTO_TEST_CASE(an_untrusted_record_names_no_path) {
  const RulesetLoader untrusted(RulesetSearchPath{{{rulesets_dir(), "installed"}}}, RulesetTrust::untrusted);
  const std::string record = with(record_json(played_game(*ruleset("coinche"), 4)), "\"ruleset\":\"coinche\"",
                                  "\"ruleset\":\"../rulesets/coinche.toml\"");
  const auto named = load_record_ruleset(untrusted, record, false, "game.json");
  BOOST_TEST_REQUIRE(named.has_value());
  BOOST_TEST_REQUIRE(named->errors.size() == 1u);
  BOOST_TEST(named->errors.begin()->message.find("is a path; a record from an untrusted source names a ruleset of the search "
                                                 "path, or holds its own as 'rules'") != std::string::npos);
  // Held, it loads untrusted as well.
  const auto held = load_record_ruleset(untrusted, house_record_toml(), true, "game.toml");
  BOOST_TEST_REQUIRE(held.has_value());
  BOOST_TEST(held->ok());
}

BOOST_AUTO_TEST_CASE(a_record_that_does_not_parse_says_why_and_one_that_names_nothing_gives_nothing) {
  const auto json = load_record_ruleset(bare_loader(), "{\n\"ruleset\": \"coinche\",\n\"table\" 1}", false, "game.json");
  BOOST_TEST_REQUIRE(json.has_value());
  BOOST_TEST_REQUIRE(json->errors.size() == 1u);
  BOOST_TEST(json->errors.begin()->line == 3);
  BOOST_TEST(json->errors.begin()->file == "game.json");
  const auto toml = load_record_ruleset(bare_loader(), "ruleset = 'coinche'\n[table\n", true, "game.toml");
  BOOST_TEST_REQUIRE(toml.has_value());
  BOOST_TEST_REQUIRE(toml->errors.size() == 1u);
  BOOST_TEST(toml->errors.begin()->line == 2);
  BOOST_TEST(toml->errors.begin()->message.starts_with("TOML syntax: "), toml->errors.begin()->message);
  BOOST_TEST(!load_record_ruleset(bare_loader(), R"({"table": {"seed": 1}, "mene": []})", false, "game.json").has_value());
  BOOST_TEST(!load_record_ruleset(bare_loader(), "[table]\nseed = 1\n", true, "game.toml").has_value());
}

BOOST_AUTO_TEST_CASE(the_loader_reads_a_ruleset_held_as_a_table_of_another_file) {
  const LoadedRuleset missing = shipped_loader().load_table_of("ruleset = 'x'\n", "rules", "game.toml", "x");
  BOOST_TEST_REQUIRE(missing.errors.size() == 1u);
  BOOST_TEST(missing.errors.begin()->message == "no table 'rules' holds a ruleset");
  const LoadedRuleset held =
      shipped_loader().load_table_of("ruleset = 'x'\n[rules]\nextends = 'coinche'\n[rules.game]\ntarget = 700\n", "rules", "sheet.toml", "x");
  BOOST_TEST_REQUIRE(held.ok());
  BOOST_TEST(held.ruleset->game.target == 700);
  BOOST_TEST(held.ruleset->info.name == "x");
  // Text is a ruleset of one's own; a ruleset found by name is not.
  BOOST_TEST(!held.ruleset->own_document.empty());
  BOOST_TEST(shipped_loader().load("coinche").ruleset->own_document.empty());
}

BOOST_AUTO_TEST_SUITE_END()
