// Deals and rulesets written by hand for the tests: a deal as the TOML or
// JSON line a user would type, and a ruleset that changes one convention of
// a shipped one.
#pragma once

#include <fmt/format.h>

#include <array>
#include <boost/test/unit_test.hpp>
#include <string>

#include "printing.h"
#include "test_support.h"

namespace belote::test {

/// One mène with its four hands (N E S W) and the result the table reports.
struct HandBuiltDeal {
  std::array<std::string, 4> hands;  ///< indexed by Seat: N, E, S, W
  std::string trump = "H";
  std::string taker = "N";
  std::string first = "N";
  int ns_points = 81, ew_points = 81;
  int ns_tricks = 4, ew_tricks = 4;

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

  std::string toml() const {
    return fmt::format(
        "[deal]\ntrump = \"{}\"\ntaker = \"{}\"\nfirst = \"{}\"\n"
        "[deal.hands]\nN = \"{}\"\nE = \"{}\"\nS = \"{}\"\nW = \"{}\"\n"
        "[deal.result]\npoints = {{ NS = {}, EW = {} }}\ntricks = {{ NS = {}, EW = {} }}\n",
        trump, taker, first, hands[0], hands[1], hands[2], hands[3], ns_points, ew_points, ns_tricks, ew_tricks);
  }
  std::string json() const {
    return fmt::format(
        R"({{"trump": "{}", "taker": "{}", "first": "{}", "hands": {{"N": "{}", "E": "{}", "S": "{}", "W": "{}"}}, )"
        R"("result": {{"points": {{"NS": {}, "EW": {}}}, "tricks": {{"NS": {}, "EW": {}}}}}}})",
        trump, taker, first, hands[0], hands[1], hands[2], hands[3], ns_points, ew_points, ns_tricks, ew_tricks);
  }
};

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
rank_aliases = { 10 = ["T"], J = ["V"], Q = ["D"], K = ["R"] }
hand_size = 9
trump_points = { J = 20, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0, 6 = 0 }
plain_points = { A = 11, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0, 6 = 0 }

[carres]
points = { J = 200, 9 = 150, A = 100, 10 = 100, K = 100, Q = 100, 8 = 0, 7 = 0, 6 = 0 }
order = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
)";

/// Reads the deal under `rules` (failing the test if it does not read) and scores it.
inline Outcome score(const Ruleset& rules, const HandBuiltDeal& deal) {
  return evaluate(rules, deal_from_toml(rules, deal.toml()));
}

}  // namespace belote::test
