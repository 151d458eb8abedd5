// Reading a seat's view back (observation_reader.h): the keys that carry
// what was seen are read, replayed on a table dealt one world the seat cannot
// tell apart, and the keys derived from them checked against that table.
#include "belote/observation_reader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "belote/auction_text.h"
#include "belote/table_json.h"
#include "belote/worlds.h"
#include "common/text_util.h"
#include "io/input_node.h"
#include "io/json_line_value.h"
#include "io/text_place.h"
#include "table/dealing.h"

namespace belote {

// A namespace of its own: the engine is built in unity batches, where another file's helpers may share a name.
namespace view_reading {

// The world a view is replayed in: any world that agrees with the view gives
// the same observation and legal actions (tests/table/test_observation.cpp).
constexpr std::uint64_t kWorldSeed = 0x76696577;  // "view"
// Proposals the sampler may draw before giving a world up: a view that
// contradicts itself is then replayed in the last, where its first illegal card shows.
constexpr int kWorldAttempts = 20000;

const std::vector<std::string> kMessageKeys{"type", "seat", "observation", "legal"};
const std::vector<std::string> kViewKeys{"seat",        "phase",     "to_act", "dealer",   "mene",   "played",    "hand",          "dealt",
                                         "turned_card", "proposals", "calls",  "contract", "cards",  "trick",     "trick_winners", "said_with_word",
                                         "declared",    "points",    "tricks", "roem",     "totals", "held_over", "target"};
// The keys derived from the others, checked against the replay when given.
const std::vector<std::string> kDerivedKeys{"phase", "to_act", "contract", "trick", "trick_winners", "points", "tricks", "roem"};

// A place in the view's text (io/text_place.h).
Diagnostic placed(std::string_view text, const std::string& display, int column, std::string message) {
  return place_in_text(text, display, column, std::move(message));
}

// A JSON value quoted in a message.
std::string shown_json(const nlohmann::json& value) { return printable(value.dump(), 200); }

// One event of the view, in the order it is replayed: who, what, and where it was written.
struct PlayedCard {
  Seat seat;
  Card card;
  const InputNode* node;
};
struct SpokenCall {
  Seat seat;
  std::string text;
  const InputNode* node;
};
struct Declared {
  Seat seat;
  CardSet cards;
  /// Its shape, enough for its cards (the world's sampler keeps them in the seat's hand).
  Announcement shape;
  const InputNode* node;
  bool applied = false;
};

// The run of one suit, or the four cards of one rank, that `cards` are.
std::optional<Announcement> announcement_shape(CardSet cards) {
  if (cards == 0) return std::nullopt;
  Announcement a;
  const Card lowest = Card(std::countr_zero(cards));
  if (const RankMask carre = four_of_a_kind(cards); count(cards) == kSuitCount && carre) {
    a.carre = true;
    a.top = Rank(std::countr_zero(carre));
    a.length = kSuitCount;
  } else {
    a.suit = suit_of(lowest);
    a.length = std::uint8_t(count(cards));
    a.top = Rank(rank_of(lowest) + a.length - 1);
  }
  if (a.cards() != cards) return std::nullopt;
  return a;
}

class ViewReader {
 public:
  ViewReader(const Ruleset& rules, std::string_view text, const std::string& display, Diagnostics& errors)
      : rules_(rules), deck_(rules.deck), text_(text), display_(display), errors_(errors) {}

  bool read(const nlohmann::json& value, bool to_act) {
    const InputNode root = input_from_json(value, text_, 1);
    if (root.type != InputNode::Type::table)
      return fail(root, "a seat's view is a JSON object: an 'act' message of the bot protocol, or its 'observation'");
    if (!rules_.auction.given)
      return fail(root, fmt::format("ruleset '{}' states no auction ([auction]): a seat's view is of a mène at the table", rules_.info.name));
    const InputNode* view = &root;
    const nlohmann::json* view_json = &value;
    const InputNode* legal = nullptr;
    const InputNode* act_seat = nullptr;
    if (is_seat_view_message(root)) {
      if (!known_keys(root, kMessageKeys)) return false;
      if (const InputNode* type = root.get("type"); type && (type->type != InputNode::Type::string || type->text != "act"))
        return fail(*type, fmt::format("'type' is {}: only an 'act' message holds a seat's view", shown(*type)));
      view = root.get("observation");
      if (!view) return fail(root, "missing key 'observation' (the seat's view)");
      if (view->type != InputNode::Type::table) return fail(*view, fmt::format("'observation' must be an object, not {}", view->type_name()));
      view_json = &value["observation"];
      legal = root.get("legal");
      act_seat = root.get("seat");
    }
    if (!known_keys(*view, kViewKeys) || !read_view(*view)) return false;
    if (act_seat) {
      const auto seat = read_seat(*act_seat, "seat");
      if (!seat) return false;
      if (*seat != seen_.seat) return fail(*act_seat, fmt::format("'seat' is {}, but the observation is {}'s", name(*seat), name(seen_.seat)));
    }
    if (!replay(*view)) return false;
    Table& table = *position_.table;
    // The sheet's figures are the file's: one mène replayed has no sheet.
    Observation replayed = table.observe(seen_.seat);
    replayed.played = seen_.played;
    replayed.totals = seen_.totals;
    replayed.held_over = seen_.held_over;
    if (!agrees(*view, *view_json, table, replayed)) return false;
    if (to_act && replayed.to_act != replayed.seat)
      return fail(*view->get("seat"),
                  fmt::format("the view is {}'s, but {} is to act: advice is for the seat to act", name(replayed.seat), name(replayed.to_act)));
    if (legal && !legal_agrees(*legal, table)) return false;
    position_.seen = std::move(replayed);
    return true;
  }

