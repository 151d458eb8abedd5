// Why an outcome is what it is, as a list of steps a person can read.
//
// The evaluator fills an Outcome with facts only; these steps put them in
// words, naming the ruleset key each decision comes from. The CLI prints
// them as text or JSON.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "belote/deal.h"
#include "belote/deck.h"
#include "belote/outcome.h"
#include "belote/play.h"
#include "belote/ruleset.h"

namespace belote {

/// The steps, in the order an explanation gives them (`tricks`, the play of a
/// played mène, comes before the card points).
enum class StepKind { void_deal, announcements, belote, winner, trick_rule, card_points, contract, score, tricks };

struct Step {
  StepKind kind;
  std::string text;
};

std::vector<Step> explain(const Ruleset& rules, const Deal& deal, const Outcome& outcome,
                          SuitStyle style = SuitStyle::letter);

/// The steps of explanations written one after another into buffers the
/// caller keeps and reuses, for programs that explain outcomes by the
/// million: no string is made per step.
class StepBuffer {
 public:
  /// Forgets the steps, keeping the memory.
  void clear() {
    text_.clear();
    ends_.clear();
  }
  std::size_t size() const { return ends_.size(); }
  StepKind kind(std::size_t i) const { return ends_[i].kind; }
  std::string_view text(std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : ends_[i - 1].end;
    return std::string_view(text_).substr(begin, ends_[i].end - begin);
  }

  /// For the step writer: the text of the step under way, then its end.
  std::string& text_under_way() { return text_; }
  void end_step(StepKind kind) { ends_.push_back({kind, text_.size()}); }

 private:
  struct End {
    StepKind kind;
    std::size_t end;  ///< where the step's text ends in text_
  };
  std::string text_;
  std::vector<End> ends_;
};

/// Appends the steps explain() gives, the same texts, to `steps`.
void explain_into(const Ruleset& rules, const Deal& deal, const Outcome& outcome, SuitStyle style, StepBuffer& steps);

/// "void", "announcements", ... as written in JSON output.
std::string_view step_name(StepKind kind);
/// "tierce", "cinquante", "carre-J": the announcement's kind name.
std::string announcement_kind(const Ruleset& rules, const Announcement& a);
/// For a person: "tierce to K♥", "carré of J".
std::string announcement_label(const Ruleset& rules, const Announcement& a, SuitStyle style);
/// A seat's announcements, strongest first.
std::vector<Announcement> strongest_first(const SeatAnnouncements& announcements);
/// The same, without a vector, for writers that run by the million: the
/// seat's announcements in that order, as places in `from` (which must outlive
/// it), so that ranking copies no announcement.
struct RankedAnnouncements {
  class Iterator {
   public:
    Iterator(const Announcement* items, const std::uint8_t* at) : items_(items), at_(at) {}
    const Announcement& operator*() const { return items_[*at_]; }
    Iterator& operator++() {
      ++at_;
      return *this;
    }
    bool operator==(const Iterator& other) const { return at_ == other.at_; }

   private:
    const Announcement* items_;
    const std::uint8_t* at_;
  };
  const Announcement* from = nullptr;
  int count = 0;
  std::array<std::uint8_t, kMaxAnnouncementsPerSeat> order;  ///< the first `count` are set
  const Announcement& operator[](int i) const { return from[order[std::size_t(i)]]; }
  Iterator begin() const { return {from, order.data()}; }
  Iterator end() const { return {from, order.data() + count}; }
};
RankedAnnouncements rank_strongest_first(const SeatAnnouncements& announcements);
std::string_view contract_name(ContractResult result);

/// What made one trick's roem, in words: "four J", or "a run of 3 cards to
/// Q♦" and "the stuk" joined by " and "; with `keys`, each followed by the
/// ruleset key that counts it ("a run of 3 cards to Q♦: roem.runs") and
/// joined by "; ", as an explanation names its keys.
std::string trick_roem_words(const Deck& deck, const TrickRoem& roem, SuitStyle style, bool keys);

}  // namespace belote
