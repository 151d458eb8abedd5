// Loading rulesets: inheritance, the rank-table reset, names and paths, a
// 36-card deck, and that the loader reads every key of the registry.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "belote/evaluator.h"
#include "belote/report.h"
#include "hand_built.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_ruleset_loader)

namespace bdata = boost::unit_test::data;
namespace fs = std::filesystem;
using namespace belote;
using namespace belote::test;

namespace {

const Setting* setting(const LoadedRuleset& loaded, const std::string& key) {
  for (const Setting& s : loaded.settings)
    if (s.key == key) return &s;
  return nullptr;
}

std::string origin_file(const LoadedRuleset& loaded, const std::string& key) {
  const Setting* s = setting(loaded, key);
  return s ? fs::path(s->origin.file).filename().string() : "(not set)";
}

// base -> middle -> top, over classique.
fs::path write_three_level_chain(const fs::path& dir) {
  write_file(dir / "base.toml", R"(extends = "classique"
title = "Base"
description = "The base of the chain."
[contract]
capot = 300
on_tie = "made"
[carres]
void_deal = ["7"]
[carres.points]
J = 250
9 = 160
)");
  write_file(dir / "middle.toml", R"(extends = "base"
name = "Middle"
title = "Middle"
[contract]
capot = 400
[carres]
void_deal = ["8"]
[carres.points]
9 = 170
A = 110
)");
  write_file(dir / "top.toml", R"(extends = "middle"
[contract]
capot = 500
[carres.points]
A = 120
)");
  return dir / "top.toml";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_chain_applies_the_base_first_and_the_file_last) {
  const fs::path dir = temp_dir("three-levels");
  const LoadedRuleset loaded = shipped_loader({dir}).load_file(write_three_level_chain(dir));
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  const Ruleset& rules = *loaded.ruleset;
  const Deck& deck = rules.deck;
  const auto carre = [&](const char* rank) { return rules.carres.points_by_rank[*deck.parse_rank(rank)]; };

  // The files, base first.
  std::vector<std::string> files;
  for (const auto& f : loaded.files) files.push_back(fs::path(f).filename().string());
  BOOST_TEST(files == (std::vector<std::string>{"classique.toml", "base.toml", "middle.toml", "top.toml"}),
             boost::test_tools::per_element());

  // A value set at several levels: the top one wins.
  BOOST_TEST(rules.contract.capot_points == 500);
  BOOST_TEST(origin_file(loaded, "contract.capot") == "top.toml");
  // Set only in the base, it stays.
  BOOST_TEST((rules.contract.on_tie == ContractTie::made));
  BOOST_TEST(origin_file(loaded, "contract.on_tie") == "base.toml");
  // Tables merge key by key: each entry comes from the last file that sets it.
  BOOST_TEST(carre("J") == 250);
  BOOST_TEST(carre("9") == 170);
  BOOST_TEST(carre("A") == 120);
  BOOST_TEST(carre("K") == 100);
  BOOST_TEST(origin_file(loaded, "carres.points.J") == "base.toml");
  BOOST_TEST(origin_file(loaded, "carres.points.9") == "middle.toml");
  BOOST_TEST(origin_file(loaded, "carres.points.A") == "top.toml");
  BOOST_TEST(origin_file(loaded, "carres.points.K") == "classique.toml");
  // Arrays replace: the middle's void_deal is ["8"], not ["7", "8"].
  BOOST_TEST(rules.carres.voiding_ranks == RankMask{1} << *deck.parse_rank("8"));
  BOOST_TEST(origin_file(loaded, "carres.void_deal") == "middle.toml");
  // The deck comes from the built-in classic deck.
  BOOST_TEST(origin_file(loaded, "deck.ranks") == "<built-in classic deck>");
}

BOOST_AUTO_TEST_CASE(metadata_is_not_inherited) {
  const fs::path dir = temp_dir("metadata");
  const LoadedRuleset loaded = shipped_loader({dir}).load_file(write_three_level_chain(dir));
  BOOST_TEST_REQUIRE(loaded.ok());
  const RulesetInfo& info = loaded.ruleset->info;
  BOOST_TEST(info.name == "top");  // its file name, not the middle's name
  BOOST_TEST(info.title.empty());
  BOOST_TEST(info.description.empty());
  BOOST_TEST(info.source.empty());
  BOOST_TEST(info.base == "middle");
  for (const char* key : {"name", "title", "description", "source"}) BOOST_TEST(!setting(loaded, key), key);
  BOOST_TEST(origin_file(loaded, "extends") == "top.toml");

  const LoadedRuleset middle = shipped_loader({dir}).load("middle");
  BOOST_TEST_REQUIRE(middle.ok());
  BOOST_TEST(middle.ruleset->info.name == "middle");
  BOOST_TEST(middle.ruleset->info.title == "Middle");
  BOOST_TEST(middle.ruleset->info.description.empty());  // the base's is not inherited
}

// A deck of nine ranks (a 6 below the 7) over classique, with its card points.
constexpr const char* kNineRanks = R"(extends = "classique"
[deck]
ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_order = ["6", "7", "8", "Q", "K", "10", "A", "9", "J"]
plain_order = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
hand_size = 9
trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0, 6 = 0 }
plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0, 6 = 0 }
)";

