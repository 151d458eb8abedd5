// A command line of many words reads as a short one does: its words are
// parsed a slice at a time (so that the time stays linear in their number),
// cut only where parsing apart gives the same options, and the operands are
// counted over the whole line. Each case puts more words before the part
// that matters than a slice holds.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_long_command_lines)

using namespace belote;
using namespace belote::test;

namespace {

// `count` times --rulesets-dir with the shipped rulesets: words that change nothing.
std::vector<std::string> padding(int count) {
  std::vector<std::string> words;
  for (int i = 0; i < count; ++i) words.insert(words.end(), {"--rulesets-dir", BELOTE_RULESETS_DIR});
  return words;
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The program answers the same with `extra` words inserted after the first `at` words of `args`.
void check_same(const std::vector<std::string>& args, std::size_t at, const std::vector<std::string>& extra) {
  std::vector<std::string> longer(args.begin(), args.begin() + long(at));
  longer = joined(longer, extra);
  longer.insert(longer.end(), args.begin() + long(at), args.end());
  const RunResult short_run = run_belote(args), long_run = run_belote(longer);
  BOOST_TEST(long_run.status == short_run.status);
  BOOST_TEST(long_run.out == short_run.out);
  BOOST_TEST(long_run.err == short_run.err);
}

std::vector<std::string> passes(int count) { return std::vector<std::string>(std::size_t(count), "pass"); }

}  // namespace

BOOST_AUTO_TEST_CASE(calls_and_options_read_the_same_however_many_words_come_first) {
  // The calls of an auction, many of them, between options.
  check_same(joined({"auction", "--ruleset", "coinche", "--dealer", "E"}, joined(passes(3), {"80 H", "--format", "json"})), 1,
             padding(100));
  check_same(joined({"auction", "--ruleset", "coinche"}, joined(passes(200), {"--dealer", "S"})), 1, {});
  // An option that takes several words (--trick) after the cut, then operands.
  check_same({"legal", "--ruleset", "classique", "--trump", "H", "--hand", "JH 8H KD 7C", "--trick", "N KS", "W AS", "--ascii"},
             3, padding(100));
  // An option's value that starts with a dash, and short options.
  check_same({"deal", "--random", "2", "--seed", "-5"}, 1, padding(100));
  check_same({"deal", "-r", "classique", "--random", "1", "--seed", "9"}, 1, padding(100));
  // Everything after -- is an operand.
  check_same(joined({"auction", "--ruleset", "coinche", "--"}, joined(passes(100), {"--dealer"})), 4, {});
}

BOOST_AUTO_TEST_CASE(errors_read_the_same_however_many_words_come_first) {
  // Too many operands, counted over the whole line.
  const RunResult many = run_belote(joined(joined({"rulesets", "show", "classique"}, padding(100)), {"lyon"}));
  BOOST_TEST(many.status == 2);
  BOOST_TEST(many.err == "belote: error: rulesets show: too many arguments (see 'belote rulesets show --help')\n");
  check_same({"rulesets", "show", "classique", "lyon"}, 2, padding(100));
  // An option missing its value, an unknown option, an option given twice.
  check_same({"score", "--ruleset"}, 1, padding(100));
  check_same({"score", "--no-such-option", "x.toml"}, 1, padding(100));
  check_same({"score", "--ascii", "x.toml", "--ascii"}, 1, padding(100));
}

BOOST_AUTO_TEST_SUITE_END()
