// Every game played at the table scores again through the readers that score
// a game typed in (table.md 4): under every shipped ruleset, whole games of
// random legal actions (announcements and the belote's word among them), each
// mène's record read as a deal line (`belote score`) and scored as the table
// scored it, each game's record read as a score sheet (`belote sheet`) with
// the table's totals and winner, and its JSON replayed to the same end, each
// mène dealt as it was (what each seat held in the auction, the card turned).
#include <boost/test/unit_test.hpp>

#include <bit>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "belote/random_deals.h"
#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_table_records)

using namespace belote;
using namespace belote::test;

namespace {

// 100,000 mènes a ruleset: the count, not deepened by BELOTE_TEST_DEPTH
// (it takes minutes already), divided by BELOTE_TEST_SCALE for the sanitizers.
std::uint64_t menes_wanted() {
  const char* scale = std::getenv("BELOTE_TEST_SCALE");
  const std::uint64_t divisor = scale && std::atoi(scale) > 0 ? std::uint64_t(std::atoi(scale)) : 1;
  return std::max<std::uint64_t>(100000 / divisor, 1);
}

// A random legal action as a table's players might make it: a pass one time
// in two where one is legal (so that auctions end in every way, redeals
// included, and games last), otherwise uniform over the legal actions.
Action random_action(const Table& table, Xoshiro256& rng) {
  const LegalActions legal = table.legal();
  if (legal.auction && legal.calls.pass && rng.below(2) == 0) return *table.actions().call(Call{legal.seat, CallType::pass});
  return legal.nth(table.actions(), int(rng.below(std::uint32_t(legal.count(table.actions())))));
}

void check_rulesets(std::initializer_list<const char*> names) {
  const std::uint64_t wanted = menes_wanted();
  for (const std::string name : names) {
    BOOST_TEST_CONTEXT("ruleset " << name) {
      const auto rules = ruleset(name);
      const DealReader reader(*rules);
      std::uint64_t menes = 0, games = 0, redeals = 0, words = 0, declared = 0;
      for (std::uint64_t seed = 1; menes < wanted; ++seed) {
        TableSetup setup;
        setup.seed = seed;
        Table table(*rules, setup);
        Xoshiro256 rng(seed, 99);
        while (!table.over()) table.apply_legal(random_action(table, rng));
        ++games;
        // Each mène as a deal line, scored by the deal reader and the evaluator.
        std::istringstream lines(record_deal_lines(table));
        std::string line;
        for (const auto& mene : table.history()) {
          if (mene->redeal) {
            ++redeals;
            BOOST_TEST_REQUIRE(record_deal_line(table, *mene).empty());
            continue;
          }
          ++menes;
          words += mene->deal.belotes[Seat::N] + mene->deal.belotes[Seat::E] + mene->deal.belotes[Seat::S] + mene->deal.belotes[Seat::W];
          for (Seat seat : kSeats) declared += mene->deal.declared[seat].count;
          BOOST_TEST_REQUIRE(bool(std::getline(lines, line)));
          BOOST_TEST_REQUIRE(line == record_deal_line(table, *mene));
          Deal deal;
          Diagnostics errors;
          reader.read_json_line(line, "record.jsonl", 1, deal, errors);
          BOOST_TEST_REQUIRE(errors.empty(), line << "\n" << (errors.empty() ? std::string() : errors.begin()->message));
          // The line names its mène (redeals counted) and brings the points held over into it, as the table did.
          BOOST_TEST_REQUIRE(deal.id == "mene-" + std::to_string(mene->dealt.number + 1), line);
          BOOST_TEST_REQUIRE(deal.held_over == mene->deal.held_over, line);
          const Outcome again = evaluate(*rules, deal);
          BOOST_TEST_REQUIRE((again.score == mene->outcome.score), line);
          BOOST_TEST_REQUIRE((again.contract == mene->outcome.contract), line);
        }
        if (games % 10 != 1) continue;
        // One game in ten (reading a sheet costs a ruleset's loading): the whole game as a score sheet,
        // and its JSON record replayed action by action as written.
        const std::string toml = record_toml(table);
        const LoadedSheet sheet = read_sheet(toml, "record.toml", ".", shipped_loader());
        BOOST_TEST_REQUIRE(sheet.errors.empty(), toml << "\n" << (sheet.errors.empty() ? std::string() : sheet.errors.begin()->message));
        const GameScore game = score_sheet(*sheet.ruleset, sheet.sheet);
        BOOST_TEST_REQUIRE((game.totals == table.tally().totals), toml);
        BOOST_TEST_REQUIRE((game.winner == table.tally().end.winner), toml);
        BOOST_TEST_REQUIRE(game.drawn == table.tally().end.drawn, toml);
        const ReplayedRecord replayed = replay_record(*rules, record_json(table));
        BOOST_TEST_REQUIRE(replayed.error.empty(), replayed.error);
        BOOST_TEST_REQUIRE((replayed.table->tally().totals == table.tally().totals));
        BOOST_TEST_REQUIRE(replayed.table->over());
        // Each mène as it was dealt: what each seat held in the auction, and the card turned.
        const auto dealt = table.history(), replayed_dealt = replayed.table->history();
        BOOST_TEST_REQUIRE(dealt.size() == replayed_dealt.size());
        for (std::size_t m = 0; m < dealt.size(); ++m) {
          BOOST_TEST_REQUIRE((replayed_dealt[m]->dealt.before_auction == dealt[m]->dealt.before_auction), "mène " << m + 1);
          BOOST_TEST_REQUIRE(replayed_dealt[m]->dealt.turned_card == dealt[m]->dealt.turned_card, "mène " << m + 1);
        }
      }
      BOOST_TEST_MESSAGE(name << ": " << menes << " mènes in " << games << " games, " << redeals << " redeals, "
                              << declared << " announcements declared, " << words << " belotes said");
      BOOST_TEST(menes >= wanted);
    }
  }
}

}  // namespace

