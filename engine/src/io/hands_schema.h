// The keys of a deal line of the hands form and the JSON types of their
// values, read into a HandsLine (hands_line.h) by either parser of the fast
// path. `Json` says how its parser reads a value (a `Json::Value`):
//
//   static bool text(Value, std::string_view&);     // a string, as the line writes it
//   static bool number(Value, std::int64_t&);       // an integer within int64
//   static bool is_text(Value, bool&);              // whether it is a string (false: no value)
//   static bool array(Value, Item item);            // each item read by item(Value)
//   template <std::size_t N, class Read>
//   static bool object(Value, const std::array<std::string_view, N>& names, unsigned& seen, Read read);
//                                                   // each member under one of `names` at most
//                                                   // once, read by read(k, Value); `seen` its bits
//
// Each reads the value to its end or returns false; any false declines the line.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "io/hands_line.h"

namespace belote::hands_schema {

inline constexpr std::array<std::string_view, kHandsKeys> kKeys{
    "id", "kind", "trump", "taker", "first", "bid", "doubling", "held_over", "hands", "result", "play", "auction"};
inline constexpr std::array<std::string_view, kAuctionKeys> kAuctionKeyNames{"dealer", "first", "turned", "calls"};
inline constexpr std::array<std::string_view, 4> kSeatKeys{"N", "E", "S", "W"};
inline constexpr std::array<std::string_view, 2> kTeamKeys{"NS", "EW"};
inline constexpr std::array<std::string_view, 3> kResultKeys{"points", "tricks", "tricks_by_seat"};

template <class Json>
struct Reader {
  using Value = typename Json::Value;

  static bool text_or_number(Value value, TextOrNumber& out) {
    return Json::is_text(value, out.is_text) && (out.is_text ? Json::text(value, out.text) : Json::number(value, out.number));
  }

  /// Strings, each added to `texts`.
  static bool texts(Value value, std::vector<std::string_view>& texts) {
    return Json::array(value, [&](Value item) {
      std::string_view text;
      if (!Json::text(item, text)) return false;
      texts.push_back(text);
      return true;
    });
  }

  /// A hand: one text of tokens, or an array of them.
  static bool hand_texts(Value value, std::vector<std::string_view>& out) {
    bool is_text = false;
    if (!Json::is_text(value, is_text)) return false;
    if (!is_text) return texts(value, out);
    std::string_view text;
    if (!Json::text(value, text)) return false;
    out.push_back(text);
    return true;
  }

  static bool team_numbers(Value value, std::array<std::int64_t, 2>& numbers, unsigned& teams) {
    return Json::object(value, kTeamKeys, teams, [&](std::size_t k, Value v) { return Json::number(v, numbers[k]); });
  }

  static bool result(Value value, HandsLine& line) {
    return Json::object(value, kResultKeys, line.result_parts, [&](std::size_t k, Value v) {
      if (k == 0) return team_numbers(v, line.points, line.points_teams);
      if (k == 1) return team_numbers(v, line.tricks, line.tricks_teams);
      return Json::object(v, kSeatKeys, line.seat_tricks_seats,
                          [&](std::size_t seat, Value n) { return Json::number(n, line.seat_tricks[seat]); });
    });
  }

  static bool hands(Value value, HandsLine& line) {
    return Json::object(value, kSeatKeys, line.seats, [&](std::size_t seat, Value v) {
      line.hand_starts[seat] = line.hand_texts.size();
      const bool read = hand_texts(v, line.hand_texts);
      line.hand_ends[seat] = line.hand_texts.size();
      return read;
    });
  }

  /// The tricks: arrays of four card texts (a trick written as a table goes to the precise reader).
  static bool play(Value value, HandsLine& line) {
    return Json::array(value, [&](Value trick) {
      const std::size_t before = line.play_texts.size();
      return texts(trick, line.play_texts) && line.play_texts.size() - before == 4;
    });
  }

  /// The auction: its calls an array of strings, its turned suits one or a
  /// list (a hand's texts are read the same way).
  static bool auction(Value value, HandsLine& line) {
    return Json::object(value, kAuctionKeyNames, line.auction_given, [&](std::size_t k, Value v) {
      switch (AuctionKey(k)) {
        case kDealer: return Json::text(v, line.dealer);
        case kAuctionFirst: return Json::text(v, line.auction_first);
        case kTurned: return hand_texts(v, line.turned_texts);
        case kCalls: return texts(v, line.call_texts);
        case kAuctionKeys: break;
      }
      return false;
    });
  }

  static bool value(std::size_t key, Value value, HandsLine& line) {
    switch (HandsKey(key)) {
      case kId: return text_or_number(value, line.id);
      case kKind: return Json::text(value, line.kind);
      case kTrump: return Json::text(value, line.trump);
      case kTaker: return Json::text(value, line.taker);
      case kFirst: return Json::text(value, line.first);
      case kBid: return text_or_number(value, line.bid);
      case kDoubling: return Json::text(value, line.doubling);
      case kHeldOver: return Json::number(value, line.held_over);
      case kHands: return hands(value, line);
      case kResult: return result(value, line);
      case kPlay: return play(value, line);
      case kAuction: return auction(value, line);
      case kHandsKeys: break;
    }
    return false;
  }

  /// The line's object, `root` (a Value, or the parser's own type for the
  /// document's object), into `line` (cleared first).
  template <class Root>
  static bool deal(Root root, HandsLine& line) {
    line.hand_texts.clear();
    line.play_texts.clear();
    line.turned_texts.clear();
    line.call_texts.clear();
    line.auction_given = 0;
    line.seats = line.result_parts = line.points_teams = line.tricks_teams = line.seat_tricks_seats = 0;
    return Json::object(root, kKeys, line.given, [&](std::size_t k, Value v) { return value(k, v, line); });
  }
};

/// Where the search for a key among `N` names starts after names[k] was
/// found: files write the keys in the order of the names, some left out.
template <std::size_t N>
constexpr std::size_t next_name(std::size_t k) {
  return k + 1 == N ? 0 : k + 1;
}

}  // namespace belote::hands_schema
