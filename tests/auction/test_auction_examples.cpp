// The worked examples of the rule book's auction part (tests/data/auction/examples.json,
// section 7 as data): before every call the legal calls are the rule book's,
// written in its notation; each auction ends in the contract it gives, or
// stops at the call it names with its error line. Then every rule of section
// 6 that no example breaks, each with an auction that breaks it.
#include <boost/test/unit_test.hpp>

#include <fmt/ranges.h>
#include <map>
#include <nlohmann/json.hpp>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_auction_examples)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

std::filesystem::path auction_data() { return tests_dir() / "data" / "auction"; }

std::shared_ptr<const Ruleset> family(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  auto& slot = cache[name];
  if (!slot) {
    LoadedRuleset loaded = shipped_loader({auction_data()}).load(name);
    for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(e.file << ":" << e.line << ": " << e.message);
    BOOST_REQUIRE_MESSAGE(loaded.ok(), "ruleset " << name << " does not load");
    slot = loaded.ruleset;
  }
  return slot;
}

Seat seat_of(std::string_view text) {
  const auto seat = parse_seat(text);
  BOOST_REQUIRE(seat);
  return *seat;
}

// Plays the calls in order and returns what the rule book's example line says:
// the final contract, or the error of the first illegal call (or "unfinished").
struct Played {
  std::string contract;
  std::string error;
  std::vector<std::string> legal_before;
};

Played play(const Ruleset& rules, Seat dealer, std::optional<Seat> first, const std::vector<Suit>& turned,
            const std::vector<std::pair<Seat, std::string>>& calls) {
  Played played;
  Auction auction(rules, dealer, first, turned);
  int position = 0;
  for (const auto& [seat, text] : calls) {
    ++position;
    played.legal_before.push_back(legal_calls_text(rules, auction.legal()));
    const Auction before = auction;
    const Call call = read_call(rules, seat, text);
    if (const auto broken = auction.apply(call)) {
      played.error = auction_error_text(rules, before, position, call, text, *broken);
      return played;
    }
  }
  if (const auto outcome = auction.outcome())
    played.contract = auction_outcome_text(rules, *outcome);
  else
    played.error = auction_error_text(rules, auction, position + 1, Call{auction.to_speak()}, "", AuctionRule::unfinished);
  return played;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_worked_example_of_the_rule_book) {
  const json examples = json::parse(read_file(auction_data() / "examples.json"));
  int legal = 0, illegal = 0;
  for (const json& example : examples) {
    const std::string title = example["title"];
    BOOST_TEST_CONTEXT(title) {
      const auto rules = family(example["ruleset"]);
      std::optional<Seat> first;
      if (example.contains("first")) first = seat_of(example["first"].get<std::string>());
      std::vector<Suit> turned;
      if (example.contains("turned"))
        for (const json& suit : example["turned"]) turned.push_back(*rules->deck.parse_suit(suit.get<std::string>()));
      std::vector<std::pair<Seat, std::string>> calls;
      std::vector<std::string> expected_legal;
      for (const json& call : example["calls"]) {
        calls.emplace_back(seat_of(call["seat"].get<std::string>()), call["call"]);
        expected_legal.push_back(call["legal"]);
      }
      const Played played = play(*rules, seat_of(example["dealer"].get<std::string>()), first, turned, calls);
      for (std::size_t i = 0; i < played.legal_before.size(); ++i)
        BOOST_TEST(played.legal_before[i] == expected_legal[i], "before call " << i + 1);
      if (example.contains("contract")) {
        ++legal;
        BOOST_TEST(played.legal_before.size() == calls.size());
        BOOST_TEST(played.error == "");
        BOOST_TEST(played.contract == example["contract"].get<std::string>());
      } else {
        ++illegal;
        BOOST_TEST(played.error == example["error"].get<std::string>());
      }
    }
  }
  // Section 7 of the rule book: 23 legal auctions and 11 illegal ones.
  BOOST_TEST(legal == 23);
  BOOST_TEST(illegal == 11);
}

namespace {

struct Broken {
  std::string ruleset;
  std::string dealer;
  std::vector<std::string> turned;
  std::vector<std::string> calls;  // "SEAT CALL"
  std::string rule;                // the rule the last call breaks
};

}  // namespace

