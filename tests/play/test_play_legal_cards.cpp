// The legal cards of a position and the winner of a trick (the rule book,
// part 3: play.md): every legal set worked in play.md 5.1
// (tests/data/play/legal-examples.jsonl), belot.exe's 2,000 recorded legal
// sets (tests/data/belot-exe/golden.json, `validcards`), and over random legal
// play under every shipped ruleset, the bit-set routine against play.md 2.4's
// pseudo-code written again plainly below.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <sstream>
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_play_legal_cards)

using namespace belote;
using namespace belote::test;
using nlohmann::json;
namespace bdata = boost::unit_test::data;

namespace {

struct Example {
  json record;
  friend std::ostream& operator<<(std::ostream& out, const Example& e) { return out << e.record.at("id").get<std::string>(); }
};

std::vector<Example> examples() {
  std::vector<Example> out;
  std::istringstream lines(read_file(tests_dir() / "data" / "play" / "legal-examples.jsonl"));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.push_back({json::parse(line)});
  return out;
}

// The ruleset of an example: a shipped one, or one with [play] keys laid over it.
std::shared_ptr<const Ruleset> example_ruleset(const json& record) {
  const std::string name = record.at("ruleset");
  if (!record.contains("play")) return ruleset(name);
  std::string toml = fmt::format("extends = \"{}\"\n[play]\n", name);
  for (const auto& [key, value] : record.at("play").items()) toml += fmt::format("{} = {}\n", key, value.dump());
  LoadedRuleset loaded = load_text(toml);
  BOOST_TEST_REQUIRE(loaded.errors.empty(), toml);
  return std::make_shared<const Ruleset>(std::move(*loaded.ruleset));
}

int kind_of(const Ruleset& rules, const json& record) {
  if (!record.contains("kind")) return 0;
  const auto kind = rules.find_kind(record.at("kind").get<std::string>());
  BOOST_TEST_REQUIRE(kind.has_value());
  return *kind;
}

}  // namespace

BOOST_DATA_TEST_CASE(every_legal_set_worked_in_the_rule_book, bdata::make(examples()), example) {
  const json& record = example.record;
  const auto rules = example_ruleset(record);
  const Deck& deck = rules->deck;
  const PlayContext play(*rules, kind_of(*rules, record), *deck.parse_suit(record.at("trump").get<std::string>()));
  Trick trick;
  for (const json& entry : record.at("trick")) {
    const std::string text = entry;
    const auto seat = parse_seat(text.substr(0, 1));
    BOOST_TEST_REQUIRE(seat.has_value());
    if (trick.empty()) trick.leader = *seat;
    BOOST_TEST_REQUIRE(trick.to_play() == *seat, text << ": not that seat's turn");
    add_card(play, trick, *deck.parse_card(text.substr(2)));
  }
  const Seat seat = *parse_seat(record.at("seat").get<std::string>());
  BOOST_TEST_REQUIRE(trick.to_play() == seat);
  const CardSet legal = legal_cards(play, cards_of(deck, record.at("hand")), trick);
  BOOST_TEST(deck.cards_text(legal) == deck.cards_text(cards_of(deck, record.at("legal"))));
}

BOOST_AUTO_TEST_CASE(a_trick_goes_to_the_highest_trump_or_the_highest_card_of_the_led_suit) {
  const auto rules = ruleset("classique");
  const Deck& deck = rules->deck;
  const PlayContext play(*rules, 0, *deck.parse_suit("D"));
  const auto winner = [&](Seat leader, const std::string& cards) {
    Trick trick;
    trick.leader = leader;
    std::istringstream tokens(cards);
    for (std::string token; tokens >> token;) add_card(play, trick, *deck.parse_card(token));
    return trick.winner();
  };
  // play.md 5.2: trick 1 N AH, W 9H, S KH, E JH goes to N; trick 3 W AC, S 9C, E 10C, N 8D to N (a trump).
  BOOST_TEST(winner(Seat::N, "AH 9H KH JH") == Seat::N);
  BOOST_TEST(winner(Seat::W, "AC 9C 10C 8D") == Seat::N);
  // Trick 5: N QS, W AD, S JD, E 10D: the jack of trumps.
  BOOST_TEST(winner(Seat::N, "QS AD JD 10D") == Seat::S);
  // A card of a third suit never wins, however high.
  BOOST_TEST(winner(Seat::E, "7C AS AH 8C") == Seat::S);
  // Bulgarian all-trumps (play.md 5.4, trick 1): only the led suit wins.
  const auto bulgare = ruleset("bulgare");
  const PlayContext all_trumps(*bulgare, *bulgare->find_kind("all-trumps"), 0);
  Trick trick;
  for (const char* token : {"7C", "8C", "10C", "7S"}) add_card(all_trumps, trick, *deck.parse_card(token));
  BOOST_TEST(trick.winner() == Seat::S);
}

