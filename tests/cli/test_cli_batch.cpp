// The batch commands (`score`, `deal --check`, `diff` over files) against the
// reference path: the precise JSON Lines reader, outcome_json, one deal after
// the other on one thread, as the program worked before it read on every
// core. The program's output and errors, interleaved as a terminal shows
// them, are the reference's bytes, on tests/data, on lines broken in every
// way, and on 50,000 random deals; and they do not depend on --threads.
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "deal_lines.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_batch)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxLine = 1 << 16;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// What `belote` prints for a diagnostic (print_diagnostic).
std::string printed(const Diagnostics& errors) {
  std::string text;
  for (const Diagnostic& d : errors) {
    text += "belote: error: " + location_and_message(d) + "\n";
    if (const std::string caret = caret_lines(d); !caret.empty()) text += caret + "\n";
  }
  return text;
}

// The reference path over the inputs, once for several outputs: in output i,
// each valid deal gives `on_deal[i]`'s text and each invalid one its errors,
// in input order; `on_deal[i]` is called with the deal and its outcome.
using OnDeal = std::function<std::string(const Deal&, const Outcome&)>;
std::vector<std::string> reference(const Ruleset& rules, const std::vector<std::string>& inputs,
                                   const std::vector<OnDeal>& on_deal) {
  const DealReader reader(rules);
  std::vector<std::string> outs(on_deal.size());
  const auto to_all = [&](const std::string& text) {
    for (std::string& out : outs) out += text;
  };
  Outcome outcome;
  // At most kMaxDiagnostics errors are shown per input, the rest counted and said at its end.
  std::size_t shown = 0, unshown = 0;
  const auto error = [&](const Diagnostic& d) {
    if (shown == kMaxDiagnostics) return void(++unshown);
    to_all(printed({d}));
    ++shown;
  };
  const auto end_input = [&] {
    if (unshown) to_all(fmt::format("belote: error: ... and {} more error{} (the first {} are shown)\n", unshown, unshown == 1 ? "" : "s", shown));
    shown = unshown = 0;
  };
  const auto take = [&](bool valid, const Deal& deal, const Diagnostics& errors) {
    if (!valid) {
      for (const Diagnostic& d : errors) error(d);
      unshown += errors.unkept();
      return;
    }
    evaluate(rules, deal, outcome);
    for (std::size_t i = 0; i < outs.size(); ++i) outs[i] += on_deal[i](deal, outcome);
  };
  for (const std::string& input : inputs) {
    Deal deal;
    Diagnostics errors;
    if (input.ends_with(".toml")) {
      take(reader.read_toml_file(input, deal, errors), deal, errors);
      end_input();
      continue;
    }
    if (!fs::exists(input)) {
      to_all("belote: error: " + input + ": no such file\n");
      continue;
    }
    const std::string text = read_file(input);
    long number = 0;
    for (std::size_t start = 0; start < text.size();) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      const std::string line = text.substr(start, end - start);
      start = end + 1;
      ++number;
      if (line.substr(0, kMaxLine).find_first_not_of(" \t\r") == std::string::npos) continue;
      errors.clear();
      if (line.size() > kMaxLine) {
        error({input, int(number), 0, "line too long (a deal is at most 65536 bytes)", ""});
        continue;
      }
      take(reader.read_json_line(line, input, number, deal, errors), deal, errors);
    }
    end_input();
  }
  return outs;
}

std::string full_json(const Ruleset& rules, const Deal& deal, const Outcome& outcome) {
  return outcome_json(rules, deal, outcome).dump() + "\n";
}

std::string compact_json(const Ruleset& rules, const Deal& deal, const Outcome& outcome) {
  nlohmann::ordered_json j = outcome_json(rules, deal, outcome);
  j.erase("explanation");
  return j.dump() + "\n";
}

// The program's standard output and error as one stream, as a terminal shows them.
RunResult run_together(std::vector<std::string> args) {
  args.insert(args.begin(), {"-c", "exec \"$0\" \"$@\" 2>&1", BELOTE_PROGRAM});
  return run_program("sh", args);
}

