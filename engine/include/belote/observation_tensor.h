// What one seat may know (Table::observe) as a fixed-size vector of numbers,
// for players that learn: seats counted from the observing seat's place and
// teams from its own, so that one network plays every seat (docs/table.md,
// "The observation as numbers", lists the blocks).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "belote/table.h"

namespace belote {

/// One block of the tensor: its name, where it starts and how many entries it holds.
struct TensorBlock {
  std::string_view name;
  int offset = 0;
  int size = 0;
};

/// The blocks of a ruleset's observation tensor, one after another. Their
/// sizes depend on the ruleset alone: with C the deck's cards, A the call
/// actions, K the auction's kinds and L the steps of its bid ladder (0 where
/// bids name a kind only), the size is 15·C + 4·A + K + L + 39.
class ObservationLayout {
 public:
  ObservationLayout(const Ruleset& rules, const ActionSpace& space);
  explicit ObservationLayout(const Table& table) : ObservationLayout(table.rules(), table.actions()) {}

  int size() const { return size_; }
  /// The blocks, in order. They live in the layout: a temporary's are refused at compile time.
  std::span<const TensorBlock> blocks() const& { return blocks_; }
  std::span<const TensorBlock> blocks() && = delete;
  /// The block of that name; std::out_of_range naming it where the layout has none.
  const TensorBlock& block(std::string_view name) const&;
  const TensorBlock& block(std::string_view name) && = delete;

  int cards() const { return cards_; }
  int call_actions() const { return call_actions_; }
  int first_call() const { return first_call_; }
  int kinds() const { return kinds_; }
  int ladder_steps() const { return ladder_; }

 private:
  int cards_ = 0;
  int call_actions_ = 0;
  int first_call_ = 0;
  int kinds_ = 0;
  int ladder_ = 0;
  std::vector<TensorBlock> blocks_;
  int size_ = 0;
};

/// Writes `seen` into `out`, every entry (zero where nothing is set).
/// std::invalid_argument where `out` is not of layout.size() entries.
void encode_observation(const Ruleset& rules, const ActionSpace& space, const ObservationLayout& layout, const Observation& seen,
                        std::span<float> out);

/// What `seat` may know at `table` (table.observe(seat)), encoded.
std::vector<float> observation_tensor(const Table& table, Seat seat);

}  // namespace belote
