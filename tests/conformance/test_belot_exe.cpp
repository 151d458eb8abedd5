// The belot.exe conformance records (tests/data/belot-exe/golden.json): the
// shipped `bulgare` ruleset, loaded by name, finds the declarations the
// program's detector wrote for 500 hands and gives every card the points and
// trick strength the program gave it under each contract. And over random
// deals, the engine's contest agrees with the program's Announces.Resolve,
// written again below from its rules (points, then a carré before a
// sequence, then the top card; an exact tie cancels both sides).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_belot_exe)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

const json& golden() {
  static const json records = json::parse(read_file(tests_dir() / "data" / "belot-exe" / "golden.json"));
  return records;
}

// The program writes ranks as numbers: 7 to 10, then 11 J, 12 Q, 13 K, 14 A.
std::string rank_token(int number) {
  static const std::map<int, std::string> names{{11, "J"}, {12, "Q"}, {13, "K"}, {14, "A"}};
  return number <= 10 ? std::to_string(number) : names.at(number);
}

int rank_number(const Deck& deck, Rank rank) {
  for (int number = 7; number <= 14; ++number)
    if (deck.parse_rank(rank_token(number)) == rank) return number;
  BOOST_FAIL("rank " << deck.rank_name(rank) << " is not one of the program's");
  return 0;
}

Card card_of(const Deck& deck, const std::string& suit, int rank) {
  const auto card = deck.parse_card(rank_token(rank) + suit);
  BOOST_TEST_REQUIRE(card.has_value(), rank_token(rank) + suit);
  return *card;
}

int kind_index(const Ruleset& rules, const std::string& name) {
  const auto kind = rules.find_kind(name);
  BOOST_TEST_REQUIRE(kind.has_value(), "bulgare has no kind " << name);
  return *kind;
}

// The program's contracts as the ruleset's kinds: a suit is the one-suit kind played in it.
struct Contract {
  int kind = 0;
  Suit trump = 0;
};
Contract contract_of(const Ruleset& rules, const std::string& name) {
  static const std::map<std::string, std::string> suits{{"Clubs", "C"}, {"Diamonds", "D"}, {"Hearts", "H"}, {"Spades", "S"}};
  if (name == "NoTrumps") return {kind_index(rules, "no-trumps"), 0};
  if (name == "AllTrumps") return {kind_index(rules, "all-trumps"), 0};
  const auto suit = rules.deck.parse_suit(suits.at(name));
  BOOST_TEST_REQUIRE(suit.has_value());
  const auto kind = rules.suit_kind(*suit);
  BOOST_TEST_REQUIRE(kind.has_value(), "no kind of bulgare is played in " << name);
  return {*kind, *suit};
}

// A hand's declarations as the program's `desc` groups them: the top ranks of
// the carrés, tierces, quartes and quintes (any run of 5 to 8 cards), sorted.
using Slots = std::array<std::vector<int>, 4>;
enum Slot { carres, tierces, quartes, quintes };

Slots slots_of_desc(const json& desc) {
  Slots slots;
  constexpr std::array<Slot, 7> slot_of{carres, carres, tierces, tierces, quartes, quartes, quintes};
  for (std::size_t i = 0; i < slot_of.size(); ++i)
    if (const int top = desc[i].get<int>()) slots[slot_of[i]].push_back(top);
  for (auto& s : slots) std::sort(s.begin(), s.end());
  return slots;
}

Slots slots_of(const Deck& deck, const SeatAnnouncements& declared) {
  Slots slots;
  for (const Announcement& a : declared) {
    const Slot slot = a.carre ? carres : a.length == 3 ? tierces : a.length == 4 ? quartes : quintes;
    slots[slot].push_back(rank_number(deck, a.top));
  }
  for (auto& s : slots) std::sort(s.begin(), s.end());
  return slots;
}

std::string text(const Slots& slots) {
  return fmt::format("carrés {} tierces {} quartes {} quintes {}", fmt::join(slots[0], " "), fmt::join(slots[1], " "),
                     fmt::join(slots[2], " "), fmt::join(slots[3], " "));
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_records_are_all_there) {
  BOOST_TEST(golden().at("announces").size() == 500u);
  BOOST_TEST(golden().at("cardtables").size() == 192u);
}

