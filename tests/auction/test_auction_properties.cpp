// Random auctions made only of legal calls, under every family and variant of
// the rule book: each always ends, every call offered passes the checks and
// every call refused is not offered, and the final contract is the last bid
// (or take, or choice) at the doubling level that followed it, within the
// ruleset's bids and kinds.
#include <boost/test/unit_test.hpp>

#include <random>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_auction_properties)

using namespace belote;
using namespace belote::test;

namespace {

std::shared_ptr<const Ruleset> family(const std::string& name) {
  LoadedRuleset loaded = shipped_loader({tests_dir() / "data" / "auction"}).load(name);
  BOOST_REQUIRE_MESSAGE(loaded.ok(), name << " loads");
  return loaded.ruleset;
}

const std::vector<std::string> kFamilies = {
    "classique", "traditionnelle", "coinche", "contree", "bulgare", "schieber", "schieber-multiplicateurs",
    "oliboy50", "klaverjas", "klaverjas-gever", "klaverjas-draaien", "klaverjas-verplicht", "coinche-continue",
    "coinche-a-la-volee", "coinche-passe-definitive", "coinche-180", "classique-toute-couleur",
    "schieber-zurueckschieben"};

// Any call at all, legal or not: a seat, a type, a value and a kind, some out of range.
Call any_call(const AuctionRules& a, std::mt19937_64& rng) {
  Call call;
  call.seat = Seat(rng() % 4);
  call.type = CallType(rng() % 8);
  if (call.type == CallType::bid)
    call.bid = a.order == BidOrder::value ? std::int16_t(int(rng() % (a.ladder.size() + 1)) - 1) : std::int16_t(-1);
  if (call.type == CallType::bid || call.type == CallType::choose) call.kind = std::int8_t(rng() % (a.kinds.size() + 1));
  if (call.kind == std::int8_t(a.kinds.size())) call.kind = kBadKind;
  return call;
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_auctions_of_legal_calls_end_in_a_contract_within_the_ruleset) {
  std::mt19937_64 rng(20261201);
  for (const std::string& name : kFamilies) {
    const auto rules = family(name);
    const AuctionRules& a = rules->auction;
    BOOST_TEST_REQUIRE(a.given, name << " states its auction");
    int contracts = 0, redeals = 0;
    for (int deal = 0; deal < int(scaled(2000)); ++deal) {
      std::vector<Suit> turned{0, 1, 2, 3};
      std::shuffle(turned.begin(), turned.end(), rng);
      Auction auction(*rules, Seat(rng() % 4), std::nullopt, turned);
      std::optional<Call> last_contract_call;
      int level_after = 0;
      int take_suit = -1;
      int calls = 0;
      while (!auction.ended()) {
        BOOST_TEST_REQUIRE(++calls < 200, name << ": the auction ends");
        const LegalCalls legal = auction.legal();
        const std::vector<Call> offered = legal.list(a);
        BOOST_TEST_REQUIRE(!offered.empty());
        for (const Call& call : offered) BOOST_TEST(!auction.check(call).has_value());
        for (int i = 0; i < 8; ++i) {
          const Call call = any_call(a, rng);
          BOOST_TEST(legal.allows(call) == !auction.check(call).has_value());
        }
        // Pass more often than not, so that auctions end in every way.
        const bool pass = legal.pass && rng() % 3 != 0;
        const Call call = pass ? offered.front() : offered[rng() % offered.size()];
        if (call.type == CallType::take) take_suit = auction.turned_suit();
        BOOST_TEST_REQUIRE(!auction.apply(call).has_value());
        if (call.type == CallType::bid || call.type == CallType::take || call.type == CallType::choose) {
          last_contract_call = call;
          level_after = 0;
        }
        if (call.type == CallType::double_) level_after = 1;
        if (call.type == CallType::redouble) level_after = 2;
      }
      const AuctionOutcome o = *auction.outcome();
      BOOST_TEST(o.next_dealer == (o.redeal && a.next_dealer_after_redeal == RedealDealer::same ? auction.dealer() : auction.first()));
      if (o.redeal) {
        ++redeals;
        continue;
      }
      ++contracts;
      BOOST_TEST_REQUIRE(last_contract_call.has_value());
      BOOST_TEST(o.taker == last_contract_call->seat);
      BOOST_TEST(int(o.doubling) == level_after);
      BOOST_TEST(o.doubling <= (a.redouble_allowed ? 2 : a.double_allowed ? 1 : 0));
      BOOST_TEST((o.kind >= 0 && o.kind < int(a.kinds.size())));
      if (last_contract_call->type == CallType::take)
        BOOST_TEST(a.kinds[std::size_t(o.kind)].suit == take_suit);
      else
        BOOST_TEST(o.kind == last_contract_call->kind);
      if (a.style == AuctionStyle::bidding && a.order == BidOrder::value) {
        BOOST_TEST((o.bid >= 0 && o.bid < int(a.ladder.size())));
        BOOST_TEST(o.bid == last_contract_call->bid);
      } else {
        BOOST_TEST(o.bid == -1);
      }
      BOOST_TEST(o.first_lead == (a.first_lead == FirstLead::taker ? o.taker : auction.first()));
      // The contract's kind is a kind of the ruleset, in a suit it may be played in.
      const ContractKind& kind = rules->kinds[std::size_t(a.kinds[std::size_t(o.kind)].kind)];
      if (kind.trumps == Trumps::one_suit) BOOST_TEST(kind.in_suit(Suit(a.kinds[std::size_t(o.kind)].suit)));
    }
    BOOST_TEST(contracts > 0, name);
    if (a.style != AuctionStyle::chooser && a.on_all_pass == AllPass::redeal) BOOST_TEST(redeals > 0, name);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_auction_properties
