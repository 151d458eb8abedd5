// A deal's `auction` table: dealer, the turned card or suits, first speaker and calls.
#include "io/deal_auction.h"

#include <fmt/format.h>

#include "belote/auction.h"
#include "belote/auction_text.h"
#include "common/text_util.h"

namespace belote {

namespace {

class AuctionInput {
 public:
  AuctionInput(const Ruleset& rules, const std::string& prefix, Diagnostics& errors, const LocateError& located)
      : rules_(rules), prefix_(prefix), errors_(errors), located_(located) {}

  // The auction read; `redeal_is_error` for a deal, which has a mène to score.
  std::optional<SheetAuction> read(const InputNode& root, InputNode& completed, bool redeal_is_error) {
    const InputNode& node = *root.get("auction");
    const std::size_t before = errors_.count();
    if (!rules_.auction.given) {
      error(node, true, fmt::format("'{}': ruleset '{}' states no auction ([auction]): give the contract instead",
                                    path(), rules_.info.name));
      return std::nullopt;
    }
    if (node.type != InputNode::Type::table) {
      error(node, false, fmt::format("'{}' must be a table (dealer, calls…), not {}", path(), node.type_name()));
      return std::nullopt;
    }
    for (const auto& [key, value] : node.members)
      if (key != "dealer" && key != "first" && key != "turned" && key != "calls")
        error(value, true, fmt::format("unknown key '{}.{}'{}", path(), printable(key),
                                       did_you_mean(key, {"dealer", "first", "turned", "calls"})));
    const auto dealer = seat(node, "dealer", true);
    const auto first = seat(node, "first", false);
    std::vector<Suit> turned;
    const InputNode* turned_card = nullptr;
    read_turned(node, turned, turned_card);
    const InputNode* calls = node.get("calls");
    if (!calls) error(node, true, fmt::format("missing key '{}.calls'", path()));
    else if (calls->type != InputNode::Type::array)
      error(*calls, false, fmt::format("'{}.calls' must be an array of calls, not {}", path(), calls->type_name()));
    if (errors_.count() != before || !dealer || !calls || calls->type != InputNode::Type::array) return std::nullopt;

    Auction auction(rules_, *dealer, first, turned);
    int position = 0;
    for (const InputNode& item : calls->items) {
      ++position;
      std::string text;
      Seat seat_of_call = auction.to_speak();
      if (!call_of(item, text, seat_of_call)) return std::nullopt;
      const Auction state = auction;
      const Call call = read_call(rules_, seat_of_call, text);
      if (const auto broken = auction.apply(call)) {
        error(item, false, fmt::format("'{}.calls': {}", path(), auction_error_text(rules_, state, position, call, text, *broken)));
        return std::nullopt;
      }
    }
    const auto outcome = auction.outcome();
    if (!outcome) {
      error(*calls, false, fmt::format("'{}.calls': {}", path(),
                                       auction_error_text(rules_, auction, position + 1, Call{auction.to_speak()}, "",
                                                          AuctionRule::unfinished)));
      return std::nullopt;
    }
    if (outcome->redeal) {
      if (!redeal_is_error) return SheetAuction{*dealer, *outcome};
      error(*calls, false, fmt::format("'{}.calls': everybody passed: the cards are dealt again by {}, and there is no "
                                       "mène to score", path(), name(outcome->next_dealer)));
      return std::nullopt;
    }
    if (turned_card) check_turned_card(root, *turned_card, outcome->taker);
    completed = root;
    complete(root, node, *outcome, completed);
    if (errors_.count() != before) return std::nullopt;
    return SheetAuction{*dealer, *outcome};
  }

 private:
  std::string path() const { return prefix_ + "auction"; }

  void error(const InputNode& at, bool at_key, std::string message) {
    if (errors_.full()) return errors_.add_unkept(1);
    errors_.push_back(at_key && at.key_line ? located_(at.key_line, at.key_column, std::move(message))
                                            : located_(at.line, at.column, std::move(message)));
  }

  std::optional<Seat> seat(const InputNode& table, std::string_view key, bool required) {
    const InputNode* node = table.get(key);
    if (!node) {
      if (required) error(table, true, fmt::format("missing key '{}.{}'", path(), key));
      return std::nullopt;
    }
    const auto parsed = node->type == InputNode::Type::string ? parse_seat(node->text) : std::nullopt;
    if (!parsed) error(*node, false, fmt::format("'{}.{}' is a seat (N, E, S or W), not {}", path(), key,
                                                 node->type == InputNode::Type::string ? fmt::format("'{}'", printable(node->text))
                                                                                       : std::string(node->type_name())));
    return parsed;
  }