  SeatPosition take() { return std::move(position_); }

  static bool is_seat_view_message(const InputNode& root) { return root.get("type") || root.get("observation"); }

 private:
  // --- errors -------------------------------------------------------------

  bool fail(const InputNode& node, std::string message) {
    errors_.push_back(placed(text_, display_, node.column, std::move(message)));
    return false;
  }
  bool fail_key(const InputNode& node, std::string message) {
    errors_.push_back(placed(text_, display_, node.key_column, std::move(message)));
    return false;
  }
  // Where a key is, or the object where it is missing.
  static const InputNode& key_or_object(const InputNode& object, std::string_view key) {
    const InputNode* node = object.get(key);
    return node ? *node : object;
  }
  static std::string shown(const InputNode& node) {
    return node.type == InputNode::Type::string ? fmt::format("'{}'", printable(node.text)) : std::string(node.type_name());
  }

  bool known_keys(const InputNode& object, const std::vector<std::string>& keys) {
    for (const auto& [key, node] : object.members)
      if (std::find(keys.begin(), keys.end(), key) == keys.end())
        return fail_key(node, fmt::format("unknown key '{}'{}", printable(key), did_you_mean(key, keys)));
    return true;
  }

  // --- values -------------------------------------------------------------

  const InputNode* required(const InputNode& object, std::string_view key, std::string_view meaning) {
    const InputNode* node = object.get(key);
    if (!node) fail(object, fmt::format("missing key '{}' ({})", key, meaning));
    return node;
  }

  std::optional<Seat> read_seat(const InputNode& node, const std::string& where) {
    const auto seat = node.type == InputNode::Type::string ? parse_seat(node.text) : std::nullopt;
    if (!seat) fail(node, fmt::format("'{}' must be a seat (N, E, S, W), not {}", where, shown(node)));
    return seat;
  }

  std::optional<Card> read_card(const InputNode& node, const std::string& where) {
    const auto card = node.type == InputNode::Type::string ? deck_.parse_card(node.text) : std::nullopt;
    if (!card) fail(node, fmt::format("'{}' must be a card of ruleset '{}' (rank then suit: QH, 10S), not {}", where, rules_.info.name, shown(node)));
    return card;
  }

  std::optional<CardSet> read_cards(const InputNode& node, const std::string& where) {
    if (node.type != InputNode::Type::array) {
      fail(node, fmt::format("'{}' must be an array of cards ([\"QH\", \"10S\"]), not {}", where, node.type_name()));
      return std::nullopt;
    }
    CardSet out = 0;
    for (std::size_t i = 0; i < node.items.size(); ++i) {
      const auto card = read_card(node.items[i], fmt::format("{}[{}]", where, i));
      if (!card) return std::nullopt;
      if (contains(out, *card)) {
        fail(node.items[i], fmt::format("'{}[{}]': {} is given twice", where, i, deck_.card_name(*card)));
        return std::nullopt;
      }
      out |= card_bit(*card);
    }
    return out;
  }

  std::optional<int> read_number(const InputNode& node, const std::string& where, int low, int high) {
    if (node.type != InputNode::Type::integer || node.integer < low || node.integer > high) {
      fail(node, fmt::format("'{}' must be a whole number from {} to {}, not {}", where, low, high,
                             node.type == InputNode::Type::integer ? std::to_string(node.integer) : std::string(node.type_name())));
      return std::nullopt;
    }
    return int(node.integer);
  }

