// Scoring and checking deals by the million: results in NumPy arrays, one
// row per valid deal, no Python object per deal.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "batch_input.h"

namespace belote::python {

namespace {

/// What an array row holds for one deal.
struct ScoreRow {
  std::int32_t score[2];
  std::int32_t suspended;
  std::int8_t contract;
  std::int8_t winner;
  std::int64_t line;
};

ScoreRow score_row(const Outcome& outcome, std::int64_t line) {
  return {{outcome.score[Team::NS], outcome.score[Team::EW]},
          outcome.suspended,
          std::int8_t(outcome.contract),
          std::int8_t(outcome.is_void || !outcome.winner ? -1 : int(*outcome.winner)),
          line};
}

/// The arrays of a batch, filled in place (with the GIL released).
struct ScoreArrays {
  py::array_t<std::int32_t> score;
  py::array_t<std::int8_t> contract, winner;
  py::array_t<std::int32_t> suspended;
  py::array_t<std::int64_t> line;
  std::int32_t* score_at;
  std::int8_t *contract_at, *winner_at;
  std::int32_t* suspended_at;
  std::int64_t* line_at;

  /// What a row takes in all the arrays.
  static constexpr std::uint64_t kRowBytes = 2 * 4 + 1 + 1 + 4 + 8;

  explicit ScoreArrays(std::size_t n)
      : score(std::vector<py::ssize_t>{py::ssize_t(n), 2}), contract(py::ssize_t(n)), winner(py::ssize_t(n)),
        suspended(py::ssize_t(n)), line(py::ssize_t(n)),
        score_at(score.mutable_data()), contract_at(contract.mutable_data()), winner_at(winner.mutable_data()),
        suspended_at(suspended.mutable_data()), line_at(line.mutable_data()) {}

  void set(std::size_t i, const ScoreRow& row) {
    score_at[2 * i] = row.score[0];
    score_at[2 * i + 1] = row.score[1];
    contract_at[i] = row.contract;
    winner_at[i] = row.winner;
    suspended_at[i] = row.suspended;
    line_at[i] = row.line;
  }