// Section 6's rules that no worked example breaks: each with an auction whose
// last call breaks it, and only it (the checks run in the rule book's order).
BOOST_AUTO_TEST_CASE(every_rule_of_section_6) {
  const std::vector<Broken> cases = {
      {"classique", "N", {"H"}, {"W coinche"}, "unknown-call"},
      {"coinche", "N", {}, {"W schieben"}, "unknown-call"},
      {"schieber", "N", {}, {"W pass"}, "unknown-call"},
      {"coinche", "N", {}, {"W hello"}, "unknown-call"},
      {"klaverjas", "E", {"S"}, {"N pass", "W pass", "S pass", "E pass", "N pass"}, "must-choose"},
      {"klaverjas-verplicht", "S", {}, {"E schieben"}, "must-choose"},
      {"schieber-zurueckschieben", "N", {}, {"W schieben", "E schieben", "W schieben"}, "must-choose"},
      {"coinche", "N", {}, {"W 85 H"}, "bad-value"},
      {"coinche", "N", {}, {"W H"}, "bad-value"},
      {"bulgare", "N", {}, {"W 90 H"}, "bad-value"},
      {"coinche", "N", {}, {"W 90 X"}, "bad-kind"},
      {"oliboy50", "N", {}, {"W 90 AT"}, "bad-kind"},
      {"schieber", "N", {}, {"W choose NT"}, "bad-kind"},
      {"coinche-passe-definitive", "N", {}, {"W pass", "S 80 H", "E pass", "N pass", "W 90 H"}, "passed-out"},
      {"coinche", "N", {}, {"W coinche"}, "double-nothing"},
      {"coinche-a-la-volee", "N", {}, {"W 80 H", "S coinche", "N coinche"}, "already-doubled"},
      {"bulgare", "N", {}, {"W C", "S kontra", "E rekontra", "N kontra"}, "already-doubled"},
      {"coinche", "N", {}, {"W surcoinche"}, "redouble-not-doubled"},
      {"coinche", "N", {}, {"W 80 H", "S surcoinche"}, "redouble-not-doubled"},
      {"bulgare", "N", {}, {"W C", "S kontra", "E rekontra", "N pass", "W rekontra"}, "already-redoubled"},
      {"classique", "N", {"H"}, {"W choose S"}, "round-1-take-or-pass"},
      {"classique", "N", {"H"}, {"W pass", "S pass", "E pass", "N pass", "W take"}, "take-not-offered"},
      {"klaverjas-draaien", "E", {"S"}, {"N pass", "W pass", "S pass", "E pass", "N pass"}, "no-turned-card"},
  };
  for (const Broken& c : cases) {
    BOOST_TEST_CONTEXT(c.ruleset << ": " << fmt::format("{}", fmt::join(c.calls, ", "))) {
      const auto rules = family(c.ruleset);
      std::vector<Suit> turned;
      for (const auto& suit : c.turned) turned.push_back(*rules->deck.parse_suit(suit));
      Auction auction(*rules, seat_of(c.dealer), std::nullopt, turned);
      for (std::size_t i = 0; i < c.calls.size(); ++i) {
        const auto space = c.calls[i].find(' ');
        const Call call = read_call(*rules, seat_of(c.calls[i].substr(0, space)), c.calls[i].substr(space + 1));
        const auto broken = auction.apply(call);
        if (i + 1 < c.calls.size()) {
          BOOST_TEST(!broken, "call " << i + 1 << " is legal");
        } else {
          BOOST_TEST_REQUIRE(broken.has_value());
          BOOST_TEST(rule_id(*broken) == c.rule);
          BOOST_TEST(!auction.legal().allows(call));
        }
      }
    }
  }
}

// A user's ruleset whose kinds leave out the turned suit: it cannot be taken.
BOOST_AUTO_TEST_CASE(a_turned_suit_outside_the_kinds_cannot_be_taken) {
  const LoadedRuleset loaded =
      shipped_loader().load_string("extends = \"classique\"\n[auction]\nkinds = [\"S\", \"H\"]\n", "two-suits.toml", "two-suits");
  BOOST_TEST_REQUIRE(loaded.ok());
  const Ruleset& rules = *loaded.ruleset;
  const std::vector<Suit> turned{*rules.deck.parse_suit("D")};
  Auction auction(rules, Seat::N, std::nullopt, turned);
  BOOST_TEST(legal_calls_text(rules, auction.legal()) == "pass");
  const auto broken = auction.apply(read_call(rules, Seat::W, "take"));
  BOOST_TEST_REQUIRE(broken.has_value());
  BOOST_TEST(rule_id(*broken) == "bad-kind");
}

BOOST_AUTO_TEST_SUITE_END()  // test_auction_examples