  std::optional<PerTeam<int>> read_teams(const InputNode& node, const std::string& where) {
    if (node.type != InputNode::Type::table) {
      fail(node, fmt::format("'{}' must be an object with a number per team ({{\"NS\": 0, \"EW\": 0}}), not {}", where, node.type_name()));
      return std::nullopt;
    }
    if (!known_keys(node, {"NS", "EW"})) return std::nullopt;
    PerTeam<int> out;
    for (Team team : kTeams) {
      const std::string key(name(team));
      const InputNode* value = required(node, key, fmt::format("the number of team {}", key));
      const auto number = value ? read_number(*value, where + "." + key, -1000000000, 1000000000) : std::nullopt;
      if (!number) return std::nullopt;
      out[team] = *number;
    }
    return out;
  }

  // An array whose items are objects, each read by `item`.
  template <class Item>
  bool read_objects(const InputNode& node, const std::string& where, std::string_view example, Item item) {
    if (node.type != InputNode::Type::array) return fail(node, fmt::format("'{}' must be an array ({}), not {}", where, example, node.type_name()));
    for (std::size_t i = 0; i < node.items.size(); ++i) {
      const InputNode& entry = node.items[i];
      const std::string at = fmt::format("{}[{}]", where, i);
      if (entry.type != InputNode::Type::table)
        return fail(entry, fmt::format("'{}' must be an object ({}), not {}", at, example, entry.type_name()));
      if (!item(entry, at)) return false;
    }
    return true;
  }

  // A required seat, read into `out`.
  bool read_seat_key(const InputNode& object, std::string_view key, std::string_view meaning, Seat& out) {
    const InputNode* node = required(object, key, meaning);
    const auto seat = node ? read_seat(*node, std::string(key)) : std::nullopt;
    if (seat) out = *seat;
    return seat.has_value();
  }

  // A whole number read into `out` when given.
  bool read_number_key(const InputNode& object, std::string_view key, int low, int high, int& out) {
    const InputNode* node = object.get(key);
    if (!node) return true;
    const auto number = read_number(*node, std::string(key), low, high);
    if (number) out = *number;
    return number.has_value();
  }

  // --- the view's own keys ---------------------------------------------------

  bool read_view(const InputNode& view) {
    if (!read_seat_key(view, "seat", "the seat whose view it is", seen_.seat)) return false;
    if (const InputNode* phase = view.get("phase"); phase && phase->type == InputNode::Type::string && phase->text == "over")
      return fail(*phase, "'phase' is 'over': the game is over, there is nothing to advise");
    if (!read_seat_key(view, "dealer", "the mène's dealer", seen_.dealer)) return false;
    if (!read_number_key(view, "mene", 1, 100000, seen_.mene) || !read_number_key(view, "played", 0, seen_.mene - 1, seen_.played)) return false;
    const InputNode* hand = required(view, "hand", "the seat's cards now");
    if (!hand) return false;
    if (const auto cards = read_cards(*hand, "hand"))
      seen_.hand = *cards;
    else
      return false;
    if (count(seen_.hand) > deck_.hand_size)
      return fail(*hand, fmt::format("'hand' holds {} cards; a hand of ruleset '{}' holds {}", count(seen_.hand), rules_.info.name, deck_.hand_size));
    if (const InputNode* dealt = view.get("dealt")) {
      const auto cards = read_cards(*dealt, "dealt");
      if (!cards) return false;
      seen_.dealt = *cards;
      dealt_given_ = true;
    }
    if (const InputNode* turned = view.get("turned_card"); turned && turned->type != InputNode::Type::null) {
      const auto card = read_card(*turned, "turned_card");
      if (!card) return false;
      seen_.turned_card = *card;
    }
    if (!read_turned(view)) return false;
    const InputNode* calls = required(view, "calls", "every call of the auction so far");
    if (!calls || !read_calls(*calls)) return false;
    if (const InputNode* cards = view.get("cards"); cards && !read_played(*cards)) return false;
    if (const InputNode* words = view.get("said_with_word")) {
      const auto cards = read_cards(*words, "said_with_word");
      if (!cards) return false;
      seen_.said_with_word = *cards;
      CardSet played = 0;
      for (const PlayedCard& p : played_) played |= card_bit(p.card);
      if (const CardSet unplayed = *cards & ~played)
        return fail(*words,
                    fmt::format("'said_with_word': {} {} not been played", deck_.cards_text(unplayed), count(unplayed) == 1 ? "has" : "have"));
    }
    if (const InputNode* declared = view.get("declared"); declared && !read_declared(*declared)) return false;
    if (const InputNode* totals = view.get("totals")) {
      const auto teams = read_teams(*totals, "totals");
      if (!teams) return false;
      seen_.totals = *teams;
    }
    seen_.target = rules_.game.target;
    if (!read_number_key(view, "held_over", 0, 1000000000, seen_.held_over) || !read_number_key(view, "target", 0, 1000000000, seen_.target))
      return false;
    return true;
  }