// belot.exe's records: seats 1 S, 2 E, 3 N, 4 W; ranks 7 to 14; `legal` indexes `hand`.
BOOST_AUTO_TEST_CASE(belot_exe_allows_exactly_the_legal_cards_in_its_2000_records) {
  const json records = json::parse(read_file(tests_dir() / "data" / "belot-exe" / "golden.json")).at("validcards");
  BOOST_TEST_REQUIRE(records.size() == 2000u);
  const auto rules = ruleset("bulgare");
  const Deck& deck = rules->deck;
  constexpr Seat seats[] = {Seat::S, Seat::S, Seat::E, Seat::N, Seat::W};
  static const std::map<int, std::string> ranks{{7, "7"}, {8, "8"}, {9, "9"}, {10, "10"}, {11, "J"}, {12, "Q"}, {13, "K"}, {14, "A"}};
  const auto card = [&](const std::string& suit, int rank) { return *deck.parse_card(ranks.at(rank) + suit); };
  int agreed = 0, index = 0;
  for (const json& record : records) {
    const std::string contract = record.at("contract");
    int kind = 0;
    Suit trump = 0;
    if (contract == "NoTrumps") kind = *rules->find_kind("no-trumps");
    else if (contract == "AllTrumps") kind = *rules->find_kind("all-trumps");
    else {
      trump = *deck.parse_suit(contract.substr(0, 1));
      kind = *rules->suit_kind(trump);
    }
    const PlayContext play(*rules, kind, trump);
    std::vector<Card> hand;
    for (const json& c : record.at("hand")) hand.push_back(card(c[0], c[1]));
    Trick trick;
    for (const json& c : record.at("trick")) {
      if (trick.empty()) trick.leader = seats[c[0].get<int>()];
      add_card(play, trick, card(c[1], c[2]));
    }
    const Seat seat = seats[record.at("seat").get<int>()];
    if (trick.empty()) trick.leader = seat;
    BOOST_TEST_REQUIRE(trick.to_play() == seat, "record " << index);
    CardSet held = 0, expected = 0;
    for (Card c : hand) held |= card_bit(c);
    for (const json& i : record.at("legal")) expected |= card_bit(hand.at(i.get<std::size_t>()));
    const CardSet legal = legal_cards(play, held, trick);
    BOOST_TEST(deck.cards_text(legal) == deck.cards_text(expected), "record " << index << " (" << contract << ")");
    agreed += legal == expected;
    ++index;
  }
  BOOST_TEST(agreed == 2000);
}

namespace {

// play.md 2.4 written plainly, card by card, from the kinds' orders: the
// reference the bit-set routine must agree with.
struct Reference {
  const Ruleset& rules;
  const ContractKind& kind;
  Suit trump;

  bool one_suit() const { return kind.trumps == Trumps::one_suit; }
  bool is_trump(Card c) const { return one_suit() && suit_of(c) == trump; }
  int strength(Card c) const {
    const auto& order = kind.is_trump(suit_of(c), trump) ? kind.trump_order : kind.plain_order;
    return int(std::find(order.begin(), order.end(), rank_of(c)) - order.begin());
  }
  bool beats(Card a, Card b) const { return suit_of(a) == suit_of(b) && strength(a) > strength(b); }
  int winner(const std::vector<Card>& trick) const {
    int best = 0;
    for (int i = 1; i < int(trick.size()); ++i) {
      const Card c = trick[std::size_t(i)], w = trick[std::size_t(best)];
      if (is_trump(c) ? (!is_trump(w) || beats(c, w)) : (suit_of(c) == suit_of(trick[0]) && !is_trump(w) && beats(c, w)))
        best = i;
    }
    return best;
  }
  std::vector<Card> legal(const std::vector<Card>& hand, const std::vector<Card>& trick, bool partner_wins) const {
    const PlayRules& c = rules.play;
    if (trick.empty()) return hand;
    const Suit led = suit_of(trick[0]);
    const bool trump_led = one_suit() && led == trump;
    std::vector<Card> follow, trumps;
    for (Card h : hand) {
      if (suit_of(h) == led) follow.push_back(h);
      if (is_trump(h)) trumps.push_back(h);
    }
    std::optional<Card> top;
    for (Card t : trick)
      if (is_trump(t) && (!top || beats(t, *top))) top = t;
    const auto select = [](const std::vector<Card>& from, auto keep) {
      std::vector<Card> out;
      std::copy_if(from.begin(), from.end(), std::back_inserter(out), keep);
      return out;
    };
    const auto ban = [&](const std::vector<Card>& s) {
      if (c.undertrump_ban == UndertrumpBan::none || !top || trump_led) return s;
      const auto lower_trump = [&](Card x) { return is_trump(x) && !beats(x, *top); };
      const auto lower = select(s, lower_trump);
      if (lower.empty()) return s;
      if (c.undertrump_ban == UndertrumpBan::unless_only_trumps && trumps.size() == hand.size()) return s;
      if (c.undertrump_ban == UndertrumpBan::unless_only_lower_trumps && std::all_of(hand.begin(), hand.end(), lower_trump)) return s;
      const auto rest = select(s, [&](Card x) { return !lower_trump(x); });
      return rest.empty() ? s : rest;
    };
    const auto applies = [&](PlayDuty d) { return d == PlayDuty::always || (d == PlayDuty::unless_partner && !partner_wins); };
    if (!follow.empty() && (trump_led || kind.trumps == Trumps::all_suits)) {
      if (trump_led && c.trump_jack_exempt && follow.size() == 1 && rank_of(follow[0]) == kind.trump_order.back()) return hand;
      if (applies(trump_led ? c.raise_on_trump_lead : c.raise_in_all_trumps)) {
        Card best = trick[0];
        for (Card t : trick)
          if (beats(t, best)) best = t;
        const auto higher = select(follow, [&](Card x) { return beats(x, best); });
        if (!higher.empty()) return higher;
      }
      return follow;
    }
    if (!follow.empty()) {
      if (one_suit() && c.trump_instead_of_following)
        return ban(select(hand, [&](Card x) { return suit_of(x) == led || is_trump(x); }));
      return follow;
    }
    if (!one_suit() || trumps.empty()) return hand;
    if (!applies(c.must_trump)) return ban(hand);
    if (!top) return trumps;
    const auto higher = select(trumps, [&](Card x) { return beats(x, *top); });
    if (!higher.empty()) return c.overtrump ? higher : trumps;
    if (c.undertrump == Undertrump::must) return trumps;
    return ban(hand);
  }
};

CardSet set_of(const std::vector<Card>& cards) {
  CardSet out = 0;
  for (Card c : cards) out |= card_bit(c);
  return out;
}

std::vector<Card> cards_in(CardSet set) {
  std::vector<Card> out;
  while (set) out.push_back(pop_lowest(set));
  return out;
}

}  // namespace

