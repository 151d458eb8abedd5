// One deal, or many, scored under two rulesets and compared: what
// `belote diff` counts, with each deal's change in NumPy arrays.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "batch_input.h"
#include "typed.h"

namespace belote::python {

namespace {

struct DiffRow {
  std::int32_t a[2];
  std::int32_t b[2];
  std::int8_t kind;
  std::uint8_t fields;
  std::int64_t line;
};

DiffRow diff_row(const Outcome& a, const Outcome& b, const OutcomeDiff& diff, std::int64_t line) {
  return {{a.score[Team::NS], a.score[Team::EW]}, {b.score[Team::NS], b.score[Team::EW]}, std::int8_t(diff.kind), diff.fields, line};
}

struct DiffArrays {
  py::array_t<std::int32_t> a, b;
  py::array_t<std::int8_t> kind;
  py::array_t<std::uint8_t> fields;
  py::array_t<std::int64_t> line;
  std::int32_t *a_at, *b_at;
  std::int8_t* kind_at;
  std::uint8_t* fields_at;
  std::int64_t* line_at;

  /// What a row takes in all the arrays.
  static constexpr std::uint64_t kRowBytes = 2 * 4 + 2 * 4 + 1 + 1 + 8;

  explicit DiffArrays(std::size_t n)
      : a(std::vector<py::ssize_t>{py::ssize_t(n), 2}), b(std::vector<py::ssize_t>{py::ssize_t(n), 2}), kind(py::ssize_t(n)),
        fields(py::ssize_t(n)), line(py::ssize_t(n)), a_at(a.mutable_data()),
        b_at(b.mutable_data()), kind_at(kind.mutable_data()), fields_at(fields.mutable_data()), line_at(line.mutable_data()) {}