// A file of deals in every form, broken lines among them, blank lines, a line
// too long and a last line without its newline.
std::string broken_batch(const Ruleset& rules, std::uint64_t count) {
  std::string text;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::string line = deal_line_in_any_form(rules, 31, i);
    text += i % 3 == 0 ? mutated_line(line, 32, i) : line;
    text += i % 50 == 7 ? "\r\n\n  \t\n" : "\n";
    if (i == count / 2) {
      text.append(kMaxLine + 10, 'x').append("\n");
      text.append(kMaxLine + 3, ' ').append("x\n");
    }
  }
  return text + deal_line_in_any_form(rules, 31, count);
}

struct Batch {
  fs::path dir;
  std::vector<std::string> inputs;
};

Batch batch_files(const Ruleset& rules, std::uint64_t count) {
  Batch b{temp_dir("batch"), {}};
  write_file(b.dir / "broken.jsonl", broken_batch(rules, count));
  b.inputs = {(b.dir / "broken.jsonl").string(), (tests_dir() / "data" / "diff-deals.jsonl").string(),
              case_files().front().string(), (b.dir / "missing.jsonl").string(), (b.dir / "broken.jsonl").string()};
  return b;
}

void expect_same(const RunResult& run, const std::string& expected, const std::string& what) {
  BOOST_TEST_REQUIRE(run.out.size() == expected.size(), what << ": " << run.out.size() << " bytes, not " << expected.size());
  const auto at = std::size_t(std::mismatch(run.out.begin(), run.out.end(), expected.begin()).first - run.out.begin());
  BOOST_TEST_REQUIRE(at == run.out.size(), what << ": first difference at byte " << at << ":\n"
                                               << run.out.substr(at, 300) << "\ninstead of\n" << expected.substr(at, 300));
}

}  // namespace

BOOST_AUTO_TEST_CASE(score_and_check_give_the_reference_bytes_on_every_kind_of_line) {
  for (const std::string name : {"classique", "traditionnelle"}) {
    const auto rules = ruleset(name);
    const Batch b = batch_files(*rules, scaled(2000));
    const auto json = [&](const Deal& d, const Outcome& o) { return full_json(*rules, d, o); };
    const auto compact = [&](const Deal& d, const Outcome& o) { return compact_json(*rules, d, o); };
    bool first = true;
    const auto text = [&](const Deal& d, const Outcome& o) {
      const std::string separator = first ? "" : "\n";
      first = false;
      return separator + outcome_text(*rules, d, o, SuitStyle::symbol);
    };
    std::uint64_t valid = 0;
    const auto count = [&](const Deal&, const Outcome&) {
      ++valid;
      return std::string();
    };
    const std::vector<std::string> expected = reference(*rules, b.inputs, {json, compact, text, count});
    const std::string& expected_json = expected[0];
    const std::string& expected_compact = expected[1];
    const std::string& expected_text = expected[2];
    std::string expected_check = expected[3];
    expected_check += fmt::format("{} valid deals\n", valid);
    for (const std::string threads : {"1", "2", "5"}) {
      std::vector<std::string> args{"--ruleset", name, "--threads", threads};
      args.insert(args.end(), b.inputs.begin(), b.inputs.end());
      const auto command = [&](std::vector<std::string> head) {
        head.insert(head.end(), args.begin(), args.end());
        const RunResult run = run_together(head);
        BOOST_TEST(run.status == 1);
        return run;
      };
      expect_same(command({"score", "--format", "json"}), expected_json, name + " score --format json, threads " + threads);
      expect_same(command({"score", "--format", "json", "--compact"}), expected_compact, name + " --compact, threads " + threads);
      expect_same(command({"score"}), expected_text, name + " score, threads " + threads);
      expect_same(command({"deal", "--check"}), expected_check, name + " deal --check, threads " + threads);
    }
  }
}