BOOST_AUTO_TEST_CASE(new_ranks_start_the_rank_tables_afresh) {
  // Ranks alone: the inherited rank tables no longer apply, so they are missing.
  const LoadedRuleset bare = load_text(kNineRanks);
  const auto said = [&](std::string_view start) {
    return std::any_of(bare.errors.begin(), bare.errors.end(), [&](const Diagnostic& d) { return d.message.starts_with(start); });
  };
  BOOST_TEST(said("missing key 'carres.points' ('deck.ranks' at test.toml:3 sets new ranks"));
  BOOST_TEST(said("'carres.order' must list every rank once; missing 6"));  // an array is kept, and checked
  BOOST_TEST(bare.errors.size() == 2u);
  BOOST_TEST(bare.settings.empty());  // only a valid ruleset is written back
  // The deck's trick orders are arrays too: kept, and checked, rather than silently made the natural order.
  std::string without_orders = kNineRanks;
  for (const std::string_view key : {"trump_order", "plain_order"}) {
    const auto at = without_orders.find(std::string(key) + " = ");
    without_orders.erase(at, without_orders.find('\n', at) + 1 - at);
  }
  const LoadedRuleset orderless = load_text(without_orders);
  const auto orderless_said = [&](std::string_view start) {
    return std::any_of(orderless.errors.begin(), orderless.errors.end(), [&](const Diagnostic& d) { return d.message.starts_with(start); });
  };
  BOOST_TEST(orderless_said("'deck.trump_order' must list every rank once; missing 6"));
  BOOST_TEST(orderless_said("'deck.plain_order' must list every rank once; missing 6"));

  // Given the rank tables, it loads: tables keyed by something else (lengths) are kept.
  const LoadedRuleset complete = load_text(std::string(kNineRanks) + R"([carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0 }
order = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]
)");
  BOOST_TEST_REQUIRE(complete.ok(), complete.errors.size());
  BOOST_TEST(origin_file(complete, "sequences.points.3") == "classique.toml");
  BOOST_TEST(origin_file(complete, "carres.points.6") == "test.toml");
  // The aliases of the classic deck went with its ranks.
  BOOST_TEST(!setting(complete, "deck.rank_aliases.10"));
}

BOOST_AUTO_TEST_CASE(the_hand_size_follows_from_the_deck) {
  // Nine ranks dealt to four players make hands of nine: no key to write.
  std::string nine_ranks = std::string(kNineRanks) + R"([carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0 }
order = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]
)";
  nine_ranks.erase(nine_ranks.find("hand_size = 9\n"), std::string("hand_size = 9\n").size());
  const LoadedRuleset loaded = load_text(nine_ranks);
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->deck.hand_size == 9);
  BOOST_TEST(!setting(loaded, "deck.hand_size"));

  // A base that wrote the hand size of its own ranks does not bind new ranks.
  const fs::path dir = temp_dir("hand-size-of-the-base");
  write_file(dir / "eight.toml", "extends = \"classique\"\n[deck]\nhand_size = 8\n");
  nine_ranks.replace(nine_ranks.find("\"classique\""), std::string("\"classique\"").size(), "\"eight\"");
  const LoadedRuleset over = shipped_loader({dir}).load_string(nine_ranks, "nine.toml", "nine");
  for (const auto& e : over.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(over.ok());
  BOOST_TEST(over.ruleset->deck.hand_size == 9);
}

