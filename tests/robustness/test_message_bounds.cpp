// Every message is bounded, whatever it quotes: at most kMaxMessageBytes
// (4,000) bytes through the library, a name quoted at most 200 characters, a
// line shown as 100 characters around its column; bytes that are not text are
// shown escaped alike (\xXX) under a TOML error and under a JSON one.
#include <algorithm>
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_message_bounds)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

std::size_t longest_message(const Diagnostics& errors) {
  std::size_t longest = 0;
  for (const Diagnostic& d : errors) longest = std::max(longest, location_and_message(d).size());
  return longest;
}

// The longest run of one character in `text`: how much of a name a message quotes.
std::size_t longest_run(const std::string& text, char c) {
  std::size_t longest = 0, run = 0;
  for (char x : text) longest = std::max(longest, run = x == c ? run + 1 : 0);
  return longest;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_megabyte_bare_key_gives_a_bounded_message_through_the_library) {
  const RulesetLoader loader(shipped_loader().search(), RulesetTrust::untrusted);
  for (const std::string& text : {"extends = \"classique\"\n" + std::string(1000000, 'k') + " = 1\n",
                                  "extends = \"classique\"\n[" + std::string(1000000, 'k') + "]\nx = 1\n",
                                  "extends = \"classique\"\n[sequences]\n" + std::string(1000000, 'k') + " = 1\n"}) {
    const LoadedRuleset loaded = loader.load_string(text, "upload.toml");
    BOOST_REQUIRE(!loaded.errors.empty());
    BOOST_TEST(longest_message(loaded.errors) <= kMaxMessageBytes);
    BOOST_TEST(longest_run(loaded.errors.front().message, 'k') <= 200u, loaded.errors.front().message.size());
    BOOST_TEST(loaded.errors.front().message.starts_with("unknown key '"));
  }
}

BOOST_AUTO_TEST_CASE(a_message_is_cut_to_its_limit_between_characters) {
  Diagnostics errors;
  std::string long_message;
  while (long_message.size() < 2 * kMaxMessageBytes) long_message += "é";
  errors.push_back(Diagnostic{"f.toml", 1, 1, long_message, ""});
  BOOST_TEST(errors.front().message.size() <= kMaxMessageBytes);
  BOOST_TEST(errors.front().message.ends_with("é..."));
}

BOOST_AUTO_TEST_CASE(an_error_line_holds_at_most_4000_bytes_its_location_included) {
  // A deal file whose path, once escaped, is longer than a line may be: four
  // levels of 250 control characters, each written \x01.
  fs::path file = temp_dir("long-location");
  for (int level = 0; level < 4; ++level) file /= std::string(250, '\x01');
  fs::create_directories(file);
  file /= "deals.jsonl";
  write_file(file, "{}\n");
  const RunResult run = run_belote({"score", file.string()});
  BOOST_TEST(run.status == 1);
  std::size_t lines = 0;
  for (std::size_t start = 0, end; (end = run.err.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::string line = run.err.substr(start, end - start);
    if (!line.starts_with("belote: error: ")) continue;
    ++lines;
    BOOST_TEST(line.size() <= kMaxMessageBytes, line.size() << " bytes");
    // Cut after a whole escape, and said so.
    BOOST_TEST(line.ends_with("\\x01..."), line.substr(line.size() - 20));
  }
  BOOST_TEST(lines > 0u);
}

BOOST_AUTO_TEST_CASE(the_program_quotes_a_long_name_at_most_200_characters) {
  const fs::path dir = temp_dir("long-names");
  write_file(dir / "long.toml", "extends = \"classique\"\n" + std::string(3960, 'n') + " = 1\n");
  const RunResult run = run_belote({"rulesets", "check", "--rulesets-dir", BELOTE_RULESETS_DIR, (dir / "long.toml").string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.find("unknown key 'nnn") != std::string::npos, run.err);
  BOOST_TEST(longest_run(run.err, 'n') <= 200u);
}

BOOST_AUTO_TEST_CASE(bytes_that_are_not_text_are_shown_alike_under_toml_and_json_errors) {
  const std::string bad_byte = "\xff";
  // TOML: the line under the error shows the byte as \xff, the caret under it.
  const LoadedRuleset toml = load_text("extends = \"classique\"\ntitle = \"a" + bad_byte + "z\"\n");
  BOOST_REQUIRE(!toml.errors.empty());
  const std::string caret = caret_lines(toml.errors.front());
  BOOST_TEST(caret.find("\\xff") != std::string::npos, caret);
  BOOST_TEST(caret.find("\xEF\xBF\xBD") == std::string::npos, caret);
  BOOST_TEST(caret.substr(caret.find('\n') + 1).find('^') == caret.find("\\xff"), caret);
  // JSON: the same byte in a deal line.
  const Diagnostics json = json_deal_errors(*ruleset("classique"), "{\"id\": \"a" + bad_byte + "z\"}");
  BOOST_REQUIRE(!json.empty());
  BOOST_TEST(caret_lines(json.front()).find("\\xff") != std::string::npos, caret_lines(json.front()));
  // Through the program, both reach the terminal as the same escape.
  const fs::path dir = temp_dir("bad-bytes");
  write_file(dir / "bad.toml", "extends = \"classique\"\ntitle = \"a" + bad_byte + "z\"\n");
  const RunResult run = run_belote({"rulesets", "check", "--rulesets-dir", BELOTE_RULESETS_DIR, (dir / "bad.toml").string()});
  BOOST_TEST(run.err.find("title = \"a\\xffz\"") != std::string::npos, run.err);
}

// A deal line is quoted around the column of its error wherever the column lies, as a
// TOML line is: the key past column 200 is shown with the caret under it, the rest cut.
BOOST_AUTO_TEST_CASE(a_long_json_line_is_quoted_around_its_error_however_far) {
  for (const std::size_t spaces : {10u, 195u, 200u, 5000u}) {
    const std::string line = "{" + std::string(spaces, ' ') + "\"zz\": 1" + std::string(300, ' ') + "}";
    const Diagnostics errors = json_deal_errors(*ruleset("classique"), line);
    const auto unknown = std::find_if(errors.begin(), errors.end(), [](const Diagnostic& d) { return d.message == "unknown key 'zz'"; });
    BOOST_TEST_REQUIRE((unknown != errors.end()), spaces);
    BOOST_TEST(unknown->column == int(spaces) + 2);
    const std::string caret = caret_lines(*unknown);
    const std::string quoted = caret.substr(0, caret.find('\n'));
    const std::string under = caret.substr(caret.find('\n') + 1);
    BOOST_TEST(quoted.find("\"zz\": 1") != std::string::npos, caret);
    BOOST_TEST(under.find('^') == quoted.find("\"zz\""), caret);
    BOOST_TEST(quoted.size() < 120u, caret);
    // No more of the line is kept with the error than its window shows.
    BOOST_TEST(unknown->source_line.size() <= std::size_t(unknown->column) + 100, spaces);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_message_bounds
