// Every reader and the loader work in time and memory linear in their input,
// whatever it holds: an input four times larger costs about four times more,
// never sixteen. Each case is run at two sizes, n and 4n, and the program's
// processor time and peak memory compared with a generous factor (figures of
// one machine are never compared with a fixed limit). Errors are capped per
// input, and the exhaustive walk is bounded through the library.
#include <boost/test/unit_test.hpp>

#include <climits>
#include <fmt/format.h>
#include <functional>
#include <sys/resource.h>
#include <sys/wait.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_bounded_work)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

struct Cost {
  double seconds = 0;  ///< processor time, user and system
  long memory_kib = 0; ///< peak resident memory
};

// The cheapest of three runs of the program on `args` (output discarded).
Cost cost_of(const std::vector<std::string>& args) {
  Cost best{1e9, LONG_MAX};
  for (int run = 0; run < 3; ++run) {
    const pid_t pid = start_belote_quietly(args);
    int status = 0;
    rusage usage{};
    BOOST_REQUIRE(wait4(pid, &status, 0, &usage) == pid);
    BOOST_REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) <= 1);
    const double seconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    best.seconds = std::min(best.seconds, seconds);
    best.memory_kib = std::min(best.memory_kib, usage.ru_maxrss);
  }
  return best;
}

// Linear work grows 4 times from n to 4n, quadratic 16 times: 8 lets the
// program's fixed start-up cost and a busy machine through, and no square.
constexpr double kGenerous = 8;

// Writes the input of size n and of size 4n, runs `command` on each, and compares.
void check_linear(const std::string& name, const std::function<std::string(int)>& input, int n,
                  const std::vector<std::string>& command, const std::string& file_name) {
  const fs::path dir = temp_dir("bounded-" + name);
  Cost costs[2];
  for (int i = 0; i < 2; ++i) {
    const fs::path file = dir / fmt::format("{}-{}", i, file_name);
    const std::string text = input(i == 0 ? n : 4 * n);
    BOOST_REQUIRE(text.size() <= (std::size_t(1) << 20));
    write_file(file, text);
    std::vector<std::string> args = command;
    args.push_back(file.string());
    costs[i] = cost_of(args);
  }
  BOOST_TEST_MESSAGE(fmt::format("{}: n {:.3f} s {} KiB, 4n {:.3f} s {} KiB", name, costs[0].seconds, costs[0].memory_kib,
                                 costs[1].seconds, costs[1].memory_kib));
  // Below a hundredth of a second the clock says nothing: that is linear enough.
  BOOST_TEST((costs[1].seconds < 0.01 || costs[1].seconds <= kGenerous * std::max(costs[0].seconds, 0.01)),
             name << ": " << costs[0].seconds << " s for n, " << costs[1].seconds << " s for 4n");
  BOOST_TEST(costs[1].memory_kib <= kGenerous * costs[0].memory_kib,
             name << ": " << costs[0].memory_kib << " KiB for n, " << costs[1].memory_kib << " KiB for 4n");
}

std::string repeated(const std::string& piece, int times, const std::string& separator) {
  std::string out;
  for (int i = 0; i < times; ++i) out += (i ? separator : "") + piece;
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_toml_deal_of_bad_card_tokens_on_one_line) {
  check_linear("card-tokens", [](int n) { return "[deal]\ntrump = \"H\"\ntaker = \"N\"\n[deal.hands]\nN = \"" +
                                                 repeated("ZZ", n, " ") + "\"\n"; },
               40000, {"score"}, "deal.toml");
}

BOOST_AUTO_TEST_CASE(a_ruleset_of_unknown_keys) {
  check_linear("unknown-keys", [](int n) {
    std::string text = "extends = \"classique\"\n";
    for (int i = 0; i < n; ++i) text += fmt::format("unknown_key_{} = 1\n", i);
    return text;
  }, 10000, {"rulesets", "check"}, "ruleset.toml");
}

BOOST_AUTO_TEST_CASE(a_ruleset_of_long_unknown_keys_on_one_line) {
  // Suggestions are looked for among the known keys: a long key is compared with none.
  check_linear("long-keys", [](int n) {
    std::string text = "extends = \"classique\"\nsequences = { ";
    for (int i = 0; i < n / 100; ++i) text += fmt::format("{}{} = 1, ", std::string(100, 'k'), i);
    return text + "x = 1 }\n";
  }, 20000, {"rulesets", "check"}, "ruleset.toml");
}

BOOST_AUTO_TEST_CASE(json_lines_of_values_whose_text_is_not_the_parsers) {
  // 0e0 is written back as 0.0: a place found by searching the line for it was never found.
  check_linear("json-numbers", [](int n) {
    std::string text;
    for (int line = 0; line < 20; ++line)
      text += R"({"trump": "H", "taker": "N", "hands": {"N": [)" + repeated("0e0", n, ",") + "]}}\n";
    return text;
  }, 3000, {"score"}, "deals.jsonl");
}

