// The keys of a seat's view that carry what it saw (view_reader.h): its seat,
// the dealer and the mène, its cards, the turned card and the suits proposed,
// the calls, the cards played, the declarations, the totals.
#include "players/view_reader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>

#include "common/text_util.h"

namespace belote::view_reading {

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

bool ViewReader::read_view(const InputNode& view) {
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
bool ViewReader::read_turned(const InputNode& view) {
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
std::optional<std::pair<Seat, const InputNode*>> ViewReader::seat_and(const InputNode& entry, const std::string& at,
                                                                      const std::vector<std::string>& keys, std::string_view key,
                                                                      std::string_view seat_meaning, std::string_view meaning) {
  if (!known_keys(entry, keys)) return std::nullopt;
  const InputNode* seat = required(entry, "seat", seat_meaning);
  const InputNode* value = seat ? required(entry, key, meaning) : nullptr;
  const auto who = value ? read_seat(*seat, at + ".seat") : std::nullopt;
  if (!who) return std::nullopt;
  return std::pair{*who, value};
}

bool ViewReader::read_calls(const InputNode& calls) {
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

bool ViewReader::read_played(const InputNode& cards) {
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

// Each announcement declared: with its cards where the seat knows them (a view
// may give any so, and the seat then knows them), or a sequence by its name
// alone (docs/table.md).
bool ViewReader::read_declared(const InputNode& declared) {
  return read_objects(
      declared, "declared", "{\"seat\": \"N\", \"announcement\": \"tierce\", \"points\": 20, \"cards\": [\"JH\", \"QH\", \"KH\"]}",
      [&](const InputNode& entry, const std::string& at) {
        if (!known_keys(entry, {"seat", "announcement", "points", "cards"})) return false;
        const InputNode* seat = required(entry, "seat", "who declared");
        const auto who = seat ? read_seat(*seat, at + ".seat") : std::nullopt;
        if (!who) return false;
        if (const InputNode* cards = entry.get("cards")) {
          const auto set = read_cards(*cards, at + ".cards");
          if (!set) return false;
          const auto shape = announcement_shape(*set);
          if (!shape)
            return fail(*cards,
                        fmt::format("'{}.cards': {} is no announcement (a run of one suit, or four cards of one rank)", at, deck_.cards_text(*set)));
          declared_.push_back(Declared{*who, *set, *shape, &entry});
          return true;
        }
        const InputNode* named = required(entry, "announcement", "the announcement's name (or its cards)");
        if (!named) return false;
        const std::vector<std::string>& names = rules_.sequences.names_by_length;
        std::vector<std::string> listed;
        for (const std::string& n : names)
          if (!n.empty()) listed.push_back(n);
        const auto is_named = [&](const std::string& n) { return !n.empty() && to_lower(n) == to_lower(named->text); };
        const auto length = named->type == InputNode::Type::string ? std::find_if(names.begin(), names.end(), is_named) : names.end();
        if (length == names.end())
          return fail(*named, fmt::format("'{}.announcement' must name a sequence of ruleset '{}' ({}) where 'cards' is not given, not {}", at,
                                          rules_.info.name, fmt::join(listed, ", "), shown(*named)));
        Announcement shape;
        shape.length = std::uint8_t(length - names.begin());
        declared_.push_back(Declared{*who, 0, shape, &entry, false});
        return true;
      });
}

}  // namespace belote::view_reading