  // The turned card and the suits proposed, as the ruleset's [dealing] turns them.
  bool read_turned(const InputNode& view) {
    const InputNode* turned = view.get("turned_card");
    const bool turns_card = rules_.dealing.turned == TurnedCard::card;
    if (seen_.turned_card >= 0 && !turns_card)
      return fail(*turned, fmt::format("'turned_card' is {}, but ruleset '{}' turns no card up (dealing.turned)",
                                       deck_.card_name(Card(seen_.turned_card)), rules_.info.name));
    if (turns_card && seen_.turned_card < 0)
      return turned ? fail(*turned, fmt::format("'turned_card' is null, but ruleset '{}' turns a card up (dealing.turned)", rules_.info.name))
                    : fail(view, fmt::format("missing key 'turned_card': ruleset '{}' turns a card up (dealing.turned)", rules_.info.name));
    const InputNode* proposals = view.get("proposals");
    if (!proposals) return true;
    if (proposals->type != InputNode::Type::array)
      return fail(*proposals, fmt::format("'proposals' must be an array of suits ([\"H\"]), not {}", proposals->type_name()));
    for (std::size_t i = 0; i < proposals->items.size(); ++i) {
      const InputNode& item = proposals->items[i];
      const auto suit = item.type == InputNode::Type::string ? deck_.parse_suit(item.text) : std::nullopt;
      if (!suit) return fail(item, fmt::format("'proposals[{}]' must be a suit ({}), not {}", i, fmt::join(deck_.suits, " "), shown(item)));
      if (!rules_.suit_kind(*suit))
        return fail(item, fmt::format("'proposals[{}]': no kind of ruleset '{}' is played in {}", i, rules_.info.name, deck_.suits[*suit]));
      if (std::find(seen_.proposals.begin(), seen_.proposals.end(), *suit) != seen_.proposals.end())
        return fail(item, fmt::format("'proposals[{}]': {} is proposed twice", i, deck_.suits[*suit]));
      if (i == 0 && seen_.turned_card >= 0 && *suit != suit_of(Card(seen_.turned_card)))
        return fail(item, fmt::format("'proposals[0]' is {}, but the turned card {} proposes {}", deck_.suits[*suit],
                                      deck_.card_name(Card(seen_.turned_card)), deck_.suits[suit_of(Card(seen_.turned_card))]));
      seen_.proposals.push_back(*suit);
    }
    return true;
  }

  // An entry of a seat and what it did ({"seat": "W", "card": "JH"}): the seat, and the node of `key`.
  std::optional<std::pair<Seat, const InputNode*>> seat_and(const InputNode& entry, const std::string& at, const std::vector<std::string>& keys,
                                                            std::string_view key, std::string_view seat_meaning, std::string_view meaning) {
    if (!known_keys(entry, keys)) return std::nullopt;
    const InputNode* seat = required(entry, "seat", seat_meaning);
    const InputNode* value = seat ? required(entry, key, meaning) : nullptr;
    const auto who = value ? read_seat(*seat, at + ".seat") : std::nullopt;
    if (!who) return std::nullopt;
    return std::pair{*who, value};
  }

  bool read_calls(const InputNode& calls) {
    return read_objects(calls, "calls", "{\"seat\": \"W\", \"call\": \"80 H\"}", [&](const InputNode& entry, const std::string& at) {
      const auto spoken = seat_and(entry, at, {"seat", "call"}, "call", "who spoke", "what was said");
      if (!spoken) return false;
      const auto [who, call] = *spoken;
      if (call->type != InputNode::Type::string)
        return fail(*call, fmt::format("'{}.call' must be a call in words (\"80 H\", \"pass\"), not {}", at, call->type_name()));
      calls_.push_back(SpokenCall{who, call->text, &entry});
      return true;
    });
  }

  bool read_played(const InputNode& cards) {
    CardSet played = 0;
    return read_objects(cards, "cards", "{\"seat\": \"W\", \"card\": \"JH\"}", [&](const InputNode& entry, const std::string& at) {
      const auto played_by = seat_and(entry, at, {"seat", "card"}, "card", "who played", "the card played");
      if (!played_by) return false;
      const auto [who, card] = *played_by;
      const auto what = read_card(*card, at + ".card");
      if (!what) return false;
      if (contains(played, *what)) return fail(*card, fmt::format("'{}': {} is played twice", at, deck_.card_name(*what)));
      if (contains(seen_.hand, *what)) return fail(*card, fmt::format("'{}': {} is played, but it is in 'hand'", at, deck_.card_name(*what)));
      played |= card_bit(*what);
      played_.push_back(PlayedCard{who, *what, &entry});
      return true;
    });
  }

