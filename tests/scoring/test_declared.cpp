// Announcements as declared at the table (score-sheet deals): they score
// exactly like the hands they come from, and every impossible declaration is
// refused with its own message, in TOML files and in JSON Lines alike.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_declared)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

constexpr std::uint64_t kDeals = 4000;
constexpr std::uint64_t kSeed = 77;

// What the players of a hands deal declare at the table: each seat's
// announcements (the voiding carré too) and the belote holder, without the cards.
Deal declared_from(const Deal& hands, const Outcome& out) {
  Deal deal = hands;
  deal.form = DealForm::declared;
  deal.hands = {};
  for (Seat seat : kSeats) {
    SeatAnnouncements& mine = deal.declared[seat];
    mine.clear();
    for (Announcement a : out.announcements[seat]) {
      a.points = 0;  // as the readers leave them: the evaluator values them by the ruleset
      a.key = 0;
      mine.items[mine.count++] = a;
    }
  }
  if (out.is_void) {
    SeatAnnouncements& holder = deal.declared[out.void_seat];
    holder.items[holder.count++] = Announcement{true, 0, out.void_rank, 4, 0, 0};
  }
  deal.belotes = out.belotes;
  return deal;
}

// A JSON value written as TOML: strings, integers and arrays read the same;
// an object becomes an inline table.
std::string toml_value(const nlohmann::ordered_json& value) {
  if (!value.is_object()) return value.dump();
  std::vector<std::string> parts;
  for (const auto& [key, item] : value.items()) parts.push_back(fmt::format("{} = {}", key, toml_value(item)));
  return fmt::format("{{ {} }}", fmt::join(parts, ", "));
}

// The same declared deal as a TOML file: the keys of its JSON line under [deal].
std::string declared_toml(const Ruleset& rules, const Deal& deal) {
  std::string text = "[deal]\n";
  const nlohmann::ordered_json json = deal_json(rules, deal);
  for (const auto& [key, value] : json.items()) text += fmt::format("{} = {}\n", key, toml_value(value));
  return text;
}

std::string same_outcome(const Outcome& a, const Outcome& b) {
  if (a.is_void != b.is_void) return "void";
  if (a.score != b.score || a.suspended != b.suspended) return "score";
  if (a.contract != b.contract) return "contract";
  if (a.winner != b.winner || a.win_reason != b.win_reason) return "winner";
  if (a.belote_seat != b.belote_seat || a.belote_team != b.belote_team) return "belote";
  for (Seat seat : kSeats)
    if (!(a.announcements[seat] == b.announcements[seat])) return fmt::format("announcements of {}", name(seat));
  return "";
}

}  // namespace

BOOST_DATA_TEST_CASE(declaring_what_the_hands_hold_scores_the_same, bdata::make(shipped_ruleset_names()), name) {
  const auto rules = ruleset(name);
  const RandomDeals random(*rules, kSeed);
  const DealReader reader(*rules);
  Deal hands;
  int mismatches = 0, announced = 0, voided = 0;
  for (std::uint64_t i = 0; i < kDeals; ++i) {
    random.make(i, hands);
    const Outcome expected = evaluate(*rules, hands);
    const Deal declared = declared_from(hands, expected);
    announced += expected.winner.has_value();
    voided += expected.is_void;

    std::string differs = same_outcome(expected, evaluate(*rules, declared));
    // Through the readers too, as a JSON line and, for some, as a TOML file.
    if (differs.empty()) {
      Deal read;
      Diagnostics errors;
      const std::string line = deal_json(*rules, declared).dump();
      if (!reader.read_json_line(line, "deals.jsonl", 1, read, errors))
        differs = "JSON: " + errors.front().message;
      else
        differs = same_outcome(expected, evaluate(*rules, read));
    }
    if (differs.empty() && i % 8 == 0) {
      Deal read;
      Diagnostics errors;
      if (!reader.read_toml(declared_toml(*rules, declared), "deal.toml", read, errors))
        differs = "TOML: " + errors.front().message;
      else
        differs = same_outcome(expected, evaluate(*rules, read));
    }
    if (!differs.empty() && ++mismatches <= 5) BOOST_TEST_MESSAGE(hands.id << ": " << differs);
  }
  BOOST_TEST(mismatches == 0);
  // Unless no kind declares anything (contrée) or nothing declared is worth
  // anything (klaverjas, whose roem takes their place), some deals are won by announcements.
  const bool declares = std::any_of(rules->kinds.begin(), rules->kinds.end(),
                                    [](const ContractKind& k) { return !(k.declared == AnnouncementSet{}); }) &&
                        !rules->roem.any();
  if (declares) BOOST_TEST(announced > 0);
  if (rules->carres.voiding_ranks) BOOST_TEST(voided > 0);
}