BOOST_AUTO_TEST_CASE(sequence_names_may_use_any_alphabet) {
  const LoadedRuleset loaded = load_text(R"(extends = "classique"
[sequences]
names = { 3 = "Dreiblatt", 4 = "vierblatt", 5 = "FÜNFBLATT" }
[announcements]
categories = ["carre-J", "carre-9", ["carre-A", "carre-10", "carre-K", "carre-Q"], "fünfblatt", "Vierblatt", "dreiblatt"]
)");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  // Kept as written, as outputs write them; the categories above name them in other cases.
  BOOST_TEST(loaded.ruleset->sequences.names_by_length[5] == "FÜNFBLATT");
  BOOST_TEST(loaded.ruleset->sequences.names_by_length[3] == "Dreiblatt");
  BOOST_TEST(loaded.ruleset->kind_name(AnnouncementKind{false, 3}) == "Dreiblatt");
  // A declared announcement is read in any case too.
  const Deal deal = deal_from_toml(*loaded.ruleset, R"([deal]
trump = "H"
taker = "N"
[deal.announcements]
N = ["Fünfblatt KH"]
[deal.result]
points = { NS = 100, EW = 62 }
tricks = { NS = 5, EW = 3 }
)");
  BOOST_TEST(deal.declared[Seat::N].count == 1);
  BOOST_TEST(deal.declared[Seat::N].items[0].length == 5);
  // The outcome names it as the ruleset writes it.
  const auto json = outcome_json(*loaded.ruleset, deal, evaluate(*loaded.ruleset, deal));
  BOOST_TEST(json["announcements"]["N"][0]["name"] == "FÜNFBLATT", json.dump());
}

BOOST_AUTO_TEST_CASE(a_36_card_ruleset_with_9_card_hands_loads_and_scores) {
  const LoadedRuleset loaded = load_text("extends = \"classique\"\n" + kDeck36Toml, "deck36.toml");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  const Ruleset& rules = *loaded.ruleset;
  BOOST_TEST(rules.deck.card_count() == 36);
  BOOST_TEST(rules.deck.hand_size == 9);
  BOOST_TEST(rules.deck.total_card_points() == 162);
  BOOST_TEST(rules.sequences.points(9) == 100);  // a run of all nine ranks is one cent, as in classique
  BOOST_TEST(rules.tables.rank_count == 9);

  // N holds 6-7-8 of spades: a tierce that needs the new rank.
  const HandBuiltDeal deal = HandBuiltDeal{{"6S 7S 8S 6H 9H 7D 10D 7C 10C", "9S QS 7H 10H KH 6D JD 8C JC",
                                            "10S KS 8H JH 9D QD AD KC AC", "JS AS QH AH 8D KD 6C 9C QC"}}
                                 .with_result(100, 62, 6, 3);
  const Outcome out = score(rules, deal);
  BOOST_TEST(out.announcements[Seat::N].points == 20);
  BOOST_TEST((out.winner == Team::NS));
  BOOST_TEST((out.contract == ContractResult::made));
  BOOST_TEST(out.score[Team::NS] == 120);
  BOOST_TEST(out.score[Team::EW] == 62);
}

BOOST_AUTO_TEST_CASE(a_name_is_found_whatever_its_case) {
  const RulesetLoader loader = shipped_loader();
  for (const std::string name : {"classique", "CLASSIQUE", "Classique", "cLaSsIqUe"}) {
    const LoadedRuleset loaded = loader.load(name);
    BOOST_TEST_REQUIRE(loaded.ok(), name);
    BOOST_TEST(loaded.ruleset->info.name == "classique");
    BOOST_TEST(loaded.ruleset->same_conventions(*ruleset("classique")));
  }
}