  bool read_declared(const InputNode& declared) {
    return read_objects(
        declared, "declared", "{\"seat\": \"N\", \"announcement\": \"tierce\", \"cards\": [\"JH\", \"QH\", \"KH\"]}",
        [&](const InputNode& entry, const std::string& at) {
          const auto declared_by = seat_and(entry, at, {"seat", "announcement", "cards"}, "cards", "who declared", "the announcement's cards");
          if (!declared_by) return false;
          const auto [who, cards] = *declared_by;
          const auto set = read_cards(*cards, at + ".cards");
          if (!set) return false;
          const auto shape = announcement_shape(*set);
          if (!shape)
            return fail(*cards,
                        fmt::format("'{}.cards': {} is no announcement (a run of one suit, or four cards of one rank)", at, deck_.cards_text(*set)));
          declared_.push_back(Declared{who, *set, *shape, &entry});
          return true;
        });
  }

  // --- the replay -------------------------------------------------------------

  // The proposals of the deal: those seen, then the ruleset's other suits (not seen yet: any order does).
  bool set_proposals(const InputNode& view, const DealingPlan& plan, DealtMene& dealt) {
    const int suit_count = plan.suit_count;
    int count = 0;
    if (rules_.dealing.turned != TurnedCard::none)
      count = rules_.auction.on_all_pass == AllPass::next_turned_card ? suit_count : std::min(suit_count, 1);
    std::vector<Suit> suits = seen_.proposals;
    if (suits.empty() && seen_.turned_card >= 0) suits.push_back(suit_of(Card(seen_.turned_card)));
    if (int(suits.size()) > count)
      return fail(key_or_object(view, "proposals"),
                  fmt::format("'proposals' holds {} suits, but ruleset '{}' proposes at most {}", suits.size(), rules_.info.name, count));
    if (count > 0 && suits.empty())
      return fail(view, fmt::format("missing key 'proposals': ruleset '{}' turns a suit up (dealing.turned)", rules_.info.name));
    for (int i = 0; i < suit_count && int(suits.size()) < count; ++i)
      if (std::find(suits.begin(), suits.end(), plan.suits[std::size_t(i)]) == suits.end()) suits.push_back(plan.suits[std::size_t(i)]);
    dealt.proposal_count = std::uint8_t(count);
    for (int i = 0; i < count; ++i) dealt.proposals[std::size_t(i)] = suits[std::size_t(i)];
    return true;
  }

  // A deal as the ruleset deals it before the auction, the seat holding `own`
  // (none: cards drawn like the others'), the turned card turned, the rest of
  // the pack to deal after the auction.
  DealtMene deal_before_auction(const DealingPlan& plan, Seat first, CardSet own, Xoshiro256& rng) const {
    DealtMene dealt;
    dealt.dealer = seen_.dealer;
    dealt.first = first;
    dealt.number = std::uint64_t(seen_.mene - 1);
    dealt.turned_card = std::int8_t(seen_.turned_card);
    const CardSet turned = seen_.turned_card >= 0 ? card_bit(Card(seen_.turned_card)) : 0;
    std::vector<Card> rest;
    for (CardSet left = deck_.all_cards() & ~own & ~turned; left;) rest.push_back(pop_lowest(left));
    for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[rng.below(std::uint32_t(i))]);
    const int each = plan.dealt / 4;
    std::size_t next = 0;
    int place = 0;
    Seat seat = seen_.dealer;
    for (int i = 0; i < 4; ++i) {
      seat = next_in_play(seat);
      CardSet hand = seat == seen_.seat && own ? own : 0;
      while (count(hand) < each) hand |= card_bit(rest[next++]);
      dealt.hands[seat] = hand;
      for (CardSet cards = hand; cards;) dealt.pack[std::size_t(place++)] = pop_lowest(cards);
    }
    if (turned) dealt.pack[std::size_t(place++)] = Card(seen_.turned_card);
    dealt.pack_next = std::uint8_t(place);
    while (next < rest.size()) dealt.pack[std::size_t(place++)] = rest[next++];
    dealt.pack_count = std::uint8_t(place);
    dealt.before_auction = dealt.hands;
    dealt.complete = rules_.dealing.packets_after.empty();
    return dealt;
  }

  TableSetup setup() const {
    TableSetup setup;
    setup.seed = kWorldSeed;
    setup.target = seen_.target;
    setup.keep_history = false;
    return setup;
  }