namespace {

// One declared deal, written both as a TOML file and as a JSON line.
struct DeclaredInput {
  std::string ruleset = "classique";
  /// `announcements` members as (key, value) with values in the syntax TOML and JSON share.
  std::vector<std::pair<std::string, std::string>> announcements;
  std::string belote;  ///< a seat or team, or empty

  std::string toml() const {
    std::vector<std::string> members;
    for (const auto& [key, value] : announcements) members.push_back(fmt::format("{} = {}", key, value));
    return fmt::format(
        "[deal]\ntrump = \"H\"\ntaker = \"N\"\n{}announcements = {{ {} }}\n"
        "[deal.result]\npoints = {{ NS = 90, EW = 72 }}\ntricks = {{ NS = 5, EW = 3 }}\n",
        belote.empty() ? "" : fmt::format("belote = \"{}\"\n", belote), fmt::join(members, ", "));
  }
  std::string json() const {
    std::vector<std::string> members;
    for (const auto& [key, value] : announcements) members.push_back(fmt::format("\"{}\": {}", key, value));
    return fmt::format(R"({{"trump": "H", "taker": "N", {}"announcements": {{{}}}, )"
                       R"("result": {{"points": {{"NS": 90, "EW": 72}}, "tricks": {{"NS": 5, "EW": 3}}}}}})",
                       belote.empty() ? "" : fmt::format("\"belote\": \"{}\", ", belote), fmt::join(members, ", "));
  }
};

// The only error of the deal, in both forms: `message` with {} for the key prefix
// ("deal." in TOML, nothing in JSON), and where the problem is.
void check_only_error(const DeclaredInput& input, const std::string& message) {
  const auto rules = ruleset(input.ruleset);
  for (const bool as_toml : {true, false}) {
    BOOST_TEST_CONTEXT((as_toml ? input.toml() : input.json())) {
      const Diagnostics errors =
          as_toml ? toml_deal_errors(*rules, input.toml()) : json_deal_errors(*rules, input.json());
      BOOST_TEST_REQUIRE(errors.size() == 1u);
      BOOST_TEST(errors[0].message == fmt::format(fmt::runtime(message), as_toml ? "deal." : ""));
      BOOST_TEST(errors[0].line > 0);
      BOOST_TEST(errors[0].column > 0);
    }
  }
}

void check_valid(const DeclaredInput& input) {
  const auto rules = ruleset(input.ruleset);
  BOOST_TEST(toml_deal_errors(*rules, input.toml()).empty());
  BOOST_TEST(json_deal_errors(*rules, input.json()).empty());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_deal_declared_at_the_table_scores_by_the_ruleset) {
  // N: carré of jacks; E: a cinquante to the ten of diamonds; N holds the belote.
  const DeclaredInput input{"classique", {{"N", R"(["carre J"])"}, {"E", R"(["cinquante 10D"])"}}, "N"};
  for (const char* name : {"classique", "traditionnelle"}) {
    const auto rules = ruleset(name);
    for (const Deal& deal : {deal_from_toml(*rules, input.toml()), [&] {
                               Deal d;
                               BOOST_TEST_REQUIRE(json_deal_errors(*rules, input.json(), &d).empty());
                               return d;
                             }()}) {
      BOOST_TEST((deal.form == DealForm::declared));
      const Outcome out = evaluate(*rules, deal);
      BOOST_TEST(out.announcements[Seat::N].points == 200);
      BOOST_TEST(out.announcements[Seat::E].points == 50);
      BOOST_TEST(out.winner == std::optional(Team::NS));
      BOOST_TEST(out.score[Team::NS] == 90 + 200 + 20);
      BOOST_TEST(out.score[Team::EW] == 72);
    }
  }
}

BOOST_AUTO_TEST_CASE(declared_carre_of_sevens_voids_under_traditionnelle) {
  const DeclaredInput input{"traditionnelle", {{"W", R"(["7S 7H 7D 7C"])"}}, ""};
  const auto rules = ruleset("traditionnelle");
  const Outcome out = evaluate(*rules, deal_from_toml(*rules, input.toml()));
  BOOST_TEST(out.is_void);
  BOOST_TEST(out.void_seat == Seat::W);
  BOOST_TEST(!evaluate(*ruleset("classique"), deal_from_toml(*ruleset("classique"), input.toml())).is_void);
}

BOOST_AUTO_TEST_CASE(error_two_carres_of_jacks_in_two_hands) {
  check_only_error({"classique", {{"N", R"(["carre J"])"}, {"E", R"(["carre J"])"}}, ""},
                   "'{}announcements.E': JS is also declared by N: one card cannot be in two hands");
}

BOOST_AUTO_TEST_CASE(error_one_carre_declared_twice) {
  check_only_error({"classique", {{"N", R"(["carre J", "carré V"])"}}, ""},
                   "'{}announcements.N': JS JH JD JC is declared twice");
}

BOOST_AUTO_TEST_CASE(error_tierce_of_impossible_height) {
  check_only_error({"classique", {{"N", R"(["tierce 8H"])"}}, ""},
                   "'{}announcements.N': no tierce ends at 8: the lowest tierce ends at 9");
  check_only_error({"classique", {{"N", R"(["cent 10H"])"}}, ""},
                   "'{}announcements.N': no cent ends at 10: the lowest cent ends at J");
}

BOOST_AUTO_TEST_CASE(error_overlapping_sequences) {
  check_only_error({"classique", {{"N", R"(["tierce 9H", "tierce 10H"])"}}, ""},
                   "'{}announcements.N': 8H 9H is declared twice");
}

BOOST_AUTO_TEST_CASE(error_touching_sequences) {
  check_only_error({"classique", {{"N", R"(["tierce 9H", "tierce QH"])"}}, ""},
                   "'{}announcements.N': 10H JH QH and 7H 8H 9H touch: they make one run, declared whole");
  // Where long runs split, a cent and a tierce may touch.
  const auto split = load_text("extends = \"classique\"\n[sequences]\nsplit_long_runs = true\n");
  BOOST_TEST_REQUIRE(split.ok());
  const DeclaredInput touching{"classique", {{"N", R"(["cent JH", "tierce AH"])"}}, ""};
  BOOST_TEST(toml_deal_errors(*split.ruleset, touching.toml()).empty());
  BOOST_TEST(json_deal_errors(*split.ruleset, touching.json()).empty());
}

BOOST_AUTO_TEST_CASE(error_card_in_a_carre_and_a_sequence_without_reuse) {
  const std::vector<std::pair<std::string, std::string>> shared{{"N", R"(["carre J", "tierce JH"])"}};
  check_only_error(
      {"traditionnelle", shared, ""},
      "'{}announcements.N': JH serves in a carré and a sequence, and this ruleset lets no card serve twice");
  check_valid({"classique", shared, ""});  // seed 000 lets the jack serve twice
}

BOOST_AUTO_TEST_CASE(error_card_declared_by_two_seats) {
  check_only_error({"classique", {{"N", R"(["tierce 9H"])"}, {"E", R"(["tierce 10H"])"}}, ""},
                   "'{}announcements.E': 8H is also declared by N: one card cannot be in two hands");
}

BOOST_AUTO_TEST_CASE(error_belote_holder_against_another_declaration) {
  // Hearts are trumps: E's tierce to the king holds the belote's king and queen.
  check_only_error({"classique", {{"E", R"(["tierce KH"])"}}, "N"},
                   "'{}belote': N holds the belote, yet E declares QH KH");
  check_valid({"classique", {{"N", R"(["tierce KH"])"}}, "N"});  // the belote may share a sequence's cards
}

BOOST_AUTO_TEST_CASE(error_unknown_announcement_name_with_suggestion) {
  check_only_error({"classique", {{"N", R"(["tierse KH"])"}}, ""},
                   "'{}announcements.N': unknown announcement 'tierse' (did you mean 'tierce'?) "
                   "(announcements: carre, tierce, cinquante, cent, or the cards)");
}

BOOST_AUTO_TEST_CASE(error_team_points_for_both_teams) {
  check_only_error({"classique", {{"NS", "20"}, {"EW", "50"}}, ""},
                   "'{}announcements': only one team scores its announcements, not both (one contest, "
                   "announcements.exact_tie = \"nobody\")");
  check_valid({"classique", {{"NS", "20"}, {"EW", "0"}}, "EW"});
}

BOOST_AUTO_TEST_CASE(error_seat_and_team_keys_mixed) {
  const std::string message =
      "'{}announcements' mixes teams (NS EW) and seats (N E S W): give either each team's points or each seat's "
      "announcements";
  check_only_error({"classique", {{"N", R"(["tierce 9H"])"}, {"NS", "20"}}, ""}, message);
  check_only_error({"classique", {{"EW", "20"}, {"S", R"(["tierce 9H"])"}}, ""}, message);
}

BOOST_AUTO_TEST_SUITE_END()  // test_declared
