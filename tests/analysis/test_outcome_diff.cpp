// Comparing outcomes between rulesets (outcome_diff.h, diff_tally.h): the
// fields and kinds of a difference, the reason, the tally, and the property
// that each shipped overlay of classique changes a deal only where its one
// convention can act.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <functional>
#include <set>

#include "printing.h"
#include "test_support.h"

namespace belote {
inline std::ostream& operator<<(std::ostream& out, DiffKind kind) { return out << diff_kind_name(kind); }
}  // namespace belote

BOOST_AUTO_TEST_SUITE(test_outcome_diff)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

constexpr std::uint64_t kSampleSize = 50'000;
constexpr std::uint64_t kSampleSeed = 11;

Outcome played(std::optional<Team> winner, ContractResult contract, int ns, int ew, int suspended = 0) {
  Outcome out;
  out.winner = winner;
  out.contract = contract;
  out.score[Team::NS] = ns;
  out.score[Team::EW] = ew;
  out.suspended = suspended;
  return out;
}

Outcome void_outcome() {
  Outcome out;
  out.is_void = true;
  return out;
}

int compare(int a, int b) { return (a > b) - (a < b); }

bool holds_carre_of(const Ruleset& rules, const Deal& deal, std::initializer_list<const char*> ranks) {
  RankMask wanted = 0;
  for (const char* rank : ranks) wanted |= RankMask{1} << *rules.deck.parse_rank(rank);
  for (Seat seat : kSeats)
    if (four_of_a_kind(deal.hands[seat]) & wanted) return true;
  return false;
}

// Where an overlay's one convention can act, judged from the deal and its classique outcome.
struct Overlay {
  std::string name;
  DiffKind kind;  ///< the only kind of change it may bring
  std::function<bool(const Ruleset&, const Deal&, const Outcome&)> can_act;
  /// Deals on which it must change the outcome (a subset of can_act), if that can be said.
  std::function<bool(const Ruleset&, const Deal&, const Outcome&)> must_act;
};

std::ostream& operator<<(std::ostream& out, const Overlay& overlay) { return out << overlay.name; }

Team takers(const Deal& deal) { return team_of(deal.taker); }

bool failed_with_announcements_or_belote(const Ruleset&, const Deal& deal, const Outcome& c) {
  return c.contract == ContractResult::failed &&
         (c.scored_announcements[takers(deal)] > 0 || c.belote_team == takers(deal));
}

std::vector<Overlay> overlays() {
  return {
      {"classique-premier-parle", DiffKind::winner_changed,
       [](const Ruleset&, const Deal&, const Outcome& c) { return c.win_reason == WinReason::tie_nobody; },
       [](const Ruleset&, const Deal&, const Outcome& c) { return c.win_reason == WinReason::tie_nobody; }},
      {"classique-hors-contrat", DiffKind::contract_changed,
       // Announcements and belote change the contract: card points alone compare otherwise than the totals.
       [](const Ruleset&, const Deal& deal, const Outcome& c) {
         const Team t = takers(deal);
         return compare(c.card_points[t], c.card_points[other(t)]) !=
                compare(c.contract_totals[t], c.contract_totals[other(t)]);
       },
       [](const Ruleset&, const Deal& deal, const Outcome& c) {
         const Team t = takers(deal);
         return compare(c.card_points[t], c.card_points[other(t)]) !=
                compare(c.contract_totals[t], c.contract_totals[other(t)]);
       }},
      {"classique-preneur-garde", DiffKind::score_only, failed_with_announcements_or_belote,
       [](const Ruleset&, const Deal& deal, const Outcome& c) {
         return c.contract == ContractResult::failed && c.scored_announcements[takers(deal)] > 0;
       }},
      {"classique-preneur-perd-tout", DiffKind::score_only, failed_with_announcements_or_belote,
       [](const Ruleset&, const Deal& deal, const Outcome& c) {
         return c.contract == ContractResult::failed && c.belote_team == takers(deal);
       }},
      {"classique-carres-bas", DiffKind::none,
       [](const Ruleset& rules, const Deal& deal, const Outcome&) { return holds_carre_of(rules, deal, {"8", "7"}); },
       nullptr},
  };
}

