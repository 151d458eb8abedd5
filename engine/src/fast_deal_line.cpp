#include "fast_deal_line.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

#include "deal_checker.h"
#include "input_node.h"
#include "text_util.h"

namespace belote {

namespace {

// The precise reader's limit (json_deal_line.cpp): longer lines are its to refuse.
constexpr std::size_t kMaxLineBytes = 1 << 16;
// A deal nests three levels (announcements.N[i]); anything deeper is an error the precise reader words.
constexpr int kMaxDepth = 8;

using simdjson::dom::element;
using simdjson::dom::element_type;


// An id the precise reader keeps as it is: printable ASCII, 1 to kMaxIdCharacters
// bytes (it also keeps UTF-8 text, which the fast path leaves to it).
bool plain_id(std::string_view text) {
  if (text.empty() || text.size() > std::size_t(kMaxIdCharacters)) return false;
  for (const char c : text)
    if (c < 0x20 || c > 0x7E) return false;
  return true;
}

// The value as a tree for the deal checker, with no positions (an error
// sends the line to the precise reader, which finds them). False when the
// line repeats a key or nests too deeply.
bool to_input(element value, int depth, InputNode& out) {
  if (depth > kMaxDepth) return false;
  switch (value.type()) {
    case element_type::OBJECT:
      out.type = InputNode::Type::table;
      for (const auto field : simdjson::dom::object(value)) {
        if (out.get(field.key)) return false;
        out.members.emplace_back(std::string(field.key), InputNode{});
        if (!to_input(field.value, depth + 1, out.members.back().second)) return false;
      }
      return true;
    case element_type::ARRAY:
      out.type = InputNode::Type::array;
      for (const element item : simdjson::dom::array(value)) {
        out.items.emplace_back();
        if (!to_input(item, depth + 1, out.items.back())) return false;
      }
      return true;
    case element_type::STRING:
      out.type = InputNode::Type::string;
      out.text = std::string(std::string_view(value));
      return true;
    case element_type::INT64:
      out.type = InputNode::Type::integer;
      out.integer = std::int64_t(value);
      return true;
    case element_type::UINT64:  // beyond int64: no integer to the precise reader either
      out.type = InputNode::Type::other;
      return true;
    case element_type::DOUBLE:
      out.type = InputNode::Type::floating;
      return true;
    case element_type::BOOL:
      out.type = InputNode::Type::boolean;
      out.boolean = bool(value);
      return true;
    case element_type::NULL_VALUE:
      out.type = InputNode::Type::null;
      return true;
  }
  return false;
}

// The members of an object under the names it may hold, each at most once.
template <std::size_t N>
bool members_of(element value, const std::array<std::string_view, N>& names, std::array<element, N>& found,
                unsigned& seen) {
  simdjson::dom::object object;
  if (value.get_object().get(object)) return false;
  seen = 0;
  for (const auto field : object) {
    std::size_t k = 0;
    // The first byte before the whole name: most names differ there.
    const std::string_view key = field.key;
    while (k < N && (names[k].size() != key.size() ||
                     (!key.empty() && (names[k][0] != key[0] || names[k].substr(1) != key.substr(1)))))
      ++k;
    if (k == N || (seen >> k & 1)) return false;
    seen |= 1u << k;
    found[k] = field.value;
  }
  return true;
}

std::optional<std::string_view> string_of(element value) {
  std::string_view text;
  if (value.get_string().get(text)) return std::nullopt;
  return text;
}

std::optional<Seat> seat_of(element value) {
  // One-byte seats ("N", "w"), the usual spelling, by a table of what parse_seat reads.
  static const std::array<std::int8_t, 256> kSeatBytes = [] {
    std::array<std::int8_t, 256> seats;
    for (int byte = 0; byte < 256; ++byte) {
      const char c = char(byte);
      const auto seat = parse_seat(std::string_view(&c, 1));
      seats[std::size_t(byte)] = std::int8_t(seat ? int(*seat) : -1);
    }
    return seats;
  }();
  const auto text = string_of(value);
  if (!text) return std::nullopt;
  if (text->size() != 1) return parse_seat(*text);
  const int seat = kSeatBytes[static_cast<unsigned char>((*text)[0])];
  return seat < 0 ? std::nullopt : std::optional<Seat>(Seat(seat));
}

// {"NS": a, "EW": b}, both integers from 0 to `high`.
std::optional<PerTeam<int>> team_numbers(element value, int high) {
  static constexpr std::array<std::string_view, 2> kTeamKeys{"NS", "EW"};
  std::array<element, 2> found;
  unsigned seen = 0;
  if (!members_of(value, kTeamKeys, found, seen) || seen != 3) return std::nullopt;
  PerTeam<int> numbers;
  for (Team team : kTeams) {
    std::int64_t n = 0;
    if (found[index(team)].get_int64().get(n) || n < 0 || n > high) return std::nullopt;
    numbers[team] = int(n);
  }
  return numbers;
}

// The spaces of `word`, each flagged by its byte's high bit, exactly: no
// carry runs from byte to byte (bytes_equal may flag a '!' after a space).
constexpr std::uint64_t space_bytes(std::uint64_t word) {
  constexpr std::uint64_t lows = 0x7F7F7F7F7F7F7F7Full;
  const std::uint64_t x = word ^ 0x2020202020202020ull;  // a space becomes a zero byte
  return ~(((x & lows) + lows) | x | lows);
}
static_assert(space_bytes(0x2120202141202041ull) == 0x0080800000808000ull);  // no flag on the "!" above a space

// The hand's tokens, from "AS 10H ..." or ["AS", "10H", ...], into `hand`; false at a bad or repeated card.
bool read_hand(element value, DealTokenCache& tokens, CardSet& all, CardSet& hand) {
  const auto add_token = [&](std::string_view token) {
    if (token.empty()) return true;
    const int card = tokens.card(token);
    if (card < 0 || contains(all, Card(card))) return false;
    all |= card_bit(Card(card));
    hand |= card_bit(Card(card));
    return true;
  };
  // split_words cuts at ASCII white space; in a string simdjson accepts, and
  // without a backslash (parse), the only white space is the space itself:
  // the other kinds are control bytes, which JSON writes escaped. So the
  // spaces are found eight bytes at a time.
  const auto add_tokens = [&](std::string_view text) {
    std::size_t start = 0;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
      for (std::uint64_t spaces = space_bytes(word_at(text, i)); spaces; spaces &= spaces - 1) {
        const std::size_t at = i + std::size_t(std::countr_zero(spaces)) / 8;
        if (!add_token(text.substr(start, at - start))) return false;
        start = at + 1;
      }
    }
    for (; i < text.size(); ++i) {
      if (text[i] != ' ') continue;
      if (!add_token(text.substr(start, i - start))) return false;
      start = i + 1;
    }
    return add_token(text.substr(start));
  };
  if (const auto text = string_of(value)) return add_tokens(*text);
  simdjson::dom::array items;
  if (value.get_array().get(items)) return false;
  for (const element item : items) {
    const auto text = string_of(item);
    if (!text || !add_tokens(*text)) return false;
  }
  return true;
}

// An integer from `low` to `high`.
std::optional<int> integer_in(element value, std::int64_t low, std::int64_t high) {
  std::int64_t n = 0;
  if (value.get_int64().get(n) || n < low || n > high) return std::nullopt;
  return int(n);
}

enum DealKey { kId, kKind, kTrump, kTaker, kFirst, kBid, kDoubling, kHeldOver, kHands, kResult, kDealKeys };
constexpr std::array<std::string_view, kDealKeys> kHandsDealKeys{"id",  "kind",     "trump",     "taker", "first",
                                                                 "bid", "doubling", "held_over", "hands", "result"};

bool given(unsigned seen, DealKey key) { return (seen >> key & 1) != 0; }

// The kind and trump, as the deal checker reads them: a kind named (one-suit
// kinds with a trump of theirs, others without), or the trump's one-suit kind.
bool read_kind(const Ruleset& rules, DealTokenCache& tokens, const std::array<element, kDealKeys>& found, unsigned seen,
               Deal& deal) {
  std::optional<Suit> trump;
  if (given(seen, kTrump)) {
    const auto text = string_of(found[kTrump]);
    trump = text ? tokens.suit(*text) : std::nullopt;
    if (!trump) return false;
  }
  if (!given(seen, kKind)) {
    const auto kind = trump ? tokens.suit_kind(*trump) : std::nullopt;
    if (!kind) return false;
    deal.kind = std::uint8_t(*kind);
    deal.trump = *trump;
    return true;
  }
  const auto text = string_of(found[kKind]);
  const int kind = text && rules.kinds_named ? tokens.kind(*text) : -1;
  if (kind < 0) return false;
  const ContractKind& named = rules.kinds[std::size_t(kind)];
  if (named.trumps == Trumps::one_suit) {
    if (!trump || !named.in_suit(*trump)) return false;
    deal.trump = *trump;
  } else if (trump) {
    return false;
  }
  deal.kind = std::uint8_t(kind);
  deal.kind_given = true;
  return true;
}

// The bid (required where the ruleset has bids, refused elsewhere) and the doubling level.
bool read_contract(const Ruleset& rules, const std::array<element, kDealKeys>& found, unsigned seen, Deal& deal) {
  if (given(seen, kBid) != rules.bids.any()) return false;
  if (given(seen, kBid)) {
    std::int64_t number = 0;
    if (const auto name = string_of(found[kBid])) {
      const auto named = rules.find_named_bid(*name);
      if (!named) return false;
      deal.named_bid = std::int8_t(*named);
      deal.bid = rules.bids.named[std::size_t(*named)].value;
    } else if (!found[kBid].get_int64().get(number)) {
      const auto& numbers = rules.bids.numbers;
      if (std::find(numbers.begin(), numbers.end(), number) == numbers.end()) return false;
      deal.bid = int(number);
    } else {
      return false;
    }
  }
  if (given(seen, kDoubling)) {
    const auto name = string_of(found[kDoubling]);
    const auto level = name ? rules.find_doubling(*name) : std::nullopt;
    if (!level) return false;
    deal.doubling = std::uint8_t(*level + 1);
  }
  if (given(seen, kHeldOver)) {
    const auto held = integer_in(found[kHeldOver], 0, kMaxHeldOver);
    if (!held) return false;
    deal.held_over = *held;
  }
  return true;
}

// {"N": a, "E": b, "S": c, "W": d}: each seat's tricks, adding up to each team's.
bool read_seat_tricks(element value, int hand_size, DealResult& result) {
  static constexpr std::array<std::string_view, 4> kSeatKeys{"N", "E", "S", "W"};
  std::array<element, 4> found;
  unsigned seen = 0;
  if (!members_of(value, kSeatKeys, found, seen) || seen != 15) return false;
  PerTeam<int> by_team;
  for (Seat seat : kSeats) {
    const auto tricks = integer_in(found[index(seat)], 0, hand_size);
    if (!tricks) return false;
    result.seat_tricks[seat] = *tricks;
    by_team[team_of(seat)] += *tricks;
  }
  if (by_team != result.tricks) return false;
  result.seat_tricks_given = true;
  return true;
}

}  // namespace

