// Every total is bounded by construction: a side's list of [scoring] terms
// holds at most kMaxScoringTerms, a ruleset whose worst deal could write or
// hold over more than kMaxDealPoints is refused when it loads, and a sheet
// holds at most kMaxSheetMenes mènes, so that a sheet's totals and the points
// held from litige to litige stay within an int. The shipped rulesets are far
// from each limit.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_score_limits)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

std::string terms_of(int count, const std::string& term) {
  std::string out;
  for (int i = 0; i < count; ++i) out += (i ? ", " : "") + term;
  return out;
}

std::string first_message(const LoadedRuleset& loaded) {
  return loaded.errors.empty() ? "" : location_and_message(loaded.errors.front());
}

// A litige under classique: 81 points each.
constexpr std::string_view kLitige = "[[mene]]\ntaker = \"N\"\ntrump = \"H\"\npoints = { NS = 81, EW = 81 }\n";

}  // namespace

BOOST_AUTO_TEST_CASE(a_list_of_more_terms_than_the_limit_is_refused) {
  const LoadedRuleset at_limit = load_text(fmt::format("extends = \"classique\"\n[scoring.made]\ntakers = [{}]\n",
                                                       terms_of(kMaxScoringTerms, "\"own-cards\"")));
  BOOST_TEST(at_limit.errors.empty(), first_message(at_limit));
  const LoadedRuleset over = load_text(fmt::format("extends = \"classique\"\n[scoring.made]\ntakers = [{}]\n",
                                                   terms_of(kMaxScoringTerms + 1, "\"own-cards\"")));
  BOOST_TEST(!over.ruleset);
  BOOST_TEST(first_message(over) == "test.toml:3:10: 'scoring.made.takers' holds 17 terms; a side's list holds at most 16 "
                                    "(times_factor terms counted one by one)");
  // Inside times_factor, each term counts.
  const LoadedRuleset factor = load_text(fmt::format("extends = \"classique\"\n[scoring.made]\ntakers = [\"own\", {{ times_factor = [{}] }}]\n",
                                                     terms_of(kMaxScoringTerms, "\"bid\"")));
  BOOST_TEST(first_message(factor).find("holds 17 terms") != std::string::npos, first_message(factor));
}

BOOST_AUTO_TEST_CASE(the_overlay_that_wrapped_the_score_around_is_refused) {
  // 21,475 terms of 100,000 once wrote "score":{"NS":-2147467290}.
  const LoadedRuleset loaded =
      load_text(fmt::format("extends = \"classique\"\n[scoring.made]\ntakers = [{}]\n", terms_of(21475, "100000")));
  BOOST_TEST(!loaded.ruleset);
  BOOST_TEST(first_message(loaded).find("'scoring.made.takers' holds 21475 terms") != std::string::npos, first_message(loaded));
}

BOOST_AUTO_TEST_CASE(a_ruleset_whose_worst_deal_writes_more_than_the_limit_is_refused) {
  // Eleven fixed sums of 100,000: 1,100,000 points for a made contract.
  const LoadedRuleset fixed = load_text(fmt::format("extends = \"classique\"\n[scoring.made]\ntakers = [{}]\n",
                                                    terms_of(11, "100000")));
  BOOST_TEST(!fixed.ruleset);
  BOOST_TEST(first_message(fixed) == "test.toml:3:10: 'scoring.made.takers' could write up to 1100000 points; a deal writes "
                                     "at most 1000000 (fewer terms, smaller values or a smaller factor)");
  // Ten are exactly the limit.
  const LoadedRuleset ten = load_text(fmt::format("extends = \"classique\"\n[scoring.made]\ntakers = [{}]\n",
                                                  terms_of(10, "100000")));
  BOOST_TEST(ten.errors.empty(), first_message(ten));
  // The doubling factor counts: bulgare's whole pot, sixteen times over, times 64.
  const LoadedRuleset multiplied = load_text(fmt::format(
      "extends = \"bulgare\"\n[doubling]\nlevels = {{ kontra = 2, rekontra = 64 }}\n[scoring.failed-doubled]\ntakers = []\n"
      "defenders = [{{ times_factor = [{}] }}]\n", terms_of(16, "\"all\"")));
  BOOST_TEST(!multiplied.ruleset);
  BOOST_TEST(first_message(multiplied).find("'scoring.failed-doubled.defenders' could write up to") != std::string::npos,
             first_message(multiplied));
  // Held-over points are bounded alike.
  const LoadedRuleset held = load_text(fmt::format("extends = \"classique\"\n[scoring.tied]\ndefenders = [\"own\"]\nheld = [{}]\n",
                                                   terms_of(11, "100000")));
  BOOST_TEST(first_message(held).find("'scoring.tied.held' could write up to 1100000 points") != std::string::npos,
             first_message(held));
}

