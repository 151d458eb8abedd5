// Card tokens and the deck: every accepted spelling, the rejected ones, card
// names, and the classic deck's size and card points.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cards)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

const Deck& deck() { return classic_deck(); }

// Indices in the classic deck's order: suits S H D C, ranks 7 8 9 10 J Q K A.
enum : Suit { kSpades, kHearts, kDiamonds, kClubs };
enum : Rank { k7, k8, k9, k10, kJack, kQueen, kKing, kAce };

struct Spelling {
  std::string token;
  Suit suit;
  Rank rank;
};
std::ostream& operator<<(std::ostream& out, const Spelling& s) { return out << '"' << s.token << '"'; }

const std::vector<Spelling> kAccepted = {
    // Every rank with a letter suit, upper case.
    {"7S", kSpades, k7}, {"8S", kSpades, k8}, {"9S", kSpades, k9}, {"10S", kSpades, k10},
    {"JS", kSpades, kJack}, {"QS", kSpades, kQueen}, {"KS", kSpades, kKing}, {"AS", kSpades, kAce},
    // Every suit letter.
    {"AH", kHearts, kAce}, {"AD", kDiamonds, kAce}, {"AC", kClubs, kAce},
    // T for 10, French V D R for J Q K.
    {"TH", kHearts, k10}, {"VD", kDiamonds, kJack}, {"DC", kClubs, kQueen}, {"RS", kSpades, kKing},
    // D is both the French queen and the diamonds suit.
    {"DD", kDiamonds, kQueen}, {"10D", kDiamonds, k10},
    // Lower case, in the rank, the suit or both.
    {"as", kSpades, kAce}, {"jh", kHearts, kJack}, {"Qd", kDiamonds, kQueen}, {"kC", kClubs, kKing},
    {"th", kHearts, k10}, {"vs", kSpades, kJack}, {"dd", kDiamonds, kQueen}, {"rc", kClubs, kKing},
    // Suit symbols.
    {"A♠", kSpades, kAce}, {"10♥", kHearts, k10}, {"Q♦", kDiamonds, kQueen}, {"7♣", kClubs, k7},
    {"T♠", kSpades, k10}, {"v♥", kHearts, kJack}, {"R♣", kClubs, kKing},
};

const std::vector<std::string> kRejected = {
    "", "1H", "10", "HH", "10X", "11S", "AS♠", "KK", "S", "♠", "A", "6S", "AX", "A S", " AS", "AS ",
    "100H", "0H", "JSS", "♠A", "SA", "A♤", "1♥0", "B♥", "Ä♠", "A\xe2\x99",  // the last: a symbol cut short
};

}  // namespace

BOOST_DATA_TEST_CASE(accepted_tokens, bdata::make(kAccepted), spelling) {
  const auto card = deck().parse_card(spelling.token);
  BOOST_REQUIRE(card.has_value());
  BOOST_TEST(int(suit_of(*card)) == int(spelling.suit));
  BOOST_TEST(int(rank_of(*card)) == int(spelling.rank));
}

BOOST_DATA_TEST_CASE(rejected_tokens, bdata::make(kRejected), token) {
  BOOST_TEST(!deck().parse_card(token).has_value(), "'" << token << "' is not a card");
}

BOOST_AUTO_TEST_CASE(every_card_reads_back_from_its_name) {
  CardSet seen = 0;
  for (Suit suit = 0; suit < kSuitCount; ++suit) {
    for (Rank rank = 0; rank < deck().rank_count(); ++rank) {
      const Card card = make_card(suit, rank);
      for (SuitStyle style : {SuitStyle::letter, SuitStyle::symbol}) {
        const auto back = deck().parse_card(deck().card_name(card, style));
        BOOST_REQUIRE(back.has_value());
        BOOST_TEST(int(*back) == int(card));
      }
      seen |= card_bit(card);
    }
  }
  BOOST_TEST(seen == deck().all_cards());
}

BOOST_AUTO_TEST_CASE(card_names) {
  BOOST_TEST(deck().card_name(make_card(kHearts, k10)) == "10H");
  BOOST_TEST(deck().card_name(make_card(kSpades, kAce)) == "AS");
  BOOST_TEST(deck().card_name(make_card(kDiamonds, kJack)) == "JD");
  BOOST_TEST(deck().card_name(make_card(kClubs, k7)) == "7C");
  BOOST_TEST(deck().card_name(make_card(kHearts, k10), SuitStyle::symbol) == "10♥");
  BOOST_TEST(deck().card_name(make_card(kClubs, kQueen), SuitStyle::symbol) == "Q♣");
  // Aliases are read, never written: T, V, D, R come out as 10, J, Q, K.
  BOOST_TEST(deck().card_name(*deck().parse_card("tc")) == "10C");
  BOOST_TEST(deck().card_name(*deck().parse_card("rd")) == "KD");
}