BOOST_AUTO_TEST_CASE(json_lines_of_many_keys) {
  check_linear("json-keys", [](int n) {
    std::string text;
    for (int line = 0; line < 10; ++line) {
      text += R"({"trump": "H", "taker": "N", "hands": {)";
      for (int i = 0; i < n; ++i) text += fmt::format("{}\"k\\u00{:02x}{}\": 1", i ? ", " : "", 0x41 + i % 26, i);
      text += "}}\n";
    }
    return text;
  }, 700, {"score"}, "deals.jsonl");
}

BOOST_AUTO_TEST_CASE(a_sheet_of_many_bad_menes) {
  check_linear("sheet-menes", [](int n) {
    std::string text = "ruleset = \"classique\"\n";
    for (int i = 0; i < n; ++i) text += "[[mene]]\ntaker = \"Z\"\ntrump = \"Q\"\nwho = 1\n";
    return text;
  }, 5000, {"sheet", "show"}, "sheet.toml");
}

BOOST_AUTO_TEST_CASE(command_lines_of_many_words) {
  // Calls of an auction and repeated options; a parser that takes each word
  // off the front of the others costs 16 times more for 4 times the words.
  // 100,000 words stay within what a command line may hold (2 MiB).
  const auto auction = [](int n) {
    std::vector<std::string> args{"auction", "--ruleset", "coinche"};
    args.insert(args.end(), std::size_t(n), "pass");
    return args;
  };
  const std::string dir = "/";  // short, and a directory: one that is none is refused
  const auto directories = [&](int n) {
    std::vector<std::string> args{"auction", "--ruleset", "coinche"};
    for (int i = 0; i < n / 2; ++i) args.insert(args.end(), {"--rulesets-dir", dir});
    args.push_back("pass");
    return args;
  };
  for (const auto& [name, command] : {std::pair{"calls", std::function<std::vector<std::string>(int)>(auction)},
                                      std::pair{"--rulesets-dir", std::function<std::vector<std::string>(int)>(directories)}}) {
    const Cost n = cost_of(command(25'000)), four_n = cost_of(command(100'000));
    BOOST_TEST_MESSAGE(fmt::format("{}: n {:.3f} s, 4n {:.3f} s", name, n.seconds, four_n.seconds));
    BOOST_TEST(four_n.seconds <= kGenerous * std::max(n.seconds, 0.01), name << ": " << n.seconds << " s for n, "
                                                                            << four_n.seconds << " s for 4n");
    // And in absolute terms: a quadratic parser took 12 s for 100,000 calls.
    BOOST_TEST(four_n.seconds < 4.0, name);
  }
}

BOOST_AUTO_TEST_CASE(errors_past_the_cap_are_counted_not_listed) {
  std::string hand = repeated("ZZ", 250, " ");
  const Diagnostics errors = toml_deal_errors(*ruleset("classique"), "[deal]\ntrump = \"H\"\ntaker = \"N\"\n"
                                                                     "[deal.hands]\nN = \"" + hand + "\"\n");
  BOOST_TEST(errors.size() == kMaxDiagnostics);
  BOOST_TEST(errors.count() > 250u);
  BOOST_TEST(unkept_errors_message(errors) ==
             fmt::format("... and {} more errors (the first 100 are shown)", errors.count() - kMaxDiagnostics));

  const fs::path file = temp_dir("error-cap") / "deal.toml";
  write_file(file, "[deal]\ntrump = \"H\"\ntaker = \"N\"\n[deal.hands]\nN = \"" + hand + "\"\n");
  const RunResult run = run_belote({"score", file.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.ends_with(fmt::format("belote: error: ... and {} more errors (the first 100 are shown)\n",
                                           errors.count() - kMaxDiagnostics)),
             run.err);
  // Each error quotes at most a window of its line.
  for (const Diagnostic& d : errors) BOOST_TEST(caret_lines(d).size() < 400u);
}

BOOST_AUTO_TEST_CASE(the_exhaustive_walk_is_bounded_through_the_library) {
  const LoadedRuleset wide = load_text(ruleset_of_44_cards(), "wide.toml");
  BOOST_REQUIRE_MESSAGE(wide.ok(), (wide.errors.empty() ? "" : location_and_message(wide.errors.front())));
  BOOST_TEST(exhaustive_hand_count(*wide.ruleset) > kMaxExhaustiveHands);
  BOOST_TEST(!exhaustive_hand_stats(*wide.ruleset).has_value());
  // A bound of the caller's own.
  BOOST_TEST(!exhaustive_hand_stats(*ruleset("classique"), 0, 1000).has_value());
  BOOST_TEST(exhaustive_hand_stats(*ruleset("classique"), 0, 10'518'300).has_value());
}

BOOST_AUTO_TEST_SUITE_END()  // test_bounded_work
