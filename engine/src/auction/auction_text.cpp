// Calls and auctions in words: reading a call as written, and the rule book's
// notation for legal calls, errors (section 6) and final contracts (section 7).
#include "belote/auction_text.h"

#include <charconv>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "belote/ruleset.h"
#include "common/text_util.h"

namespace belote {

namespace {

std::int8_t kind_index(const Ruleset& rules, std::string_view text) {
  const auto& kinds = rules.auction.kinds;
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (same_name(kinds[k].name, text)) return std::int8_t(k);
  // Another spelling of the same kind: a suit symbol, a kind's other alias.
  int kind = -1, suit = -1;
  if (const auto s = rules.deck.parse_suit(text)) {
    suit = *s;
    if (const auto k = rules.suit_kind(*s)) kind = *k;
  } else if (const auto k = rules.find_kind(text)) {
    kind = *k;
  }
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kind >= 0 && kinds[k].kind == kind && kinds[k].suit == suit) return std::int8_t(k);
  return kBadKind;
}

std::int16_t ladder_index(const Ruleset& rules, std::string_view text) {
  const auto& ladder = rules.auction.ladder;
  int number = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  const bool numeric = ec == std::errc() && end == text.data() + text.size();
  for (std::size_t b = 0; b < ladder.size(); ++b) {
    if (numeric ? (ladder[b].named_bid < 0 && ladder[b].value == number)
                : (ladder[b].named_bid >= 0 && same_name(rules.bids.named[std::size_t(ladder[b].named_bid)].name, text)))
      return std::int16_t(b);
  }
  return kBadValue;
}

std::string double_word(const AuctionRules& a) { return a.double_name.empty() ? "double" : a.double_name; }
std::string redouble_word(const AuctionRules& a) { return a.redouble_name.empty() ? "redouble" : a.redouble_name; }

std::string kinds_text(const AuctionRules& a, std::uint16_t mask) {
  std::string out;
  for (std::size_t k = 0; k < a.kinds.size(); ++k)
    if (mask >> k & 1) out += (out.empty() ? "" : " ") + a.kinds[k].name;
  return out;
}

std::string bid_value_text(const Ruleset& rules, int b) {
  const LadderBid& bid = rules.auction.ladder[std::size_t(b)];
  return bid.named_bid >= 0 ? rules.bids.named[std::size_t(bid.named_bid)].name : std::to_string(bid.value);
}

// {80–160, capot, generale}: the numbers from the lowest legal as a range, then the named bids.
std::string values_text(const Ruleset& rules, int lowest) {
  const auto& ladder = rules.auction.ladder;
  std::vector<std::string> parts;
  int last_number = lowest - 1;
  while (last_number + 1 < int(ladder.size()) && ladder[std::size_t(last_number + 1)].named_bid < 0) ++last_number;
  if (last_number == lowest) parts.push_back(bid_value_text(rules, lowest));
  else if (last_number > lowest) parts.push_back(fmt::format("{}–{}", ladder[std::size_t(lowest)].value, ladder[std::size_t(last_number)].value));
  for (int b = std::max(lowest, last_number + 1); b < int(ladder.size()); ++b) parts.push_back(bid_value_text(rules, b));
  return fmt::format("{}", fmt::join(parts, ", "));
}

constexpr std::string_view kOrdinals[] = {"first", "second", "third", "fourth"};

}  // namespace

Call read_call(const Ruleset& rules, Seat seat, std::string_view text) {
  const AuctionRules& a = rules.auction;
  Call call{seat, CallType::unknown, -1, -1};
  const auto words = split_words(text);
  if (words.size() == 1) {
    const std::string_view w = words[0];
    if (iequals(w, "pass")) call.type = CallType::pass;
    else if (same_name(w, double_word(a)) || iequals(w, "double")) call.type = CallType::double_;
    else if (same_name(w, redouble_word(a)) || iequals(w, "redouble")) call.type = CallType::redouble;
    else if (iequals(w, a.take_call) || iequals(w, "take")) call.type = CallType::take;
    else if (iequals(w, "schieben")) call.type = CallType::schieben;
    else if (const std::int8_t kind = kind_index(rules, w); kind != kBadKind) {
      // A kind alone: a bid on the kind ladder, a bid lacking its value, or a choice.
      call.kind = kind;
      if (a.style != AuctionStyle::bidding) call.type = CallType::choose;
      else {
        call.type = CallType::bid;
        if (a.order == BidOrder::value) call.bid = kBadValue;
      }
    }
  } else if (words.size() == 2) {
    if (iequals(words[0], "choose")) {
      call.type = CallType::choose;
    } else if (a.style == AuctionStyle::bidding) {
      call.type = CallType::bid;
      call.bid = a.order == BidOrder::value ? ladder_index(rules, words[0]) : kBadValue;
    }
    if (call.type != CallType::unknown) call.kind = kind_index(rules, words[1]);
  }
  return call;
}