// The program's detector knows no trump: every kind that declares finds the
// same announcements in a hand, whatever the trump suit; no-trumps declares none.
BOOST_AUTO_TEST_CASE(every_hand_declares_what_the_program_found) {
  const auto rules = ruleset("bulgare");
  const Deck& deck = rules->deck;
  const int no_trumps = kind_index(*rules, "no-trumps");
  std::vector<Contract> contracts;
  for (const std::string name : {"Clubs", "Diamonds", "Hearts", "Spades", "AllTrumps"}) contracts.push_back(contract_of(*rules, name));
  int checked = 0, with_declarations = 0;
  for (const json& record : golden().at("announces")) {
    CardSet hand = 0;
    for (const json& card : record.at("hand")) hand |= card_bit(card_of(deck, card[0].get<std::string>(), card[1].get<int>()));
    BOOST_TEST_REQUIRE(count(hand) == 8);
    BOOST_TEST(record.at("desc")[7].get<int>() == 0);
    const Slots expected = slots_of_desc(record.at("desc"));
    with_declarations += expected != Slots{};
    for (const Contract& contract : contracts) {
      SeatAnnouncements declared;
      declare_hand(*rules, hand, contract.kind, contract.trump, declared);
      const Slots found = slots_of(deck, declared);
      BOOST_TEST(found == expected, "record " << checked << " (" << deck.cards_text(hand) << ") in kind "
                                              << rules->kinds[std::size_t(contract.kind)].name << ": the program found "
                                              << text(expected) << ", the engine " << text(found));
    }
    SeatAnnouncements none;
    declare_hand(*rules, hand, no_trumps, 0, none);
    BOOST_TEST(none.empty(), "record " << checked << ": no-trumps declares nothing");
    ++checked;
  }
  BOOST_TEST(checked == 500);
  BOOST_TEST(with_declarations >= 100);  // the records hold declarations, not only empty hands
}

// Card points and trick strength: the kind's point table (without its
// multiplier: the program's table is per card) and 1 + the card's place in the
// kind's trick order, weakest first.
BOOST_AUTO_TEST_CASE(every_card_has_the_programs_points_and_strength) {
  const auto rules = ruleset("bulgare");
  const Deck& deck = rules->deck;
  std::map<std::string, int> per_contract;
  for (const json& record : golden().at("cardtables")) {
    const std::string name = record.at("contract").get<std::string>();
    const Contract contract = contract_of(*rules, name);
    const ContractKind& kind = rules->kinds[std::size_t(contract.kind)];
    const Card card = card_of(deck, record.at("suit").get<std::string>(), record.at("rank").get<int>());
    const bool trump = kind.is_trump(suit_of(card), contract.trump);
    const std::vector<Rank>& order = trump ? kind.trump_order : kind.plain_order;
    const auto place = std::find(order.begin(), order.end(), rank_of(card));
    BOOST_TEST_REQUIRE((place != order.end()));
    const std::string what = fmt::format("{} under {}", deck.card_name(card), name);
    BOOST_TEST(kind.card_points(card, contract.trump) == record.at("points").get<int>(), what);
    BOOST_TEST(1 + (place - order.begin()) == record.at("strength").get<int>(), what);
    ++per_contract[name];
  }
  BOOST_TEST(per_contract.size() == 6u);
  for (const auto& [name, cards] : per_contract) BOOST_TEST(cards == 32, name);
}