int DealTokenCache::kind(std::string_view name) {
  for (const auto& [spelling, kind] : kinds_)
    if (spelling == name) return kind;
  const auto kind = rules_.find_kind(name);
  if (kinds_.size() < kMaxKindSpellings) kinds_.emplace_back(std::string(name), kind ? *kind : -1);
  return kind ? *kind : -1;
}

std::optional<Suit> DealTokenCache::suit(std::string_view text) {
  if (text.size() != 1) return deck_.parse_suit(text);
  std::int8_t& known = suit_bytes_[static_cast<unsigned char>(text[0])];
  if (known == kUnread) {
    const auto suit = deck_.parse_suit(text);
    known = std::int8_t(suit ? int(*suit) : -1);
  }
  return known < 0 ? std::nullopt : std::optional<Suit>(Suit(known));
}

int DealTokenCache::card(std::string_view token) {
  if (token.size() == 2) {
    std::int8_t& known = pairs_[std::size_t(static_cast<unsigned char>(token[0])) << 8 | static_cast<unsigned char>(token[1])];
    if (known == kUnread) {
      const auto card = deck_.parse_card(token);
      known = std::int8_t(card ? int(*card) : -1);
    }
    return known;
  }
  // Up to 7 bytes ("10♠" is 5) fit one word with the length; longer ones are read each time.
  if (token.empty() || token.size() > 7) {
    const auto card = deck_.parse_card(token);
    return card ? int(*card) : -1;
  }
  std::uint64_t key = token.size();
  std::memcpy(reinterpret_cast<char*>(&key) + 1, token.data(), token.size());
  std::size_t slot = std::size_t((key * 0x9E3779B97F4A7C15ull) >> 55);
  for (int probe = 0; probe < 8; ++probe, slot = (slot + 1) % entries_.size()) {
    Entry& entry = entries_[slot];
    if (entry.key == key) return entry.card;
    if (entry.key == 0) {
      const auto card = deck_.parse_card(token);
      entry = {key, card ? int(*card) : -1};
      return entry.card;
    }
  }
  // A crowded neighbourhood (many distinct bad tokens): read without remembering.
  const auto card = deck_.parse_card(token);
  return card ? int(*card) : -1;
}