std::string call_text(const Ruleset& rules, const Call& call) {
  const AuctionRules& a = rules.auction;
  const auto kind = [&] { return call.kind >= 0 && call.kind < int(a.kinds.size()) ? a.kinds[std::size_t(call.kind)].name : "?"; };
  switch (call.type) {
    case CallType::pass: return "pass";
    case CallType::bid:
      if (call.bid >= 0 && call.bid < int(a.ladder.size())) return bid_value_text(rules, call.bid) + " " + kind();
      return kind();
    case CallType::double_: return double_word(a);
    case CallType::redouble: return redouble_word(a);
    case CallType::take: return a.take_call;
    case CallType::choose: return "choose " + kind();
    case CallType::schieben: return "schieben";
    case CallType::unknown: return "?";
  }
  return "?";
}

std::string legal_calls_text(const Ruleset& rules, const LegalCalls& legal) {
  if (legal.ended) return "none (the auction has ended)";
  const AuctionRules& a = rules.auction;
  std::vector<std::string> parts;
  if (legal.pass) parts.emplace_back("pass");
  if (legal.take) parts.push_back(a.take_call);
  if (legal.any_bid()) {
    if (legal.lowest_bid >= 0)
      parts.push_back(fmt::format("bid {{{}}} × {{{}}}", values_text(rules, legal.lowest_bid), kinds_text(a, legal.bid_kinds)));
    else
      parts.push_back(fmt::format("bid {{{}}}", kinds_text(a, legal.bid_kinds)));
  }
  if (legal.choose_kinds) parts.push_back(fmt::format("choose {{{}}}", kinds_text(a, legal.choose_kinds)));
  if (legal.double_) parts.push_back(double_word(a));
  if (legal.redouble) parts.push_back(redouble_word(a));
  if (legal.schieben) parts.emplace_back("schieben");
  for (Seat d : kSeats)
    if (legal.out_of_turn_doublers >> index(d) & 1) parts.push_back(fmt::format("{} {} (out of turn)", name(d), double_word(a)));
  if (parts.empty()) return "none (a further turned card is needed)";
  return fmt::format("{}", fmt::join(parts, "; "));
}

std::string rule_sentence(const Ruleset& rules, const Auction& before, const Call& call, AuctionRule rule) {
  const AuctionRules& a = rules.auction;
  using R = AuctionRule;
  switch (rule) {
    case R::after_end: return fmt::format("the auction ended at call {}", before.ended_at());
    case R::out_of_turn: return fmt::format("{} is to speak, not {}", name(before.to_speak()), name(call.seat));
    case R::unknown_call: return "the ruleset's auction has no such call";
    case R::must_choose: return fmt::format("{} must choose the trump", name(call.seat));
    case R::bad_value: return a.order == BidOrder::kind ? "bids name a kind only, with no value"
                                                        : "the value is not one of the ruleset's bids";
    case R::bad_kind: return fmt::format("the kind is not one of {{{}}}",
                                         kinds_text(a, before.legal().choose_kinds ? before.legal().choose_kinds
                                                                                   : std::uint16_t((1u << a.kinds.size()) - 1)));
    case R::passed_out: return "a seat that passed may not bid again";
    case R::bid_after_double: return fmt::format("after a {} nobody may bid", double_word(a));
    case R::doubled_bidder_bids: return fmt::format("the bidder of a bid under {} may not bid again", double_word(a));
    case R::not_higher: {
      const auto high = before.standing_bid();
      return fmt::format("a bid must be higher than the standing bid ({})", high ? call_text(rules, *high) : "none");
    }
    case R::double_nothing: return "there is no bid to double";
    case R::double_own_team: return "only an opponent of the bidder may double";
    case R::already_doubled: return "the standing bid is doubled already";
    case R::redouble_not_doubled: return "only a doubled bid may be redoubled";
    case R::already_redoubled: return "the standing bid is redoubled already";
    case R::redouble_by_defender: return "only the bidder's team may redouble";
    case R::round_1_take_or_pass: return fmt::format("in this round a player says {} or passes", a.take_call);
    case R::take_not_offered: return "this round offers no turned card to take";
    case R::turned_suit_again:
      return fmt::format("the turned suit may not be named in the {} round", kOrdinals[std::min(before.round(), 3)]);
    case R::unfinished: return "the auction has not ended";
    case R::no_turned_card: return "a new round needs another turned card, and the auction gives none";
  }
  return "";
}