namespace {

// Announces.cs, written again from its rules: detection and the contest.
namespace program {

enum class Kind { terca, quarte, quinte, careta };

struct Announce {
  Kind kind;
  Seat seat;
  int top;  // rank number, 7 to 14
  int value;
  int tier() const { return int(kind) + 1; }  // terca 1, quarte 2, quinte 3, careta 4
};

int careta_value(int rank) {
  switch (rank) {
    case 11: return 200;
    case 9: return 150;
    case 10: case 12: case 13: case 14: return 100;
    default: return 0;
  }
}

int sequence_value(int length) { return length == 3 ? 20 : length == 4 ? 50 : length >= 5 ? 100 : 0; }

// A card: suit 0-3 and rank number.
using Card = std::pair<int, int>;

std::vector<Announce> detect(const std::vector<Card>& hand, Seat seat, bool no_trumps) {
  std::vector<Announce> result;
  if (no_trumps) return result;
  std::array<int, 15> counts{};
  for (const auto& [suit, rank] : hand) ++counts[std::size_t(rank)];
  std::array<bool, 15> in_careta{};
  for (int rank = 9; rank <= 14; ++rank) {
    if (counts[std::size_t(rank)] != 4) continue;
    in_careta[std::size_t(rank)] = true;
    result.push_back({Kind::careta, seat, rank, careta_value(rank)});
  }
  for (int s = 0; s < 4; ++s) {
    std::vector<int> ranks;
    for (const auto& [suit, rank] : hand)
      if (suit == s && !in_careta[std::size_t(rank)]) ranks.push_back(rank);
    std::sort(ranks.begin(), ranks.end());
    std::size_t start = 0;
    for (std::size_t i = 1; i <= ranks.size(); ++i) {
      if (i < ranks.size() && ranks[i] == ranks[i - 1] + 1) continue;
      const int length = int(i - start);
      if (length >= 3) {
        const Kind kind = length == 3 ? Kind::terca : length == 4 ? Kind::quarte : Kind::quinte;
        result.push_back({kind, seat, ranks[i - 1], sequence_value(length)});
      }
      start = i;
    }
  }
  return result;
}

// Strength of a rank in a plain suit, for carrés: A 10 K Q J 9 8 7.
int plain_strength(int rank) {
  static constexpr std::array<int, 8> order{1, 2, 3, 7, 4, 5, 6, 8};
  return order[std::size_t(rank - 7)];
}

int compare(const Announce& a, const Announce& b) {
  const auto sign = [](int x, int y) { return (x > y) - (x < y); };
  if (a.value != b.value) return sign(a.value, b.value);
  if (a.tier() != b.tier()) return sign(a.tier(), b.tier());
  if (a.kind != Kind::careta) return sign(a.top, b.top);
  return sign(plain_strength(a.top), plain_strength(b.top));
}

// What each team scores, and the team that won the contest (none on a tie or when nobody declares).
struct Resolved {
  PerTeam<int> scored;
  std::optional<Team> winner;
};

Resolved resolve(const std::vector<Announce>& all) {
  Resolved out;
  PerTeam<std::vector<Announce>> by_team;
  for (const Announce& a : all) by_team[team_of(a.seat)].push_back(a);
  const auto total = [](const std::vector<Announce>& list) {
    int sum = 0;
    for (const Announce& a : list) sum += a.value;
    return sum;
  };
  const auto best = [](const std::vector<Announce>& list) {
    Announce b = list.front();
    for (const Announce& a : list)
      if (compare(a, b) > 0) b = a;
    return b;
  };
  const auto& ns = by_team[Team::NS];
  const auto& ew = by_team[Team::EW];
  if (ns.empty() && ew.empty()) return out;
  int cmp = ns.empty() ? -1 : ew.empty() ? 1 : compare(best(ns), best(ew));
  if (cmp > 0) out.winner = Team::NS;
  if (cmp < 0) out.winner = Team::EW;
  if (out.winner) out.scored[*out.winner] = total(by_team[*out.winner]);
  return out;
}

}  // namespace program

std::vector<program::Card> program_hand(const Deck& deck, CardSet hand) {
  std::vector<program::Card> cards;
  while (hand) {
    const Card card = pop_lowest(hand);
    cards.emplace_back(int(suit_of(card)), rank_number(deck, rank_of(card)));
  }
  return cards;
}

struct Agreement {
  int deals = 0, contested = 0, ties = 0, carre_against_sequence = 0, disagreements = 0;
};

void compare_with_program(const Outcome& out, const program::Resolved& expected, const std::string& id, Agreement& seen) {
  ++seen.deals;
  const bool contested = out.best[Team::NS] && out.best[Team::EW];
  seen.contested += contested;
  seen.ties += contested && out.win_reason == WinReason::tie_nobody;
  if (out.scored_announcements == expected.scored && out.winner == expected.winner) return;
  if (++seen.disagreements <= 5)
    BOOST_ERROR(id << ": the program gives NS " << expected.scored[Team::NS] << ", EW " << expected.scored[Team::EW]
                   << " (winner " << expected.winner << "); the engine NS " << out.scored_announcements[Team::NS] << ", EW "
                   << out.scored_announcements[Team::EW] << " (winner " << out.winner << ")");
}

}  // namespace

