// The fingerprint an arena's result carries of its ruleset's conventions: the
// same for the same conventions, whatever file, path or comment holds them,
// another for other ones; results of two rulesets of one name that play
// otherwise do not merge, and results written without it still do.
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_ruleset_fingerprint)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

ArenaSettings random_players(std::uint64_t deals, std::uint64_t first = 0) {
  ArenaSettings s;
  s.seed = 5;
  s.first_deal = first;
  s.deals = deals;
  s.names = {{"random", "random"}};
  std::string error;
  s.players[ArenaSide::a] = *engine_actor("random", error);
  s.players[ArenaSide::b] = *engine_actor("random", error);
  return s;
}

std::shared_ptr<const Ruleset> loaded(const fs::path& file) {
  const LoadedRuleset l = shipped_loader().load(file.string());
  BOOST_TEST_REQUIRE(l.ok(), (l.errors.empty() ? "" : location_and_message(l.errors.front())));
  return l.ruleset;
}

}  // namespace

// A hash written out in full (FNV-1a over "KEY=MEANING" lines): every machine and compiler gives these digits.
BOOST_AUTO_TEST_CASE(the_fingerprint_is_a_hash_of_the_keys_and_their_meanings) {
  Ruleset rules;
  BOOST_TEST(ruleset_fingerprint(rules) == "");  // built in code: nothing to hash
  rules.resolved_meanings = {{"contract.test", "\"more-than-defenders\""}};
  BOOST_TEST(ruleset_fingerprint(rules) == "75af200e8bee2eb6");
  rules.resolved_meanings.emplace_back("contract.on_tie", "\"litige\"");
  BOOST_TEST(ruleset_fingerprint(rules) == "1df59b4664cb1ead");
}

BOOST_AUTO_TEST_CASE(the_same_conventions_give_the_same_fingerprint_whatever_the_file) {
  const fs::path dir = temp_dir("fingerprint-same");
  const std::string shipped = ruleset_fingerprint(*ruleset("classique"));
  BOOST_TEST(shipped.size() == 16u);
  // A file elsewhere, with comments and metadata of its own, that sets a key to its base's value.
  fs::create_directories(dir / "house");
  write_file(dir / "house" / "classique.toml",
             "# The club's copy.\nextends = \"classique\"\ntitle = \"Chez nous\"\ndescription = \"As the book says.\"\n"
             "[contract]\non_tie = \"litige\"  # as classique\n");
  BOOST_TEST(ruleset_fingerprint(*loaded(dir / "house" / "classique.toml")) == shipped);
  // Another convention, under the same name.
  fs::create_directories(dir / "alt");
  write_file(dir / "alt" / "classique.toml", "extends = \"classique\"\n[contract]\nfailed_belote = \"defenders\"\n");
  const auto other = loaded(dir / "alt" / "classique.toml");
  BOOST_TEST(other->info.name == "classique");
  BOOST_TEST(ruleset_fingerprint(*other) != shipped);
}

BOOST_AUTO_TEST_CASE(results_of_two_rulesets_of_one_name_do_not_merge_and_both_fingerprints_are_named) {
  const fs::path dir = temp_dir("fingerprint-merge");
  write_file(dir / "classique.toml", "extends = \"classique\"\n[contract]\nfailed_belote = \"defenders\"\n");
  const auto shipped = ruleset("classique");
  const auto house = loaded(dir / "classique.toml");
  const ArenaResult first = run_arena(*shipped, random_players(3), 1);
  const ArenaResult second = run_arena(*house, random_players(2, 3), 1);
  BOOST_TEST(first.ruleset_fingerprint == ruleset_fingerprint(*shipped));
  const std::vector<std::string> sources{"s1.json", "s2.json"};
  std::string error;
  BOOST_TEST(!merge_arena({first, second}, sources, error));
  BOOST_TEST(error == "s2.json: 'ruleset_fingerprint' is " + second.ruleset_fingerprint + ", but " +
                          first.ruleset_fingerprint +
                          " in s1.json: the results are of two rulesets named 'classique' whose conventions differ");
  // The same ruleset's ranges merge, and the result keeps its fingerprint.
  const auto merged = merge_arena({first, run_arena(*shipped, random_players(2, 3), 1)}, sources, error);
  BOOST_TEST_REQUIRE(merged.has_value(), error);
  BOOST_TEST(merged->ruleset_fingerprint == first.ruleset_fingerprint);
}

// A result of an earlier version has no fingerprint: its ruleset is known by its name alone.
BOOST_AUTO_TEST_CASE(a_result_without_a_fingerprint_merges_by_the_rulesets_name) {
  const auto rules = ruleset("classique");
  ArenaResult earlier = run_arena(*rules, random_players(3), 1);
  const ArenaResult later = run_arena(*rules, random_players(2, 3), 1);
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(arena_json(earlier));
  j.erase("ruleset_fingerprint");
  Diagnostic unread;
  const auto read = read_arena_json(j.dump(2), "earlier.json", unread);
  BOOST_TEST_REQUIRE(read.has_value(), unread.message);
  BOOST_TEST(read->ruleset_fingerprint.empty());
  BOOST_TEST(arena_json(*read, true) == j.dump(2));  // written back as it was, without the key
  std::string error;
  // With a new one (in either order), and with another of its kind.
  const std::vector<std::string> sources{"later.json", "earlier.json"};
  const auto merged = merge_arena({later, *read}, sources, error);
  BOOST_TEST_REQUIRE(merged.has_value(), error);
  BOOST_TEST(merged->ruleset_fingerprint == later.ruleset_fingerprint);
  ArenaResult also_earlier = later;
  also_earlier.ruleset_fingerprint.clear();
  const auto both_earlier = merge_arena({*read, also_earlier}, {}, error);
  BOOST_TEST_REQUIRE(both_earlier.has_value(), error);
  BOOST_TEST(both_earlier->ruleset_fingerprint.empty());
  // A fingerprint taken from a later part is named by that part's source.
  ArenaResult other = run_arena(*rules, random_players(1, 5), 1);
  other.ruleset_fingerprint = "0123456789abcdef";
  BOOST_TEST(!merge_arena({*read, later, other}, std::vector<std::string>{"e.json", "l.json", "o.json"}, error));
  BOOST_TEST(error == "o.json: 'ruleset_fingerprint' is 0123456789abcdef, but " + later.ruleset_fingerprint +
                          " in l.json: the results are of two rulesets named 'classique' whose conventions differ");
}

BOOST_AUTO_TEST_CASE(a_fingerprint_that_is_not_one_is_refused) {
  const ArenaResult r = run_arena(*ruleset("classique"), random_players(2), 1);
  for (const nlohmann::json& wrong : {nlohmann::json("0123"), nlohmann::json("0123456789ABCDEF"), nlohmann::json(12)}) {
    nlohmann::json j = nlohmann::json::parse(arena_json(r));
    j["ruleset_fingerprint"] = wrong;
    Diagnostic error;
    BOOST_TEST(!read_arena_json(j.dump(), "r.json", error, false));
    BOOST_TEST(location_and_message(error) ==
                   (wrong.is_string() ? "r.json: 'ruleset_fingerprint' is \"" + wrong.get<std::string>() +
                                            "\", not 16 hexadecimal digits in lower case"
                                      : std::string("r.json: 'ruleset_fingerprint' is 12, not a string")),
               location_and_message(error));
  }
}

BOOST_AUTO_TEST_SUITE_END()
