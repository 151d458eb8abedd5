// The class that checks one deal's tree and builds the Deal (deal_checker.h),
// shared by the files that check each part of a deal: the deal as a whole
// (deal_checker.cpp), then deal_checker_keys.cpp, _contract, _hands,
// _announcements, _belote, _result and _play.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "io/deal_checker.h"
#include "io/input_node.h"
#include "io/played_deal.h"

namespace belote {

// A namespace of its own: the class is shared by several files, and the engine
// is built in unity batches, where another file's names may be the same.
namespace deal_checking {

// Checks one deal's tree and builds the Deal, reporting every problem found.
class DealChecker {
 public:
  DealChecker(const Ruleset& rules, std::string prefix, Diagnostics& errors,
              std::function<Diagnostic(int, int, std::string)> located)
      : rules_(rules), deck_(rules.deck), prefix_(std::move(prefix)), errors_(errors), located_(std::move(located)) {}

  // The deal as a whole (deal_checker.cpp).
  bool read(const InputNode& root, Deal& deal);
  void read_terms(const InputNode& root, Deal& deal, bool announcements_optional);

 private:
  std::string path(std::string_view key) const { return prefix_ + std::string(key); }
  void read_id(const InputNode& root, Deal& deal);

  // Errors at a key, the keys a table may hold, strings, suits and seats (deal_checker_keys.cpp).
  void error(const InputNode& at, bool at_key, std::string message);
  const InputNode* require(const InputNode& table, std::string_view key, std::string_view parent = "");
  bool expect_table(const InputNode& node, const std::string& name);
  void check_keys(const InputNode& table, std::string_view parent, const std::vector<std::string>& allowed);
  std::optional<std::string_view> key_taking(std::string_view word) const;
  std::optional<std::string> text_of(const InputNode& node, const std::string& name);
  std::optional<Suit> suit_named(const InputNode& node, std::string_view key);
  std::optional<Seat> seat_of(const InputNode& node, std::string_view key);

  // The contract: kind and trump, bid, doubling, points held over (deal_checker_contract.cpp).
  std::string kind_names() const;
  std::string kinds_with_aliases() const;
  std::vector<std::string> kind_spellings() const;
  void read_kind(const InputNode& root, Deal& deal);
  const ContractKind* kind() const { return kind_ ? &rules_.kinds[std::size_t(*kind_)] : nullptr; }
  std::string bids_text() const;
  void read_bid(const InputNode& root, Deal& deal);
  void read_doubling(const InputNode& root, Deal& deal);
  void read_held_over(const InputNode& root, Deal& deal);
  void check_bid_needs(const InputNode& root, const Deal& deal);

  // Card tokens and the four hands (deal_checker_hands.cpp).
  std::optional<std::vector<std::pair<Card, const InputNode*>>> cards_of(const InputNode& node, const std::string& name);
  void read_hands(const InputNode& hands, Deal& deal, bool played);

  // The announcements as declared, by seat or by team (deal_checker_announcements.cpp).
  std::optional<Announcement> declared_one(const InputNode& node, const std::string& name);
  void read_announcements(const InputNode& table, Deal& deal);
  std::string announcement_values(int kind) const;
  bool check_with_seat(const InputNode& at, const std::string& key, const Announcement& a, const SeatAnnouncements& mine);
  bool check_across_seats(const InputNode& at, const std::string& key, const Announcement& a, Seat seat,
                          std::array<std::optional<Seat>, 64>& used_by);

  // The belote as declared (deal_checker_belote.cpp).
  void read_belote(const InputNode& node, Deal& deal);

  // A mène's result: points, tricks, tricks by seat, roem (deal_checker_result.cpp).
  std::optional<PerTeam<int>> team_numbers(const InputNode& result, std::string_view key, int high);
  void read_result(const InputNode& result, Deal& deal);
  void read_roem(const InputNode& result, const InputNode& roem, Deal& deal);
  void read_seat_tricks(const InputNode& node, Deal& deal);

  // A played mène and the revoke it states (deal_checker_play.cpp).
  void read_play(const InputNode& root, const InputNode& play, Deal& deal);
  std::optional<StatedRevoke> read_revoke(const InputNode& node);

  const Ruleset& rules_;
  const Deck& deck_;
  std::string prefix_;
  Diagnostics& errors_;
  /// The key declared announcements are read from: a played mène's are under `said`.
  std::string announcements_key_ = "announcements";
  std::optional<int> kind_;  ///< the deal's kind, once read
  std::function<Diagnostic(int, int, std::string)> located_;
};

}  // namespace deal_checking
}  // namespace belote