// Random deals of every kind: the hands' declarations found by both, and the contest.
BOOST_AUTO_TEST_CASE(the_contest_over_random_hands_is_the_programs) {
  const auto rules = ruleset("bulgare");
  const RandomDeals deals(*rules, 20260131);
  Agreement seen;
  Deal deal;
  Outcome out;
  for (std::uint64_t i = 0; i < scaled(200'000); ++i) {
    deals.make(i, deal);
    evaluate(*rules, deal, out);
    const bool no_trumps = rules->kinds[deal.kind].trumps == Trumps::none;
    std::vector<program::Announce> all;
    for (Seat seat : kSeats) {
      const auto mine = program::detect(program_hand(rules->deck, deal.hands[seat]), seat, no_trumps);
      all.insert(all.end(), mine.begin(), mine.end());
      int points = 0;
      for (const auto& a : mine) points += a.value;
      if (points != out.announcements[seat].points && ++seen.disagreements <= 5)
        BOOST_ERROR(deal.id << ": " << seat << " declares " << points << " for the program, " << out.announcements[seat].points
                            << " for the engine");
    }
    compare_with_program(out, program::resolve(all), deal.id, seen);
  }
  BOOST_TEST(seen.disagreements == 0);
  BOOST_TEST_MESSAGE(seen.deals << " deals, " << seen.contested << " contested, " << seen.ties << " exact ties");
  BOOST_TEST(seen.contested > seen.deals / 20);
  BOOST_TEST(seen.ties > 0);
}

// Random declarations (as a score sheet gives them), drawn from a small pool so
// that equal points, carrés against quintes and exact ties come up often.
BOOST_AUTO_TEST_CASE(the_contest_over_random_declarations_is_the_programs) {
  const auto rules = ruleset("bulgare");
  const Deck& deck = rules->deck;
  const auto rank = [&](int number) { return *deck.parse_rank(rank_token(number)); };
  Xoshiro256 rng(20260131, 0);
  Agreement seen;
  Deal deal;
  Outcome out;
  for (std::uint64_t i = 0; i < scaled(200'000); ++i) {
    deal = Deal{};
    deal.id = fmt::format("declared-{}", i);
    deal.form = DealForm::declared;
    deal.kind = std::uint8_t(rng.below(std::uint32_t(rules->kinds.size())));
    deal.trump = Suit(rng.below(kSuitCount));
    deal.taker = Seat(rng.below(4));
    deal.first = Seat(rng.below(4));
    deal.first_given = true;
    deal.result = DealResult{{81, 81}, {4, 4}};
    const bool no_trumps = rules->kinds[deal.kind].trumps == Trumps::none;
    std::vector<program::Announce> all;
    for (Seat seat : kSeats) {
      SeatAnnouncements& mine = deal.declared[seat];
      for (std::uint32_t n = rng.below(3); n > 0; --n) {
        const Suit suit = Suit(rng.below(kSuitCount));
        if (rng.below(3) == 0) {
          const int top = 9 + int(rng.below(6));
          mine.items[mine.count++] = Announcement{true, 0, rank(top), 4, 0, 0};
          if (!no_trumps) all.push_back({program::Kind::careta, seat, top, program::careta_value(top)});
        } else {
          const int length = 3 + int(rng.below(6));
          const int top = std::max(12, 6 + length) + int(rng.below(std::uint32_t(15 - std::max(12, 6 + length))));
          mine.items[mine.count++] = Announcement{false, suit, rank(top), std::uint8_t(length), 0, 0};
          const auto kind = length == 3 ? program::Kind::terca : length == 4 ? program::Kind::quarte : program::Kind::quinte;
          if (!no_trumps) all.push_back({kind, seat, top, program::sequence_value(length)});
        }
      }
    }
    evaluate(*rules, deal, out);
    const program::Resolved expected = program::resolve(all);
    if (out.best[Team::NS] && out.best[Team::EW] && out.deciding == Criterion::kind) ++seen.carre_against_sequence;
    compare_with_program(out, expected, deal.id, seen);
  }
  BOOST_TEST(seen.disagreements == 0);
  BOOST_TEST_MESSAGE(seen.deals << " deals, " << seen.contested << " contested, " << seen.ties << " exact ties, "
                                << seen.carre_against_sequence << " carrés against sequences");
  BOOST_TEST(seen.ties > seen.deals / 100);
  BOOST_TEST(seen.carre_against_sequence > seen.deals / 100);
}

BOOST_AUTO_TEST_SUITE_END()  // test_belot_exe