// The overlay whose multiplier makes its base's terms too large is named,
// with each factor and where it is set, and every key too large is reported.
BOOST_AUTO_TEST_CASE(the_limit_is_placed_at_the_overlays_factor_that_passes_it) {
  const LoadedRuleset big = load_text("extends = \"coinche\"\n[kinds.tout-atout]\nscore_multiplier = 100\n"
                                      "[doubling]\nlevels = { coinche = 2, surcoinche = 64 }\n");
  BOOST_TEST_REQUIRE(!big.ruleset);
  BOOST_TEST(big.errors.size() == 3u);
  for (const Diagnostic& error : big.errors) {
    BOOST_TEST(error.file == "test.toml");
    BOOST_TEST(error.line == 3);
    BOOST_TEST(error.message.find("in a deal of kind 'tout-atout', times the kind's score_multiplier 100 (test.toml:3:1), terms "
                                  "times the doubling factor 64 (test.toml:5:25)") != std::string::npos,
               error.message);
  }
  BOOST_TEST(big.errors[0].message.starts_with("'play.revoke.others' could write up to 4382000 points"), big.errors[0].message);
}

BOOST_AUTO_TEST_CASE(every_shipped_ruleset_is_within_the_limits) {
  for (const std::string& name : shipped_ruleset_names()) BOOST_TEST(ruleset(name) != nullptr, name);
}

BOOST_AUTO_TEST_CASE(points_held_from_litige_to_litige_never_wrap_around) {
  // A litige holds 1,000,000 points, the most a deal may: a full sheet of them
  // holds a thousand million, which an int still holds.
  const fs::path dir = temp_dir("held-limit");
  write_file(dir / "held.toml", fmt::format("extends = \"classique\"\n[scoring.tied]\ndefenders = [\"own\"]\nheld = [{}]\n",
                                            terms_of(10, "100000")));
  std::string text = "ruleset = \"held.toml\"\ntarget = 100000\n";
  for (int i = 0; i < kMaxSheetMenes; ++i) text += kLitige;
  write_file(dir / "sheet.toml", text);
  const LoadedSheet sheet = read_sheet_file(dir / "sheet.toml", shipped_loader());
  BOOST_REQUIRE_MESSAGE(sheet.ok(), (sheet.errors.empty() ? "" : location_and_message(sheet.errors.front())));
  const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
  BOOST_TEST(held_points(game.waiting) == kMaxSheetMenes * kMaxDealPoints);
  BOOST_TEST(game.totals[Team::EW] == kMaxSheetMenes * 81);
}

BOOST_AUTO_TEST_CASE(a_sheet_of_more_menes_than_the_limit_is_refused) {
  const fs::path dir = temp_dir("menes-limit");
  std::string text = "ruleset = \"classique\"\ntarget = 100000\n";
  for (int i = 0; i <= kMaxSheetMenes; ++i) text += kLitige;
  write_file(dir / "sheet.toml", text);
  const LoadedSheet sheet = read_sheet_file(dir / "sheet.toml", shipped_loader());
  BOOST_REQUIRE(!sheet.errors.empty());
  BOOST_TEST(location_and_message(sheet.errors.front()) ==
             fmt::format("{}:{}:1: mène 1001: a sheet holds at most 1000 mènes; a new game needs a new sheet",
                         (dir / "sheet.toml").string(), 3 + 4 * kMaxSheetMenes));
  // Through the program, adding the mène after the last is refused and the sheet left as it was.
  std::string full = "ruleset = \"classique\"\ntarget = 100000\n";
  for (int i = 0; i < kMaxSheetMenes; ++i) full += kLitige;
  write_file(dir / "full.toml", full);
  const RunResult added = run_belote({"sheet", "add", (dir / "full.toml").string(), "--rulesets-dir", BELOTE_RULESETS_DIR,
                                      "--taker", "N", "--trump", "H", "--points", "NS=81,EW=81"});
  BOOST_TEST(added.status == 1);
  BOOST_TEST(added.err.find("mène 1001 not added: a sheet holds at most 1000 mènes") != std::string::npos, added.err);
  BOOST_TEST(read_file(dir / "full.toml") == full);
}