BOOST_AUTO_TEST_CASE(a_name_is_searched_and_a_path_is_read) {
  BOOST_TEST(!is_ruleset_path("classique"));
  BOOST_TEST(!is_ruleset_path("classique-carres-bas"));
  BOOST_TEST(is_ruleset_path("classique.toml"));
  BOOST_TEST(is_ruleset_path("CLASSIQUE.TOML"));
  BOOST_TEST(is_ruleset_path("./classique"));
  BOOST_TEST(is_ruleset_path("dir/classique"));

  // A directory earlier in the search path shadows the shipped file of the same name...
  const fs::path dir = temp_dir("shadow");
  write_file(dir / "classique.toml", "extends = \"traditionnelle\"\n");
  const LoadedRuleset by_name = shipped_loader({dir}).load("classique");
  BOOST_TEST_REQUIRE(by_name.ok());
  BOOST_TEST(by_name.ruleset->same_conventions(*ruleset("traditionnelle")));
  // ...while a path is read as it is, whatever the search path.
  const LoadedRuleset by_path = shipped_loader().load((dir / "classique.toml").string());
  BOOST_TEST_REQUIRE(by_path.ok());
  BOOST_TEST(by_path.ruleset->same_conventions(*ruleset("traditionnelle")));
  const LoadedRuleset shipped = shipped_loader({dir}).load((rulesets_dir() / "classique.toml").string());
  BOOST_TEST_REQUIRE(shipped.ok());
  BOOST_TEST(shipped.ruleset->same_conventions(*ruleset("classique")));
}

// A file whose name is no ruleset name is named by its letters and digits, so that outputs and
// records tell it apart; one with none of them is `custom`.
BOOST_AUTO_TEST_CASE(a_file_whose_name_is_no_ruleset_name_is_named_by_its_letters_and_digits) {
  const fs::path dir = temp_dir("file-names");
  const std::vector<std::pair<std::string, std::string>> names = {
      {"MyClub.toml", "myclub"},           {"house rules.toml", "house-rules"},
      {"lyon.v2.toml", "lyon-v2"},         {"Règles  Maison (2026).toml", "regles-maison-2026"},
      {"__été__.toml", "ete"},             {"---.toml", "custom"},
      {"日本.toml", "custom"},             {std::string(70, 'a') + "-b.toml", std::string(64, 'a')},
      {"Règles du cœur.toml", "regles-du-coeur"}, {"Über_Straße.toml", "uber-strasse"},
      {"ÆØÅ.toml", "aeoa"}};
  for (const auto& [file, name] : names) {
    write_file(dir / file, "extends = \"classique\"\n");
    const LoadedRuleset loaded = shipped_loader().load((dir / file).string());
    BOOST_TEST_REQUIRE(loaded.ok(), file);
    BOOST_TEST(loaded.ruleset->info.name == name, file);
  }
  // Its `name` may repeat the name made of it, as another file's may repeat the file's.
  write_file(dir / "house rules.toml", "name = \"house-rules\"\nextends = \"classique\"\n");
  BOOST_TEST(shipped_loader().load((dir / "house rules.toml").string()).ok());
  write_file(dir / "house rules.toml", "name = \"house\"\nextends = \"classique\"\n");
  BOOST_TEST(!shipped_loader().load((dir / "house rules.toml").string()).ok());
}

BOOST_AUTO_TEST_CASE(a_file_may_extend_the_ruleset_it_shadows) {
  // A user's classique.toml that builds on the installed classique, by name.
  const fs::path dir = temp_dir("shadow-extends");
  write_file(dir / "classique.toml", "extends = \"classique\"\n[contract]\ncapot = 300\n");
  const LoadedRuleset loaded = shipped_loader({dir}).load("classique");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->contract.capot_points == 300);
  BOOST_TEST(loaded.ruleset->announcements.compare_key == "announcements.strength = category");
  BOOST_TEST(loaded.files.size() == 2u);
  BOOST_TEST(fs::path(loaded.files.front()).parent_path() == rulesets_dir());

  // With no other file of that name, the message says so.
  const fs::path alone = temp_dir("shadow-alone");
  write_file(alone / "lonely.toml", "extends = \"lonely\"\n");
  const LoadedRuleset lonely = shipped_loader({alone}).load("lonely");
  BOOST_TEST_REQUIRE(lonely.errors.size() == 1u);
  BOOST_TEST(lonely.errors[0].message.find("the only 'lonely' in the search path is this file") != std::string::npos,
             lonely.errors[0].message);
  BOOST_TEST(lonely.errors[0].line == 1);
  BOOST_TEST(lonely.errors[0].column == 11);
}

