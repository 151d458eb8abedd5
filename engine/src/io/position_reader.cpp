// Reading a position of the play (the hand and the trick so far).
#include "belote/position_reader.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/json_text.h"
#include "common/text_util.h"
#include "io/input_node.h"
#include "io/json_line_value.h"

namespace belote {

namespace {

class PositionChecker {
 public:
  using Locate = std::function<Diagnostic(int, int, std::string)>;
  PositionChecker(const Ruleset& rules, Diagnostics& errors, Locate at)
      : rules_(rules), deck_(rules.deck), errors_(errors), at_(std::move(at)) {}

  bool read(const InputNode& root, Position& position) {
    const std::size_t before = errors_.count();
    position = Position{};
    if (root.type != InputNode::Type::table) {
      error(root, "a position must be an object with 'hand' and 'trick'");
      return false;
    }
    for (const auto& [key, node] : root.members)
      if (key != "kind" && key != "trump" && key != "hand" && key != "trick" && key != "seat")
        errors_.push_back(at_(node.key_line, node.key_column,
                              fmt::format("unknown key '{}'{}", printable(key),
                                          did_you_mean(key, {"kind", "trump", "hand", "trick", "seat"}))));
    if (!read_kind(root, position)) return false;
    const PlayContext play(rules_, position.kind, position.trump);
    CardSet seen = 0;
    const std::size_t before_trick = errors_.count();
    if (const InputNode* trick = root.get("trick")) read_trick(*trick, play, position, seen);
    if (const InputNode* hand = root.get("hand")) read_hand(*hand, position, seen);
    else error(root, "missing key 'hand' (the cards the player holds)");
    // Who plays next follows from the trick: nothing to check against a trick that could not be read.
    if (errors_.count() != before_trick) return false;
    position.seat = position.trick.to_play();
    if (const InputNode* seat = root.get("seat")) {
      const auto named = seat->type == InputNode::Type::string ? parse_seat(seat->text) : std::nullopt;
      if (!named) error(*seat, fmt::format("'seat' must be one of N, E, S, W, not {}", shown(*seat)));
      else if (position.trick.empty()) position.seat = position.trick.leader = *named;
      else if (*named != position.seat)
        error(*seat, fmt::format("'seat' is {}, but {} plays next in this trick", name(*named), name(position.seat)));
    } else if (position.trick.empty()) {
      error(root, "missing key 'seat': with an empty trick it names the leader");
    }
    return errors_.count() == before;
  }

 private:
  void error(const InputNode& node, std::string message) { errors_.push_back(at_(node.line, node.column, std::move(message))); }

  static std::string shown(const InputNode& node) {
    return node.type == InputNode::Type::string ? fmt::format("'{}'", printable(node.text)) : std::string(node.type_name());
  }

  bool read_kind(const InputNode& root, Position& position) {
    const InputNode* kind = root.get("kind");
    const InputNode* trump = root.get("trump");
    std::optional<Suit> suit;
    if (trump) {
      suit = trump->type == InputNode::Type::string ? deck_.parse_suit(trump->text) : std::nullopt;
      if (!suit) {
        error(*trump, fmt::format("'trump' must be a suit ({}), not {}", fmt::join(deck_.suits, " "), shown(*trump)));
        return false;
      }
      position.trump = *suit;
    }
    if (kind) {
      const auto found = kind->type == InputNode::Type::string ? rules_.find_kind(kind->text) : std::nullopt;
      if (!found) {
        std::vector<std::string> names;
        for (const ContractKind& k : rules_.kinds) names.push_back(k.name);
        const auto reason = kind->type == InputNode::Type::string ? rules_.kind_taken_out_reason(kind->text) : std::nullopt;
        if (reason)
          error(*kind, fmt::format("'kind': kind {} is {} (kinds: {})", shown(*kind), *reason, fmt::join(names, ", ")));
        else
          error(*kind, fmt::format("'kind': unknown kind {} (kinds: {})", shown(*kind), fmt::join(names, ", ")));
        return false;
      }
      position.kind = *found;
      const ContractKind& k = rules_.kinds[std::size_t(*found)];
      if (k.trumps == Trumps::one_suit && !suit) {
        error(root, fmt::format("missing key 'trump': kind '{}' is played with a trump suit", k.name));
        return false;
      }
      if (k.trumps == Trumps::one_suit && !k.in_suit(*suit)) {
        error(*trump, fmt::format("'trump': kind '{}' is not played in {}", k.name, deck_.suits[*suit]));
        return false;
      }
      return true;
    }
    if (!suit) {
      error(root, rules_.kinds_named ? "missing key 'kind' or 'trump'" : "missing key 'trump'");
      return false;
    }
    const auto found = rules_.suit_kind(*suit);
    if (!found) {
      error(*trump, fmt::format("'trump': no kind of this ruleset is played in {}; name the 'kind'", deck_.suits[*suit]));
      return false;
    }
    position.kind = *found;
    return true;
  }