BOOST_AUTO_TEST_CASE(cards_text_is_in_natural_order_suit_by_suit) {
  CardSet cards = 0;
  for (const char* token : {"AS", "7H", "10S", "JC", "8S"}) cards |= card_bit(*deck().parse_card(token));
  BOOST_TEST(deck().cards_text(cards) == "8S 10S AS 7H JC");
  BOOST_TEST(deck().cards_text(cards, SuitStyle::symbol) == "8♠ 10♠ A♠ 7♥ J♣");
  BOOST_TEST(deck().cards_text(0) == "");
}

BOOST_AUTO_TEST_CASE(suits_and_ranks_alone) {
  BOOST_TEST(int(*deck().parse_suit("H")) == int(kHearts));
  BOOST_TEST(int(*deck().parse_suit("c")) == int(kClubs));
  BOOST_TEST(int(*deck().parse_suit("♦")) == int(kDiamonds));
  BOOST_TEST(!deck().parse_suit("X").has_value());
  BOOST_TEST(!deck().parse_suit("").has_value());
  BOOST_TEST(!deck().parse_suit("SS").has_value());
  BOOST_TEST(int(*deck().parse_rank("10")) == int(k10));
  BOOST_TEST(int(*deck().parse_rank("t")) == int(k10));
  BOOST_TEST(int(*deck().parse_rank("V")) == int(kJack));
  BOOST_TEST(!deck().parse_rank("1").has_value());
  BOOST_TEST(!deck().parse_rank("").has_value());
  BOOST_TEST(deck().suit_name(kSpades) == "S");
  BOOST_TEST(deck().suit_name(kSpades, SuitStyle::symbol) == "♠");
}

BOOST_AUTO_TEST_CASE(classic_deck_shape) {
  BOOST_TEST(deck().rank_count() == 8);
  BOOST_TEST(deck().card_count() == 32);
  BOOST_TEST(count(deck().all_cards()) == 32);
  BOOST_TEST(deck().hand_size == 8);
  BOOST_TEST(4 * deck().hand_size == deck().card_count());
  BOOST_TEST(deck().ranks == (std::vector<std::string>{"7", "8", "9", "10", "J", "Q", "K", "A"}));
}

BOOST_AUTO_TEST_CASE(classic_card_points) {
  BOOST_TEST(deck().total_card_points() == 162);
  // The same total, summed card by card, whichever suit is trumps.
  for (Suit trump = 0; trump < kSuitCount; ++trump) {
    int sum = deck().last_trick_points;
    CardSet cards = deck().all_cards();
    while (cards) sum += deck().card_points(pop_lowest(cards), trump);
    BOOST_TEST(sum == 162, "trumps " << deck().suit_name(trump));
  }
  // The table of the rule book: trump J 20, 9 14; plain J 2, 9 0.
  BOOST_TEST(deck().card_points(make_card(kHearts, kJack), kHearts) == 20);
  BOOST_TEST(deck().card_points(make_card(kHearts, k9), kHearts) == 14);
  BOOST_TEST(deck().card_points(make_card(kHearts, kJack), kSpades) == 2);
  BOOST_TEST(deck().card_points(make_card(kHearts, k9), kSpades) == 0);
  BOOST_TEST(deck().card_points(make_card(kClubs, kAce), kSpades) == 11);
  BOOST_TEST(deck().card_points(make_card(kClubs, k10), kClubs) == 10);
  BOOST_TEST(deck().last_trick_points == 10);
}

BOOST_AUTO_TEST_CASE(every_shipped_ruleset_of_eight_ranks_uses_the_classic_deck) {
  // The 36-card games (schieber) describe their own deck; every other ruleset plays the built-in one.
  for (const std::string& name : shipped_ruleset_names()) {
    const Deck& own = ruleset(name)->deck;
    if (own.rank_count() == 9) BOOST_TEST(own.card_count() == 36, name);
    else BOOST_TEST((own == deck()), name);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_cards
