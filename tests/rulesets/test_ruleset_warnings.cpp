// Keys a ruleset sets that change nothing: each is a warning at the key (never
// an error, the ruleset still loads), only for the file being loaded.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_ruleset_warnings)

namespace bdata = boost::unit_test::data;
namespace fs = std::filesystem;
using namespace belote;
using namespace belote::test;

namespace {

// The one warning `toml` gives, checked to be at line:column and to say `fragment`; the ruleset loads.
void warns_once(const std::string& toml, int line, int column, const std::string& fragment) {
  const LoadedRuleset loaded = load_text(toml);
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST_REQUIRE(loaded.warnings.size() == 1u);
  const Diagnostic& w = loaded.warnings[0];
  BOOST_TEST(w.file == "test.toml");
  BOOST_TEST(w.line == line);
  BOOST_TEST(w.column == column);
  BOOST_TEST(w.message.find(fragment) != std::string::npos, w.message);
}


}  // namespace

BOOST_DATA_TEST_CASE(no_shipped_ruleset_warns, bdata::make(shipped_ruleset_names()), name) {
  const LoadedRuleset loaded = shipped_loader().load(name);
  BOOST_TEST_REQUIRE(loaded.ok());
  for (const auto& w : loaded.warnings) BOOST_TEST_MESSAGE(location_and_message(w));
  BOOST_TEST(loaded.warnings.empty());
}

BOOST_AUTO_TEST_CASE(no_example_ruleset_warns) {
  // The examples are deals, sheets and rulesets (one with mistakes on purpose): whatever loads, loads with no warning.
  std::size_t loaded_ok = 0;
  for (const fs::path& path : toml_files_in(source_dir() / "examples")) {
    const LoadedRuleset loaded = shipped_loader().load_file(path);
    loaded_ok += loaded.ok();
    for (const auto& w : loaded.warnings) BOOST_TEST_MESSAGE(location_and_message(w));
    BOOST_TEST(loaded.warnings.empty(), path.filename());
  }
  BOOST_TEST(loaded_ok >= 2u);  // baloot, coinche-autre-table
}

BOOST_AUTO_TEST_CASE(what_failed_takers_keep_is_moot_where_scoring_failed_says_it) {
  const std::string toml = "extends = \"coinche\"\n[contract]\nfailed_announcements = \"takers\"\nfailed_belote = \"defenders\"\n";
  const LoadedRuleset loaded = load_text(toml);
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST_REQUIRE(loaded.warnings.size() == 2u);
  for (int i = 0; i < 2; ++i) {
    const Diagnostic& w = loaded.warnings[std::size_t(i)];
    BOOST_TEST(w.line == 3 + i);
    BOOST_TEST(w.column == 1);
    BOOST_TEST(w.message.find(i == 0 ? "'contract.failed_announcements' has no effect: [scoring.failed] says what each side "
                                       "writes when the contract fails ('scoring.failed.takers' at "
                                     : "'contract.failed_belote' has no effect: [scoring.failed]") != std::string::npos,
               w.message);
  }
  // Without [scoring.failed] they decide what failed takers keep: no warning.
  BOOST_TEST(load_text("extends = \"classique\"\n[contract]\nfailed_announcements = \"takers\"\n").warnings.empty());
}

BOOST_AUTO_TEST_CASE(a_tie_is_moot_where_the_test_never_compares_equal_totals) {
  warns_once("extends = \"coinche\"\n[contract]\non_tie = \"failed\"\n", 3, 1,
             "'contract.on_tie' has no effect: 'contract.test' is \"reach-bid\" (at ");
  warns_once("extends = \"coinche\"\n[contract]\ntest = \"reach-bid-not-below-defenders\"\non_tie = \"failed\"\n", 4, 1,
             "'contract.on_tie' has no effect: 'contract.test' is \"reach-bid-not-below-defenders\" (at test.toml:3:1): "
             "takers level with the defenders make the contract when they reach their bid");
  // Against the defenders a tie is decided by on_tie.
  BOOST_TEST(load_text("extends = \"classique\"\n[contract]\non_tie = \"failed\"\n").warnings.empty());
}

