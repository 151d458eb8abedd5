// How announcements compete: one test per criterion of
// `announcements.compare`, for `contests`, for `exact_tie = "both"`, and for
// which of `strength` and `compare` applies along an extends chain. Each is a
// deal as a score sheet gives it, scored before and after one key changes.
#include <boost/test/unit_test.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_announcement_contest)

using namespace belote;
using namespace belote::test;

namespace {

// classique, announcements ranked by `criteria` alone.
std::shared_ptr<const Ruleset> comparing(const std::string& criteria, const std::string& more = "") {
  return variant("classique", fmt::format("[announcements]\ncompare = [{}]\n{}", criteria, more));
}

// N and E declare one announcement each (or what is given for S and W too).
DeclaredDeal declaring(std::vector<std::string> n, std::vector<std::string> e, std::vector<std::string> s = {},
                       std::vector<std::string> w = {}) {
  DeclaredDeal deal;
  deal.announcements = {std::move(n), std::move(e), std::move(s), std::move(w)};
  return deal;
}

void check_winner(const Outcome& out, std::optional<Team> winner, std::optional<Criterion> deciding) {
  BOOST_TEST(out.winner == winner);
  BOOST_TEST((out.deciding == deciding));
  BOOST_TEST((out.win_reason == (winner ? WinReason::stronger : WinReason::tie_nobody)));
}

const std::optional<Team> kNS = Team::NS;
const std::optional<Team> kEW = Team::EW;
const std::optional<Team> kNobody;

}  // namespace

BOOST_AUTO_TEST_CASE(category_ranks_by_the_category_order_and_points_by_points) {
  // Categories upside down: a tierce above a cinquante.
  const std::string upside_down =
      R"(categories = ["tierce", "cinquante", "cent", ["carre-A", "carre-10", "carre-K", "carre-Q"], "carre-9", "carre-J"])";
  const DeclaredDeal deal = declaring({"tierce KH"}, {"cinquante KD"});
  const Outcome by_category = score(*comparing(R"("category")", upside_down), deal);
  const Outcome by_points = score(*comparing(R"("points")", upside_down), deal);
  check_winner(by_category, kNS, Criterion::category);
  check_winner(by_points, kEW, Criterion::points);
  BOOST_TEST(by_category.scored_announcements == (PerTeam<int>{{20, 0}}));
  BOOST_TEST(by_points.scored_announcements == (PerTeam<int>{{0, 50}}));
}

BOOST_AUTO_TEST_CASE(kind_puts_carres_first_and_sequence_first_puts_sequences_first) {
  // A carré of kings and a cent, 100 each.
  const DeclaredDeal deal = declaring({"carre K"}, {"cent JD"});
  check_winner(score(*comparing(R"("points", "kind")"), deal), kNS, Criterion::kind);
  check_winner(score(*comparing(R"("points", "sequence-first")"), deal), kEW, Criterion::sequence_first);
  check_winner(score(*comparing(R"("points")"), deal), kNobody, std::nullopt);
}

BOOST_AUTO_TEST_CASE(length_prefers_the_longer_sequence_and_the_order_of_criteria_matters) {
  // Two cents: N's five cards to the ace, E's six cards to the king.
  const DeclaredDeal deal = declaring({"10H JH QH KH AH"}, {"8D 9D 10D JD QD KD"});
  check_winner(score(*comparing(R"("points", "length")"), deal), kEW, Criterion::length);
  check_winner(score(*comparing(R"("points", "height")"), deal), kNS, Criterion::height);
  check_winner(score(*comparing(R"("points", "length", "height")"), deal), kEW, Criterion::length);
  check_winner(score(*comparing(R"("points", "height", "length")"), deal), kNS, Criterion::height);
  check_winner(score(*comparing(R"("points")"), deal), kNobody, std::nullopt);
}

