// The explanation's writer: puts an outcome in words, step by step, straight
// into a StepBuffer. explanation.cpp writes the steps about announcements,
// the belote and the tricks; score_narration.cpp those about the contract and
// the score.
#pragma once

#include <fmt/compile.h>
#include <fmt/format.h>
#include <optional>
#include <string_view>

#include "belote/explanation.h"
#include "explanation/narration_text.h"

namespace belote {

class Narrator {
 public:
  Narrator(const Ruleset& rules_, const Deal& deal_, const Outcome& outcome, SuitStyle style_, StepBuffer& steps_)
      : rules(rules_), deal(deal_), out(outcome), style(style_), steps(steps_) {}

  void void_deal();
  void announcements();
  void belote();
  void winner();
  void trick_rule();
  void card_points();
  /// A played mène (play_narration.cpp): what was held and not said, and each trick.
  void unsaid();
  /// Why a belote pair held did not count, a step of its own (play_narration.cpp).
  void uncounted_pair(const BelotePair& pair);
  void tricks();
  /// A revoke ([play.revoke]): the card, the duty it broke and the rule that scores the mène.
  bool revoke();
  void roem();
  /// Whether roem replaces the announcements: the ruleset counts roem and no
  /// sequence or carré is worth anything in the deal's kind (klaverjas).
  bool no_announcement_scores() const;
  void contract();
  void score();
  /// Points held over from earlier deals: who takes them, or that they wait again.
  void held_over();

 private:
  const Ruleset& rules;
  const Deal& deal;
  const Outcome& out;
  SuitStyle style;
  StepBuffer& steps;
  /// The step under way, formatted by formats compiled with the program
  /// (FMT_COMPILE) into fmt's own buffer: the fastest way fmt has.
  fmt::basic_memory_buffer<char, 1024> text{};

  // Writing a step: put its pieces (formatted, or words as they are), then end it.
  template <class Format, class... Args>
  void put(const Format& format, const Args&... args) {
    fmt::format_to(fmt::appender(text), format, args...);
  }
  void put_words(std::string_view words) { text.append(words.data(), words.data() + words.size()); }
  void end_step(StepKind kind) {
    steps.text_under_way().append(text.data(), text.size());
    steps.end_step(kind);
    text.clear();
  }
  template <class Format, class... Args>
  void write(StepKind kind, const Format& format, const Args&... args) {
    put(format, args...);
    end_step(kind);
  }
  void add(StepKind kind, std::string_view words) {
    put_words(words);
    end_step(kind);
  }

  CardsText cards(CardSet set) const { return {rules.deck, set, style}; }
  CardText card(Card c) const { return {rules.deck, c, style}; }
  /// "→", or "->" in plain ASCII text.
  std::string_view arrow() const { return style == SuitStyle::ascii ? "->" : "→"; }
  AnnouncementLabel label(const Announcement& a) const { return {rules, a, style}; }
  const ContractKind& kind() const { return rules.kinds[deal.kind]; }
  /// "kinds.sans-atout.KEY" for a kind the ruleset names; nothing for its one implicit kind.
  KeyText kind_key(std::string_view key) const { return {rules.kinds_named, kind().name, key, ""}; }
  /// "kinds.sans-atout.KEY" when the kind sets its own value (`own`), else the ruleset's `general` key.
  KeyText key_of(bool own, std::string_view key, std::string_view general) const { return {own, kind().name, key, general}; }

  // Announcements, belote, tricks (explanation.cpp).
  /// Where a team's belote is written (belote_fate.cpp): by its holders, or
  /// not, and the key that says so.
  struct BeloteFate {
    enum Where { stays, to_other, held_over, nobody } where = stays;
    std::string_view table;  ///< the [scoring] table that decided; empty for the classic rules
    std::string_view side;   ///< "takers", "defenders" or "held" in that table
  };
  BeloteFate belote_fate(Team holder) const;
  /// The pair's name for a person: the word said with its first card ("belote",
  /// schieber's "stöck", bulgare's "belot"; `belote.words`).
  std::string_view belote_name() const { return rules.belote.first_word; }
  void put_belote_fate(Team holder, const BeloteFate& fate);
  void put_belote_goes_to(Team team);

  // What an announcement step adds about cards that count nothing (announcement_notes.cpp).
  bool declared_worth_nothing(Seat seat) const;
  void put_worth_nothing(Seat seat, bool after_others);
  void put_split_runs(Seat seat);
  std::pair<Seat, Announcement> strongest(Team team, const ContestOutcome& contest) const;
  void put_at_equal(Criterion criterion);
  bool compares(Criterion criterion) const;
  void put_why_stronger(const ContestOutcome& contest, Seat holder, const Announcement& win, const Announcement& lose);
  void put_contest(std::optional<std::string_view> contest);
  void contest_winner(const ContestOutcome& contest, std::optional<std::string_view> name);
  void lost_to_trick_rule(Team team);

  // The contract and the score (score_narration.cpp).
  void put_bid();
  void put_basis();
  void classic_score();
  void put_sum(Team team);
  void put_term(const ScoringTerm& term, Team side);
  void put_terms(const std::vector<ScoringTerm>& terms, Team side, int total);
  void rounding();
  void put_rounding_path(const RoundingRules& r);
  std::optional<std::string_view> scoring_table() const;
  /// What a side writes by the scoring terms, before the kind's multiplier.
  int written(Team team) const;
};

}  // namespace belote