  // `turned`: a suit, or the suits in order; a turned-card auction needs one. Where the ruleset turns a
  // card up (dealing.turned = "card"), the first may be that card, whose suit it proposes (`card` its
  // value): a table's record writes it so; a new round turns only a suit.
  void read_turned(const InputNode& table, std::vector<Suit>& turned, const InputNode*& card) {
    const InputNode* node = table.get("turned");
    if (!node) {
      if (rules_.auction.style == AuctionStyle::turned_card)
        error(table, true, fmt::format("missing key '{}.turned': the suit of the turned card", path()));
      return;
    }
    // Refused rather than left unread: a table that turns no card would score the mène as if none were given.
    if (rules_.auction.style != AuctionStyle::turned_card) {
      error(*node, true, fmt::format("'{}.turned': this ruleset's auction turns no card (its auction.style is not "
                                     "\"turned-card\"); leave the turned suit out",
                                     path()));
      return;
    }
    std::vector<const InputNode*> items;
    if (node->type == InputNode::Type::array) for (const InputNode& item : node->items) items.push_back(&item);
    else items.push_back(node);
    if (items.empty() || items.size() > 4) {
      error(*node, false, fmt::format("'{}.turned' gives 1 to 4 suits", path()));
      return;
    }
    const bool turns_card = rules_.dealing.turned == TurnedCard::card;
    for (const InputNode* item : items) {
      std::optional<Suit> suit;
      if (item->type == InputNode::Type::string) {
        std::optional<Card> given;
        std::string why;
        suit = belote::read_turned(rules_, item->text, item == items.front(), given, why);
        if (!why.empty()) {
          error(*item, false, fmt::format("'{}.turned': {}", path(), why));
          continue;
        }
        if (given) card = item;
      }
      if (!suit) {
        error(*item, false, fmt::format("'{}.turned': not a {}suit of the deck", path(), turns_card ? "card or a " : ""));
        continue;
      }
      if (std::find(turned.begin(), turned.end(), *suit) != turned.end())
        error(*item, false, fmt::format("'{}.turned': {} is turned twice", path(), rules_.deck.suits[*suit]));
      if (!rules_.suit_kind(*suit))
        error(*item, false, fmt::format("'{}.turned': no kind is played in {}", path(), rules_.deck.suits[*suit]));
      turned.push_back(*suit);
    }
  }

  // The turned card goes to the taker (table.md 2): where the deal gives the four hands whole, his
  // must hold it; where it gives the whole play instead, he must play it. Hands or a play that are
  // not whole are left to the deal's checks, which name their fault.
  void check_turned_card(const InputNode& root, const InputNode& turned, Seat taker) {
    const Card card = *rules_.deck.parse_card(turned.text);
    const InputNode* hands = root.get("hands");
    if (!hands) {
      if (const auto played = cards_played_by(root.get("play"), taker); played && !contains(*played, card))
        error(turned, false, fmt::format("'{}.turned': {} is the turned card, which the taker {} must hold, but he does not play it",
                                         path(), rules_.deck.card_name(card), name(taker)));
      return;
    }
    if (hands->type != InputNode::Type::table) return;
    PerSeat<CardSet> held{};
    CardSet all = 0;
    for (Seat seat : kSeats) {
      const InputNode* hand = hands->get(name(seat));
      if (!hand) return;
      std::vector<const InputNode*> strings;
      if (hand->type == InputNode::Type::array) for (const InputNode& item : hand->items) strings.push_back(&item);
      else strings.push_back(hand);
      for (const InputNode* text : strings) {
        if (text->type != InputNode::Type::string) return;
        for (const std::string_view token : split_words(text->text)) {
          const auto parsed = rules_.deck.parse_card(token);
          if (!parsed || contains(all, *parsed)) return;
          held[seat] |= card_bit(*parsed);
          all |= card_bit(*parsed);
        }
      }
      if (count(held[seat]) != rules_.deck.hand_size) return;
    }
    if (all != rules_.deck.all_cards() || contains(held[taker], card)) return;
    error(turned, false, fmt::format("'{}.turned': {} is the turned card, which the taker {} must hold", path(), rules_.deck.card_name(card),
                                     name(taker)));
  }

  // The cards `seat` plays in a whole play (every trick, each of four cards, as `play` writes them:
  // the leader, then the cards in play order, each a card token and perhaps its words); nothing
  // where the play is not whole or not well formed.
  std::optional<CardSet> cards_played_by(const InputNode* play, Seat seat) const {
    if (!play || play->type != InputNode::Type::array || int(play->items.size()) != rules_.deck.hand_size) return std::nullopt;
    CardSet cards = 0;
    for (const InputNode& trick : play->items) {
      const InputNode* leader = trick.type == InputNode::Type::table ? trick.get("leader") : nullptr;
      const InputNode* played = trick.type == InputNode::Type::table ? trick.get("cards") : nullptr;
      const auto first = leader && leader->type == InputNode::Type::string ? parse_seat(leader->text) : std::nullopt;
      if (!first || !played || played->type != InputNode::Type::array || played->items.size() != kSeats.size()) return std::nullopt;
      Seat at = *first;
      for (const InputNode& item : played->items) {
        const std::vector<std::string_view> words = item.type == InputNode::Type::string ? split_words(item.text)
                                                                                          : std::vector<std::string_view>{};
        const auto parsed = words.empty() ? std::nullopt : rules_.deck.parse_card(words.front());
        if (!parsed) return std::nullopt;
        if (at == seat) cards |= card_bit(*parsed);
        at = next_in_play(at);
      }
    }
    return cards;
  }

