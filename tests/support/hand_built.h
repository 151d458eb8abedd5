// Deals and rulesets written by hand for the tests: a deal as the TOML or
// JSON line a user would type, and a ruleset that changes one convention of
// a shipped one.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <optional>
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "printing.h"
#include "test_support.h"

namespace belote::test {

/// The contract keys a deal may carry beyond its kind and trump (empty or 0:
/// not given): `bid = 100` or `bid = "capot"`, `doubling = "coinche"`,
/// `held_over = 3`, and `result.tricks_by_seat`.
struct ContractKeys {
  std::string bid;       ///< as written in TOML and JSON: 100, or "capot" with its quotes
  std::string doubling;  ///< a level name
  int held_over = 0;
  std::optional<std::array<int, 4>> tricks_by_seat;  ///< N E S W

  std::string toml() const {
    std::string text;
    if (!bid.empty()) text += fmt::format("bid = {}\n", bid);
    if (!doubling.empty()) text += fmt::format("doubling = \"{}\"\n", doubling);
    if (held_over) text += fmt::format("held_over = {}\n", held_over);
    return text;
  }
  std::string json() const {
    std::string text;
    if (!bid.empty()) text += fmt::format(R"("bid": {}, )", bid);
    if (!doubling.empty()) text += fmt::format(R"("doubling": "{}", )", doubling);
    if (held_over) text += fmt::format(R"("held_over": {}, )", held_over);
    return text;
  }
  /// A line of [deal.result], or a member of its JSON object (with its leading comma).
  std::string result_toml() const {
    if (!tricks_by_seat) return "";
    const auto& t = *tricks_by_seat;
    return fmt::format("tricks_by_seat = {{ N = {}, E = {}, S = {}, W = {} }}\n", t[0], t[1], t[2], t[3]);
  }
  std::string result_json() const {
    if (!tricks_by_seat) return "";
    const auto& t = *tricks_by_seat;
    return fmt::format(R"(, "tricks_by_seat": {{"N": {}, "E": {}, "S": {}, "W": {}}})", t[0], t[1], t[2], t[3]);
  }
};

/// `deal` carrying `keys`: with_contract(kQuiet, {.bid = "100", .doubling = "coinche"}).
template <class D>
D with_contract(D deal, ContractKeys keys) {
  deal.contract = std::move(keys);
  return deal;
}

/// One mène with its four hands (N E S W) and the result the table reports.
struct HandBuiltDeal {
  std::array<std::string, 4> hands;  ///< indexed by Seat: N, E, S, W
  std::string trump = "H";
  std::string taker = "N";
  std::string first = "N";
  int ns_points = 81, ew_points = 81;
  int ns_tricks = 4, ew_tricks = 4;
  /// The contract kind the deal names; empty when it gives only its trump (an empty trump: none).
  std::string kind;
  ContractKeys contract;

  HandBuiltDeal with_result(int ns, int ew, int ns_won, int ew_won) const {
    HandBuiltDeal copy = *this;
    copy.ns_points = ns;
    copy.ew_points = ew;
    copy.ns_tricks = ns_won;
    copy.ew_tricks = ew_won;
    return copy;
  }
  HandBuiltDeal taken_by(std::string seat) const {
    HandBuiltDeal copy = *this;
    copy.taker = std::move(seat);
    return copy;
  }
  HandBuiltDeal speaking_first(std::string seat) const {
    HandBuiltDeal copy = *this;
    copy.first = std::move(seat);
    return copy;
  }
  /// Played in a named kind, with `trump_suit` ("" for a kind without one trump suit).
  HandBuiltDeal in_kind(std::string name, std::string trump_suit = "") const {
    HandBuiltDeal copy = *this;
    copy.kind = std::move(name);
    copy.trump = std::move(trump_suit);
    return copy;
  }

  std::string toml() const {
    return fmt::format(
        "[deal]\n{}{}taker = \"{}\"\nfirst = \"{}\"\n{}"
        "[deal.hands]\nN = \"{}\"\nE = \"{}\"\nS = \"{}\"\nW = \"{}\"\n"
        "[deal.result]\npoints = {{ NS = {}, EW = {} }}\ntricks = {{ NS = {}, EW = {} }}\n{}",
        kind.empty() ? "" : fmt::format("kind = \"{}\"\n", kind), trump.empty() ? "" : fmt::format("trump = \"{}\"\n", trump),
        taker, first, contract.toml(), hands[0], hands[1], hands[2], hands[3], ns_points, ew_points, ns_tricks, ew_tricks,
        contract.result_toml());
  }
  std::string json() const {
    return fmt::format(
        R"({{{}{}"taker": "{}", "first": "{}", {}"hands": {{"N": "{}", "E": "{}", "S": "{}", "W": "{}"}}, )"
        R"("result": {{"points": {{"NS": {}, "EW": {}}}, "tricks": {{"NS": {}, "EW": {}}}{}}}}})",
        kind.empty() ? "" : fmt::format(R"("kind": "{}", )", kind), trump.empty() ? "" : fmt::format(R"("trump": "{}", )", trump),
        taker, first, contract.json(), hands[0], hands[1], hands[2], hands[3], ns_points, ew_points, ns_tricks, ew_tricks,
        contract.result_json());
  }
};

/// One mène as a score sheet gives it: each seat's announcements as declared
/// ("tierce KH", "carre J" or the cards), the belote's holder or holders.
struct DeclaredDeal {
  std::string kind;         ///< empty: the deal gives only its trump
  std::string trump = "H";  ///< empty: none (a kind without one trump suit)
  std::string taker = "N";
  std::string first = "N";
  std::array<std::vector<std::string>, 4> announcements;  ///< indexed by Seat: N, E, S, W
  std::vector<std::string> belote;  ///< one seat is written as a string, several as an array
  int ns_points = 81, ew_points = 81;
  int ns_tricks = 4, ew_tricks = 4;
  ContractKeys contract;