bool FastDealLine::parse(std::string_view line) {
  if (line.size() > kMaxLineBytes) return false;
  // Escapes would need their text decoded to compare with the precise reader's; NUL bytes it refuses.
  if (std::memchr(line.data(), '\\', line.size()) || std::memchr(line.data(), '\0', line.size())) return false;
  buffer_.resize(line.size() + simdjson::SIMDJSON_PADDING);
  std::memcpy(buffer_.data(), line.data(), line.size());
  if (parser_.parse(buffer_.data(), line.size(), false).get(root_)) return false;
  return root_.type() == element_type::OBJECT;
}

bool FastDealLine::hands_form() {
  static_assert(std::tuple_size_v<decltype(keys_)> == kDealKeys);
  return members_of(root_, kHandsDealKeys, keys_, seen_);
}

bool FastDealLine::read_checked(const Ruleset& rules, Deal& deal) const {
  InputNode tree;
  if (!to_input(root_, 0, tree)) return false;
  Diagnostics errors;
  const auto unplaced = [](int, int, std::string message) { return Diagnostic{"", 0, 0, std::move(message), ""}; };
  return check_deal(rules, tree, "", errors, unplaced, deal);
}

bool FastDealLine::read_hands(const Ruleset& rules, DealTokenCache& tokens, Deal& deal) const {
  const Deck& deck = rules.deck;
  const auto& found = keys_;
  const unsigned seen = seen_;
  const unsigned required = 1u << kTaker | 1u << kHands | 1u << kResult;
  if ((seen & required) != required) return false;
  // As `deal = Deal{}`, without a temporary to clear and copy.
  std::destroy_at(&deal);
  std::construct_at(&deal);

  if (given(seen, kId)) {
    std::int64_t number = 0;
    if (const auto text = string_of(found[kId])) {
      if (!plain_id(*text)) return false;
      deal.id.assign(text->data(), text->size());
    } else if (!found[kId].get_int64().get(number)) {
      deal.id = std::to_string(number);
    } else {
      return false;
    }
  }
  const auto taker = seat_of(found[kTaker]);
  if (!taker || !read_kind(rules, tokens, found, seen, deal) || !read_contract(rules, found, seen, deal)) return false;
  deal.taker = *taker;
  if (given(seen, kFirst)) {
    const auto first = seat_of(found[kFirst]);
    if (!first) return false;
    deal.first = *first;
    deal.first_given = true;
  }

  static constexpr std::array<std::string_view, 4> kSeatKeys{"N", "E", "S", "W"};
  std::array<element, 4> hands;
  unsigned seats = 0;
  if (!members_of(found[kHands], kSeatKeys, hands, seats) || seats != 15) return false;
  deal.form = DealForm::hands;
  CardSet all = 0;
  for (Seat seat : kSeats) {
    if (!read_hand(hands[index(seat)], tokens, all, deal.hands[seat])) return false;
    if (count(deal.hands[seat]) != deck.hand_size) return false;
  }
  if (all != deck.all_cards()) return false;

  static constexpr std::array<std::string_view, 3> kResultKeys{"points", "tricks", "tricks_by_seat"};
  std::array<element, 3> result;
  unsigned parts = 0;
  if (!members_of(found[kResult], kResultKeys, result, parts) || (parts & 3) != 3) return false;
  const int total = tokens.total_card_points(deal.kind);
  const auto points = team_numbers(result[0], total);
  const auto tricks = team_numbers(result[1], deck.hand_size);
  if (!points || !tricks) return false;
  if ((*points)[Team::NS] + (*points)[Team::EW] != total || (*tricks)[Team::NS] + (*tricks)[Team::EW] != deck.hand_size)
    return false;
  for (Team team : kTeams)
    if ((*tricks)[team] == 0 && (*points)[team] > 0) return false;
  deal.result = DealResult{*points, *tricks, {}, false};
  if (parts >> 2 & 1 && !read_seat_tricks(result[2], deck.hand_size, deal.result)) return false;
  // A bid that the taker alone must make needs the tricks of each seat.
  return deal.named_bid < 0 || rules.bids.named[std::size_t(deal.named_bid)].needs != BidNeeds::taker_every_trick ||
         deal.result.seat_tricks_given;
}

}  // namespace belote
