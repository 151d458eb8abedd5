#include "belote/outcome_diff.h"

#include "belote/ruleset_schema.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <vector>

#include "belote/explanation.h"

namespace belote {

OutcomeDiff diff_outcomes(const Outcome& a, const Outcome& b) {
  OutcomeDiff diff;
  const auto mark = [&](DiffField field, bool changed) {
    if (changed) diff.fields |= std::uint8_t(1u << int(field));
  };
  const bool both_played = !a.is_void && !b.is_void;
  mark(DiffField::void_deal, a.is_void != b.is_void);
  mark(DiffField::winner, both_played && a.winner != b.winner);
  mark(DiffField::contract, both_played && a.contract != b.contract);
  mark(DiffField::score_ns, a.score[Team::NS] != b.score[Team::NS]);
  mark(DiffField::score_ew, a.score[Team::EW] != b.score[Team::EW]);
  mark(DiffField::suspended, a.suspended != b.suspended);
  for (Team team : kTeams) diff.score_change[team] = b.score[team] - a.score[team];
  diff.suspended_change = b.suspended - a.suspended;

  if (diff.has(DiffField::void_deal)) diff.kind = DiffKind::void_changed;
  else if (diff.has(DiffField::winner)) diff.kind = DiffKind::winner_changed;
  else if (diff.has(DiffField::contract)) diff.kind = DiffKind::contract_changed;
  else if (diff.differs()) diff.kind = DiffKind::score_only;
  return diff;
}

std::string_view diff_field_name(DiffField field) {
  switch (field) {
    case DiffField::void_deal: return "void";
    case DiffField::winner: return "winner";
    case DiffField::contract: return "contract";
    case DiffField::score_ns: return "score.NS";
    case DiffField::score_ew: return "score.EW";
    case DiffField::suspended: return "suspended";
  }
  return "";
}

std::string_view diff_kind_name(DiffKind kind) {
  switch (kind) {
    case DiffKind::none: return "none";
    case DiffKind::void_changed: return "void";
    case DiffKind::winner_changed: return "winner";
    case DiffKind::contract_changed: return "contract";
    case DiffKind::score_only: return "score";
  }
  return "";
}

namespace {

// Which step of the explanations tells why the outcomes part, and for the
// announcements step, whose declaration.
struct Focus {
  StepKind kind;
  std::optional<Seat> seat;
};

// The same announcements (cards and points; strength keys are each ruleset's own encoding).
bool same_declarations(const SeatAnnouncements& a, const SeatAnnouncements& b) {
  const auto facts = [](const SeatAnnouncements& s) {
    std::vector<std::pair<CardSet, int>> out;
    for (const Announcement& x : s) out.emplace_back(x.cards(), x.points);
    std::sort(out.begin(), out.end());
    return out;
  };
  return a.points == b.points && facts(a) == facts(b);
}

// The earliest fact, in the order the evaluator settles them, that makes the
// scores part. Facts that change nothing on the sheet (the losing team's
// declarations) are passed over.
Focus where_outcomes_part(const Outcome& a, const Outcome& b, DiffKind kind) {
  if (kind == DiffKind::void_changed) return {StepKind::void_deal, {}};
  if (kind == DiffKind::winner_changed) return {StepKind::winner, {}};
  if (a.scored_announcements != b.scored_announcements) {
    if (a.lost_to_trick_rule != b.lost_to_trick_rule) return {StepKind::trick_rule, {}};
    for (Seat seat : kSeats)
      if (a.winner && team_of(seat) == *a.winner && !same_declarations(a.announcements[seat], b.announcements[seat]))
        return {StepKind::announcements, seat};
    return {StepKind::winner, {}};
  }
  if (a.belote_points != b.belote_points) return {StepKind::belote, {}};
  if (a.card_points != b.card_points) return {StepKind::card_points, {}};
  // Totals that differ (what the contract counts) move nothing on the sheet unless the result
  // changes: with the same result, the points move by the scoring (what a failed taker keeps).
  if (a.contract != b.contract) return {StepKind::contract, {}};
  return {StepKind::score, {}};
}

bool holds(const std::vector<Step>& steps, const Step& step) {
  return std::any_of(steps.begin(), steps.end(), [&](const Step& s) { return s.text == step.text; });
}

// One side's step for the focus: the first of that kind the other side does not hold word for word.
std::string telling_step(const std::vector<Step>& mine, const std::vector<Step>& theirs, const Focus& focus) {
  if (focus.seat) {
    const std::string declares = fmt::format("{} declares", name(*focus.seat));
    for (const Step& step : mine)
      if (step.kind == StepKind::announcements && step.text.starts_with(declares)) return step.text;
    return declares + " no announcement";
  }
  const Step* first_of_kind = nullptr;
  const Step* last_winner = nullptr;
  for (const Step& step : mine) {
    if (step.kind == focus.kind && !holds(theirs, step)) return step.text;
    if (step.kind == focus.kind && !first_of_kind) first_of_kind = &step;
    if (step.kind == StepKind::winner) last_winner = &step;
  }
  if (first_of_kind) return first_of_kind->text;
  // No trick-rule step on this side: what its winner scores says the same from the other end.
  if (focus.kind == StepKind::trick_rule && last_winner) return last_winner->text;
  return mine.empty() ? std::string() : mine.back().text;
}

std::string side_reason(const ScoredDeal& mine, const ScoredDeal& theirs, const std::vector<Step>& my_steps,
                        const std::vector<Step>& their_steps, const Focus& focus) {
  if (!mine.outcome.is_void && theirs.outcome.is_void)
    return fmt::format("the carré of {} does not annul the deal: NS {}, EW {}",
                       theirs.rules.deck.rank_name(theirs.outcome.void_rank), mine.outcome.score[Team::NS],
                       mine.outcome.score[Team::EW]);
  std::string text = telling_step(my_steps, their_steps, focus);
  if (!text.empty() && text.back() == '.') text.pop_back();  // the two sides are joined with ';'
  return text;
}

// The ruleset keys a step names ("contract.basis", "kinds.sans-atout.capot"), in order, each once.
void add_keys_named(std::string_view text, std::vector<std::string>& keys) {
  const auto sections = ruleset_sections();
  const auto key_char = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.'; };
  for (std::size_t i = 0; i < text.size();) {
    if (!key_char(text[i]) || (i > 0 && key_char(text[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && key_char(text[end])) ++end;
    std::string_view word = text.substr(i, end - i);
    while (!word.empty() && word.back() == '.') word.remove_suffix(1);
    const auto dot = word.find('.');
    if (dot != std::string_view::npos &&
        std::find(sections.begin(), sections.end(), word.substr(0, dot)) != sections.end() &&
        std::find(keys.begin(), keys.end(), word) == keys.end())
      keys.emplace_back(word);
    i = end;
  }
}

// Whether a key a step names ("kinds.*.announcements", "sequences.points") and a
// resolved key ("kinds.sans-atout.announcements", "sequences.points.3") are one
// convention: segment by segment, `*` standing for any one, until either ends.
bool same_convention(std::string_view named, std::string_view resolved) {
  while (!named.empty() && !resolved.empty()) {
    const std::size_t a = std::min(named.find('.'), named.size());
    const std::size_t b = std::min(resolved.find('.'), resolved.size());
    if (named.substr(0, a) != "*" && named.substr(0, a) != resolved.substr(0, b)) return false;
    named.remove_prefix(std::min(a + 1, named.size()));
    resolved.remove_prefix(std::min(b + 1, resolved.size()));
  }
  return true;
}

// The keys of `keys` that the two rulesets resolve differently (all of them for
// rulesets built in code, which resolve no keys).
std::vector<std::string> differing_only(const ScoredDeal& a, const ScoredDeal& b, const std::vector<std::string>& keys) {
  if (a.rules.resolved_meanings.empty() || b.rules.resolved_meanings.empty()) return keys;
  const std::vector<std::string> differing = a.rules.differing_keys(b.rules);
  std::vector<std::string> kept;
  for (const std::string& key : keys)
    if (std::find(kept.begin(), kept.end(), key) == kept.end() &&
        std::any_of(differing.begin(), differing.end(), [&](const std::string& d) { return same_convention(key, d); }))
      kept.push_back(key);
  return kept;
}

// Drops the named keys both rulesets resolve alike: a step may name a key that
// only explains the number (the same in both), not what changed it. A
// difference no named key accounts for keeps them all.
void keep_differing(const ScoredDeal& a, const ScoredDeal& b, std::vector<std::string>& keys) {
  if (std::vector<std::string> kept = differing_only(a, b, keys); !kept.empty()) keys = std::move(kept);
}

// What a deal is played as, where rulesets draw it differently: "couleur ♥ at 90, coinche".
std::string played_as(const ScoredDeal& side, SuitStyle style) {
  const Ruleset& rules = side.rules;
  const Deal& deal = side.deal;
  const ContractKind& kind = rules.kinds[deal.kind];
  std::string text = kind.trumps == Trumps::one_suit ? fmt::format("{} {}", kind.name, rules.deck.suit_name(deal.trump, style))
                                                     : kind.name;
  if (rules.bids.any())
    text += fmt::format(" at {}", deal.named_bid >= 0 ? rules.bids.named[std::size_t(deal.named_bid)].name : std::to_string(deal.bid));
  if (deal.doubling) text += fmt::format(", {}", rules.doubling[deal.doubling - 1u].name);
  return text;
}

// The key that values announcement `x`: "sequences.points", "carres.points" or
// the kind's own carré points where either side's kind has its own.
std::string value_key(const ScoredDeal& a, const ScoredDeal& b, const Announcement& x) {
  if (!x.carre) return "sequences.points";
  for (const ScoredDeal* side : {&a, &b}) {
    const ContractKind& kind = side->rules.kinds[side->deal.kind];
    if (side->rules.kinds_named && kind.carre_points != side->rules.carres.points_by_rank)
      return fmt::format("kinds.{}.carre_points", kind.name);
  }
  return "carres.points";
}

// The key that values an announcement both sides declare with the same cards but not the same points.
std::optional<std::string> valuing_key(const ScoredDeal& a, const ScoredDeal& b, Seat seat) {
  for (const Announcement& x : a.outcome.announcements[seat])
    for (const Announcement& y : b.outcome.announcements[seat])
      if (x.cards() == y.cards() && x.points != y.points) return value_key(a, b, x);
  return std::nullopt;
}

// The keys that may make a seat declare on one side what it does not on the
// other (worth nothing there, a carré of 7 under classique; or its cards
// already used, `announcements.card_reuse`), kept where the rulesets differ.
std::vector<std::string> declaring_keys(const ScoredDeal& a, const ScoredDeal& b, Seat seat) {
  std::vector<std::string> candidates;
  for (const auto& [mine, theirs] : {std::pair{&a, &b}, {&b, &a}})
    for (const Announcement& x : mine->outcome.announcements[seat]) {
      const auto& other = theirs->outcome.announcements[seat];
      if (std::any_of(other.begin(), other.end(), [&](const Announcement& y) { return y.cards() == x.cards(); })) continue;
      candidates.push_back(value_key(a, b, x));
      candidates.push_back("announcements.card_reuse");
    }
  if (a.rules.resolved_meanings.empty() || b.rules.resolved_meanings.empty()) return {};
  return differing_only(a, b, candidates);
}

// The keys that the two rulesets set differently among those that draw what differs in the
// deal's contract: the kinds where its kind differs, the bids, the doublings.
std::vector<std::string> drawing_keys(const ScoredDeal& a, const ScoredDeal& b) {
  const Deal& x = a.deal;
  const Deal& y = b.deal;
  const bool kind = x.kind != y.kind || x.trump != y.trump || a.rules.kinds_named != b.rules.kinds_named;
  const bool bid = x.bid != y.bid || x.named_bid != y.named_bid;
  const bool doubling = x.doubling != y.doubling;
  std::vector<std::string> keys;
  if (a.rules.resolved_meanings.empty() || b.rules.resolved_meanings.empty()) return keys;
  for (const std::string& key : a.rules.differing_keys(b.rules))
    if ((kind && key.starts_with("kinds.")) || (bid && key.starts_with("bids.")) || (doubling && key.starts_with("doubling.")))
      keys.push_back(key);
  return keys;
}

}  // namespace

bool same_contract(const Ruleset& rules_a, const Deal& a, const Ruleset& rules_b, const Deal& b) {
  return a.kind == b.kind && a.trump == b.trump && a.bid == b.bid && a.named_bid == b.named_bid &&
         a.doubling == b.doubling && rules_a.kinds_named == rules_b.kinds_named;
}

std::string diff_reason(const ScoredDeal& a, const ScoredDeal& b, const OutcomeDiff& diff, SuitStyle style) {
  if (!diff.differs()) return {};
  const std::vector<Step> steps_a = explain(a.rules, a.deal, a.outcome, style);
  const std::vector<Step> steps_b = explain(b.rules, b.deal, b.outcome, style);
  const Focus focus = where_outcomes_part(a.outcome, b.outcome, diff.kind);
  const std::string reason_a = side_reason(a, b, steps_a, steps_b, focus);
  const std::string reason_b = side_reason(b, a, steps_b, steps_a, focus);
  const std::string_view name_a = a.name.empty() ? std::string_view(a.rules.info.name) : a.name;
  const std::string_view name_b = b.name.empty() ? std::string_view(b.rules.info.name) : b.name;
  std::string text;
  std::vector<std::string> keys;
  // Rulesets that draw their kinds or bids say how each played the deal, and the keys that draw it otherwise.
  const bool drawn_apart = !same_contract(a.rules, a.deal, b.rules, b.deal);
  if (drawn_apart) {
    text = fmt::format("played as {} under {}, as {} under {}; ", played_as(a, style), name_a, played_as(b, style), name_b);
    keys = drawing_keys(a, b);
  }
  text += fmt::format("{}: {}; {}: {}", name_a, reason_a, name_b, reason_b);
  // The conventions behind the difference: the keys the telling steps name.
  add_keys_named(reason_a, keys);
  add_keys_named(reason_b, keys);
  // The same announcement valued differently names no key in its step: the key that values it.
  if (focus.seat) {
    if (const auto key = valuing_key(a, b, *focus.seat); key && std::find(keys.begin(), keys.end(), *key) == keys.end())
      keys.push_back(*key);
    // An announcement declared on one side only names no key in its step either.
    for (const std::string& key : declaring_keys(a, b, *focus.seat))
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  // A winner that changes because one side declares nothing at all: the key that says so
  // is in its announcements step, not in the winner's.
  if (focus.kind == StepKind::winner) {
    for (const auto& [mine, theirs] : {std::pair{&steps_a, &steps_b}, {&steps_b, &steps_a}})
      for (const Step& step : *mine)
        if (step.kind == StepKind::announcements && !holds(*theirs, step)) add_keys_named(step.text, keys);
  }
  // Played as two contracts, each step may name keys of its own contract that the rulesets
  // share: only those that differ are kept, however few.
  if (drawn_apart && !a.rules.resolved_meanings.empty() && !b.rules.resolved_meanings.empty()) keys = differing_only(a, b, keys);
  else keep_differing(a, b, keys);
  if (!keys.empty()) text += fmt::format(" (conventions: {})", fmt::join(keys, ", "));
  return text;
}

}  // namespace belote