  // The calls applied to `table`, each checked by the auction's rules.
  bool replay_calls(Table& table, const InputNode& view) {
    for (std::size_t i = 0; i < calls_.size(); ++i) {
      const SpokenCall& spoken = calls_[i];
      const InputNode& seat = *spoken.node->get("seat");
      const InputNode& words = *spoken.node->get("call");
      if (table.phase() != TablePhase::auction || table.tally().dealt != seen_.mene)
        return fail(*spoken.node, fmt::format("'calls[{}]': the auction had ended before it", i));
      if (spoken.seat != table.to_act())
        return fail(seat, fmt::format("'calls[{}]' is {}'s, but {} is to speak", i, name(spoken.seat), name(table.to_act())));
      const Call call = read_call(rules_, spoken.seat, spoken.text);
      const auto action = call.type == CallType::unknown ? std::nullopt : table.actions().call(call);
      if (!action) return fail(words, fmt::format("'calls[{}].call': '{}' is no call of ruleset '{}'", i, printable(spoken.text), rules_.info.name));
      if (const auto error = table.apply(*action)) return fail(words, fmt::format("'calls[{}]': {}", i, error->message));
    }
    if (table.tally().dealt != seen_.mene)
      return fail(calls_.empty() ? view : *calls_.back().node, "the auction ended in a redeal: the mène is over, there is nothing to advise");
    return true;
  }

  // The declarations of `seat`, made before its first card, each matched by its cards.
  bool declare(Table& table, Seat seat) {
    for (std::size_t i = 0; i < declared_.size(); ++i) {
      Declared& d = declared_[i];
      if (d.seat != seat || d.applied) continue;
      const SeatAnnouncements held = table.declarable(seat);
      int slot = -1;
      for (int k = 0; k < held.count; ++k)
        if (held.items[std::size_t(k)].cards() == d.cards) slot = k;
      if (slot < 0)
        return fail(*d.node, fmt::format("'declared[{}]': {} is not an announcement {} may declare", i, deck_.cards_text(d.cards), name(seat)));
      if (const auto error = table.apply(table.actions().declare(slot))) return fail(*d.node, fmt::format("'declared[{}]': {}", i, error->message));
      d.applied = true;
    }
    return true;
  }

  bool replay_cards(Table& table, const InputNode& view) {
    PerSeat<bool> spoke{};
    for (std::size_t i = 0; i < played_.size(); ++i) {
      const PlayedCard& p = played_[i];
      if (table.phase() == TablePhase::play) {
        if (p.seat != table.to_act())
          return fail(*p.node->get("seat"), fmt::format("'cards[{}]' is {}'s, but {} is to play", i, name(p.seat), name(table.to_act())));
        if (table.play()->trick_number() == 1 && !spoke[p.seat]) {
          spoke[p.seat] = true;
          if (!declare(table, p.seat)) return false;
        }
      }
      const Action action = table.actions().card(p.card, contains(seen_.said_with_word, p.card));
      if (const auto error = table.apply(action)) return fail(*p.node->get("card"), fmt::format("'cards[{}]': {}", i, error->message));
      if (table.tally().dealt != seen_.mene || table.over())
        return fail(key_or_object(view, "cards"), "every card of the mène is played: the mène is over, there is nothing to advise");
    }
    // The seat to play may have declared before its first card.
    if (table.phase() == TablePhase::play && table.play()->trick_number() == 1 && !spoke[table.to_act()] && !declare(table, table.to_act()))
      return false;
    for (std::size_t i = 0; i < declared_.size(); ++i)
      if (!declared_[i].applied)
        return fail(*declared_[i].node, fmt::format("'declared[{}]': {} cannot have declared it here: announcements are declared in trick 1, "
                                                    "before or with one's first card (play.md 3.1)",
                                                    i, name(declared_[i].seat)));
    return true;
  }