BOOST_AUTO_TEST_CASE(height_prefers_the_higher_top_card) {
  const DeclaredDeal deal = declaring({"tierce KH"}, {"tierce QD"});
  check_winner(score(*comparing(R"("points", "height")"), deal), kNS, Criterion::height);
  check_winner(score(*comparing(R"("points")"), deal), kNobody, std::nullopt);
  // And among carrés of equal worth, the higher in carres.order.
  const DeclaredDeal carres = declaring({"carre Q"}, {"carre A"});
  check_winner(score(*comparing(R"("points", "height")"), carres), kEW, Criterion::height);
  check_winner(score(*comparing(R"("points")"), carres), kNobody, std::nullopt);
}

BOOST_AUTO_TEST_CASE(trump_prefers_the_sequence_in_trumps) {
  // Hearts are trumps.
  const DeclaredDeal deal = declaring({"tierce KD"}, {"tierce KH"});
  check_winner(score(*comparing(R"("points", "height", "trump")"), deal), kEW, Criterion::trump);
  check_winner(score(*comparing(R"("points", "height")"), deal), kNobody, std::nullopt);
}

BOOST_AUTO_TEST_CASE(first_speaker_settles_what_every_other_criterion_leaves_equal) {
  const DeclaredDeal deal = declaring({"tierce KD"}, {"tierce KS"});
  const auto by_speaker = comparing(R"("points", "height", "first-speaker")");
  check_winner(score(*by_speaker, deal), kNS, Criterion::first_speaker);
  check_winner(score(*by_speaker, deal.speaking_first("E")), kEW, Criterion::first_speaker);
  check_winner(score(*comparing(R"("points", "height")"), deal.speaking_first("E")), kNobody, std::nullopt);
  // It comes after the criteria before it: a higher tierce still wins for a later speaker.
  check_winner(score(*by_speaker, declaring({"tierce KD"}, {"tierce AS"})), kEW, Criterion::height);
}

BOOST_AUTO_TEST_CASE(exact_tie_both_lets_each_team_score_its_own) {
  // N and S: two tierces (40); E: one tierce as high as N's (20).
  const DeclaredDeal deal = declaring({"tierce KD"}, {"tierce KS"}, {"tierce 9C"});
  const std::string compare = R"("points", "height")";
  const Outcome nobody = score(*comparing(compare, "exact_tie = \"nobody\""), deal);
  const Outcome both = score(*comparing(compare, "exact_tie = \"both\""), deal);
  const Outcome first = score(*comparing(compare, "exact_tie = \"first-speaker\""), deal.speaking_first("E"));
  BOOST_TEST((nobody.win_reason == WinReason::tie_nobody));
  BOOST_TEST(nobody.scored_announcements == (PerTeam<int>{{0, 0}}));
  BOOST_TEST((both.win_reason == WinReason::tie_both));
  BOOST_TEST(!both.winner.has_value());
  BOOST_TEST(both.scored_announcements == (PerTeam<int>{{40, 20}}));
  BOOST_TEST(both.score == (PerTeam<int>{{121, 101}}));
  BOOST_TEST((first.win_reason == WinReason::tie_first_speaker));
  BOOST_TEST(first.scored_announcements == (PerTeam<int>{{0, 20}}));
  // Both teams still need their tricks: a team below min_tricks scores nothing.
  const Outcome short_of_tricks =
      score(*comparing(compare, "exact_tie = \"both\"\nmin_tricks = 1"), deal.with_result(162, 0, 8, 0));
  BOOST_TEST(short_of_tricks.scored_announcements == (PerTeam<int>{{40, 0}}));
}

