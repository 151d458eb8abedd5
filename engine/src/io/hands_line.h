// The values of a deal line of the hands form, as a fast path's parser reads
// them (simdjson On-Demand in simdjson_deal_line.h, the JSON library's SAX
// interface in sax_deal_line.h): no tree is built for the line, and each
// value is read once, in the order the line gives it. What they mean under a
// ruleset is read_hands_deal's (hands_deal.h).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace belote {

/// The hands form's keys, in the order files write them.
/// A played mène's `play` (its tricks, each four plain card tokens) is read
/// too, and a deal's `auction` (its calls plain strings).
enum HandsKey { kId, kKind, kTrump, kTaker, kFirst, kBid, kDoubling, kHeldOver, kHands, kResult, kPlay, kAuction, kHandsKeys };
/// The keys of `auction`.
enum AuctionKey { kDealer, kAuctionFirst, kTurned, kCalls, kAuctionKeys };

/// A string or an integer (`id`, `bid`).
struct TextOrNumber {
  bool is_text = false;
  std::string_view text;
  std::int64_t number = 0;
};

struct HandsLine {
  unsigned given = 0;  ///< which HandsKey the line gives, a bit each
  TextOrNumber id, bid;
  std::string_view kind, trump, taker, first, doubling;
  std::int64_t held_over = 0;
  /// Each seat's texts of card tokens (N, E, S, W): hand_texts[hand_starts[s], hand_ends[s]).
  std::vector<std::string_view> hand_texts;
  std::array<std::size_t, 4> hand_starts{}, hand_ends{};
  unsigned seats = 0;  ///< which seats `hands` gives
  /// result: which of points, tricks, tricks_by_seat it gives; each team's (NS, EW) and each seat's numbers.
  unsigned result_parts = 0;
  std::array<std::int64_t, 2> points{}, tricks{};
  unsigned points_teams = 0, tricks_teams = 0;
  std::array<std::int64_t, 4> seat_tricks{};
  unsigned seat_tricks_seats = 0;
  /// play: each card's text in play order, four a trick (a trick of another size is refused here).
  std::vector<std::string_view> play_texts;
  /// auction: which AuctionKey it gives, the dealer's and the first speaker's
  /// texts, the turned suits' (one text or a list) and the calls' (a call
  /// written as a table is refused here).
  unsigned auction_given = 0;
  std::string_view dealer, auction_first;
  std::vector<std::string_view> turned_texts, call_texts;
};

}  // namespace belote