BOOST_AUTO_TEST_CASE(random_deals_score_check_and_diff_as_the_reference) {
  const auto rules = ruleset("classique");
  const auto other = ruleset("traditionnelle");
  DiffTally tally;
  const fs::path dir = temp_dir("random");
  const std::uint64_t count = scaled(50000);
  {
    std::ofstream out(dir / "deals.jsonl");
    out << random_deal_lines(41, count);
  }
  // The output is streamed and compared as it comes: 50,000 outcomes are 50 MB.
  const std::string command = fmt::format("'{}' score --format json '{}'", BELOTE_PROGRAM, (dir / "deals.jsonl").string());
  std::FILE* pipe = ::popen(command.c_str(), "r");
  BOOST_REQUIRE(pipe);
  // The reference reads the same lines with the precise reader.
  std::ifstream lines(dir / "deals.jsonl");
  const DealReader reader(*rules);
  Deal deal;
  Diagnostics errors;
  std::string line, got;
  std::uint64_t differing = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    BOOST_REQUIRE(std::getline(lines, line));
    BOOST_REQUIRE(reader.read_json_line(line, "deals.jsonl", long(i + 1), deal, errors));
    const Outcome outcome = evaluate(*rules, deal);
    const std::string expected = full_json(*rules, deal, outcome);
    // A deal of four hands reads alike under both rulesets (one deck).
    tally.add(diff_outcomes(outcome, evaluate(*other, deal)), i);
    got.resize(expected.size());
    got.resize(std::fread(got.data(), 1, expected.size(), pipe));
    if (got != expected && differing++ == 0) BOOST_ERROR("deal " << i << " differs:\n" << got << "instead of\n" << expected);
  }
  BOOST_TEST(std::fgetc(pipe) == EOF);
  BOOST_TEST(::pclose(pipe) == 0);
  BOOST_TEST(differing == 0u);

  const RunResult check = run_belote({"deal", "--check", (dir / "deals.jsonl").string()});
  BOOST_TEST(check.out == fmt::format("{} valid deals\n", count));
  const RunResult diff = run_belote({"diff", "classique", "traditionnelle", "--summary", "--format", "json",
                                     (dir / "deals.jsonl").string()});
  BOOST_TEST_REQUIRE(diff.status == 0, diff.err);
  const nlohmann::json summary = nlohmann::json::parse(diff.out);
  BOOST_TEST(summary["deals"] == tally.deals);
  BOOST_TEST(summary["differing"] == tally.differing);
  for (DiffKind kind : kDiffKinds) BOOST_TEST(summary["by_kind"][std::string(diff_kind_name(kind))] == tally.count(kind));
  for (Team team : kTeams) {
    BOOST_TEST(summary["score_change"][std::string(name(team))]["moved"] == tally.score_change[team].changed);
    BOOST_TEST(summary["score_change"][std::string(name(team))]["largest"] == tally.score_change[team].largest);
  }
}

BOOST_AUTO_TEST_CASE(diff_over_files_counts_and_lists_as_the_reference) {
  const auto a = ruleset("classique");
  const auto b = ruleset("traditionnelle");
  const fs::path dir = temp_dir("diff");
  std::string text;
    // Declared without a card serving twice, as both rulesets accept.
  for (std::uint64_t i = 0; i < scaled(8000); ++i) text += deal_line_in_any_form(*b, 51, i) + "\n";
  write_file(dir / "deals.jsonl", text);
  // The reference: each deal read by the precise reader under both rulesets, scored and compared, in order.
  DiffTally tally;
  std::vector<std::string> labels;  // of the differing deals, in order
  std::map<std::uint64_t, std::string> label_at;
  long number = 0;
  for (std::size_t start = 0; start < text.size(); start = text.find('\n', start) + 1) {
    const std::string line = text.substr(start, text.find('\n', start) - start);
    Deal da, db;
    Diagnostics errors;
    ++number;
    BOOST_REQUIRE(DealReader(*a).read_json_line(line, "d", number, da, errors));
    BOOST_REQUIRE(DealReader(*b).read_json_line(line, "d", number, db, errors));
    const OutcomeDiff diff = diff_outcomes(evaluate(*a, da), evaluate(*b, db));
    tally.add(diff, tally.deals);
    const std::string where = fmt::format("{}:{}", (dir / "deals.jsonl").string(), number);
    if (!diff.differs()) continue;
    labels.push_back(da.id.empty() ? where : fmt::format("{} ({})", da.id, where));
    label_at[tally.deals - 1] = labels.back();
  }
  std::string first_output;
  for (const std::string threads : {"1", "2", "7"}) {
    const RunResult run = run_belote({"diff", "classique", "traditionnelle", "--format", "json", "--threads", threads,
                                      (dir / "deals.jsonl").string()});
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    if (first_output.empty()) first_output = run.out;
    BOOST_TEST(run.out == first_output);
    std::vector<nlohmann::json> objects;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) objects.push_back(nlohmann::json::parse(line));
    const nlohmann::json summary = objects.back();
    objects.pop_back();
    BOOST_TEST(summary["deals"] == tally.deals);
    BOOST_TEST(summary["differing"] == tally.differing);
    for (DiffKind kind : kDiffKinds) BOOST_TEST(summary["by_kind"][std::string(diff_kind_name(kind))] == tally.count(kind));
    for (DiffField field : kDiffFields) BOOST_TEST(summary["by_field"][std::string(diff_field_name(field))] == tally.count(field));
    for (Team team : kTeams) {
      const ScoreChangeTally& t = tally.score_change[team];
      const nlohmann::json& change = summary["score_change"][std::string(name(team))];
      BOOST_TEST(change["moved"] == t.changed);
      BOOST_TEST(change["largest"] == t.largest);
      BOOST_TEST(change["largest_deal"] == label_at.at(t.largest_at));
    }
    BOOST_REQUIRE_EQUAL(objects.size(), labels.size());
    for (std::size_t i = 0; i < labels.size(); ++i) BOOST_TEST(objects[i]["id"] == labels[i]);
  }
}

