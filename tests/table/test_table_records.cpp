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
#include <fmt/format.h>
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

namespace {

// A classique game of random legal actions from `seed`, stopped once a mène has been played.
Table first_mene_played(const Ruleset& rules, std::uint64_t seed) {
  TableSetup setup;
  setup.seed = seed;
  setup.max_menes = 1;
  Table table(rules, setup);
  Xoshiro256 rng(seed, 99);
  while (table.tally().played == 0) table.apply_legal(random_action(table, rng));
  return table;
}

// Whether the text of a recorded hand names `card` among its tokens.
bool names_card(const std::string& hand, const std::string& card) {
  std::istringstream tokens(hand);
  for (std::string token; tokens >> token;)
    if (token == card) return true;
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_record_holds_the_turned_card_the_taker_holds_and_replays_byte_for_byte) {
  const auto rules = ruleset("classique");
  const Deck& deck = rules->deck;
  TableSetup setup;
  setup.seed = 5;
  Table table(*rules, setup);
  Xoshiro256 rng(5, 99);
  while (!table.over()) table.apply_legal(random_action(table, rng));
  const std::string json = record_json(table);
  auto record = nlohmann::json::parse(json);
  const auto history = table.history();
  BOOST_TEST_REQUIRE(record["mene"].size() == history.size());
  int played = 0, redeals = 0;
  for (std::size_t m = 0; m < history.size(); ++m) {
    BOOST_TEST_CONTEXT("mène " << m + 1) {
      const FinishedMene& mene = *history[m];
      nlohmann::json& turned = record["mene"][m]["auction"]["turned"];
      // The card itself, a redeal's too: the rule book's record holds the turned card.
      BOOST_TEST_REQUIRE(turned.is_string());
      BOOST_TEST_REQUIRE(turned.get<std::string>() == deck.card_name(Card(mene.dealt.turned_card)));
      const std::string card = turned.get<std::string>();
      turned = deck.suits[suit_of(Card(mene.dealt.turned_card))];  // the form written before the card
      if (mene.redeal) {
        ++redeals;
        continue;
      }
      ++played;
      BOOST_TEST(names_card(record["mene"][m]["hands"][std::string(name(mene.contract.taker))].get<std::string>(), card));
    }
  }
  BOOST_TEST_MESSAGE(played << " mènes played, " << redeals << " redeals");
  BOOST_TEST(played >= 4);
  BOOST_TEST(redeals >= 1);
  // Replayed, the record is written again byte for byte, in JSON and in TOML.
  const ReplayedRecord replayed = replay_record(*rules, json);
  BOOST_TEST_REQUIRE(replayed.error.empty(), replayed.error);
  BOOST_TEST(record_json(*replayed.table) == json);
  const std::string toml = record_toml(table);
  BOOST_TEST(toml.find("turned = '" + deck.card_name(Card(history.front()->dealt.turned_card)) + "'") != std::string::npos, toml);
  const ReplayedRecord from_toml = replay_record_toml(*rules, toml);
  BOOST_TEST_REQUIRE(from_toml.error.empty(), from_toml.error);
  BOOST_TEST(record_toml(*from_toml.table) == toml);
  // A record written with the suits alone replays the same game, and is written again with the cards.
  const ReplayedRecord suits = replay_record(*rules, record.dump());
  BOOST_TEST_REQUIRE(suits.error.empty(), suits.error);
  BOOST_TEST(record_json(*suits.table) == json);
  // Its TOML form is a score sheet, and each mène a deal line, as `belote sheet` and `belote score` read them.
  const LoadedSheet sheet = read_sheet(toml, "record.toml", ".", shipped_loader());
  BOOST_TEST_REQUIRE(sheet.errors.empty(), (sheet.errors.empty() ? std::string() : sheet.errors.begin()->message));
  BOOST_TEST((score_sheet(*sheet.ruleset, sheet.sheet).totals == table.tally().totals));
  const DealReader reader(*rules);
  std::istringstream lines(record_deal_lines(table));
  for (std::string line; std::getline(lines, line);) {
    Deal deal;
    Diagnostics errors;
    reader.read_json_line(line, "record.jsonl", 1, deal, errors);
    BOOST_TEST(errors.empty(), line << "\n" << (errors.empty() ? std::string() : errors.begin()->message));
  }
}

BOOST_AUTO_TEST_CASE(a_recorded_turned_card_is_the_deals_and_the_takers) {
  const auto rules = ruleset("classique");
  const Deck& deck = rules->deck;
  // A mène whose taker holds a card of the turned suit besides the turned card, while another seat holds one too.
  for (std::uint64_t seed = 1;; ++seed) {
    BOOST_TEST_REQUIRE(seed < 200u);
    const Table table = first_mene_played(*rules, seed);
    const FinishedMene& mene = *table.history().back();
    const Card turned = Card(mene.dealt.turned_card);
    const Seat taker = mene.contract.taker;
    const CardSet suit = deck.all_cards() & suit_mask(suit_of(turned)) & ~card_bit(turned);
    const CardSet takers = mene.deal.hands[taker] & suit, others = suit & ~mene.deal.hands[taker];
    if (!takers || !others) continue;
    BOOST_TEST_MESSAGE("seed " << seed);
    const std::size_t m = table.history().size() - 1;
    const nlohmann::json written = nlohmann::json::parse(record_json(table));
    const auto with_turned = [&](const nlohmann::json& value) {
      nlohmann::json record = written;
      record["mene"][m]["auction"]["turned"] = value;
      return record;
    };
    const std::string where = fmt::format("mène {}: 'auction.turned'", m + 1);
    // Another card of the suit, which the taker holds: the hands are a deal of their own, with that card turned.
    const Card held = Card(std::countr_zero(takers));
    const ReplayedRecord own = replay_record(*rules, with_turned(deck.card_name(held)).dump());
    BOOST_TEST_REQUIRE(own.error.empty(), own.error);
    BOOST_TEST(int(own.table->history().back()->dealt.turned_card) == int(held));
    BOOST_TEST((own.table->tally().totals == table.tally().totals));
    // One another seat holds: the taker must hold the turned card.
    const Card elsewhere = Card(std::countr_zero(others));
    const ReplayedRecord stolen = replay_record(*rules, with_turned(deck.card_name(elsewhere)).dump());
    BOOST_TEST(stolen.error == fmt::format("{}: {} is the turned card, which the taker {} must hold", where, deck.card_name(elsewhere), name(taker)));
    BOOST_TEST(stolen.source_line.find(deck.card_name(elsewhere)) != std::string::npos, stolen.source_line);
    // Without hands the seed deals: the card written must be the one it turns.
    nlohmann::json seeded = with_turned(deck.card_name(elsewhere));
    seeded["mene"][m].erase("hands");
    BOOST_TEST(replay_record(*rules, seeded.dump()).error ==
               fmt::format("{} is {}, but the seed turns {} up", where, deck.card_name(elsewhere), deck.card_name(turned)));
    seeded["mene"][m]["auction"]["turned"] = deck.card_name(turned);
    BOOST_TEST(replay_record(*rules, seeded.dump()).error == "");
    // Only the first of a list may be a card; a token neither card nor suit is named.
    BOOST_TEST(replay_record(*rules, with_turned({deck.card_name(turned), "7S"}).dump()).error ==
               where + ": 7S is a card, but only the first of the list may be one (the card turned up); each further round turns a suit");
    BOOST_TEST(replay_record(*rules, with_turned("XX").dump()).error ==
               where + " must be the card turned up or a suit of ruleset 'classique' or a list of them, not 'XX'");
    break;
  }
  // klaverjas turns a suit from outside the hands: a card is refused.
  const auto klaverjas = ruleset("klaverjas");
  const Table table = first_mene_played(*klaverjas, 1);
  nlohmann::json record = nlohmann::json::parse(record_json(table));
  const std::string suit = record["mene"][0]["auction"]["turned"].get<std::string>();
  record["mene"][0]["auction"]["turned"] = "J" + suit;
  BOOST_TEST(replay_record(*klaverjas, record.dump()).error ==
             "mène 1: 'auction.turned': J" + suit + " is a card, but ruleset 'klaverjas' turns only a suit (dealing.turned = \"suit\"): give its suit, " +
                 suit);
  // Without hands the seed deals: each suit written must be the one it turns up; an empty list turns nothing.
  const std::string other = suit == "S" ? "H" : "S";
  nlohmann::json seeded = record;
  seeded["mene"][0].erase("hands");
  seeded["mene"][0]["auction"]["turned"] = suit;
  BOOST_TEST(replay_record(*klaverjas, seeded.dump()).error == "");
  seeded["mene"][0]["auction"]["turned"] = other;
  BOOST_TEST(replay_record(*klaverjas, seeded.dump()).error ==
             "mène 1: 'auction.turned' gives " + other + ", but the seed turns " + suit + " up");
  seeded["mene"][0]["auction"]["turned"] = {suit, other};
  BOOST_TEST(replay_record(*klaverjas, seeded.dump()).error == "mène 1: 'auction.turned' gives 2 suits, but the seed turns up 1");
  for (nlohmann::json* written : {&record, &seeded}) {
    (*written)["mene"][0]["auction"]["turned"] = nlohmann::json::array();
    BOOST_TEST(replay_record(*klaverjas, written->dump()).error ==
               "mène 1: 'auction.turned' is an empty list: give the suit turned up, or leave the key out");
  }
  // coinche turns nothing up.
  const auto coinche = ruleset("coinche");
  nlohmann::json plain = nlohmann::json::parse(record_json(first_mene_played(*coinche, 1)));
  plain["mene"][0]["auction"]["turned"] = "JH";
  BOOST_TEST(replay_record(*coinche, plain.dump()).error ==
             "mène 1: 'auction.turned': JH is a card, but ruleset 'coinche' turns nothing up (dealing.turned = \"none\")");
}

BOOST_AUTO_TEST_CASE(every_shipped_ruleset_is_checked) {
  // The cases above name every shipped ruleset.
  BOOST_TEST(shipped_ruleset_names().size() == 24u);
}

BOOST_AUTO_TEST_SUITE_END()