BOOST_AUTO_TEST_CASE(extends_paths_are_relative_to_the_file_that_holds_them) {
  const fs::path dir = temp_dir("relative");
  write_file(dir / "parent.toml", "extends = \"classique\"\n[contract]\ncapot = 333\n");
  write_file(dir / "sibling.toml", "extends = \"parent.toml\"\n[belote]\npoints = 33\n");
  write_file(dir / "sub" / "child.toml", "extends = \"../sibling.toml\"\n");
  // The search path does not hold `dir`: only the relative paths can find the files.
  const LoadedRuleset loaded = shipped_loader().load_file(dir / "sub" / "child.toml");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->contract.capot_points == 333);
  BOOST_TEST(loaded.ruleset->belote.points == 33);
  BOOST_TEST(loaded.files.size() == 4u);
}

namespace {

// A ruleset written back as TOML with one dotted key per line.
std::string document(const std::vector<Setting>& settings) {
  std::string text;
  for (const Setting& s : settings) text += fmt::format("{} = {}\n", s.key, s.value);
  return text;
}

bool under(const std::string& key, std::string_view table) {
  return key == table || (key.size() > table.size() && key.starts_with(table) && key[table.size()] == '.');
}

// Every key, a key of a named table under the name "k" ("kinds.k.trumps").
std::vector<std::string> all_keys() {
  std::vector<std::string> keys;
  for (const KeySpec& key : ruleset_keys()) {
    std::string path(key.path);
    // A [scoring] table is named by a result; the others by the file.
    if (const auto star = path.find('*'); star != std::string::npos) path.replace(star, 1, path.starts_with("scoring.") ? (path.ends_with(".held") ? "tied" : "made") : "k");
    keys.push_back(path);
  }
  return keys;
}

// The conventions classique sets (the others, [kinds], the optional
// [announcements] keys, [roem] and game.deals, have tests of their own in
// test_kinds, test_contests, test_roem and test_sheet).
std::vector<std::string> convention_keys() {
  std::vector<std::string> keys;
  for (const KeySpec& key : ruleset_keys())
    if (!key.metadata && key.path.find('*') == std::string_view::npos && key.path != "announcements.compare" &&
        key.path != "announcements.contests" && !key.path.starts_with("roem.") && key.path != "game.deals" &&
        // How a table deals: classique's packets are not the defaults (a_ruleset_without_dealing_… below).
        !key.path.starts_with("dealing."))
      keys.emplace_back(key.path);
  return keys;
}

const LoadedRuleset& classique_settings() {
  static const LoadedRuleset loaded = shipped_loader().load("classique");
  BOOST_TEST_REQUIRE(loaded.ok());
  return loaded;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_written_back_settings_are_the_ruleset) {
  const LoadedRuleset again = load_text(document(classique_settings().settings));
  for (const auto& e : again.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(again.ok());
  BOOST_TEST(again.ruleset->same_conventions(*classique_settings().ruleset));
}

BOOST_DATA_TEST_CASE(every_key_is_read_by_the_loader, bdata::make(convention_keys()), key) {
  const KeySpec& spec = *find_key(key);
  const bool required = spec.default_value.empty() || spec.default_value.starts_with("required");
  std::vector<Setting> without;
  for (const Setting& s : classique_settings().settings)
    if (!under(s.key, key) && (required || s.key != "deck.ranks")) without.push_back(s);
  BOOST_TEST_REQUIRE(without.size() < classique_settings().settings.size(), key << " is not in classique");
  // (A key with a default is removed with `deck.ranks`, which would otherwise discard the default rank tables.)
  const LoadedRuleset loaded = load_text(document(without));
  if (required) {
    // Required: its absence is an error that names it.
    const std::string expected = fmt::format("missing key '{}'", key);
    const bool named = std::any_of(loaded.errors.begin(), loaded.errors.end(),
                                   [&](const Diagnostic& d) { return d.message.starts_with(expected); });
    BOOST_TEST(named, expected);
  } else {
    // With a default (the built-in deck), the ruleset is unchanged.
    BOOST_TEST_REQUIRE(loaded.ok());
    BOOST_TEST(loaded.ruleset->same_conventions(*classique_settings().ruleset));
  }
}

BOOST_AUTO_TEST_CASE(a_ruleset_without_dealing_deals_the_whole_hand_before_the_auction) {
  // classique without its [dealing]: 8 cards in one packet, and its turned-card
  // auction proposes a suit (nothing is left to give the taker a turned card).
  std::vector<Setting> without;
  for (const Setting& s : classique_settings().settings)
    if (!s.key.starts_with("dealing.")) without.push_back(s);
  const LoadedRuleset loaded = load_text(document(without));
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->dealing.packets == std::vector<int>{8});
  BOOST_TEST(loaded.ruleset->dealing.packets_after.empty());
  BOOST_TEST((loaded.ruleset->dealing.turned == TurnedCard::suit));
  // classique itself: 3 then 2, 3 after, the 21st card turned.
  const DealingRules& dealing = classique_settings().ruleset->dealing;
  BOOST_TEST(dealing.packets == (std::vector<int>{3, 2}));
  BOOST_TEST(dealing.packets_after == std::vector<int>{3});
  BOOST_TEST((dealing.turned == TurnedCard::card));
  // coinche deals everything first and turns nothing.
  BOOST_TEST(ruleset("coinche")->dealing.before_auction() == 8);
  BOOST_TEST((ruleset("coinche")->dealing.turned == TurnedCard::none));
}

BOOST_AUTO_TEST_CASE(a_variant_of_another_deck_keeps_a_dealing_of_its_own) {
  // Inherited packets that no longer add up to the hand (a 36-card deck over
  // classique) fall back to the whole hand, as before [dealing] existed.
  const LoadedRuleset loaded = load_text(R"(extends = "classique"
[deck]
ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_order = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
plain_order = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
)");
  if (loaded.ok()) {
    BOOST_TEST(loaded.ruleset->dealing.packets == std::vector<int>{9});
    BOOST_TEST((loaded.ruleset->dealing.turned == TurnedCard::suit));
  }
}

BOOST_DATA_TEST_CASE(every_key_is_type_checked, bdata::make(all_keys()), key) {
  // No key takes a float: setting one to 1.5 must be an error that names the key.
  std::vector<Setting> settings;
  for (const Setting& s : classique_settings().settings)
    if (!under(s.key, key)) settings.push_back(s);
  // A kind's key needs the kind: one with one trump suit, or none for the keys of such kinds.
  if (key.starts_with("kinds.k.") && key != "kinds.k.trumps") {
    const bool no_trump = key == "kinds.k.points" || key == "kinds.k.order";
    settings.push_back(Setting{"kinds.k.trumps", no_trump ? "\"none\"" : "\"one-suit\"", {}});
  }
  settings.push_back(Setting{key, "1.5", {}});
  const LoadedRuleset loaded = load_text(document(settings));
  const std::string quoted = fmt::format("'{}'", key);
  const auto it = std::find_if(loaded.errors.begin(), loaded.errors.end(),
                               [&](const Diagnostic& d) { return d.message.starts_with(quoted + " must be"); });
  BOOST_TEST_REQUIRE((it != loaded.errors.end()), "no error names " << quoted);
  BOOST_TEST(it->line == int(settings.size()));  // on the last line, where the float is
  BOOST_TEST(it->message.find("not a float") != std::string::npos, it->message);
}

BOOST_AUTO_TEST_CASE(a_file_without_extends_missing_keys_says_so_first) {
  const LoadedRuleset loaded = load_text("[sequences]\npoints = { 3 = 20, 4 = 50, 5 = 100 }\n", "partial.toml");
  BOOST_TEST_REQUIRE(loaded.errors.size() > 3u);
  BOOST_TEST(loaded.errors[0].message.starts_with("no 'extends', and "), loaded.errors[0].message);
  BOOST_TEST(loaded.errors[0].line == 0);
  BOOST_TEST(loaded.errors[0].message.find("extends = \"classique\"") != std::string::npos);
  BOOST_TEST(loaded.errors[1].message.starts_with("missing key"));
}

BOOST_AUTO_TEST_CASE(a_sheet_given_as_a_ruleset_is_named_in_one_error) {
  const LoadedRuleset loaded = load_text("ruleset = \"classique\"\n[[mene]]\ntaker = \"N\"\ntrump = \"H\"\n", "game.toml");
  BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
  BOOST_TEST(loaded.errors[0].message.starts_with("this file is a score sheet ([[mene]]), not a ruleset"), loaded.errors[0].message);
}
BOOST_AUTO_TEST_SUITE_END()  // test_ruleset_loader