BOOST_AUTO_TEST_CASE(errors_are_capped_at_a_hundred_per_input_the_first_by_position) {
  const fs::path dir = temp_dir("error-cap-per-input");
  // 400 broken lines, a few errors each: 100 are shown, then how many more.
  std::string broken;
  for (int i = 0; i < 400; ++i) broken += "{\"trump\": \"Q\", \"taker\": \"Z\"}\n";
  write_file(dir / "broken.jsonl", broken);
  const RunResult run = run_belote({"score", "--ruleset", "classique", (dir / "broken.jsonl").string()});
  BOOST_TEST(run.status == 1);
  std::size_t errors = 0;
  for (const std::string& line : lines_of(run.err)) errors += line.starts_with("belote: error: ");
  BOOST_TEST(errors == 101u, run.err.substr(0, 2000));
  BOOST_TEST(run.err.ends_with("more errors (the first 100 are shown)\n"), run.err.substr(run.err.size() > 300 ? run.err.size() - 300 : 0));

  // A line of 150 unknown keys: the first hundred in the order written.
  std::string keys;
  for (int k = 0; k < 150; ++k) keys += fmt::format("\"k{}\": 1, ", k);
  write_file(dir / "keys.jsonl", "{" + keys + "\"trump\": \"H\"}\n");
  const RunResult many = run_belote({"score", "--ruleset", "classique", (dir / "keys.jsonl").string()});
  std::vector<std::string> unknown;
  for (const std::string& line : lines_of(many.err))
    if (const auto at = line.find("unknown key '"); at != std::string::npos) unknown.push_back(line.substr(at + 13, line.find('\'', at + 13) - at - 13));
  BOOST_TEST_REQUIRE(unknown.size() >= 3u, many.err.substr(0, 2000));
  BOOST_TEST(unknown[0] == "k0");
  BOOST_TEST(unknown[1] == "k1");
  BOOST_TEST(unknown[2] == "k2");
}

BOOST_AUTO_TEST_CASE(an_input_without_a_deal_says_so) {
  const fs::path dir = temp_dir("no-deal");
  write_file(dir / "empty.jsonl", "");
  write_file(dir / "blank.jsonl", "\n  \n\t\n");
  for (const char* file : {"empty.jsonl", "blank.jsonl"}) {
    const RunResult run = run_belote({"score", "--ruleset", "classique", (dir / file).string()});
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out.empty());
    BOOST_TEST(run.err == fmt::format("belote: error: {}: holds no deal (the file is empty or only blank lines)\n", (dir / file).string()));
  }
  const RunResult piped = run_belote({"score", "--ruleset", "classique", "-"}, "");
  BOOST_TEST(piped.err == "belote: error: <stdin>: holds no deal (the file is empty or only blank lines)\n");
}
BOOST_AUTO_TEST_SUITE_END()  // test_cli_batch
