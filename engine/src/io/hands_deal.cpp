#include "io/hands_deal.h"

#include <algorithm>
#include <cstring>

#include "belote/play.h"
#include "io/deal_checker.h"
#include "io/hands_auction.h"

namespace belote {

namespace {

// An id the precise reader keeps as it is: printable ASCII, 1 to kMaxIdCharacters
// bytes (it also keeps UTF-8 text, which the fast path leaves to it).
bool plain_id(std::string_view text) {
  if (text.empty() || text.size() > std::size_t(kMaxIdCharacters)) return false;
  for (const char c : text)
    if (c < 0x20 || c > 0x7E) return false;
  return true;
}

// One-byte seats ("N", "w"), the usual spelling, by a table of what parse_seat reads.
std::optional<Seat> seat_of(std::string_view text) {
  static const std::array<std::int8_t, 256> kSeatBytes = [] {
    std::array<std::int8_t, 256> seats;
    for (int byte = 0; byte < 256; ++byte) {
      const char c = char(byte);
      const auto seat = parse_seat(std::string_view(&c, 1));
      seats[std::size_t(byte)] = std::int8_t(seat ? int(*seat) : -1);
    }
    return seats;
  }();
  if (text.size() != 1) return parse_seat(text);
  const int seat = kSeatBytes[static_cast<unsigned char>(text[0])];
  return seat < 0 ? std::nullopt : std::optional<Seat>(Seat(seat));
}

// {"NS": a, "EW": b} as read: both given, from 0 to `high`.
std::optional<PerTeam<int>> team_numbers(const std::array<std::int64_t, 2>& numbers, unsigned teams, int high) {
  if (teams != 3) return std::nullopt;
  PerTeam<int> out;
  for (Team team : kTeams) {
    const std::int64_t n = numbers[index(team)];
    if (n < 0 || n > high) return std::nullopt;
    out[team] = int(n);
  }
  return out;
}

bool given(unsigned seen, HandsKey key) { return (seen >> key & 1) != 0; }

// The kind and trump, as the deal checker reads them: a kind named (one-suit
// kinds with a trump of theirs, others without), or the trump's one-suit kind.
bool read_kind(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, Deal& deal) {
  std::optional<Suit> trump;
  if (given(line.given, kTrump)) {
    trump = tokens.suit(line.trump);
    if (!trump) return false;
  }
  if (!given(line.given, kKind)) {
    const auto kind = trump ? tokens.suit_kind(*trump) : std::nullopt;
    if (!kind) return false;
    deal.kind = std::uint8_t(*kind);
    deal.trump = *trump;
    return true;
  }
  const int kind = rules.kinds_named ? tokens.kind(line.kind) : -1;
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
bool read_contract(const Ruleset& rules, const HandsLine& line, Deal& deal) {
  if (given(line.given, kBid) != rules.bids.any()) return false;
  if (given(line.given, kBid)) {
    if (line.bid.is_text) {
      const auto named = rules.find_named_bid(line.bid.text);
      if (!named) return false;
      deal.named_bid = std::int8_t(*named);
      deal.bid = rules.bids.named[std::size_t(*named)].value;
    } else {
      const auto& numbers = rules.bids.numbers;
      if (std::find(numbers.begin(), numbers.end(), line.bid.number) == numbers.end()) return false;
      deal.bid = int(line.bid.number);
    }
  }
  if (given(line.given, kDoubling)) {
    const auto level = rules.find_doubling(line.doubling);
    if (!level) return false;
    deal.doubling = std::uint8_t(*level + 1);
  }
  if (given(line.given, kHeldOver)) {
    if (line.held_over < 0 || line.held_over > kMaxHeldOver) return false;
    deal.held_over = int(line.held_over);
  }
  return true;
}

// Each seat's tricks: all four given, adding up to each team's.
bool read_seat_tricks(const HandsLine& line, int hand_size, DealResult& result) {
  if (line.seat_tricks_seats != 15) return false;
  PerTeam<int> by_team;
  for (Seat seat : kSeats) {
    const std::int64_t tricks = line.seat_tricks[index(seat)];
    if (tricks < 0 || tricks > hand_size) return false;
    result.seat_tricks[seat] = int(tricks);
    by_team[team_of(seat)] += int(tricks);
  }
  if (by_team != result.tricks) return false;
  result.seat_tricks_given = true;
  return true;
}

// The cards and the facts of a played mène; false declines (a card the deck
// does not read, a card twice, an illegal card: the checker words it).
bool read_played(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, Deal& deal) {
  const std::vector<std::string_view>& texts = line.play_texts;
  const std::size_t cards = std::size_t(4 * rules.deck.hand_size);
  if (texts.size() != cards || cards > deal.played.size()) return false;
  const PlayContext play(rules, deal.kind, deal.trump);
  // The hands are the cards each seat played: the winners tell who played what.
  CardSet all = 0;
  Trick trick;
  trick.leader = deal.first;
  for (std::size_t i = 0; i < cards; ++i) {
    const int card = tokens.card(texts[i]);
    if (card < 0 || (all & card_bit(Card(card)))) return false;
    all |= card_bit(Card(card));
    deal.played[i] = Card(card);
    deal.hands[trick.to_play()] |= card_bit(Card(card));
    add_card(play, trick, Card(card));
    if (trick.complete()) trick = Trick{trick.winner()};
  }
  if (all != rules.deck.all_cards()) return false;
  PlayedMene mene(play, deal.hands, deal.first);
  for (std::size_t i = 0; i < cards; ++i) {
    if (!contains(mene.legal(), deal.played[i])) return false;
    mene.play(deal.played[i]);
  }
  deal.played_count = std::uint8_t(cards);
  deal.form = DealForm::hands;
  deal.result = DealResult{mene.points(), mene.tricks_won(), mene.tricks_by_seat(), true, mene.roem()};
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
  if (token.size() == 2) return pair(token.data());
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

int DealTokenCache::triple(const char* bytes) {
  // Never 0 for a token: the parsers decline NUL bytes. Built in registers, not through memory.
  const auto byte = [&](int i) { return std::uint32_t(static_cast<unsigned char>(bytes[i])); };
  const std::uint32_t key = byte(0) | byte(1) << 8 | byte(2) << 16;
  Triple& entry = triples_[(key * 0x9E3779B1u) >> (32 - kTripleBits)];
  if (entry.key != key) entry = {key, std::int8_t(card(std::string_view(bytes, 3)))};
  return entry.card;
}

bool DealTokenCache::add_cards(std::string_view text, CardSet& all, CardSet& hand, int& cards) {
  // split_words cuts at ASCII white space; in a JSON string without a
  // backslash (the parsers decline those), the only white space is the space
  // itself: the other kinds are control bytes, which JSON writes escaped.
  // Locals, not the references, in the loop: the compiler may keep them in registers.
  CardSet taken = all;
  CardSet added = 0;
  int count = 0;
  const char* at = text.data();
  const char* const end = at + text.size();
  while (at != end) {
    if (*at == ' ') {
      ++at;
      continue;
    }
    // Tokens are two bytes ("AS") or three ("10H") but for unusual spellings.
    const std::size_t left = std::size_t(end - at);
    int card = -1;
    if (left >= 2 && (left == 2 || at[2] == ' ')) {
      card = pair(at);
      at += 2;
    } else if (left >= 3 && (left == 3 || at[3] == ' ')) {
      card = triple(at);
      at += 3;
    } else {
      const char* const token_end = std::find(at, end, ' ');
      card = this->card(std::string_view(at, std::size_t(token_end - at)));
      at = token_end;
    }
    if (card < 0) return false;
    const CardSet bit = card_bit(Card(card));
    if (taken & bit) return false;
    taken |= bit;
    added |= bit;
    ++count;
  }
  all = taken;
  hand |= added;
  cards += count;
  return true;
}

bool read_hands_deal(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, Deal& deal) {
  const Deck& deck = rules.deck;
  // A deal that gives its auction is read with the contract's keys the auction makes.
  HandsLine completed;
  if (given(line.given, kAuction) && !complete_hands_auction(rules, tokens, line, completed)) return false;
  const HandsLine& keys = given(line.given, kAuction) ? completed : line;
  const unsigned required = 1u << kTaker | 1u << kHands | 1u << kResult;
  const unsigned played = 1u << kTaker | 1u << kPlay;
  // A played mène gives its tricks and neither hands nor a result.
  if ((keys.given & required) != required && (keys.given & (required | played)) != played) return false;
  deal.reset();

  if (given(line.given, kId)) {
    if (line.id.is_text) {
      if (!plain_id(line.id.text)) return false;
      deal.id.assign(line.id.text.data(), line.id.text.size());
    } else {
      deal.id = std::to_string(line.id.number);
    }
  }
  const auto taker = seat_of(keys.taker);
  if (!taker || !read_kind(rules, tokens, keys, deal) || !read_contract(rules, keys, deal)) return false;
  deal.taker = *taker;
  if (given(keys.given, kFirst)) {
    const auto first = seat_of(keys.first);
    if (!first) return false;
    deal.first = *first;
    deal.first_given = true;
  }
  if (given(line.given, kPlay)) return read_played(rules, tokens, line, deal);

  if (line.seats != 15) return false;
  deal.form = DealForm::hands;
  CardSet all = 0;
  for (Seat seat : kSeats) {
    int cards = 0;  // no card twice: the tokens count the hand's cards
    for (std::size_t t = line.hand_starts[index(seat)]; t < line.hand_ends[index(seat)]; ++t)
      if (!tokens.add_cards(line.hand_texts[t], all, deal.hands[seat], cards)) return false;
    if (cards != deck.hand_size) return false;
  }
  if (all != deck.all_cards()) return false;

  if ((line.result_parts & 3) != 3) return false;
  const int total = tokens.total_card_points(deal.kind);
  const auto points = team_numbers(line.points, line.points_teams, total);
  const auto tricks = team_numbers(line.tricks, line.tricks_teams, deck.hand_size);
  if (!points || !tricks) return false;
  if ((*points)[Team::NS] + (*points)[Team::EW] != total || (*tricks)[Team::NS] + (*tricks)[Team::EW] != deck.hand_size)
    return false;
  for (Team team : kTeams)
    if ((*tricks)[team] == 0 && (*points)[team] > 0) return false;
  deal.result = DealResult{*points, *tricks, {}, false};
  if (line.result_parts >> 2 & 1 && !read_seat_tricks(line, deck.hand_size, deal.result)) return false;
  // A bid that the taker alone must make needs the tricks of each seat.
  return deal.named_bid < 0 || rules.bids.named[std::size_t(deal.named_bid)].needs != BidNeeds::taker_every_trick ||
         deal.result.seat_tricks_given;
}

}  // namespace belote