  DeclaredDeal with_result(int ns, int ew, int ns_won, int ew_won) const {
    DeclaredDeal copy = *this;
    copy.ns_points = ns;
    copy.ew_points = ew;
    copy.ns_tricks = ns_won;
    copy.ew_tricks = ew_won;
    return copy;
  }
  DeclaredDeal speaking_first(std::string seat) const {
    DeclaredDeal copy = *this;
    copy.first = std::move(seat);
    return copy;
  }
  DeclaredDeal in_kind(std::string name, std::string trump_suit = "") const {
    DeclaredDeal copy = *this;
    copy.kind = std::move(name);
    copy.trump = std::move(trump_suit);
    return copy;
  }

  std::string toml() const {
    const auto quoted = [](const std::vector<std::string>& items) {
      std::vector<std::string> out;
      for (const auto& item : items) out.push_back(fmt::format("\"{}\"", item));
      return fmt::format("[{}]", fmt::join(out, ", "));
    };
    std::string text = "[deal]\n";
    if (!kind.empty()) text += fmt::format("kind = \"{}\"\n", kind);
    if (!trump.empty()) text += fmt::format("trump = \"{}\"\n", trump);
    text += fmt::format("taker = \"{}\"\nfirst = \"{}\"\n", taker, first);
    text += contract.toml();
    if (belote.size() == 1) text += fmt::format("belote = \"{}\"\n", belote[0]);
    if (belote.size() > 1) text += fmt::format("belote = {}\n", quoted(belote));
    text += "[deal.announcements]\n";
    constexpr std::array<const char*, 4> seats{"N", "E", "S", "W"};
    for (std::size_t s = 0; s < seats.size(); ++s)
      if (!announcements[s].empty()) text += fmt::format("{} = {}\n", seats[s], quoted(announcements[s]));
    text += fmt::format("[deal.result]\npoints = {{ NS = {}, EW = {} }}\ntricks = {{ NS = {}, EW = {} }}\n", ns_points,
                        ew_points, ns_tricks, ew_tricks);
    return text + contract.result_toml();
  }
};

// Deals every test may score: each hand holds two cards of each suit and no
// rank four times, so that only what a deal is built for is declared.
// No announcement, and the king and queen of every suit in different hands: no belote.
inline const HandBuiltDeal kQuiet{
    {"7S JS 8H QH 9D KD 10C AC", "8S QS 9H KH 10D AD 7C JC", "9S KS 10H AH 7D JD 8C QC", "10S AS 7H JH 8D QD 9C KC"}};
// N: tierce 7-8-9 of spades; nothing else anywhere.
inline const HandBuiltDeal kTierce{
    {"7S 8S 9S QH 9D KD 10C AC", "JS QS 9H KH 10D AD 7C JC", "KS 8H 10H AH 7D JD 8C QC", "10S AS 7H JH 8D QD 9C KC"}};
// N: the king and queen of hearts (the belote with hearts as trumps); no announcement.
inline const HandBuiltDeal kBelote{
    {"7S JS KH QH 9D KD 10C AC", "8S QS 9H 8H 10D AD 7C JC", "9S KS 10H AH 7D JD 8C QC", "10S AS 7H JH 8D QD 9C KC"}};

/// A ruleset that extends `base` with `body` (TOML); fails the test if it does not load.
inline std::shared_ptr<const Ruleset> variant(const std::string& base, const std::string& body) {
  const LoadedRuleset loaded = load_text(fmt::format("extends = \"{}\"\n{}", base, body), "variant.toml");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_REQUIRE_MESSAGE(loaded.ok(), "the variant of " << base << " does not load:\n" << body);
  return loaded.ruleset;
}

/// A 36-card deck with a rank 6 below the seven, dealt 9 cards a hand: what a
/// ruleset extending classique adds to play with it.
inline const std::string kDeck36Toml = R"(
[deck]
ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
trump_order = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
plain_order = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
rank_aliases = { 10 = ["T"], J = ["V"], Q = ["D"], K = ["R"] }
hand_size = 9
trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0, 6 = 0 }
plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0, 6 = 0 }

[carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0 }
order = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
)";

/// Checks what each team writes and what is held over.
inline void expect_written(const Outcome& out, int ns, int ew, int held_over = 0) {
  BOOST_TEST(out.score[Team::NS] == ns);
  BOOST_TEST(out.score[Team::EW] == ew);
  BOOST_TEST(out.suspended == held_over);
}

/// The one error reading a deal gives, in TOML (the deal reader's tests check the positions).
template <class D>
std::string deal_error(const Ruleset& rules, const D& deal) {
  const Diagnostics errors = toml_deal_errors(rules, deal.toml());
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  return errors[0].message;
}

/// Reads the deal under `rules` (failing the test if it does not read) and scores it.
inline Outcome score(const Ruleset& rules, const HandBuiltDeal& deal) {
  return evaluate(rules, deal_from_toml(rules, deal.toml()));
}
inline Outcome score(const Ruleset& rules, const DeclaredDeal& deal) {
  return evaluate(rules, deal_from_toml(rules, deal.toml()));
}

/// The game of `menes` played under `rules` to `target`.
inline GameScore play_sheet(const Ruleset& rules, int target, const std::vector<DeclaredDeal>& menes) {
  Sheet sheet;
  sheet.ruleset = rules.info.name;
  sheet.target = target;
  for (const DeclaredDeal& mene : menes) sheet.menes.push_back(SheetMene{deal_from_toml(rules, mene.toml()), true});
  return score_sheet(rules, sheet);
}

}  // namespace belote::test