// One case per family, so that ctest runs them side by side.
BOOST_AUTO_TEST_CASE(french_belote) {
  check_rulesets({"classique", "classique-carres-bas", "classique-hors-contrat", "classique-premier-parle",
                  "classique-preneur-garde", "classique-preneur-perd-tout", "classique-rebelote", "traditionnelle"});
}

BOOST_AUTO_TEST_CASE(coinche) {
  check_rulesets({"coinche", "coinche-contrat-seul", "coinche-partenaire-libre", "coinche-sans-arrondi",
                  "coinche-sans-sous-coupe", "contree"});
}

BOOST_AUTO_TEST_CASE(bulgarian_belot) { check_rulesets({"bulgare", "bulgare-belot-dite", "bulgare-deux-concours"}); }

BOOST_AUTO_TEST_CASE(schieber) {
  check_rulesets({"schieber", "schieber-multiplicateurs", "schieber-untertrumpf-streng", "schieber-weis-simple"});
}

BOOST_AUTO_TEST_CASE(klaverjas) { check_rulesets({"klaverjas", "klaverjas-amsterdam", "klaverjas-geen-ondertroef"}); }

BOOST_AUTO_TEST_CASE(hands_that_hold_the_seeds_deal_before_the_auction_must_hold_the_cards_it_deals_after) {
  // A classique mène played to its end, then its record with a card dealt after the auction
  // exchanged between two seats: the cards each held in the auction are still the seed's.
  const auto rules = ruleset("classique");
  TableSetup setup;
  setup.seed = 4;
  setup.max_menes = 1;
  Table table(*rules, setup);
  Xoshiro256 rng(4, 99);
  while (table.tally().played == 0) table.apply_legal(random_action(table, rng));
  const auto& mene = *table.history().back();
  BOOST_TEST_REQUIRE(!mene.redeal);
  const CardSet n_after = mene.deal.hands[Seat::N] & ~mene.dealt.before_auction[Seat::N];
  const CardSet e_after = mene.deal.hands[Seat::E] & ~mene.dealt.before_auction[Seat::E];
  BOOST_TEST_REQUIRE(n_after != 0);
  BOOST_TEST_REQUIRE(e_after != 0);
  const Card from_n = Card(std::countr_zero(n_after)), from_e = Card(std::countr_zero(e_after));
  auto record = nlohmann::json::parse(record_json(table));
  const Deck& deck = rules->deck;
  record["mene"][0]["hands"]["N"] = deck.cards_text((mene.deal.hands[Seat::N] & ~card_bit(from_n)) | card_bit(from_e));
  record["mene"][0]["hands"]["E"] = deck.cards_text((mene.deal.hands[Seat::E] & ~card_bit(from_e)) | card_bit(from_n));
  const ReplayedRecord replayed = replay_record(*rules, record.dump());
  PerSeat<CardSet> completed = mene.deal.hands;
  BOOST_TEST(replayed.error == "mène 1: 'hands.N' holds the cards the seed deals it before the auction, but not those it deals after it (" +
                                   deck.cards_text(completed[Seat::N]) + ")");
  BOOST_TEST(replayed.source_line.find("\"hands\"") != std::string::npos, replayed.source_line);
  BOOST_TEST(!replayed.table.has_value());  // a record refused gives no table, not the game up to its fault
  // The record as written replays with each seat's cards in the auction as they were dealt.
  const ReplayedRecord whole = replay_record(*rules, record_json(table));
  BOOST_TEST_REQUIRE(whole.error.empty(), whole.error);
  BOOST_TEST((whole.table->history().back()->dealt.before_auction == mene.dealt.before_auction));
}

BOOST_AUTO_TEST_CASE(every_shipped_ruleset_is_checked) {
  // The cases above name every shipped ruleset.
  BOOST_TEST(shipped_ruleset_names().size() == 24u);
}

BOOST_AUTO_TEST_SUITE_END()
