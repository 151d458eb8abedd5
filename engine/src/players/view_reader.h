// The reader of one seat's view (observation_reader.h), one part a file: the
// order of the parts (observation_reader.cpp), values and errors placed in the
// text (view_values.cpp), the view's own keys (view_keys.cpp), the world it
// is dealt (view_world.cpp), the calls and cards replayed on it
// (view_replay.cpp), and the keys derived from them and the 'legal' list
// checked against the replay (view_agreement.cpp).
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "belote/observation_reader.h"
#include "io/input_node.h"

namespace belote {

// A namespace of its own: the engine is built in unity batches, where another file's helpers may share a name.
namespace view_reading {

// The world a view is replayed in: any world that agrees with the view gives
// the same observation and legal actions (tests/table/test_observation.cpp).
constexpr std::uint64_t kWorldSeed = 0x76696577;  // "view"
// Proposals the sampler may draw before giving a world up: a view that
// contradicts itself is then replayed in the last, where its first illegal card shows.
constexpr int kWorldAttempts = 20000;

// A place in the view's text (view_values.cpp).
Diagnostic placed(std::string_view text, const std::string& display, int column, std::string message);

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
  /// Its cards where the view gives them (the sampler keeps them in the seat's hand).
  CardSet cards;
  /// Its shape: from its cards, or a sequence's kind alone (its table length,
  /// and its points and contest once the contract is known).
  Announcement shape;
  const InputNode* node;
  bool known = true;
  bool applied = false;
  /// Once applied: its place in the order declared, and its slot among its seat's announcements.
  std::size_t order = 0;
  int slot = -1;
};

// The view read, replayed and checked; each part's members are defined in the
// file its heading names.
class ViewReader {
 public:
  ViewReader(const Ruleset& rules, std::string_view text, const std::string& display, Diagnostics& errors)
      : rules_(rules), deck_(rules.deck), text_(text), display_(display), errors_(errors) {}

  // The order of the parts (observation_reader.cpp).
  bool read(const nlohmann::json& value, bool to_act);

  SeatPosition take() { return std::move(position_); }

  static bool is_seat_view_message(const InputNode& root) { return root.get("type") || root.get("observation"); }

 private:
  // --- errors (view_values.cpp) ---------------------------------------------

  bool fail(const InputNode& node, std::string message);
  bool fail_key(const InputNode& node, std::string message);
  static const InputNode& key_or_object(const InputNode& object, std::string_view key);
  static std::string shown(const InputNode& node);

  bool known_keys(const InputNode& object, const std::vector<std::string>& keys);

  // --- values (view_values.cpp) ---------------------------------------------

  const InputNode* required(const InputNode& object, std::string_view key, std::string_view meaning);

  std::optional<Seat> read_seat(const InputNode& node, const std::string& where);
  std::optional<Card> read_card(const InputNode& node, const std::string& where);
  std::optional<CardSet> read_cards(const InputNode& node, const std::string& where);
  std::optional<int> read_number(const InputNode& node, const std::string& where, int low, int high);
  std::optional<PerTeam<int>> read_teams(const InputNode& node, const std::string& where);

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

  bool read_seat_key(const InputNode& object, std::string_view key, std::string_view meaning, Seat& out);
  bool read_number_key(const InputNode& object, std::string_view key, int low, int high, int& out);

  // --- the view's own keys (view_keys.cpp) -----------------------------------

  bool read_view(const InputNode& view);
  bool read_turned(const InputNode& view);
  std::optional<std::pair<Seat, const InputNode*>> seat_and(const InputNode& entry, const std::string& at, const std::vector<std::string>& keys,
                                                            std::string_view key, std::string_view seat_meaning, std::string_view meaning);
  bool read_calls(const InputNode& calls);
  bool read_played(const InputNode& cards);
  bool read_declared(const InputNode& declared);

  // --- the world a view is dealt (view_world.cpp) ---------------------------

  bool set_proposals(const InputNode& view, const DealingPlan& plan, DealtMene& dealt);
  DealtMene deal_before_auction(const DealingPlan& plan, Seat first, CardSet own, Xoshiro256& rng) const;
  TableSetup setup() const;
  bool check_play_counts(const InputNode& view, const AuctionOutcome& contract);
  bool whole_deal(const PerSeat<CardSet>& hands) const;

  // --- the replay (view_replay.cpp) -------------------------------------------

  bool replay_calls(Table& table, const InputNode& view);
  bool declare(Table& table, Seat seat);
  void value_unshown(const Table& table);
  bool replay_cards(Table& table, const InputNode& view);
  bool replay(const InputNode& view);
  void keep_cards_given(const Table& table, Observation& replayed) const;

  // --- what the view derives (view_agreement.cpp) ------------------------------

  bool agrees(const InputNode& view, const nlohmann::json& given, const Table& table, const Observation& replayed);
  bool legal_agrees(const InputNode& legal, const Table& table);

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
  std::size_t declarations_applied_ = 0;
  SeatPosition position_;
};

}  // namespace view_reading

}  // namespace belote