BOOST_AUTO_TEST_CASE(without_a_contract_its_tricks_and_ties_are_moot) {
  const LoadedRuleset loaded = load_text("extends = \"schieber\"\n[contract]\nmin_tricks = 1\non_tie = \"litige\"\n");
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST_REQUIRE(loaded.warnings.size() == 2u);
  BOOST_TEST(loaded.warnings[0].line == 3);
  BOOST_TEST(loaded.warnings[0].message.find("'contract.min_tricks' has no effect: 'contract.test' is \"none\"") != std::string::npos);
  BOOST_TEST(loaded.warnings[1].line == 4);
  BOOST_TEST(loaded.warnings[1].message.find("'contract.on_tie' has no effect: 'contract.test' is \"none\"") != std::string::npos);
  BOOST_TEST(loaded.warnings[1].message.find("no deal is made or failed") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(keep_nonzero_is_moot_unless_the_leader_rounds) {
  warns_once("extends = \"coinche\"\n[rounding]\nkeep_nonzero = true\n", 3, 1,
             "'rounding.keep_nonzero' has no effect: 'rounding.sides' is \"each\" (at ");
  warns_once("extends = \"classique\"\n[rounding]\nsides = \"leader\"\nkeep_nonzero = true\n", 4, 1,
             "'rounding.keep_nonzero' has no effect: 'rounding.step' is 1: nothing is rounded");
  BOOST_TEST(load_text("extends = \"coinche\"\n[rounding]\nsides = \"leader\"\nkeep_nonzero = true\n").warnings.empty());
}

BOOST_AUTO_TEST_CASE(a_bid_multiplier_is_moot_without_bids) {
  warns_once("extends = \"classique\"\n[kinds.couleur]\ntrumps = \"one-suit\"\nbid_multiplier = 2\n", 4, 1,
             "'kinds.couleur.bid_multiplier' has no effect: the ruleset has no bids ([bids])");
  BOOST_TEST(load_text("extends = \"coinche\"\n[kinds.sans-atout]\nbid_multiplier = 2\n").warnings.empty());
}

BOOST_AUTO_TEST_CASE(doubled_even_is_moot_without_doubling) {
  warns_once("extends = \"klaverjas\"\n[kinds.suit]\ntrumps = \"one-suit\"\ndoubled_even = \"up\"\n", 4, 1,
             "'kinds.suit.doubled_even' has no effect: the ruleset has no doubling levels ([doubling])");
  BOOST_TEST(load_text("extends = \"coinche\"\n[kinds.sans-atout]\ndoubled_even = \"up\"\n").warnings.empty());
}

BOOST_AUTO_TEST_CASE(roem_in_the_basis_is_moot_without_roem) {
  warns_once("extends = \"classique\"\n[contract]\nbasis = [\"card-points\", \"roem\"]\n", 3, 25,
             "'roem' in 'contract.basis' has no effect: the ruleset counts no roem");
  BOOST_TEST(load_text("extends = \"klaverjas\"\n[contract]\nbasis = [\"card-points\", \"roem\"]\n").warnings.empty());
}

BOOST_AUTO_TEST_CASE(only_the_file_loaded_is_warned_about) {
  // A base's key without effect is the base's business: its overlay loads without a warning.
  const fs::path dir = temp_dir("warnings-of-a-base");
  write_file(dir / "base.toml", "extends = \"coinche\"\n[rounding]\nkeep_nonzero = true\n");
  write_file(dir / "overlay.toml", "extends = \"base\"\n[game]\ntarget = 1000\n");
  const LoadedRuleset base = shipped_loader({dir}).load("base");
  BOOST_TEST(base.warnings.size() == 1u);
  const LoadedRuleset overlay = shipped_loader({dir}).load("overlay");
  BOOST_TEST_REQUIRE(overlay.ok());
  BOOST_TEST(overlay.warnings.empty());
}

BOOST_AUTO_TEST_CASE(a_ruleset_with_errors_has_errors_only) {
  const LoadedRuleset loaded = load_text("extends = \"coinche\"\n[rounding]\nkeep_nonzero = true\n[game]\ntarget = 0\n");
  BOOST_TEST(!loaded.ok());
  BOOST_TEST(loaded.warnings.empty());
}

BOOST_AUTO_TEST_SUITE_END()