std::string auction_error_text(const Ruleset& rules, const Auction& before, int position, const Call& call,
                               std::string_view given, AuctionRule rule) {
  const std::string legal = legal_calls_text(rules, before.legal());
  if (rule == AuctionRule::unfinished)
    return fmt::format("after call {}: unfinished: {}. Legal calls there: {}.", position - 1,
                       rule_sentence(rules, before, call, rule), legal);
  return fmt::format("call {} ({} {}): {}: {}. Legal calls there: {}.", position, name(call.seat), printable(given),
                     rule_id(rule), rule_sentence(rules, before, call, rule), legal);
}

std::string auction_outcome_text(const Ruleset& rules, const AuctionOutcome& outcome, SuitStyle style) {
  const AuctionRules& a = rules.auction;
  if (outcome.redeal) return fmt::format("none (all passed): redeal, next dealer {}.", name(outcome.next_dealer));
  std::string out = fmt::format("taker {} ({})", name(outcome.taker), name(team_of(outcome.taker)));
  if (outcome.bid >= 0) out += ", bid " + bid_value_text(rules, outcome.bid);
  const AuctionKind& kind = a.kinds[std::size_t(outcome.kind)];
  out += ", kind " + (style == SuitStyle::letter || kind.suit < 0 ? kind.name : rules.deck.suit_name(Suit(kind.suit), style));
  if (a.double_allowed) {
    static const std::string kNone = "none";
    out += ", doubling " + (outcome.doubling == 0 ? kNone : outcome.doubling == 1 ? double_word(a) : redouble_word(a));
  }
  if (outcome.forced) out += ", forced";
  return out + fmt::format("; first lead {}; next dealer {}.", name(outcome.first_lead), name(outcome.next_dealer));
}

std::optional<Suit> read_turned(const Ruleset& rules, std::string_view token, bool first, std::optional<Card>& card,
                                std::string& why) {
  if (const auto suit = rules.deck.parse_suit(token)) return suit;
  const auto given = rules.deck.parse_card(token);
  if (!given || !contains(rules.deck.all_cards(), *given)) return std::nullopt;
  const std::string named = rules.deck.card_name(*given);
  if (rules.dealing.turned != TurnedCard::card) {
    why = fmt::format("{} is a card, but ruleset '{}' turns {}", named, rules.info.name,
                      rules.dealing.turned == TurnedCard::suit
                          ? fmt::format("only a suit (dealing.turned = \"suit\"): give its suit, {}", rules.deck.suits[suit_of(*given)])
                          : std::string("nothing up (dealing.turned = \"none\")"));
    return std::nullopt;
  }
  if (!first) {
    why = fmt::format("{} is a card, but only the first of the list may be one (the card turned up); each further round turns a suit",
                      named);
    return std::nullopt;
  }
  card = *given;
  return suit_of(*given);
}

std::optional<std::pair<Seat, std::string_view>> split_given_call(std::string_view given, Seat to_speak) {
  const auto colon = given.find(':');
  if (colon == std::string_view::npos) return std::pair{to_speak, given};
  const auto seat = parse_seat(given.substr(0, colon));
  if (!seat) return std::nullopt;
  return std::pair{*seat, given.substr(colon + 1)};
}

AuctionReplay replay_given_calls(const Ruleset& rules, const Auction& start, std::span<const std::string> calls) {
  AuctionReplay replay{start, {}, 0, std::nullopt, Call{}, {}};
  replay.applied.reserve(calls.size());
  int position = 0;
  for (const std::string& text : calls) {
    ++position;
    const auto split = split_given_call(text, replay.auction.to_speak());
    if (!split) {
      replay.stopped_at = position;
      replay.given = text;
      return replay;
    }
    const Call call = read_call(rules, split->first, split->second);
    if (const auto broken = replay.auction.apply(call)) {
      replay.stopped_at = position;
      replay.broken = broken;
      replay.call = call;
      replay.given = split->second;
      return replay;
    }
    replay.applied.push_back(call);
  }
  return replay;
}

}  // namespace belote