// Random mènes, each card drawn uniformly from the legal set, under every
// kind of every shipped ruleset: the legal set and each trick's winner agree
// with the plain reference, every trick has one winner, and the card points
// of a mène always total the kind's total.
BOOST_DATA_TEST_CASE(random_legal_play_agrees_with_the_rule_book, bdata::make(shipped_ruleset_names()), name) {
  const auto rules = ruleset(name);
  const Deck& deck = rules->deck;
  std::mt19937_64 random(20261201);
  const int menes = int(scaled(300));
  for (int kind = 0; kind < int(rules->kinds.size()); ++kind) {
    const ContractKind& k = rules->kinds[std::size_t(kind)];
    for (int m = 0; m < menes; ++m) {
      std::vector<Card> cards = cards_in(deck.all_cards());
      std::shuffle(cards.begin(), cards.end(), random);
      PerSeat<CardSet> hands;
      for (std::size_t i = 0; i < cards.size(); ++i) hands[kSeats[i % 4]] |= card_bit(cards[i]);
      Suit trump = Suit(random() % kSuitCount);
      while (k.trumps == Trumps::one_suit && !k.in_suit(trump)) trump = Suit((trump + 1) % kSuitCount);
      const PlayContext play(*rules, kind, trump);
      const Reference reference{*rules, k, trump};
      const Seat first = kSeats[random() % 4];
      PlayedMene mene(play, hands, first);
      std::vector<Card> trick;
      while (!mene.over()) {
        const Seat seat = mene.to_play();
        const bool partner_wins = !trick.empty() && team_of(mene.current().winner()) == team_of(seat);
        const CardSet legal = mene.legal();
        const CardSet expected = set_of(reference.legal(cards_in(mene.hand(seat)), trick, partner_wins));
        BOOST_TEST_REQUIRE(deck.cards_text(legal) == deck.cards_text(expected),
                           name << " " << k.name << ": " << name << " hand " << deck.cards_text(mene.hand(seat)));
        BOOST_TEST_REQUIRE(legal != 0);
        BOOST_TEST_REQUIRE((legal & ~mene.hand(seat)) == 0);
        std::vector<Card> choices = cards_in(legal);
        const Card card = choices[random() % choices.size()];
        trick.push_back(card);
        const int before = mene.tricks_played();
        mene.play(card);
        if (mene.tricks_played() != before) {
          const PlayedTrick& done = mene.trick(before);
          BOOST_TEST_REQUIRE(done.winner == done.trick.seat_at(reference.winner(trick)));
          trick.clear();
        }
      }
      BOOST_TEST_REQUIRE(mene.points()[Team::NS] + mene.points()[Team::EW] == play.total_points());
      BOOST_TEST_REQUIRE(mene.tricks_won()[Team::NS] + mene.tricks_won()[Team::EW] == deck.hand_size);
      int seat_tricks = 0;
      for (Seat seat : kSeats) seat_tricks += mene.tricks_by_seat()[seat];
      BOOST_TEST_REQUIRE(seat_tricks == deck.hand_size);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_play_legal_cards