  py::dict result(ErrorList& errors) const {
    py::dict d;
    d["score"] = score;
    d["contract"] = contract;
    d["winner"] = winner;
    d["suspended"] = suspended;
    d["line"] = line;
    d["errors"] = py::cast(errors.kept);
    d["error_count"] = errors.count;
    return d;
  }
};

struct ScorePartial {
  std::vector<ScoreRow> rows;
  ErrorList errors;
};

/// Scores deal lines, from an iterable or a file, into arrays.
template <class Run>
py::dict score_lines(const RulesetHandle& handle, const py::handle& threads, std::size_t max_errors, Run&& run) {
  const std::vector<const Ruleset*> rules{&handle->rules()};
  LineBatchWork<ScorePartial> work;
  work.deal = [&](std::span<const Deal> deals, long line, ScorePartial& p) {
    thread_local Outcome outcome;
    evaluate(*rules[0], deals[0], outcome);
    p.rows.push_back(score_row(outcome, line));
  };
  work.rejected = [&](std::span<const Diagnostics> errors, long, ScorePartial& p) {
    p.errors.add(line_errors(rules, errors), max_errors);
  };
  std::vector<ScoreRow> rows;
  ErrorList errors;
  run(rules, thread_count(threads), work, [&](ScorePartial& p) {
    rows.insert(rows.end(), p.rows.begin(), p.rows.end());
    errors.merge(p.errors, max_errors);
  });
  ScoreArrays arrays(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) arrays.set(i, rows[i]);
  return arrays.result(errors);
}

struct CheckPartial {
  std::uint64_t deals = 0, valid = 0;
  ErrorList errors;
};

template <class Run>
py::dict check_lines(const RulesetHandle& handle, const py::handle& threads, std::size_t max_errors, Run&& run) {
  const std::vector<const Ruleset*> rules{&handle->rules()};
  LineBatchWork<CheckPartial> work;
  work.deal = [](std::span<const Deal>, long, CheckPartial& p) { ++p.deals, ++p.valid; };
  work.rejected = [&](std::span<const Diagnostics> errors, long, CheckPartial& p) {
    ++p.deals;
    p.errors.add(line_errors(rules, errors), max_errors);
  };
  CheckPartial total;
  run(rules, thread_count(threads), work, [&](CheckPartial& p) {
    total.deals += p.deals;
    total.valid += p.valid;
    total.errors.merge(p.errors, max_errors);
  });
  py::dict d;
  d["deals"] = total.deals;
  d["valid"] = total.valid;
  d["errors"] = py::cast(total.errors.kept);
  d["error_count"] = total.errors.count;
  return d;
}

/// How a batch reads its input: from an iterable or from a file.
auto from_items(const py::object& deals) {
  return [deals](const std::vector<const Ruleset*>& rules, unsigned threads, const auto& work, auto&& merge) {
    run_items(rules, threads, deals, work, merge);
  };
}
auto from_file(const std::string& path) {
  return [path](const std::vector<const Ruleset*>& rules, unsigned threads, const auto& work, auto&& merge) {
    run_file(rules, threads, path, work, merge);
  };
}

}  // namespace

void bind_batches(py::module_& m) {
  auto ruleset = py::reinterpret_borrow<py::class_<LoadedHandle, RulesetHandle>>(m.attr("Ruleset"));
  ruleset
      .def(
          "_score_many",
          [](const RulesetHandle& rules, const py::object& deals, const py::handle& threads, std::size_t max_errors) {
            return score_lines(rules, threads, max_errors, from_items(deals));
          },
          py::arg("deals"), py::arg("threads"), py::arg("max_errors") = kDefaultMaxErrors)
      .def(
          "_score_file",
          [](const RulesetHandle& rules, const py::object& path, const py::handle& threads, std::size_t max_errors) {
            return score_lines(rules, threads, max_errors, from_file(path_argument(path)));
          },
          py::arg("path"), py::arg("threads"), py::arg("max_errors") = kDefaultMaxErrors)
      .def(
          "_score_random",
          [](const RulesetHandle& handle, std::uint64_t count, std::uint64_t seed, std::uint64_t start,
             const py::handle& threads) {
            const Ruleset& rules = handle->rules();
            // Each deal's number goes into `line`, an int64 array: the last is at most 2**63 - 1.
            constexpr std::uint64_t kLines = std::uint64_t(std::numeric_limits<std::int64_t>::max()) + 1;
            if (start > kLines || count > kLines - start)
              throw py::value_error(fmt::format("start + count is at most 2**63 (each deal's number is a line of an int64 array), not {} + {}",
                                                start, count));
            const unsigned workers = thread_count(threads);
            require_memory(count, ScoreArrays::kRowBytes, "score_random");
            ScoreArrays arrays(count);
            Interruption interruption;
            {
              py::gil_scoped_release unlocked;
              const RandomDeals random(rules, seed);
              // Each chunk fills its own rows: nothing to merge.
              struct Nothing {};
              sample_in_chunks<Nothing>(
                  count, workers,
                  [&](std::uint64_t begin, std::uint64_t end, Nothing&) {
                    Deal deal;
                    Outcome outcome;
                    for (std::uint64_t i = begin; i < end; ++i) {
                      random.make(start + i, deal, false);
                      evaluate(rules, deal, outcome);
                      arrays.set(i, score_row(outcome, std::int64_t(start + i)));
                    }
                  },
                  [](Nothing&) {}, {}, [&] { return interruption.requested(); });
            }
            interruption.raise_if_requested();
            ErrorList none;
            return arrays.result(none);
          },
          py::arg("count"), py::arg("seed"), py::arg("start"), py::arg("threads"))
      .def(
          "_check_many",
          [](const RulesetHandle& rules, const py::object& deals, const py::handle& threads, std::size_t max_errors) {
            return check_lines(rules, threads, max_errors, from_items(deals));
          },
          py::arg("deals"), py::arg("threads"), py::arg("max_errors") = kDefaultMaxErrors)
      .def(
          "_check_file",
          [](const RulesetHandle& rules, const py::object& path, const py::handle& threads, std::size_t max_errors) {
            return check_lines(rules, threads, max_errors, from_file(path_argument(path)));
          },
          py::arg("path"), py::arg("threads"), py::arg("max_errors") = kDefaultMaxErrors);

  py::list contracts;
  for (ContractResult c : {ContractResult::none, ContractResult::made, ContractResult::failed, ContractResult::litige,
                           ContractResult::no_contract})
    contracts.append(c == ContractResult::none ? py::object(py::none()) : py::object(py::str(std::string(contract_name(c)))));
  m.attr("CONTRACT_RESULTS") = py::tuple(contracts);
}

}  // namespace belote::python