BOOST_AUTO_TEST_CASE(contests_are_decided_one_by_one) {
  // N: a carré of kings; E: a cent to the jack; W: a tierce.
  const DeclaredDeal deal = declaring({"carre K"}, {"cent JD"}, {}, {"tierce QS"});
  const auto one = comparing(R"("points", "kind", "height")");
  const auto two = comparing(R"("points", "kind", "height")", R"(contests = [["carres"], ["sequences"]])");
  const Outcome together = score(*one, deal);
  const Outcome apart = score(*two, deal);
  BOOST_TEST(together.contest_count == 1);
  BOOST_TEST(together.scored_announcements == (PerTeam<int>{{100, 0}}));
  BOOST_TEST_REQUIRE(apart.contest_count == 2);
  BOOST_TEST(apart.contests[0].winner == kNS);
  BOOST_TEST(apart.contests[0].scored == (PerTeam<int>{{100, 0}}));
  BOOST_TEST(apart.contests[1].winner == kEW);
  BOOST_TEST(apart.contests[1].scored == (PerTeam<int>{{0, 120}}));
  BOOST_TEST(apart.scored_announcements == (PerTeam<int>{{100, 120}}));
  // N's side, 181 against 201, fails: the defenders score the lot.
  BOOST_TEST(apart.contract == ContractResult::failed);
  BOOST_TEST(apart.score == (PerTeam<int>{{0, 162 + 120 + 100}}));

  // A tie settles only its own contest: S's cent ties E's; the carrés still score.
  const DeclaredDeal tied = declaring({"carre K"}, {"cent JD"}, {"cent JS"});
  const Outcome tied_apart = score(*two, tied);
  BOOST_TEST((tied_apart.contests[1].win_reason == WinReason::tie_nobody));
  BOOST_TEST(tied_apart.scored_announcements == (PerTeam<int>{{100, 0}}));
  // In one contest, N's carré wins, and NS score S's cent with it.
  BOOST_TEST(score(*one, tied).scored_announcements == (PerTeam<int>{{200, 0}}));
}

namespace {

std::shared_ptr<const Ruleset> load_chain(const std::filesystem::path& dir, const std::string& name) {
  const LoadedRuleset loaded = shipped_loader({dir}).load(name);
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_REQUIRE_MESSAGE(loaded.ok(), name << " does not load");
  return loaded.ruleset;
}

}  // namespace

BOOST_AUTO_TEST_CASE(of_strength_and_compare_the_later_file_applies) {
  // classique ranks by strength = "category", which breaks ties by trumps; a compare laid over it does not.
  const std::filesystem::path dir = temp_dir("strength-and-compare");
  write_file(dir / "by-height.toml", "extends = \"classique\"\n[announcements]\ncompare = [\"category\", \"height\"]\n");
  write_file(dir / "by-height-too.toml", "extends = \"by-height\"\n");
  write_file(dir / "by-points.toml", "extends = \"by-height\"\n[announcements]\nstrength = \"points\"\n");
  const DeclaredDeal deal = declaring({"tierce KD"}, {"tierce KH"});
  check_winner(score(*ruleset("classique"), deal), kEW, Criterion::trump);
  const auto by_height = load_chain(dir, "by-height");
  BOOST_TEST(by_height->announcements.compare_key == "announcements.compare");
  check_winner(score(*by_height, deal), kNobody, std::nullopt);
  // A file that sets neither keeps its base's.
  check_winner(score(*load_chain(dir, "by-height-too"), deal), kNobody, std::nullopt);
  // A later strength replaces the compare of its base with the preset.
  const auto by_points = load_chain(dir, "by-points");
  BOOST_TEST(by_points->announcements.compare_key == "announcements.strength = points");
  BOOST_TEST((by_points->announcements.compare ==
              std::vector<Criterion>{Criterion::points, Criterion::kind, Criterion::length, Criterion::height, Criterion::trump}));
  check_winner(score(*by_points, deal), kEW, Criterion::trump);
}

BOOST_AUTO_TEST_CASE(a_strength_over_bulgare_brings_back_the_length) {
  // bulgare compares points, kind and the top card only: a quinte to the ace beats a longer one to the king.
  DeclaredDeal deal = declaring({"10S JS QS KS AS"}, {"8D 9D 10D JD QD KD"});
  const Outcome top_card = score(*ruleset("bulgare"), deal);
  const Outcome preset = score(*variant("bulgare", "[announcements]\nstrength = \"points\"\n"), deal);
  check_winner(top_card, kNS, Criterion::height);
  check_winner(preset, kEW, Criterion::length);
}

BOOST_AUTO_TEST_SUITE_END()  // test_announcement_contest