// Scores `count` random deals under A and B, calling `check` for each.
void for_each_sampled(const Ruleset& a, const Ruleset& b, std::uint64_t count,
                      const std::function<void(const Deal&, const Outcome&, const Outcome&, const OutcomeDiff&)>& check) {
  const RandomDeals random(a.deck, kSampleSeed);
  Deal deal;
  Outcome out_a, out_b;
  for (std::uint64_t i = 0; i < count; ++i) {
    random.make(i, deal);
    evaluate(a, deal, out_a);
    evaluate(b, deal, out_b);
    check(deal, out_a, out_b, diff_outcomes(out_a, out_b));
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(equal_outcomes_do_not_differ) {
  const Outcome a = played(Team::NS, ContractResult::made, 120, 62);
  const OutcomeDiff diff = diff_outcomes(a, a);
  BOOST_TEST(!diff.differs());
  BOOST_TEST(diff.kind == DiffKind::none);
  BOOST_TEST(diff.score_change[Team::NS] == 0);
  BOOST_TEST(diff_outcomes(void_outcome(), void_outcome()).kind == DiffKind::none);
}

BOOST_AUTO_TEST_CASE(a_void_deal_against_a_played_one_changes_void_and_score_only) {
  const Outcome a = played(Team::NS, ContractResult::made, 120, 62);
  const OutcomeDiff diff = diff_outcomes(a, void_outcome());
  BOOST_TEST(diff.kind == DiffKind::void_changed);
  BOOST_TEST(diff.has(DiffField::void_deal));
  BOOST_TEST(!diff.has(DiffField::winner));
  BOOST_TEST(!diff.has(DiffField::contract));
  BOOST_TEST(diff.has(DiffField::score_ns));
  BOOST_TEST(diff.has(DiffField::score_ew));
  BOOST_TEST(diff.score_change[Team::NS] == -120);
  BOOST_TEST(diff.score_change[Team::EW] == -62);
}

BOOST_AUTO_TEST_CASE(the_kind_is_the_most_significant_change) {
  const Outcome base = played(Team::NS, ContractResult::made, 120, 62);
  const OutcomeDiff winner = diff_outcomes(base, played(Team::EW, ContractResult::failed, 0, 182));
  BOOST_TEST(winner.kind == DiffKind::winner_changed);
  BOOST_TEST(winner.has(DiffField::contract));
  BOOST_TEST(winner.score_change[Team::EW] == 120);

  const OutcomeDiff contract = diff_outcomes(base, played(Team::NS, ContractResult::litige, 0, 62, 120));
  BOOST_TEST(contract.kind == DiffKind::contract_changed);
  BOOST_TEST(contract.has(DiffField::suspended));
  BOOST_TEST(contract.suspended_change == 120);
  BOOST_TEST(!contract.has(DiffField::score_ew));

  const OutcomeDiff score = diff_outcomes(base, played(Team::NS, ContractResult::made, 100, 62));
  BOOST_TEST(score.kind == DiffKind::score_only);
  BOOST_TEST(score.fields == std::uint8_t(1u << int(DiffField::score_ns)));

  const OutcomeDiff held_over = diff_outcomes(played(Team::NS, ContractResult::litige, 0, 81, 81),
                                              played(Team::NS, ContractResult::litige, 0, 81, 101));
  BOOST_TEST(held_over.kind == DiffKind::score_only);
  BOOST_TEST(held_over.has(DiffField::suspended));
}

BOOST_AUTO_TEST_CASE(field_and_kind_names_are_distinct) {
  std::set<std::string_view> fields, kinds;
  for (DiffField field : kDiffFields) fields.insert(diff_field_name(field));
  for (DiffKind kind : kDiffKinds) kinds.insert(diff_kind_name(kind));
  BOOST_TEST(fields.size() == kDiffFields.size());
  BOOST_TEST(kinds.size() == kDiffKinds.size());
  BOOST_TEST(!kinds.count(diff_kind_name(DiffKind::none)));
}

BOOST_DATA_TEST_CASE(a_ruleset_never_differs_from_itself, bdata::make(shipped_ruleset_names()), name) {
  const auto rules = ruleset(name);
  std::uint64_t differing = 0;
  for_each_sampled(*rules, *rules, 5'000, [&](const Deal&, const Outcome&, const Outcome&, const OutcomeDiff& diff) {
    differing += diff.differs();
  });
  BOOST_TEST(differing == 0u);
}

BOOST_DATA_TEST_CASE(each_overlay_differs_only_where_its_convention_can_act, bdata::make(overlays()), overlay) {
  const auto classique = ruleset("classique");
  const auto variant = ruleset(overlay.name);
  std::uint64_t differing = 0, must = 0;
  for_each_sampled(*classique, *variant, kSampleSize, [&](const Deal& deal, const Outcome& c, const Outcome& v, const OutcomeDiff& diff) {
    if (overlay.must_act && overlay.must_act(*classique, deal, c)) {
      ++must;
      BOOST_TEST(diff.differs(), deal.id << " should differ under " << overlay.name);
    }
    if (!diff.differs()) return;
    ++differing;
    BOOST_TEST(overlay.can_act(*classique, deal, c), deal.id << " differs under " << overlay.name
                                                              << " where its convention cannot act");
    if (overlay.kind != DiffKind::none) BOOST_TEST(diff.kind == overlay.kind, deal.id);
    BOOST_TEST(!diff_reason({*classique, deal, c}, {*variant, deal, v}, diff).empty());
  });
  // The sample holds deals where the convention acts, so the property says something.
  BOOST_TEST(differing > 10u);
  if (overlay.must_act) BOOST_TEST(must > 10u);
}

BOOST_AUTO_TEST_CASE(traditionnelle_voids_exactly_the_deals_with_a_carre_of_sevens) {
  const auto classique = ruleset("classique");
  const auto traditionnelle = ruleset("traditionnelle");
  std::uint64_t voided = 0;
  for_each_sampled(*classique, *traditionnelle, kSampleSize, [&](const Deal& deal, const Outcome&, const Outcome&, const OutcomeDiff& diff) {
    const bool sevens = holds_carre_of(*classique, deal, {"7"});
    BOOST_TEST(diff.has(DiffField::void_deal) == sevens, deal.id);
    if (sevens) BOOST_TEST(diff_kind_name(diff.kind) == "void");
    voided += sevens;
  });
  BOOST_TEST(voided > 10u);
}

namespace {

// A deal scored under two shipped rulesets: the kind of change and its reason.
struct Compared {
  DiffKind kind;
  std::string reason;
};

Compared compare(const std::string& a_name, const std::string& b_name, const Deal& deal) {
  const auto a = ruleset(a_name);
  const auto b = ruleset(b_name);
  const Outcome out_a = evaluate(*a, deal);
  const Outcome out_b = evaluate(*b, deal);
  const OutcomeDiff diff = diff_outcomes(out_a, out_b);
  return {diff.kind, diff_reason({*a, deal, out_a}, {*b, deal, out_b}, diff)};
}

Deal case_deal(const std::string& file) {
  return deal_from_toml(*ruleset("classique"), read_file(tests_dir() / "cases" / file));
}

Deal json_deal(const std::string& line) {
  Deal deal;
  BOOST_TEST_REQUIRE(json_deal_errors(*ruleset("classique"), line, &deal).empty());
  return deal;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(the_reason_quotes_both_explanations_where_they_part) {
  const Compared c = compare("classique", "classique-premier-parle", case_deal("seed001-equal-tierces-off-trump.toml"));
  BOOST_TEST(c.kind == DiffKind::winner_changed);
  BOOST_TEST(c.reason.find("classique: Exact tie") == 0u, c.reason);
  BOOST_TEST(contains(c.reason, "exact_tie = nobody"), c.reason);
  BOOST_TEST(contains(c.reason, "; classique-premier-parle: "), c.reason);
  BOOST_TEST(contains(c.reason, "first-speaker"), c.reason);
  BOOST_TEST(!contains(c.reason, "\n"));
  BOOST_TEST(compare("classique", "classique", case_deal("seed001-equal-tierces-off-trump.toml")).reason.empty());
}

BOOST_AUTO_TEST_CASE(the_reason_for_a_score_change_names_the_convention) {
  const Compared c = compare("classique", "classique-preneur-garde", case_deal("taker-fails-with-announcements.toml"));
  BOOST_TEST(c.kind == DiffKind::score_only);
  BOOST_TEST(contains(c.reason, "go to the defenders (contract.failed_announcements)"), c.reason);
  BOOST_TEST(contains(c.reason, "The takers keep their announcements"), c.reason);
}

BOOST_AUTO_TEST_CASE(the_reason_is_the_trick_condition_not_the_wording_of_the_winner) {
  // NS hold the stronger announcements but take no trick: traditionnelle gives them nothing.
  const Compared c = compare("classique", "traditionnelle", json_deal(
      R"({"id":"no-trick","trump":"H","taker":"W","first":"N","hands":{"N":"8S JS AS JH 7C 8C 9C 10C","E":"7S QS 7H QH KH AH 7D KD","S":"KS 9H 8D 9D 10D JD JC KC","W":"9S 10S 8H 10H QD AD QC AC"},"result":{"points":{"NS":0,"EW":162},"tricks":{"NS":0,"EW":8}}})"));
  BOOST_TEST(c.kind == DiffKind::score_only);
  BOOST_TEST(c.reason.find("classique: NS score all their announcements") == 0u, c.reason);
  BOOST_TEST(contains(c.reason, "traditionnelle: NS took 0 tricks"), c.reason);
  BOOST_TEST(contains(c.reason, "announcements.min_tricks"), c.reason);
}

BOOST_AUTO_TEST_CASE(the_reason_is_the_declaration_of_the_player_whose_cards_cannot_serve_twice) {
  // S holds four nines and 9-10-J of hearts: the nine of hearts serves twice under classique only.
  const Compared c = compare("classique", "traditionnelle", json_deal(
      R"({"id":"reuse","trump":"H","taker":"E","first":"W","hands":{"N":"7H QH 7D 10D 8C QC KC AC","E":"8S 10S JS KS 8H KH QD JC","S":"7S 9S 9H 10H JH 9D KD 9C","W":"QS AS AH 8D JD AD 7C 10C"},"result":{"points":{"NS":59,"EW":103},"tricks":{"NS":3,"EW":5}}})"));
  BOOST_TEST(c.kind == DiffKind::score_only);
  BOOST_TEST(c.reason.find("classique: S declares carré of 9") == 0u, c.reason);
  BOOST_TEST(contains(c.reason, "170 in all; traditionnelle: S declares carré of 9"), c.reason);
}

BOOST_AUTO_TEST_CASE(the_reason_for_a_void_deal_says_which_carre) {
  const Compared c = compare("classique", "traditionnelle", case_deal("seed001-square-of-sevens-voids-the-deal.toml"));
  BOOST_TEST(c.kind == DiffKind::void_changed);
  BOOST_TEST(c.reason.find("classique: the carré of 7 does not annul the deal") == 0u, c.reason);
  BOOST_TEST(contains(c.reason, "annuls the deal under this ruleset (carres.void_deal)"), c.reason);
}

// Both takers fail; the variant's contract counts other points (contract.basis), which changes
// its totals but not its result: the points move by what a failed taker keeps, and the reason says so.
BOOST_AUTO_TEST_CASE(two_failed_contracts_are_put_down_to_what_the_taker_keeps_not_to_what_the_contract_counts) {
  const auto a = ruleset("classique");
  const LoadedRuleset b = load_text("extends = \"classique\"\n[contract]\nbasis = [\"card-points\", \"announcements\"]\n"
                                    "failed_belote = \"defenders\"\n",
                                    "club-sans-belote.toml");
  BOOST_TEST_REQUIRE(b.ruleset);
  // random-3-32: S takes and fails with the belote under both.
  const Deal deal = json_deal(
      R"({"id":"random-3-32","trump":"D","taker":"S","first":"S","hands":{"N":"JS 7H 8D JD QD KD JC QC","E":"8S KS 8H QH KH AD 8C 9C","S":"7S 9S 10S 9H 10H 7D 7C KC","W":"QS AS JH AH 9D 10D 10C AC"},"result":{"points":{"NS":39,"EW":123},"tricks":{"NS":2,"EW":6}}})");
  const Outcome out_a = evaluate(*a, deal);
  const Outcome out_b = evaluate(*b.ruleset, deal);
  BOOST_TEST_REQUIRE(out_a.contract == ContractResult::failed);
  BOOST_TEST_REQUIRE(out_b.contract == ContractResult::failed);
  BOOST_TEST_REQUIRE(out_a.contract_totals != out_b.contract_totals);
  const OutcomeDiff diff = diff_outcomes(out_a, out_b);
  BOOST_TEST(diff.kind == DiffKind::score_only);
  const std::string reason = diff_reason({*a, deal, out_a}, {*b.ruleset, deal, out_b}, diff);
  BOOST_TEST(contains(reason, "The takers' belote (20) go to the defenders (contract.failed_belote)"), reason);
  BOOST_TEST(reason.ends_with("(conventions: contract.failed_belote)"), reason);
}

// Rulesets of other bids draw a random deal as two contracts: the reason names the key that
// draws it otherwise, and no key both rulesets share.
BOOST_AUTO_TEST_CASE(a_deal_drawn_as_two_contracts_is_put_down_to_the_key_that_draws_it) {
  const auto a = ruleset("coinche");
  const LoadedRuleset b = load_text("extends = \"coinche\"\n[bids]\nfrom = 90\n", "coinche-90.toml");
  BOOST_TEST_REQUIRE(b.ruleset);
  const RandomDeals draw_a(*a, 1), draw_b(*b.ruleset, 1);
  int apart = 0;
  for (std::uint64_t i = 0; i < 200; ++i) {
    Deal x, y;
    draw_a.make(i, x);
    draw_b.make(i, y);
    BOOST_TEST(same_contract(*a, x, *b.ruleset, y) == (x.bid == y.bid && x.named_bid == y.named_bid && x.doubling == y.doubling));
    if (same_contract(*a, x, *b.ruleset, y)) continue;
    ++apart;
    const Outcome out_a = evaluate(*a, x);
    const Outcome out_b = evaluate(*b.ruleset, y);
    const OutcomeDiff diff = diff_outcomes(out_a, out_b);
    if (!diff.differs()) continue;
    const std::string reason = diff_reason({*a, x, out_a}, {*b.ruleset, y, out_b}, diff);
    BOOST_TEST(reason.starts_with("played as "), reason);
    BOOST_TEST(reason.ends_with("(conventions: bids.from)"), reason);
  }
  BOOST_TEST(apart > 0);
}

BOOST_AUTO_TEST_CASE(a_tally_merged_from_chunks_equals_one_made_deal_by_deal) {
  const auto classique = ruleset("classique");
  const auto traditionnelle = ruleset("traditionnelle");
  std::vector<OutcomeDiff> diffs;
  for_each_sampled(*classique, *traditionnelle, 20'000, [&](const Deal&, const Outcome&, const Outcome&, const OutcomeDiff& diff) {
    diffs.push_back(diff);
  });
  DiffTally whole;
  for (std::size_t i = 0; i < diffs.size(); ++i) whole.add(diffs[i], i);
  BOOST_TEST(whole.deals == diffs.size());
  BOOST_TEST(whole.differing > 0u);
  std::uint64_t by_kind = 0;
  for (DiffKind kind : kDiffKinds) by_kind += whole.count(kind);
  BOOST_TEST(by_kind == whole.differing);
  for (Team team : kTeams) {
    const ScoreChangeTally& t = whole.score_change[team];
    BOOST_TEST(std::abs(diffs[t.largest_at].score_change[team]) == std::abs(t.largest));
    // The first deal with the largest change, whatever the chunks.
    for (std::size_t i = 0; i < t.largest_at; ++i) BOOST_TEST(std::abs(diffs[i].score_change[team]) < std::abs(t.largest));
  }
  for (std::size_t chunk : {1u, 7u, 1000u, 16384u}) {
    DiffTally merged;
    for (std::size_t begin = 0; begin < diffs.size(); begin += chunk) {
      DiffTally part;
      for (std::size_t i = begin; i < std::min(diffs.size(), begin + chunk); ++i) part.add(diffs[i], i);
      merged.merge(part);
    }
    BOOST_TEST((merged == whole), "chunks of " << chunk);
  }
}

BOOST_AUTO_TEST_CASE(a_parallel_tally_does_not_depend_on_the_thread_count) {
  const auto classique = ruleset("classique");
  const auto hors_contrat = ruleset("classique-hors-contrat");
  const RandomDeals random(classique->deck, kSampleSeed);
  const auto run = [&](unsigned threads) {
    DiffTally total;
    sample_in_chunks<DiffTally>(
        3 * kSampleChunk + 5, threads,
        [&](std::uint64_t begin, std::uint64_t end, DiffTally& part) {
          Deal deal;
          Outcome a, b;
          for (std::uint64_t i = begin; i < end; ++i) {
            random.make(i, deal, false);
            evaluate(*classique, deal, a);
            evaluate(*hors_contrat, deal, b);
            part.add(diff_outcomes(a, b), i);
          }
        },
        [&](DiffTally& part) { total.merge(part); });
    return total;
  };
  const DiffTally one = run(1);
  BOOST_TEST(one.deals == 3 * kSampleChunk + 5);
  BOOST_TEST((run(2) == one));
  BOOST_TEST((run(3) == one));
}

BOOST_AUTO_TEST_SUITE_END()  // test_outcome_diff