  void set(std::size_t i, const DiffRow& row) {
    a_at[2 * i] = row.a[0], a_at[2 * i + 1] = row.a[1];
    b_at[2 * i] = row.b[0], b_at[2 * i + 1] = row.b[1];
    kind_at[i] = row.kind;
    fields_at[i] = row.fields;
    line_at[i] = row.line;
  }
};

py::dict tally_dict(const DiffTally& tally) {
  py::dict by_kind, by_field, change;
  for (DiffKind kind : kDiffKinds) by_kind[py::str(std::string(diff_kind_name(kind)))] = tally.count(kind);
  for (DiffField field : kDiffFields) by_field[py::str(std::string(diff_field_name(field)))] = tally.count(field);
  for (Team team : kTeams) {
    const ScoreChangeTally& t = tally.score_change[team];
    py::dict d;
    d["mean"] = tally.mean_change(team);
    d["moved"] = t.changed;
    d["mean_move"] = tally.mean_move(team);
    d["largest"] = t.largest;
    // The row of the largest change (the program names its deal: largest_deal); None where none moved.
    d["largest_at"] = t.changed ? py::object(py::int_(t.largest_at)) : py::object(py::none());
    change[py::str(std::string(name(team)))] = d;
  }
  py::dict d;
  d["deals"] = tally.deals;
  d["differing"] = tally.differing;
  d["share"] = tally.deals ? double(tally.differing) / double(tally.deals) : 0.0;
  d["by_kind"] = by_kind;
  d["by_field"] = by_field;
  d["score_change"] = change;
  return d;
}

py::dict diff_result(const DiffArrays& arrays, const DiffTally& tally, ErrorList& errors) {
  py::dict d;
  d["a"] = arrays.a;
  d["b"] = arrays.b;
  d["kind"] = arrays.kind;
  d["fields"] = arrays.fields;
  d["line"] = arrays.line;
  d["tally"] = tally_dict(tally);
  d["errors"] = py::cast(errors.kept);
  d["error_count"] = errors.count;
  return d;
}

struct DiffPartial {
  std::vector<DiffRow> rows;
  DiffTally tally;
  ErrorList errors;
};

template <class Run>
py::dict diff_lines(const RulesetHandle& a, const RulesetHandle& b, const py::handle& threads,
                    std::size_t max_errors, Run&& run) {
  const std::vector<const Ruleset*> rules{&a->rules(), &b->rules()};
  std::uint64_t ordinal = 0;
  LineBatchWork<DiffPartial> work;
  work.deal = [&](std::span<const Deal> deals, long line, DiffPartial& p) {
    thread_local Outcome outcome_a, outcome_b;
    evaluate(*rules[0], deals[0], outcome_a);
    evaluate(*rules[1], deals[1], outcome_b);
    const OutcomeDiff diff = diff_outcomes(outcome_a, outcome_b);
    p.tally.add(diff, p.rows.size());  // ordinals within the chunk; merge() shifts them
    p.rows.push_back(diff_row(outcome_a, outcome_b, diff, line));
  };
  work.rejected = [&](std::span<const Diagnostics> errors, long, DiffPartial& p) {
    p.errors.add(line_errors(rules, errors), max_errors);
  };
  std::vector<DiffRow> rows;
  DiffTally tally;
  ErrorList errors;
  run(rules, thread_count(threads), work, [&](DiffPartial& p) {
    // A chunk's ordinals count from 0: shift them to the deal's rank among all.
    for (ScoreChangeTally& t : p.tally.score_change.values) t.largest_at += ordinal;
    tally.merge(p.tally);
    ordinal += p.rows.size();
    rows.insert(rows.end(), p.rows.begin(), p.rows.end());
    errors.merge(p.errors, max_errors);
  });
  DiffArrays arrays(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) arrays.set(i, rows[i]);
  return diff_result(arrays, tally, errors);
}

}  // namespace

void bind_diffs(py::module_& m) {
  m.def(
      "diff",
      [](const RulesetInput& a, const RulesetInput& b, const DealInput& deal, bool ascii) -> AnyDict {
        const RulesetHandle ra = ruleset_argument(a, "a"), rb = ruleset_argument(b, "b");
        const Deal deal_a = read_one_deal(ra->rules(), deal);
        const Deal deal_b = read_one_deal(rb->rules(), deal);
        const Outcome outcome_a = evaluate(ra->rules(), deal_a), outcome_b = evaluate(rb->rules(), deal_b);
        const OutcomeDiff diff = diff_outcomes(outcome_a, outcome_b);
        py::list fields;
        for (DiffField field : kDiffFields)
          if (diff.has(field)) fields.append(std::string(diff_field_name(field)));
        py::dict change;
        for (Team team : kTeams) change[py::str(std::string(name(team)))] = diff.score_change[team];
        py::dict d;
        d["kind"] = std::string(diff_kind_name(diff.kind));
        d["fields"] = fields;
        d["score_change"] = change;
        d["suspended_change"] = diff.suspended_change;
        d["reason"] = diff_reason({ra->rules(), deal_a, outcome_a}, {rb->rules(), deal_b, outcome_b}, diff,
                                  ascii ? SuitStyle::letter : SuitStyle::symbol);  // letters as `belote diff --format json`
        d["a"] = make_outcome(ra, deal_a);
        d["b"] = make_outcome(rb, deal_b);
        return d;
      },
      py::arg("a"), py::arg("b"), py::arg("deal"), py::kw_only(), py::arg("ascii") = true,
      R"(Scores one deal under rulesets A and B (Ruleset objects, names or paths) and compares
them, as `belote diff`: a dict of kind (the most significant change), fields,
score_change (B's score minus A's per team), suspended_change, reason (one line
from the two explanations; ascii=False writes suit symbols) and the Outcomes a and b.)");
  m.def(
      "_diff_many",
      [](const py::object& a, const py::object& b, const py::object& deals, const py::handle& threads, std::size_t max_errors) {
        const RulesetHandle ra = ruleset_argument(a, "a"), rb = ruleset_argument(b, "b");
        return diff_lines(ra, rb, threads, max_errors, [&](const auto& rules, unsigned t, const auto& work, auto&& merge) {
          run_items(rules, t, deals, work, merge);
        });
      },
      py::arg("a"), py::arg("b"), py::arg("deals"), py::arg("threads"), py::arg("max_errors") = kDefaultMaxErrors);
  m.def(
      "_diff_file",
      [](const py::object& a, const py::object& b, const py::object& path, const py::handle& threads, std::size_t max_errors) {
        const RulesetHandle ra = ruleset_argument(a, "a"), rb = ruleset_argument(b, "b");
        const std::string file = path_argument(path);
        return diff_lines(ra, rb, threads, max_errors, [&](const auto& rules, unsigned t, const auto& work, auto&& merge) {
          run_file(rules, t, file, work, merge);
        });
      },
      py::arg("a"), py::arg("b"), py::arg("path"), py::arg("threads"), py::arg("max_errors") = kDefaultMaxErrors);
  m.def(
      "_diff_random",
      [](const py::object& a, const py::object& b, std::uint64_t count, std::uint64_t seed, const py::handle& threads) {
        const RulesetHandle ra = ruleset_argument(a, "a"), rb = ruleset_argument(b, "b");
        const Ruleset &rules_a = ra->rules(), &rules_b = rb->rules();
        const unsigned workers = thread_count(threads);
        require_memory(count, DiffArrays::kRowBytes, "diff_random");
        DiffArrays arrays(count);
        DiffTally tally;
        Interruption interruption;
        {
          py::gil_scoped_release unlocked;
          const RandomDeals random_a(rules_a, seed), random_b(rules_b, seed);
          // Rulesets drawing alike share each deal, as `belote diff --random` does.
          const bool same = random_a.same_draws(random_b);
          sample_in_chunks<DiffTally>(
              count, workers,
              [&](std::uint64_t begin, std::uint64_t end, DiffTally& partial) {
                Deal deal_a, deal_b;
                Outcome outcome_a, outcome_b;
                for (std::uint64_t i = begin; i < end; ++i) {
                  random_a.make(i, deal_a, false);
                  if (!same) random_b.make(i, deal_b, false);
                  evaluate(rules_a, deal_a, outcome_a);
                  evaluate(rules_b, same ? deal_a : deal_b, outcome_b);
                  const OutcomeDiff diff = diff_outcomes(outcome_a, outcome_b);
                  partial.add(diff, i);
                  arrays.set(i, diff_row(outcome_a, outcome_b, diff, std::int64_t(i)));
                }
              },
              [&](DiffTally& partial) { tally.merge(partial); }, {}, [&] { return interruption.requested(); });
        }
        interruption.raise_if_requested();
        ErrorList none;
        return diff_result(arrays, tally, none);
      },
      py::arg("a"), py::arg("b"), py::arg("count"), py::arg("seed"), py::arg("threads"));

  py::list kinds, fields;
  kinds.append(std::string(diff_kind_name(DiffKind::none)));
  for (DiffKind kind : kDiffKinds) kinds.append(std::string(diff_kind_name(kind)));
  for (DiffField field : kDiffFields) fields.append(std::string(diff_field_name(field)));
  m.attr("DIFF_KINDS") = py::tuple(kinds);
  m.attr("DIFF_FIELDS") = py::tuple(fields);
}

}  // namespace belote::python