  std::optional<Card> card(const InputNode& node, std::string_view token, std::string_view where) {
    const auto card = deck_.parse_card(token);
    if (!card) error(node, fmt::format("'{}': bad card token '{}'", where, printable(token)));
    return card;
  }

  void read_trick(const InputNode& trick, const PlayContext& play, Position& position, CardSet& seen) {
    if (trick.type != InputNode::Type::array) {
      error(trick, fmt::format("'trick' must be an array of cards with their seats ([\"N KS\", \"W AS\"]), not {}",
                               trick.type_name()));
      return;
    }
    if (trick.items.size() > 3) {
      error(trick, fmt::format("'trick' holds {} cards: a trick in play holds at most 3", trick.items.size()));
      return;
    }
    for (std::size_t i = 0; i < trick.items.size(); ++i) {
      const InputNode& entry = trick.items[i];
      const std::string where = fmt::format("trick[{}]", i);
      const auto space = entry.text.find(' ');
      const auto seat = entry.type == InputNode::Type::string && space != std::string::npos
                            ? parse_seat(entry.text.substr(0, space)) : std::nullopt;
      if (!seat) {
        error(entry, fmt::format("'{}' must be a seat and a card ('N KS'), not {}", where, shown(entry)));
        return;
      }
      const auto played = card(entry, std::string_view(entry.text).substr(space + 1), where);
      if (!played) return;
      if (i == 0) position.trick.leader = *seat;
      if (*seat != position.trick.to_play()) {
        error(entry, fmt::format("'{}': {} plays after {}, not {}", where, name(position.trick.to_play()),
                                 name(position.trick.seat_at(int(i) - 1)), name(*seat)));
        return;
      }
      if (seen & card_bit(*played)) {
        error(entry, fmt::format("'{}': {} is played twice", where, deck_.card_name(*played)));
        return;
      }
      seen |= card_bit(*played);
      add_card(play, position.trick, *played);
    }
  }

  void read_hand(const InputNode& hand, Position& position, CardSet played) {
    if (hand.type != InputNode::Type::string) {
      error(hand, fmt::format("'hand' must be a string of cards (\"AS 7S JH\"), not {}", hand.type_name()));
      return;
    }
    std::size_t start = 0;
    const std::string& text = hand.text;
    while (start < text.size()) {
      const std::size_t end = std::min(text.find(' ', start), text.size());
      if (end > start) {
        const auto c = card(hand, std::string_view(text).substr(start, end - start), "hand");
        if (!c) return;
        if (position.hand & card_bit(*c)) {
          error(hand, fmt::format("'hand': {} is given twice", deck_.card_name(*c)));
          return;
        }
        if (played & card_bit(*c)) {
          error(hand, fmt::format("'hand': {} is in the trick already", deck_.card_name(*c)));
          return;
        }
        position.hand |= card_bit(*c);
        position.hand_order.push_back(*c);
      }
      start = end + 1;
    }
    if (position.hand == 0) error(hand, "'hand' holds no card");
    else if (count(position.hand) > deck_.hand_size)
      error(hand, fmt::format("'hand' holds {} cards; a hand has {}", count(position.hand), deck_.hand_size));
  }

  const Ruleset& rules_;
  const Deck& deck_;
  Diagnostics& errors_;
  Locate at_;
};

}  // namespace

bool PositionReader::read_json_line(std::string_view line, const std::string& display, long line_number,
                                    Position& position, Diagnostics& errors) const {
  // Parsed as a deal's line is, with the same errors.
  const JsonLinePlace place(line, display, line_number);
  const auto value = parse_json_line(line, place, "position", errors);
  if (!value) return false;
  const auto at = [&](int l, int column, std::string message) { return place.at(l, column, std::move(message)); };
  return PositionChecker(rules_, errors, at).read(input_from_json(*value, line, int(line_number)), position);
}

bool PositionReader::read_json(const nlohmann::json& value, const std::string& display, Position& position,
                               Diagnostics& errors) const {
  const auto at = [&](int, int, std::string message) { return Diagnostic{display, 0, 0, std::move(message), ""}; };
  return PositionChecker(rules_, errors, at).read(input_from_json(value, "", 0), position);
}

std::vector<Card> in_hand_order(const Position& position, CardSet cards) {
  std::vector<Card> out;
  for (Card c : position.hand_order)
    if (contains(cards, c)) out.push_back(c);
  return out;
}

std::string legal_cards_json(const Ruleset& rules, const Position& position) {
  const PlayContext play(rules, position.kind, position.trump);
  const LegalPlay legal = legal_play(play, position.hand, position.trick, position.seat);
  nlohmann::ordered_json cards = nlohmann::ordered_json::array();
  for (Card c : in_hand_order(position, legal.cards)) cards.push_back(rules.deck.card_name(c));
  nlohmann::ordered_json out = {{"seat", std::string(name(position.seat))}, {"legal", cards}};
  if (legal.rule != LegalRule::leading && legal.rule != LegalRule::void_free) out["rule"] = legal_rule_key(rules.play, legal.rule);
  return json_text(out);
}

}  // namespace belote
