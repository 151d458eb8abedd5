#include "io/hands_auction.h"

#include <algorithm>

#include "belote/auction.h"
#include "belote/auction_text.h"

namespace belote {

namespace {

bool given(unsigned seen, unsigned key) { return (seen >> key & 1) != 0; }

// The turned suits, one to four of them, each once and with a kind of its own.
bool read_turned(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, std::vector<Suit>& turned) {
  if (!given(line.auction_given, kTurned)) return rules.auction.style != AuctionStyle::turned_card;
  if (line.turned_texts.empty() || line.turned_texts.size() > 4) return false;
  for (const std::string_view text : line.turned_texts) {
    const auto suit = tokens.suit(text);
    if (!suit || std::find(turned.begin(), turned.end(), *suit) != turned.end() || !tokens.suit_kind(*suit)) return false;
    turned.push_back(*suit);
  }
  return true;
}

}  // namespace

bool complete_hands_auction(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, HandsLine& keys) {
  // A contract key beside the auction must agree with it: the precise reader checks and words that.
  constexpr unsigned kContract = 1u << kKind | 1u << kTrump | 1u << kTaker | 1u << kFirst | 1u << kBid | 1u << kDoubling;
  if (!rules.auction.given || (line.given & kContract) != 0 || !given(line.auction_given, kDealer) ||
      !given(line.auction_given, kCalls))
    return false;
  const auto dealer = parse_seat(line.dealer);
  std::optional<Seat> first;
  if (given(line.auction_given, kAuctionFirst)) {
    first = parse_seat(line.auction_first);
    if (!first) return false;
  }
  std::vector<Suit> turned;
  if (!dealer || !read_turned(rules, tokens, line, turned)) return false;

  Auction auction(rules, *dealer, first, turned);
  for (const std::string_view text : line.call_texts) {
    const auto call = split_given_call(text, auction.to_speak());
    if (!call || auction.apply(read_call(rules, call->first, call->second))) return false;
  }
  const auto outcome = auction.outcome();
  if (!outcome || outcome->redeal) return false;

  // The keys the checker adds (deal_auction.cpp): the names are the ruleset's own, which outlive the line.
  keys.given = (line.given & ~(1u << kAuction)) | 1u << kTaker | 1u << kFirst;
  keys.held_over = line.held_over;
  keys.taker = name(outcome->taker);
  keys.first = name(outcome->first_lead);
  const AuctionKind& kind = rules.auction.kinds[std::size_t(outcome->kind)];
  if (kind.suit >= 0) {
    keys.given |= 1u << kTrump;
    keys.trump = rules.deck.suits[std::size_t(kind.suit)];
  } else {
    keys.given |= 1u << kKind;
    keys.kind = rules.kinds[std::size_t(kind.kind)].name;
  }
  if (outcome->bid >= 0) {
    const LadderBid& bid = rules.auction.ladder[std::size_t(outcome->bid)];
    keys.given |= 1u << kBid;
    keys.bid.is_text = bid.named_bid >= 0;
    if (keys.bid.is_text) keys.bid.text = rules.bids.named[std::size_t(bid.named_bid)].name;
    else keys.bid.number = bid.value;
  }
  if (outcome->doubling > 0) {
    keys.given |= 1u << kDoubling;
    keys.doubling = rules.doubling[std::size_t(outcome->doubling - 1)].name;
  }
  return true;
}

}  // namespace belote
