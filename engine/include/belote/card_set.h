// Cards and sets of cards as bit masks.
//
// A card is a small integer: suit * kSuitStride + rank, where rank is the
// card's index in the deck's natural order (7 8 9 10 J Q K A for the classic
// deck). A set of cards is one 64-bit word, so a suit's cards are one 16-bit
// slice and the cards of one rank in all suits are found with a few ANDs.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace belote {

using CardSet = std::uint64_t;
using Card = std::uint8_t;
using Suit = std::uint8_t;
using Rank = std::uint8_t;
/// One bit per rank, bit r for rank r: the cards of one suit, or a set of ranks.
using RankMask = std::uint32_t;

inline constexpr int kSuitCount = 4;
inline constexpr int kSuitStride = 16;
inline constexpr int kMaxRanks = kSuitStride;

constexpr Card make_card(Suit suit, Rank rank) { return Card(suit * kSuitStride + rank); }
constexpr Suit suit_of(Card card) { return Suit(card / kSuitStride); }
constexpr Rank rank_of(Card card) { return Rank(card % kSuitStride); }
constexpr CardSet card_bit(Card card) { return CardSet{1} << card; }

/// The ranks held in one suit.
constexpr RankMask suit_ranks(CardSet cards, Suit suit) {
  return RankMask((cards >> (suit * kSuitStride)) & 0xFFFFu);
}
/// The cards of the given ranks in one suit.
constexpr CardSet suit_cards(RankMask ranks, Suit suit) {
  return CardSet(ranks & 0xFFFFu) << (suit * kSuitStride);
}
/// The cards of the given ranks in every suit.
/// Every card of a suit (all 16 rank bits: a deck's unused ranks are never in a hand).
constexpr CardSet suit_mask(Suit suit) { return suit_cards(0xFFFFu, suit); }

constexpr CardSet all_suits(RankMask ranks) {
  CardSet out = 0;
  for (Suit s = 0; s < kSuitCount; ++s) out |= suit_cards(ranks, s);
  return out;
}
/// Ranks held in all four suits: the carrés of a hand.
constexpr RankMask four_of_a_kind(CardSet cards) {
  return suit_ranks(cards, 0) & suit_ranks(cards, 1) & suit_ranks(cards, 2) & suit_ranks(cards, 3);
}

constexpr int count(CardSet cards) { return std::popcount(cards); }
/// The same without a call, for the hot paths: the portable build has no
/// popcount instruction, and the library's routine costs more than these few operations.
constexpr int count_bits(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return int((x * 0x0101010101010101ull) >> 56);
}

namespace detail {
constexpr std::array<std::array<std::uint8_t, 8>, 256> make_select_in_byte() {
  std::array<std::array<std::uint8_t, 8>, 256> out{};
  for (int byte = 0; byte < 256; ++byte) {
    int k = 0;
    for (int bit = 0; bit < 8; ++bit)
      if (byte >> bit & 1) out[std::size_t(byte)][std::size_t(k++)] = std::uint8_t(bit);
  }
  return out;
}
/// The position of each set bit of a byte, by its rank among them.
inline constexpr auto kSelectInByte = make_select_in_byte();
}  // namespace detail

/// The position of the i-th set bit of `mask`, from the lowest (i below its
/// count), without a branch (a random choice's i is what a loop would
/// mispredict): the byte from the bytes' running counts, then the bit from a table.
constexpr int nth_bit(std::uint64_t mask, int i) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  std::uint64_t s = mask - ((mask >> 1) & 0x5555555555555555ull);
  s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
  s = (s + (s >> 4)) & 0x0f0f0f0f0f0f0f0full;
  const std::uint64_t running = s * ones;  // byte b: the set bits of bytes 0 to b
  // The bytes whose running count is at most i come before the bit's: their high bit set here.
  const std::uint64_t before_bytes = ((std::uint64_t(i) * ones | highs) - running) & highs;
  const int byte = int(((before_bytes >> 7) * ones) >> 56);
  const int before = int(((running << 8) >> (8 * byte)) & 0xff);
  return 8 * byte + detail::kSelectInByte[(mask >> (8 * byte)) & 0xff][std::size_t(i - before)];
}
/// The position of the i-th set bit of a byte (i below its count): one load.
constexpr int nth_bit_of_byte(unsigned byte, int i) { return detail::kSelectInByte[byte & 0xff][std::size_t(i)]; }
constexpr bool contains(CardSet cards, Card card) { return (cards & card_bit(card)) != 0; }
/// A run of `length` consecutive ranks starting at `low`.
constexpr RankMask run_mask(int low, int length) {
  return ((RankMask{1} << length) - 1) << low;
}

/// Removes and returns the lowest card of a non-empty set.
inline Card pop_lowest(CardSet& cards) {
  const Card card = Card(std::countr_zero(cards));
  cards &= cards - 1;
  return card;
}

}  // namespace belote