  // A call is "80 H", "E:coinche", or { seat = "E", call = "coinche" }.
  bool call_of(const InputNode& item, std::string& text, Seat& seat_of_call) {
    if (item.type == InputNode::Type::string) {
      const auto split = split_given_call(item.text, seat_of_call);
      if (!split) {
        error(item, false, fmt::format("'{}.calls': '{}' starts with a seat and ':' (N, E, S or W)", path(), printable(item.text)));
        return false;
      }
      seat_of_call = split->first;
      text = split->second;
      return true;
    }
    if (item.type == InputNode::Type::table) {
      const InputNode* call = item.get("call");
      if (!call || call->type != InputNode::Type::string) {
        error(item, false, fmt::format("'{}.calls': a call as a table needs 'call', a string", path()));
        return false;
      }
      text = call->text;
      if (const InputNode* seat = item.get("seat")) {
        const auto parsed = seat->type == InputNode::Type::string ? parse_seat(seat->text) : std::nullopt;
        if (!parsed) {
          error(*seat, false, fmt::format("'{}.calls': 'seat' is N, E, S or W", path()));
          return false;
        }
        seat_of_call = *parsed;
      }
      return true;
    }
    error(item, false, fmt::format("'{}.calls': a call is a string (\"80 H\") or a table, not {}", path(), item.type_name()));
    return false;
  }

  static InputNode text_node(std::string text, const InputNode& at) {
    InputNode node;
    node.type = InputNode::Type::string;
    node.text = std::move(text);
    node.line = at.line;
    node.column = at.column;
    node.key_line = at.key_line;
    node.key_column = at.key_column;
    return node;
  }

  // Each contract key: checked against the deal's own where it gives one, added where it does not.
  void complete(const InputNode& root, const InputNode& auction, const AuctionOutcome& o, InputNode& completed) {
    const AuctionKind& kind = rules_.auction.kinds[std::size_t(o.kind)];
    const auto field = [&](std::string_view key, const std::string& derived, bool agrees_if_given) {
      if (const InputNode* given = root.get(key)) {
        if (!agrees_if_given)
          error(*given, false, fmt::format("'{}{}' disagrees with the auction, which makes it {}", prefix_, key,
                                           derived.empty() ? "none" : derived));
        return;
      }
      if (!derived.empty()) completed.members.emplace_back(std::string(key), text_node(derived, auction));
    };
    const auto given_text = [&](std::string_view key) {
      const InputNode* node = root.get(key);
      return node && node->type == InputNode::Type::string ? node->text : std::string();
    };
    field("taker", std::string(name(o.taker)), parse_seat(given_text("taker")) == o.taker);
    field("first", std::string(name(o.first_lead)), parse_seat(given_text("first")) == o.first_lead);
    if (kind.suit >= 0) {
      field("trump", rules_.deck.suits[std::size_t(kind.suit)], rules_.deck.parse_suit(given_text("trump")) == Suit(kind.suit));
      if (root.get("kind")) field("kind", rules_.kinds[std::size_t(kind.kind)].name, rules_.find_kind(given_text("kind")) == kind.kind);
    } else {
      field("kind", rules_.kinds[std::size_t(kind.kind)].name, rules_.find_kind(given_text("kind")) == kind.kind);
      if (root.get("trump")) field("trump", "", false);
    }
    if (o.bid >= 0) {
      const LadderBid& bid = rules_.auction.ladder[std::size_t(o.bid)];
      const std::string text = bid.named_bid >= 0 ? rules_.bids.named[std::size_t(bid.named_bid)].name : std::to_string(bid.value);
      const InputNode* given = root.get("bid");
      const bool agrees = given && (bid.named_bid >= 0 ? iequals(given->text, text) && given->type == InputNode::Type::string
                                                       : given->type == InputNode::Type::integer && given->integer == bid.value);
      if (given) field("bid", text, agrees);
      else if (bid.named_bid >= 0) field("bid", text, true);
      else {
        InputNode number = text_node("", auction);
        number.type = InputNode::Type::integer;
        number.integer = bid.value;
        completed.members.emplace_back("bid", std::move(number));
      }
    } else if (root.get("bid")) {
      field("bid", "", false);
    }
    const std::string level = o.doubling ? rules_.doubling[std::size_t(o.doubling - 1)].name : "";
    if (root.get("doubling")) field("doubling", level, rules_.find_doubling(given_text("doubling")) == o.doubling - 1);
    else field("doubling", level, true);
  }

  const Ruleset& rules_;
  const std::string& prefix_;
  Diagnostics& errors_;
  const LocateError& located_;
};

}  // namespace

bool complete_from_auction(const Ruleset& rules, const InputNode& root, const std::string& prefix, Diagnostics& errors,
                           const LocateError& located, InputNode& completed) {
  return AuctionInput(rules, prefix, errors, located).read(root, completed, true).has_value();
}

std::optional<SheetAuction> complete_sheet_auction(const Ruleset& rules, const InputNode& root, Diagnostics& errors,
                                                   const LocateError& located, InputNode& completed) {
  static const std::string no_prefix;
  return AuctionInput(rules, no_prefix, errors, located).read(root, completed, false);
}

}  // namespace belote
