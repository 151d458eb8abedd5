// The 1,000 recorded rounds of Oliboy50's coinche game (tests/data/oliboy50-coinche,
// with its README and licence note), under tests/data/auction/oliboy50.toml:
// every call is legal when it is made, the auction ends exactly at its last
// call, and the contract is the record's. Then the checks can fail: changed
// records are refused with the rule they break, and one setting changed makes
// records disagree.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sstream>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_auction_records)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

const std::vector<json>& records() {
  static const std::vector<json> all = [] {
    std::vector<json> lines;
    std::istringstream in(read_file(tests_dir() / "data" / "oliboy50-coinche" / "rounds.jsonl"));
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) lines.push_back(json::parse(line));
    return lines;
  }();
  return all;
}

std::shared_ptr<const Ruleset> oliboy50(const std::string& overlay = "") {
  const auto dir = tests_dir() / "data" / "auction";
  LoadedRuleset loaded = overlay.empty() ? shipped_loader({dir}).load("oliboy50")
                                         : shipped_loader({dir}).load_string("extends = \"oliboy50\"\n" + overlay, "test.toml", "test");
  BOOST_REQUIRE(loaded.ok());
  return loaded.ruleset;
}

Seat seat(const json& text) { return *parse_seat(text.get<std::string>()); }

// A recorded call as the rule book writes it: "pass", "90 C", "coinche", "surcoinche".
std::string call_text(const json& entry) {
  const std::string call = entry["call"];
  if (call == "take") return fmt::format("{} {}", entry["bid"].get<int>(), entry["trump"].get<std::string>());
  return call;
}

struct Replay {
  std::optional<AuctionRule> broken;  // the first illegal call's rule, or unfinished
  int position = 0;
  std::optional<AuctionOutcome> outcome;
};

Replay replay(const Ruleset& rules, const json& record, const std::vector<json>& calls) {
  Replay r;
  Auction auction(rules, seat(record["dealer"]));
  for (const json& entry : calls) {
    ++r.position;
    const Call call = read_call(rules, seat(entry["seat"]), call_text(entry));
    const bool offered = auction.legal().allows(call);
    r.broken = auction.apply(call);
    BOOST_TEST(offered == !r.broken.has_value(), "the legal calls and the checks agree at call " << r.position);
    if (r.broken) return r;
  }
  if (!auction.ended()) r.broken = AuctionRule::unfinished;
  r.outcome = auction.outcome();
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_recorded_auction_is_legal_and_makes_the_recorded_contract) {
  const auto rules = oliboy50();
  BOOST_TEST_REQUIRE(records().size() == 1000u);
  int calls = 0, agreed = 0;
  for (const json& record : records()) {
    BOOST_TEST_CONTEXT("record " << record["id"]) {
      // The dealer is N moved on once per all-pass deal; the seat after him speaks first.
      Seat dealer = Seat::N;
      for (int i = 0; i < record["redeals_before"].get<int>(); ++i) dealer = next_in_play(dealer);
      BOOST_TEST(name(dealer) == record["dealer"].get<std::string>());
      BOOST_TEST(name(Auction(*rules, dealer).first()) == record["first_player"].get<std::string>());
      const auto& bidding = record["bidding"].get_ref<const json::array_t&>();
      calls += int(bidding.size());
      const Replay r = replay(*rules, record, bidding);
      BOOST_TEST(!r.broken.has_value());
      if (r.broken || !r.outcome) continue;
      const AuctionOutcome& o = *r.outcome;
      const json& contract = record["contract"];
      BOOST_TEST(!o.redeal);
      BOOST_TEST(name(o.taker) == contract["taker"].get<std::string>());
      BOOST_TEST(name(team_of(o.taker)) == contract["team"].get<std::string>());
      BOOST_TEST(rules->auction.ladder[std::size_t(o.bid)].value == contract["bid"].get<int>());
      BOOST_TEST(rules->auction.kinds[std::size_t(o.kind)].name == contract["trump"].get<std::string>());
      BOOST_TEST(int(o.doubling) == contract["coinche"].get<int>());
      BOOST_TEST(name(o.first_lead) == record["first_player"].get<std::string>());
      BOOST_TEST(name(o.next_dealer) == record["first_player"].get<std::string>());
      ++agreed;
    }
  }
  BOOST_TEST(agreed == 1000);
  BOOST_TEST(calls == 5885);  // as the rule book counts them
}

BOOST_AUTO_TEST_CASE(changed_records_are_refused_with_the_rule_they_break) {
  const auto rules = oliboy50();
  int extra = 0, missing = 0, own_team = 0, equal = 0;
  for (const json& record : records()) {
    auto calls = record["bidding"].get<std::vector<json>>();
    // A call after the end.
    auto longer = calls;
    longer.push_back({{"seat", "N"}, {"call", "pass"}});
    extra += replay(*rules, record, longer).broken == AuctionRule::after_end;
    // The last call missing.
    auto shorter = calls;
    shorter.pop_back();
    missing += replay(*rules, record, shorter).broken == AuctionRule::unfinished;
    // A pass of the bidder's partner turned into a coinche.
    std::optional<Seat> bidder;
    for (std::size_t i = 0; i < calls.size(); ++i) {
      if (calls[i]["call"] == "take") bidder = seat(calls[i]["seat"]);
      if (calls[i]["call"] == "coinche") break;
      if (!bidder || calls[i]["call"] != "pass" || seat(calls[i]["seat"]) != next_in_play(next_in_play(*bidder))) continue;
      auto changed = std::vector<json>(calls.begin(), calls.begin() + std::ptrdiff_t(i) + 1);
      changed.back()["call"] = "coinche";
      own_team += replay(*rules, record, changed).broken == AuctionRule::double_own_team;
      break;
    }
    // A bid equal to the standing one, in another kind.
    for (std::size_t i = 1; i < calls.size(); ++i) {
      if (calls[i]["call"] != "take" || calls[i - 1]["call"] != "take") continue;
      auto changed = std::vector<json>(calls.begin(), calls.begin() + std::ptrdiff_t(i) + 1);
      changed.back()["bid"] = calls[i - 1]["bid"];
      equal += replay(*rules, record, changed).broken == AuctionRule::not_higher;
      break;
    }
  }
  BOOST_TEST(extra == 1000);
  BOOST_TEST(missing == 1000);
  BOOST_TEST(own_team > 0);
  BOOST_TEST(equal > 0);
}

BOOST_AUTO_TEST_CASE(one_setting_changed_makes_records_disagree) {
  for (const std::string overlay : {"[auction]\nredouble_ends = false\n", "[auction]\npasses_to_end = 2\n",
                                    "[bids]\nfrom = 90\nto = 250\nstep = 10\nvalues = [82, 85]\n"}) {
    const auto rules = oliboy50(overlay);
    int disagree = 0;
    for (const json& record : records()) {
      const Replay r = replay(*rules, record, record["bidding"].get<std::vector<json>>());
      disagree += r.broken.has_value();
    }
    BOOST_TEST(disagree > 0, overlay);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_auction_records
