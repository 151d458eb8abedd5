#include "io/hands_line.h"

namespace belote {

namespace {

namespace od = simdjson::ondemand;

// Whether a key's raw text (past its opening quote; the input is padded) is
// `name`: compared in line, where a library call would cost more than the
// few bytes. The closing quote stops the loop, as no name holds one.
bool key_is(const char* raw, std::string_view name) {
  for (const char c : name)
    if (*raw++ != c) return false;
  return *raw == '"';
}

// The members of an object, each under one of `names` at most once:
// `read(k, value)` reads the value of names[k]. On-Demand checks the syntax
// of what it walks through, so every value must be read to its end.
template <std::size_t N, class Read>
bool read_members(od::object object, const std::array<std::string_view, N>& names, unsigned& seen, Read read) {
  seen = 0;
  // Files write the keys in the order of `names`, some left out: the search starts after the last name found.
  std::size_t next = 0;
  for (auto field : object) {
    od::raw_json_string key;
    if (field.key().get(key)) return false;
    std::size_t k = N;
    // The raw key is its text: parse refuses lines with a backslash, and the input is padded.
    for (std::size_t tried = 0, at = next; tried < N; ++tried, at = at + 1 == N ? 0 : at + 1)
      if (key_is(key.raw(), names[at])) {
        k = at;
        break;
      }
    if (k == N || (seen >> k & 1)) return false;
    seen |= 1u << k;
    next = k + 1 == N ? 0 : k + 1;
    od::value value;
    if (field.value().get(value) || !read(k, value)) return false;
  }
  return true;
}

template <std::size_t N, class Read>
bool read_object(od::value value, const std::array<std::string_view, N>& names, unsigned& seen, Read read) {
  od::object object;
  return !value.get_object().get(object) && read_members(object, names, seen, read);
}

// A string, read in place: the line has no backslash (FastDealLine::parse
// declines it), so the text is the token's between its quotes, with nothing
// to unescape or copy. The token runs to the next one, spaces included.
bool read_text(od::value value, std::string_view& text) {
  const std::string_view token = value.raw_json_token();
  od::raw_json_string checked;  // a string, which the walk goes past
  if (value.get_raw_json_string().get(checked)) return false;
  std::size_t end = token.size();
  while (end > 2 && (token[end - 1] == ' ' || token[end - 1] == '\t' || token[end - 1] == '\n' || token[end - 1] == '\r'))
    --end;
  if (end < 2 || token[end - 1] != '"') return false;
  text = token.substr(1, end - 2);
  return true;
}
bool read_number(od::value value, std::int64_t& number) { return !value.get_int64().get(number); }

bool read_text_or_number(od::value value, TextOrNumber& out) {
  od::json_type type;
  if (value.type().get(type)) return false;
  out.is_text = type == od::json_type::string;
  return out.is_text ? read_text(value, out.text) : read_number(value, out.number);
}

// A hand: one text of tokens, or an array of them.
bool read_hand_texts(od::value value, std::vector<std::string_view>& texts) {
  od::json_type type;
  if (value.type().get(type)) return false;
  std::string_view text;
  if (type == od::json_type::string) {
    if (!read_text(value, text)) return false;
    texts.push_back(text);
    return true;
  }
  od::array items;
  if (value.get_array().get(items)) return false;
  for (auto item : items) {
    od::value token;
    if (item.get(token) || !read_text(token, text)) return false;
    texts.push_back(text);
  }
  return true;
}

constexpr std::array<std::string_view, kHandsKeys> kKeys{"id",  "kind",     "trump",     "taker", "first", "bid",
                                                         "doubling", "held_over", "hands", "result", "play", "auction"};
constexpr std::array<std::string_view, kAuctionKeys> kAuctionKeyNames{"dealer", "first", "turned", "calls"};
constexpr std::array<std::string_view, 4> kSeatKeys{"N", "E", "S", "W"};
constexpr std::array<std::string_view, 2> kTeamKeys{"NS", "EW"};
constexpr std::array<std::string_view, 3> kResultKeys{"points", "tricks", "tricks_by_seat"};

bool read_team_numbers(od::value value, std::array<std::int64_t, 2>& numbers, unsigned& teams) {
  return read_object(value, kTeamKeys, teams, [&](std::size_t k, od::value v) { return read_number(v, numbers[k]); });
}

bool read_result(od::value value, HandsLine& line) {
  return read_object(value, kResultKeys, line.result_parts, [&](std::size_t k, od::value v) {
    if (k == 0) return read_team_numbers(v, line.points, line.points_teams);
    if (k == 1) return read_team_numbers(v, line.tricks, line.tricks_teams);
    return read_object(v, kSeatKeys, line.seat_tricks_seats,
                       [&](std::size_t seat, od::value n) { return read_number(n, line.seat_tricks[seat]); });
  });
}

bool read_hands(od::value value, HandsLine& line) {
  return read_object(value, kSeatKeys, line.seats, [&](std::size_t seat, od::value v) {
    line.hand_starts[seat] = line.hand_texts.size();
    const bool read = read_hand_texts(v, line.hand_texts);
    line.hand_ends[seat] = line.hand_texts.size();
    return read;
  });
}

// The tricks: arrays of four card texts (a trick written as a table goes to the precise reader).
bool read_play(od::value value, HandsLine& line) {
  od::array tricks;
  if (value.get_array().get(tricks)) return false;
  for (auto trick : tricks) {
    od::array cards;
    if (trick.get_array().get(cards)) return false;
    std::size_t count = 0;
    for (auto card : cards) {
      od::value token;
      std::string_view text;
      if (card.get(token) || !read_text(token, text)) return false;
      line.play_texts.push_back(text);
      ++count;
    }
    if (count != 4) return false;
  }
  return true;
}

// The auction: its calls an array of strings, its turned suits one or a list
// (a hand's texts are read the same way).
bool read_auction(od::value value, HandsLine& line) {
  return read_object(value, kAuctionKeyNames, line.auction_given, [&](std::size_t k, od::value v) {
    switch (AuctionKey(k)) {
      case kDealer: return read_text(v, line.dealer);
      case kAuctionFirst: return read_text(v, line.auction_first);
      case kTurned: return read_hand_texts(v, line.turned_texts);
      case kCalls: {
        od::array calls;
        if (v.get_array().get(calls)) return false;
        for (auto call : calls) {
          od::value item;
          std::string_view text;
          if (call.get(item) || !read_text(item, text)) return false;
          line.call_texts.push_back(text);
        }
        return true;
      }
      case kAuctionKeys: break;
    }
    return false;
  });
}

bool read_value(std::size_t key, od::value value, HandsLine& line) {
  switch (HandsKey(key)) {
    case kId: return read_text_or_number(value, line.id);
    case kKind: return read_text(value, line.kind);
    case kTrump: return read_text(value, line.trump);
    case kTaker: return read_text(value, line.taker);
    case kFirst: return read_text(value, line.first);
    case kBid: return read_text_or_number(value, line.bid);
    case kDoubling: return read_text(value, line.doubling);
    case kHeldOver: return read_number(value, line.held_over);
    case kHands: return read_hands(value, line);
    case kResult: return read_result(value, line);
    case kPlay: return read_play(value, line);
    case kAuction: return read_auction(value, line);
    case kHandsKeys: break;
  }
  return false;
}

}  // namespace

bool read_hands_line(od::parser& parser, const char* padded, std::size_t size, HandsLine& line) {
  line.hand_texts.clear();
  line.play_texts.clear();
  line.turned_texts.clear();
  line.call_texts.clear();
  line.auction_given = 0;
  line.seats = line.result_parts = line.points_teams = line.tricks_teams = line.seat_tricks_seats = 0;
  od::document document;
  if (parser.iterate(padded, size, size + simdjson::SIMDJSON_PADDING).get(document)) return false;
  od::object root;
  if (document.get_object().get(root)) return false;
  if (!read_members(root, kKeys, line.given, [&](std::size_t k, od::value v) { return read_value(k, v, line); }))
    return false;
  // On-Demand stops at the object's end: nothing but spaces may follow it,
  // so the document's text must run to the end of the line.
  std::string_view text;
  return !document.raw_json().get(text) && text.data() + text.size() == padded + size;
}

}  // namespace belote