// The announcements a deal may give a team are what two hands can declare,
// each at its best (rule_tables.h, most_team_announcements): the bound of a
// ruleset's worst deal is no looser than that.
BOOST_AUTO_TEST_CASE(a_teams_announcements_are_bounded_by_what_two_hands_declare) {
  // Classique: carrés of jacks (200) and nines (150) fill a hand; no sequence can add to them.
  BOOST_TEST(ruleset("classique")->tables.kinds[0].most_hand_announcements == 350);
  BOOST_TEST(ruleset("classique")->tables.most_team_announcements == 700);
  // Klaverjas declares nothing (its roem is counted from the tricks).
  BOOST_TEST(ruleset("klaverjas")->tables.most_team_announcements == 0);
  const auto& rules = *ruleset("classique");
  const std::string deal = "[deal]\ntrump = \"H\"\ntaker = \"N\"\nannouncements = { NS = POINTS }\n"
                           "belote = \"NS\"\n[deal.result]\npoints = { NS = 90, EW = 72 }\ntricks = { NS = 5, EW = 3 }\n";
  BOOST_TEST(toml_deal_errors(rules, with(deal, "POINTS", "700")).empty());
  const Diagnostics over = toml_deal_errors(rules, with(deal, "POINTS", "701"));
  BOOST_TEST_REQUIRE(over.size() == 1u);
  BOOST_TEST(over.begin()->message == "'deal.announcements.NS' must be an integer from 0 to 700 (the most two hands can declare)");
  // A seat declaring more cards than a hand holds is refused.
  const Diagnostics nine = toml_deal_errors(
      rules, "[deal]\ntrump = \"H\"\ntaker = \"N\"\nannouncements = { N = [\"7S 8S 9S\", \"7H 8H 9H\", \"7D 8D 9D\"] }\n"
             "[deal.result]\npoints = { NS = 90, EW = 72 }\ntricks = { NS = 5, EW = 3 }\n");
  BOOST_TEST_REQUIRE(nine.size() == 1u);
  BOOST_TEST(nine.begin()->message == "'deal.announcements.N': N's announcements hold 9 cards; a hand has 8");
}

// Baloot doubles its projects with its card points up to ×4 (docs/baloot.md): with
// the bound taken from what hands can declare, such a ruleset is far within the limit.
BOOST_AUTO_TEST_CASE(the_baloot_example_doubles_projects_up_to_four_times) {
  const LoadedRuleset baloot = load_text(read_file(source_dir() / "examples" / "baloot.toml"), "baloot.toml");
  BOOST_TEST_REQUIRE(baloot.ok(), first_message(baloot));
  BOOST_TEST(baloot.ruleset->doubling.back().factor == 4);
  // Sun: four aces 200 and a carré of tens 100 fill a hand.
  const auto sun = baloot.ruleset->find_kind("sun");
  BOOST_TEST_REQUIRE(sun.has_value());
  BOOST_TEST(baloot.ruleset->tables.kinds[std::size_t(*sun)].most_hand_announcements == 300);
  // docs/baloot.md's Sun contract doubled four times with four aces: (130 + 200) × 4, ×2 in Sun, in tens.
  const Deal deal = deal_from_toml(*baloot.ruleset, "[deal]\nkind = \"sun\"\ntaker = \"N\"\ndoubling = \"four\"\n"
                                                    "announcements = { N = [\"carre A\"] }\n[deal.result]\n"
                                                    "points = { NS = 100, EW = 30 }\ntricks = { NS = 6, EW = 2 }\n");
  const Outcome outcome = evaluate(*baloot.ruleset, deal);
  BOOST_TEST(outcome.score[Team::NS] == 264);
  BOOST_TEST(outcome.score[Team::EW] == 0);
}

BOOST_AUTO_TEST_SUITE_END()  // test_score_limits