  // The seat's cards are a hand's count with those it played; the cards follow the turn of play.
  bool check_play_counts(const InputNode& view, const AuctionOutcome& contract) {
    const AuctionKind& kind = rules_.auction.kinds[std::size_t(contract.kind)];
    const PlayContext play(rules_, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
    Trick trick;
    trick.leader = contract.first_lead;
    CardSet own_played = 0;
    for (std::size_t i = 0; i < played_.size(); ++i) {
      const PlayedCard& p = played_[i];
      if (p.seat != trick.to_play())
        return fail(*p.node->get("seat"), fmt::format("'cards[{}]' is {}'s, but {} is to play", i, name(p.seat), name(trick.to_play())));
      if (p.seat == seen_.seat) own_played |= card_bit(p.card);
      add_card(play, trick, p.card);
      if (trick.complete()) {
        const Seat winner = trick.winner();
        trick = Trick{};
        trick.leader = winner;
      }
    }
    if (count(seen_.hand) + count(own_played) != deck_.hand_size)
      return fail(key_or_object(view, "hand"),
                  fmt::format("'hand' holds {} card{} and {} has played {}: a hand of ruleset '{}' holds {}", count(seen_.hand),
                              plural(count(seen_.hand)), name(seen_.seat), count(own_played), rules_.info.name, deck_.hand_size));
    if (!dealt_given_) seen_.dealt = seen_.hand | own_played;
    // The turned card goes to the taker.
    if (seen_.turned_card >= 0) {
      const Card turned = Card(seen_.turned_card);
      for (std::size_t i = 0; i < played_.size(); ++i)
        if (played_[i].card == turned && played_[i].seat != contract.taker)
          return fail(*played_[i].node->get("card"), fmt::format("'cards[{}]': {} is the turned card, which the taker {} holds, not {}", i,
                                                                 deck_.card_name(turned), name(contract.taker), name(played_[i].seat)));
      if (seen_.seat != contract.taker && contains(seen_.hand, turned))
        return fail(key_or_object(view, "hand"),
                    fmt::format("'hand' holds the turned card {}, which the taker {} holds", deck_.card_name(turned), name(contract.taker)));
      if (seen_.seat == contract.taker && !contains(seen_.hand | own_played, turned))
        return fail(key_or_object(view, "hand"), fmt::format("the taker {} holds the turned card {}, but 'hand' and the cards {} played lack it",
                                                             name(seen_.seat), deck_.card_name(turned), name(seen_.seat)));
    }
    return true;
  }

  // Whether `hands` give every card of the deck, a hand's count to each seat.
  bool whole_deal(const PerSeat<CardSet>& hands) const {
    CardSet all = 0;
    for (Seat s : kSeats) {
      if (count(hands[s]) != deck_.hand_size || (all & hands[s])) return false;
      all |= hands[s];
    }
    return all == deck_.all_cards();
  }

  bool replay(const InputNode& view) {
    const DealingPlan plan(rules_);
    Xoshiro256 rng(kWorldSeed, 0);
    // Who spoke first: the first call's seat, or the seat to act before any call.
    Seat first = next_in_play(seen_.dealer);
    if (!calls_.empty()) {
      first = calls_.front().seat;
      // The seat after the dealer speaks first, unless a game's first deal gives the first word to a card's holder.
      if (first != next_in_play(seen_.dealer) && !(seen_.mene == 1 && rules_.auction.first_deal_holder))
        return fail(*calls_.front().node->get("seat"), fmt::format("'calls[0]' is {}'s, but {}, after the dealer {}, speaks first", name(first),
                                                                   name(next_in_play(seen_.dealer)), name(seen_.dealer)));
    } else if (const InputNode* to_act = view.get("to_act"); to_act && to_act->type == InputNode::Type::string && parse_seat(to_act->text))
      first = *parse_seat(to_act->text);
    // The auction first, on any deal: no call depends on the cards.
    DealtMene dealt = deal_before_auction(plan, first, 0, rng);
    if (!set_proposals(view, plan, dealt)) return false;
    std::optional<Table>& table = position_.table;
    table.emplace(rules_, setup(), dealt);
    if (!replay_calls(*table, view)) return false;
    if (table->phase() == TablePhase::auction) {
      // Before the auction ends the seat holds what it was dealt so far; the
      // others are dealt the same count, and the turned card stays turned.
      const int each = plan.dealt / 4;
      if (dealt_given_ && seen_.dealt != seen_.hand)
        return fail(key_or_object(view, "dealt"), "'dealt' and 'hand' differ, but no card is played during the auction");
      if (count(seen_.hand) != each)
        return fail(key_or_object(view, "hand"), fmt::format("'hand' holds {} card{}, but ruleset '{}' deals {} before the auction",
                                                             count(seen_.hand), plural(count(seen_.hand)), rules_.info.name, each));
      if (seen_.turned_card >= 0 && contains(seen_.hand, Card(seen_.turned_card)))
        return fail(key_or_object(view, "turned_card"), fmt::format("'turned_card' {} is in 'hand'", deck_.card_name(Card(seen_.turned_card))));
      seen_.dealt = seen_.hand;
      DealtMene own = deal_before_auction(plan, first, seen_.hand, rng);
      own.proposal_count = dealt.proposal_count;
      own.proposals = dealt.proposals;
      table.emplace(rules_, setup(), own);
      if (!replay_calls(*table, view)) return false;
      return replay_cards(*table, view);
    }
    // In the play: one world drawn among those the seat cannot tell apart, every card of it replayed.
    const AuctionOutcome contract = *table->contract();
    if (!check_play_counts(view, contract)) return false;
    Observation seen = seen_;
    seen.phase = TablePhase::play;
    seen.contract = contract;
    for (const PlayedCard& p : played_) seen.cards.emplace_back(p.seat, p.card);
    for (const Declared& d : declared_) seen.declared.push_back(DeclaredAnnouncement{d.seat, d.shape});
    WorldSampler sampler(rules_, seen);
    // (Each declaration's seat is dealt a hand that declares it: worlds.h.)
    const World world = sampler.sample(rng, kWorldAttempts);
    if (!whole_deal(world.dealt))
      return fail(view, fmt::format("no deal of ruleset '{}' agrees with {}'s view: the cards played, declared and held contradict each other",
                                    rules_.info.name, name(seen_.seat)));
    DealtMene whole = DealtMene::of_hands(seen_.dealer, first, world.dealt);
    whole.number = dealt.number;
    whole.turned_card = dealt.turned_card;
    whole.proposal_count = dealt.proposal_count;
    whole.proposals = dealt.proposals;
    table.emplace(rules_, setup(), whole);
    if (!replay_calls(*table, view)) return false;
    return replay_cards(*table, view);
  }

  // --- what the view derives ----------------------------------------------------

  bool agrees(const InputNode& view, const nlohmann::json& given, const Table& table, const Observation& replayed) {
    const auto expected = nlohmann::json::parse(observation_json(table, replayed));
    for (const std::string& key : kDerivedKeys) {
      const InputNode* node = view.get(key);
      if (node && given[key] != expected[key])
        return fail(*node, fmt::format("'{}' is {}, but the calls and cards give {}", key, shown_json(given[key]), shown_json(expected[key])));
    }
    if (replayed.dealt != seen_.dealt)
      return fail(key_or_object(view, "dealt"), fmt::format("'dealt' holds {}, but 'hand' and the cards {} played give {}",
                                                            deck_.cards_text(seen_.dealt), name(seen_.seat), deck_.cards_text(replayed.dealt)));
    if (const InputNode* proposals = view.get("proposals"); proposals && replayed.proposals != seen_.proposals) {
      std::vector<std::string> suits;
      for (Suit s : replayed.proposals) suits.push_back(deck_.suits[s]);
      return fail(*proposals, fmt::format("'proposals' is {}, but the calls give [{}]", shown_json(given["proposals"]), fmt::join(suits, ", ")));
    }
    // Announcements by their names too, in any order.
    if (const InputNode* declared = view.get("declared")) {
      auto sorted = [](nlohmann::json list) {
        for (auto& entry : list)
          if (entry.contains("cards") && entry["cards"].is_array()) std::sort(entry["cards"].begin(), entry["cards"].end());
        std::sort(list.begin(), list.end());
        return list;
      };
      if (sorted(given["declared"]) != sorted(expected["declared"]))
        return fail(*declared,
                    fmt::format("'declared' is {}, but the hands give {}", shown_json(given["declared"]), shown_json(expected["declared"])));
    }
    return true;
  }

  bool legal_agrees(const InputNode& legal, const Table& table) {
    const std::vector<Action> allowed = table.legal().list(table.actions(), rules_);
    std::vector<std::string> expected;
    for (Action a : allowed) expected.push_back(table.action_text(a));
    std::vector<Action> given;
    const bool read = read_objects(legal, "legal", "{\"action\": 20, \"text\": \"JD\"}", [&](const InputNode& entry, const std::string& at) {
      if (!known_keys(entry, {"action", "text"})) return false;
      const InputNode* action = required(entry, "action", "the action's number");
      const auto number = action ? read_number(*action, at + ".action", 0, table.actions().size() - 1) : std::nullopt;
      if (!number) return false;
      given.push_back(Action(*number));
      return true;
    });
    if (!read) return false;
    if (given != allowed) {
      std::vector<std::string> listed;
      for (Action a : given) listed.push_back(table.action_text(a));
      return fail(legal, fmt::format("'legal' lists {}, but the position allows {}",
                                     listed.empty() ? "nothing" : fmt::format("{}", fmt::join(listed, ", ")), fmt::join(expected, ", ")));
    }
    return true;
  }

  const Ruleset& rules_;
  const Deck& deck_;
  std::string_view text_;
  const std::string& display_;
  Diagnostics& errors_;
  Observation seen_;
  bool dealt_given_ = false;
  std::vector<SpokenCall> calls_;
  std::vector<PlayedCard> played_;
  std::vector<Declared> declared_;
  SeatPosition position_;
};

}  // namespace view_reading

bool is_seat_view(const nlohmann::json& value) {
  return value.is_object() && (value.contains("type") || value.contains("observation") || value.contains("hand"));
}

bool ObservationReader::read(std::string_view text, const std::string& display, SeatPosition& out, Diagnostics& errors, bool to_act) const {
  // Parsed as a line of JSON Lines is, with the same errors; places found again in a text of several lines.
  const JsonLinePlace place(text, display, 1);
  Diagnostics parse_errors;
  const auto value = parse_json_line(text, place, "seat's view", parse_errors);
  if (!value) {
    for (const Diagnostic& d : parse_errors) errors.push_back(view_reading::placed(text, display, d.column, d.message));
    return false;
  }
  view_reading::ViewReader reader(rules_, text, display, errors);
  if (!reader.read(*value, to_act)) return false;
  out = reader.take();
  return true;
}

}  // namespace belote
