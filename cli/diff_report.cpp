#include "diff_report.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

namespace belote::cli {

void say_interrupted(std::uint64_t deals, std::string_view done) {
  if (!ending_signal()) return;
  if (deals == 0) {
    print_error(fmt::format("interrupted before a deal was {} under both rulesets: no result", done));
    end_by_ending_signal();
  }
  print_error(fmt::format("interrupted: the figures are those of the {} {}, 0 to {}", number_of(deals, "deal"), done, deals - 1));
}

namespace {

using Json = nlohmann::ordered_json;

std::string team_or_nobody(const std::optional<Team>& team) { return team ? std::string(name(*team)) : "nobody"; }

Json team_or_null(const std::optional<Team>& team) { return team ? Json(std::string(name(*team))) : Json(nullptr); }

std::string percent(std::uint64_t part, std::uint64_t whole) { return fmt::format("{:.2f}%", 100 * share(part, whole)); }

// The facts of an outcome that a comparison looks at.
Json outcome_brief(const std::string& ruleset, const Outcome& out) {
  return {{"ruleset", ruleset},
          {"void", out.is_void},
          {"winner", out.is_void ? Json(nullptr) : team_or_null(out.winner)},
          {"contract", out.contract == ContractResult::none ? Json(nullptr) : Json(std::string(contract_name(out.contract)))},
          {"score", {{"NS", out.score[Team::NS]}, {"EW", out.score[Team::EW]}}},
          {"suspended", out.suspended}};
}

Json field_names(const OutcomeDiff& diff) {
  Json names = Json::array();
  for (DiffField field : kDiffFields)
    if (diff.has(field)) names.push_back(std::string(diff_field_name(field)));
  return names;
}

std::string_view kind_label(DiffKind kind) {
  switch (kind) {
    case DiffKind::void_changed: return "void changed";
    case DiffKind::winner_changed: return "winner changed";
    case DiffKind::contract_changed: return "contract changed";
    case DiffKind::score_only: return "score changed only";
    case DiffKind::none: break;
  }
  return "no change";
}

}  // namespace

DealDifference describe_difference(std::string label, const ScoredDeal& a, const ScoredDeal& b, const OutcomeDiff& diff,
                                   SuitStyle style) {
  DealDifference d{std::move(label), a.deal, b.deal, a.outcome, b.outcome, diff, diff_reason(a, b, diff, style)};
  if (d.deal.id.empty()) d.deal.id = d.label;
  if (d.deal_b.id.empty()) d.deal_b.id = d.label;
  return d;
}

DiffReport::DiffReport(Output& out, std::vector<std::string> names, const Ruleset& rescored, DiffSource source, bool json,
                       bool ascii)
    : out_(out), names_(std::move(names)), rescored_(rescored), source_(std::move(source)), json_(json),
      style_(suit_style(ascii, json)), arrow_(ascii ? "->" : "→") {}

std::string DiffReport::source_text() const {
  if (source_.random_count) return fmt::format("{} (seed {})", number_of(*source_.random_count, "random deal"), source_.seed);
  std::vector<std::string> shown;
  for (const std::string& input : source_.inputs) shown.push_back(input == "-" ? "standard input" : input);
  if (shown.size() > 3) return fmt::format("deals from {} files", shown.size());
  return fmt::format("deals from {}", fmt::join(shown, ", "));
}

std::string DiffReport::fields_text(const DealDifference& d) const {
  const Outcome& a = d.a;
  const Outcome& b = d.b;
  std::vector<std::string> parts;
  if (d.diff.has(DiffField::void_deal))
    parts.push_back(fmt::format("{} {} {}", a.is_void ? "void" : "played", arrow_, b.is_void ? "void" : "played"));
  if (d.diff.has(DiffField::winner))
    parts.push_back(fmt::format("winner {} {} {}", team_or_nobody(a.winner), arrow_, team_or_nobody(b.winner)));
  if (d.diff.has(DiffField::contract))
    parts.push_back(fmt::format("contract {} {} {}", contract_name(a.contract), arrow_, contract_name(b.contract)));
  std::vector<std::string> scores;
  for (Team team : kTeams)
    if (d.diff.score_change[team] != 0)
      scores.push_back(fmt::format("{} {} {} {}", name(team), a.score[team], arrow_, b.score[team]));
  if (!scores.empty()) parts.push_back(fmt::format("score {}", fmt::join(scores, ", ")));
  if (d.diff.has(DiffField::suspended))
    parts.push_back(fmt::format("held over {} {} {}", a.suspended, arrow_, b.suspended));
  return fmt::format("{}", fmt::join(parts, "; "));
}

std::string DiffReport::ruleset_words() const {
  // As given (a path, or a name found where the command found it): the bare name of a ruleset
  // read from a file, or from --rulesets-dir, names another ruleset or none.
  const std::string& ruleset = source_.ruleset.empty() ? rescored_.info.name : source_.ruleset;
  return fmt::format("{}--ruleset {}", source_.ruleset_options, shell_word(ruleset));
}

std::string DiffReport::regenerate(std::optional<std::uint64_t> random_index) const {
  if (!random_index) return "";
  // The ruleset is always named: a random deal depends on it (its kinds, bids and doublings), and
  // `belote deal` without one would make it under $BELOTE_RULESET.
  return fmt::format("belote deal --random {} --seed {} {} | tail -n 1", *random_index + 1, source_.seed, ruleset_words());
}

std::string DiffReport::deal_text(const DealDifference& d) const {
  if (json_) {
    return json_text(Json{{"id", d.label},
                          {"kind", std::string(diff_kind_name(d.diff.kind))},
                          {"fields", field_names(d.diff)},
                          {"a", outcome_brief(names_[0], d.a)},
                          {"b", outcome_brief(names_[1], d.b)},
                          {"reason", d.reason}}) +
           "\n";
  }
  return fmt::format("{}: {}\n  {}\n", d.label, fields_text(d), d.reason);
}

void DiffReport::deal(const DealDifference& d) { out_.write(deal_text(d)); }

ShownExample DiffReport::shown(const DealDifference& d) const {
  return ShownExample{d.label, d.diff, d.reason, json_text(deal_json(rescored_, d.deal_b)), d.random_index};
}

void DiffReport::summary(const DiffSummary& s) {
  const DiffTally& t = s.tally;
  const std::string& a = names_[0];
  const std::string& b = names_[1];
  if (json_) {
    Json j;
    j["rulesets"] = {a, b};
    j["source"] = source_.random_count ? Json{{"random", *source_.random_count}, {"seed", source_.seed}}
                                       : Json{{"files", source_.inputs}};
    j["deals"] = t.deals;
    j["differing"] = t.differing;
    j["share"] = share(t.differing, t.deals);
    if (s.drawn_apart) j["drawn_apart"] = {{"deals", s.drawn_apart->deals}, {"differing", s.drawn_apart->differing}};
    Json by_kind, by_field, change;
    for (DiffKind kind : kDiffKinds) by_kind[std::string(diff_kind_name(kind))] = t.count(kind);
    for (DiffField field : kDiffFields) by_field[std::string(diff_field_name(field))] = t.count(field);
    for (Team team : kTeams) {
      const ScoreChangeTally& c = t.score_change[team];
      change[std::string(name(team))] = {{"mean", t.mean_change(team)},
                                         {"moved", c.changed},
                                         {"mean_move", t.mean_move(team)},
                                         {"largest", c.largest},
                                         {"largest_deal", c.changed ? Json(s.largest_labels[team]) : Json(nullptr)}};
    }
    j["by_kind"] = std::move(by_kind);
    j["by_field"] = std::move(by_field);
    j["score_change"] = std::move(change);
    // The object is written key by key, in the library's order, the examples
    // one at a time where theirs comes: a million of them are never all held.
    j["examples"] = Json::array();
    std::string text = "{";
    bool first_key = true;
    for (const auto& [key, value] : j.items()) {
      if (!first_key) text += ',';
      first_key = false;
      text += json_text(Json(key)) + ':';
      if (key != "examples") {
        text += json_text(value);
        continue;
      }
      text += '[';
      for (std::size_t i = 0; i < s.example_count; ++i) {
        const ShownExample e = s.example(i);
        if (i > 0) text += ',';
        text += json_text(Json{{"id", e.label},
                               {"kind", std::string(diff_kind_name(e.diff.kind))},
                               {"fields", field_names(e.diff)},
                               {"reason", e.reason},
                               {"deal", Json::parse(e.deal_line)},
                               {"regenerate", e.random_index ? Json(regenerate(e.random_index)) : Json(nullptr)}});
        if (text.size() >= (1 << 16)) {
          out_.write(text);
          text.clear();
        }
      }
      text += ']';
    }
    out_.line(text + "}");
    return;
  }

  out_.line(fmt::format("{} {} {}: {}", a, arrow_, b, source_text()));
  out_.line(fmt::format("deals compared: {}", t.deals));
  out_.line(fmt::format("differing: {} ({})", t.differing, percent(t.differing, t.deals)));
  // Deals drawn as two contracts differ by the draw as much as by the rules: said before any figure is read.
  if (s.drawn_apart && s.drawn_apart->deals)
    out_.line(fmt::format("drawn as different contracts: {} ({}), {} of them differing: each ruleset draws the "
                          "kind, bid and doubling by its own conventions, so these figures measure that too",
                          s.drawn_apart->deals, percent(s.drawn_apart->deals, t.deals), s.drawn_apart->differing));
  for (DiffKind kind : kDiffKinds)
    out_.line(fmt::format("  {:<20} {:>10}  {:>7}", kind_label(kind), t.count(kind), percent(t.count(kind), t.deals)));
  std::vector<std::string> fields;
  for (DiffField field : kDiffFields) fields.push_back(fmt::format("{} {}", diff_field_name(field), t.count(field)));
  out_.line(fmt::format("fields changed: {}", fmt::join(fields, ", ")));
  out_.line(fmt::format("score change ({} minus {}):", b, a));
  for (Team team : kTeams) {
    const ScoreChangeTally& c = t.score_change[team];
    if (c.changed == 0) {
      out_.line(fmt::format("  {}  never changes", name(team)));
      continue;
    }
    out_.line(fmt::format("  {}  mean {:+.2f} per deal; changes on {} ({}), by {:.1f} on average; largest {:+d} ({})",
                          name(team), t.mean_change(team), number_of(c.changed, "deal"),
                          percent(c.changed, t.deals), t.mean_move(team), c.largest, s.largest_labels[team]));
  }
  if (s.example_count == 0) return;
  out_.line(fmt::format("{} (score one again: echo 'LINE' | belote score {} -):",
                        first_of(s.example_count, "differing deal"), ruleset_words()));
  std::optional<ShownExample> first;
  for (std::size_t i = 0; i < s.example_count; ++i) {
    ShownExample e = s.example(i);
    out_.line(e.deal_line);
    if (i == 0) first = std::move(e);
  }
  if (first->random_index)
    out_.line(fmt::format("(make {} again with: {})", first->label, regenerate(first->random_index)));
}

void DiffReport::matrix(std::uint64_t deals, const std::vector<std::vector<std::uint64_t>>& differing) {
  const std::size_t n = names_.size();
  if (json_) {
    Json shares = Json::array();
    for (const auto& row : differing) {
      Json line = Json::array();
      for (std::uint64_t count : row) line.push_back(share(count, deals));
      shares.push_back(std::move(line));
    }
    out_.line(json_text(Json{{"rulesets", names_},
                             {"source", source_.random_count ? Json{{"random", *source_.random_count}, {"seed", source_.seed}}
                                                             : Json{{"files", source_.inputs}}},
                             {"deals", deals},
                             {"differing", differing},
                             {"share", std::move(shares)}}));
    return;
  }
  out_.line(source_.random_count ? fmt::format("share of deals scored differently, {}:", source_text())
                                 : fmt::format("share of deals scored differently, {} ({} compared):", source_text(), deals));
  std::size_t first_width = 0;
  for (const std::string& name : names_) first_width = std::max(first_width, name.size());
  std::string header(first_width, ' ');
  std::vector<std::size_t> widths;
  for (const std::string& name : names_) {
    widths.push_back(std::max<std::size_t>(name.size(), 7));
    header += fmt::format("  {:>{}}", name, widths.back());
  }
  out_.line(header);
  for (std::size_t i = 0; i < n; ++i) {
    std::string line = fmt::format("{:<{}}", names_[i], first_width);
    for (std::size_t j = 0; j < n; ++j)
      line += fmt::format("  {:>{}}", i == j ? "-" : percent(differing[i][j], deals), widths[j]);
    out_.line(line);
  }
}

}  // namespace belote::cli
