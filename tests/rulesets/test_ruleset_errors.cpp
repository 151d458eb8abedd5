// Malformed rulesets (tests/rulesets/invalid/*.toml): each file declares, in
// its header, every error it must produce:
//
//   # expect: LINE:COL: fragment of the message         (an error in this file)
//   # expect: OTHER.toml:LINE:COL: fragment             (an error in another file)
//   # reject: fragment                                  (no error may say this)
//
// The loader must report each expected error at its position, and no other.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <regex>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_ruleset_errors)

namespace bdata = boost::unit_test::data;
namespace fs = std::filesystem;
using namespace belote;
using namespace belote::test;

namespace {

fs::path invalid_dir() { return tests_dir() / "rulesets" / "invalid"; }

struct Expected {
  std::string file;  // file name, without directories
  int line = 0;
  int column = 0;
  std::string fragment;
};

struct InvalidFile {
  fs::path path;
  std::vector<Expected> expected;
  std::vector<std::string> rejected;
};

std::ostream& operator<<(std::ostream& out, const InvalidFile& f) { return out << f.path.filename().string(); }

std::vector<InvalidFile> invalid_files() {
  static const std::regex expect_line(R"(# expect: (?:([^:]+\.toml):)?(\d+):(\d+): (.+))");
  static const std::regex reject_line(R"(# reject: (.+))");
  std::vector<InvalidFile> files;
  for (const auto& entry : fs::directory_iterator(invalid_dir())) {
    if (entry.path().extension() != ".toml") continue;
    InvalidFile file{entry.path(), {}, {}};
    std::istringstream text(read_file(entry.path()));
    std::string line;
    std::smatch m;
    while (std::getline(text, line)) {
      if (std::regex_match(line, m, expect_line))
        file.expected.push_back({m[1].matched ? m[1].str() : entry.path().filename().string(), std::stoi(m[2]),
                                 std::stoi(m[3]), m[4]});
      else if (std::regex_match(line, m, reject_line))
        file.rejected.push_back(m[1]);
    }
    files.push_back(std::move(file));
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return files;
}

// The loader sees the invalid files first (for `extends` between them), then the shipped rulesets.
LoadedRuleset load(const fs::path& path) { return shipped_loader({path.parent_path()}).load_file(path); }

bool matches(const Diagnostic& d, const Expected& e) {
  return fs::path(d.file).filename() == e.file && d.line == e.line && d.column == e.column &&
         d.message.find(e.fragment) != std::string::npos;
}

std::string line_of(const fs::path& path, int number) {
  std::istringstream text(read_file(path));
  std::string line;
  for (int n = 0; n < number && std::getline(text, line); ++n) {}
  return line;
}

}  // namespace

BOOST_AUTO_TEST_CASE(there_are_enough_malformed_files_and_each_expects_an_error) {
  const auto files = invalid_files();
  BOOST_TEST(files.size() >= 45u);
  for (const auto& file : files) BOOST_TEST(!file.expected.empty(), file.path.filename() << " declares no error");
}

BOOST_DATA_TEST_CASE(each_expected_error_and_no_other, bdata::make(invalid_files()), file) {
  const LoadedRuleset loaded = load(file.path);
  BOOST_TEST(!loaded.ok());
  BOOST_TEST(loaded.ruleset == nullptr);
  std::string all;
  for (const auto& d : loaded.errors) all += "\n  " + location_and_message(d);
  for (const auto& e : file.expected) {
    const bool found = std::any_of(loaded.errors.begin(), loaded.errors.end(), [&](const Diagnostic& d) { return matches(d, e); });
    BOOST_TEST(found, "expected " << e.file << ":" << e.line << ":" << e.column << ": " << e.fragment << "\ngot:" << all);
  }
  for (const auto& d : loaded.errors) {
    const bool expected = std::any_of(file.expected.begin(), file.expected.end(), [&](const Expected& e) { return matches(d, e); });
    BOOST_TEST(expected, "unexpected error: " << location_and_message(d));
    for (const auto& fragment : file.rejected)
      BOOST_TEST(d.message.find(fragment) == std::string::npos, "'" << fragment << "' in: " << d.message);
    // The line shown under the message is the line the position names (a missing
    // key is about the whole file, where no key of it requires it: no line is shown).
    if (d.message.starts_with("missing key") && d.line == 1 && d.column == 1)
      BOOST_TEST(d.source_line.empty());
    else
      BOOST_TEST(d.source_line == line_of(fs::path(d.file), d.line));
  }
}

BOOST_AUTO_TEST_CASE(independent_errors_are_all_reported_at_once) {
  const LoadedRuleset loaded = load(invalid_dir() / "many-errors.toml");
  BOOST_TEST(loaded.errors.size() == 8u);
  // In reading order.
  for (std::size_t i = 1; i < loaded.errors.size(); ++i)
    BOOST_TEST(loaded.errors[i - 1].line < loaded.errors[i].line);
}

BOOST_AUTO_TEST_CASE(errors_in_different_sections_do_not_hide_each_other) {
  // A wrong deck does not stop the sections keyed by rank: its ranks are right.
  const LoadedRuleset loaded = load_text(R"(extends = "classique"
[deck]
last_trick = "10"
[carres]
void_deal = ["X"]
[contract]
on_tie = "tie"
[game]
target = 0
[announcements]
exact_tie = "everybody"
)");
  BOOST_TEST_REQUIRE(loaded.errors.size() == 5u);
  BOOST_TEST(loaded.errors[0].message.find("'deck.last_trick' must be an integer, not a string") != std::string::npos);
  BOOST_TEST(loaded.errors[1].message.find("'carres.void_deal': 'X' is not a rank of the deck") != std::string::npos);
  BOOST_TEST(loaded.errors[2].message.find("'contract.on_tie' is 'tie'") != std::string::npos);
  BOOST_TEST(loaded.errors[3].message.find("'game.target' is 0") != std::string::npos);
  BOOST_TEST(loaded.errors[4].message.find("'announcements.exact_tie' is 'everybody'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_ruleset_read_from_text_may_name_itself) {
  // Without a file there is no file name to agree with.
  const LoadedRuleset loaded = load_text("extends = \"classique\"\nname = \"lyon\"\n");
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->info.name == "lyon");
}

BOOST_AUTO_TEST_CASE(name_may_repeat_the_file_name_in_any_case) {
  const fs::path dir = temp_dir("name-repeats-file");
  write_file(dir / "lyon.toml", "extends = \"classique\"\nname = \"Lyon\"\n");
  const LoadedRuleset loaded = shipped_loader({dir}).load("lyon");
  BOOST_TEST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->info.name == "lyon");
}

namespace {

// A chain of `length` files, x0 -> x1 -> ... -> classique.
fs::path write_chain(const fs::path& dir, int length) {
  for (int i = 0; i < length; ++i)
    write_file(dir / fmt::format("x{}.toml", i),
               i + 1 < length ? fmt::format("extends = \"x{}\"\n", i + 1) : "extends = \"classique\"\n");
  return dir / "x0.toml";
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_extends_chain_up_to_the_limit_loads) {
  const fs::path dir = temp_dir("chain-at-limit");
  // The chain holds the generated files and classique.
  const LoadedRuleset loaded = shipped_loader({dir}).load_file(write_chain(dir, kMaxExtendsDepth - 1));
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST(loaded.ok());
  BOOST_TEST(loaded.files.size() == std::size_t(kMaxExtendsDepth));
}

BOOST_AUTO_TEST_CASE(an_extends_chain_deeper_than_the_limit_is_an_error) {
  const fs::path dir = temp_dir("chain-too-deep");
  const LoadedRuleset loaded = shipped_loader({dir}).load_file(write_chain(dir, kMaxExtendsDepth + 6));
  BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
  const Diagnostic& e = loaded.errors[0];
  BOOST_TEST(e.message.find(fmt::format("extends chain longer than {} files", kMaxExtendsDepth)) != std::string::npos);
  // Said where the chain passes the limit, naming its start.
  BOOST_TEST(fs::path(e.file).filename() == fmt::format("x{}.toml", kMaxExtendsDepth - 1));
  BOOST_TEST(e.line == 1);
  BOOST_TEST(e.column == 11);
  BOOST_TEST(e.message.find("x0.toml -> ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_name_cannot_leave_the_search_path) {
  const RulesetLoader loader = shipped_loader();
  for (const std::string name : {"..", "..classique", "classique..", "a.b", "classique\\x", "~classique", ""}) {
    const LoadedRuleset loaded = loader.load(name);
    BOOST_TEST_REQUIRE(loaded.errors.size() == 1u, name);
    BOOST_TEST(loaded.errors[0].message.find("is not a ruleset name (letters, digits and '-')") != std::string::npos,
               loaded.errors[0].message);
  }
  // With a '/', it is a path: read as such, never looked up by name.
  for (const std::string path : {"../classique", "rulesets/../classique", "/classique"}) {
    const LoadedRuleset loaded = loader.load(path);
    BOOST_TEST_REQUIRE(loaded.errors.size() == 1u, path);
    BOOST_TEST(loaded.errors[0].file == path);
    BOOST_TEST(loaded.errors[0].message ==
               "no such file (it holds '/', so it is read as a path; a ruleset name has only letters, digits and '-')");
  }
}

BOOST_AUTO_TEST_CASE(an_unknown_name_suggests_the_closest_ruleset) {
  const LoadedRuleset loaded = shipped_loader().load("Classiqe");
  BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
  BOOST_TEST(loaded.errors[0].message.starts_with("no ruleset named 'classiqe' (did you mean 'classique'?) (searched: "));
}

BOOST_AUTO_TEST_CASE(a_missing_or_unreadable_file_is_one_error) {
  const fs::path dir = temp_dir("unreadable");
  const auto message = [](const fs::path& path) {
    const LoadedRuleset loaded = shipped_loader().load_file(path);
    BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
    BOOST_TEST(loaded.errors[0].line == 0);
    return loaded.errors[0].message;
  };
  BOOST_TEST(message(dir / "absent.toml") == "no such file");
  BOOST_TEST(message(dir) == "is a directory, not a file");
  write_file(dir / "huge.toml", std::string(std::size_t(2) << 20, '#'));  // twice the limit
  BOOST_TEST(message(dir / "huge.toml").starts_with("file too large"));
}

namespace {

// The text above the caret, from the caret's column on (columns count code points; a tab is one).
std::string text_at_caret(const Diagnostic& d) {
  const std::string lines = caret_lines(d);
  const auto newline = lines.find('\n');
  BOOST_TEST_REQUIRE(newline != std::string::npos);
  const std::string shown = lines.substr(0, newline), caret = lines.substr(newline + 1);
  BOOST_TEST_REQUIRE(caret.back() == '^');
  const std::size_t column = caret.size() - 1;  // the pad is one byte per column
  std::size_t i = 0;
  for (std::size_t seen = 0; seen < column && i < shown.size(); ++seen) {
    ++i;
    while (i < shown.size() && (static_cast<unsigned char>(shown[i]) & 0xC0) == 0x80) ++i;
  }
  return shown.substr(i);
}

Diagnostic only_error(const std::string& toml) {
  const LoadedRuleset loaded = load_text(toml);
  BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
  return loaded.errors[0];
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_caret_stands_under_the_error) {
  // Plain ASCII.
  BOOST_TEST(text_at_caret(only_error("extends = \"classique\"\n[contract]\ncapot = -1\n")) == "-1");
  // A tab before the error stays a tab in both lines.
  const Diagnostic tabbed = only_error("extends = \"classique\"\n[contract]\n\tcapot = \"x\"\n");
  BOOST_TEST(tabbed.column == 10);
  BOOST_TEST(caret_lines(tabbed) == "  \tcapot = \"x\"\n  \t        ^");
  // Accented letters before the error are one column each.
  const Diagnostic accented = only_error(
      "extends = \"classique\"\n[announcements]\ncategories = [\"carré-J\", \"x\"]\n");
  BOOST_TEST(accented.column == 26);
  BOOST_TEST(text_at_caret(accented) == "\"x\"]");
  // A control character (here refused by the TOML parser) is shown escaped, as the JSON reader shows it.
  const Diagnostic control = only_error("extends = \"classique\"\ntitle = \"a\x01" "z\"\n");
  BOOST_TEST(control.source_line == "title = \"a\x01" "z\"");
  BOOST_TEST(text_at_caret(control).starts_with("\\x01z"));
  // Far along a long line, the line is shown around the caret.
  const std::string far = "extends = \"classique\"\n[contract]\nbasis = [\"card-points\"," + std::string(400, ' ') + "\"bel\"]\n";
  const Diagnostic long_line = only_error(far);
  BOOST_TEST(long_line.column == 424);  // 23 characters, 400 spaces
  BOOST_TEST(caret_lines(long_line).starts_with("  ..."));
  BOOST_TEST(caret_lines(long_line).size() < 300u);
  BOOST_TEST(text_at_caret(long_line) == "\"bel\"]");
}

BOOST_AUTO_TEST_CASE(a_variant_with_a_mistake_in_every_section_gets_every_error_in_one_run) {
  // examples/lyon-mistakes.toml, shown in docs/authoring.md: one mistake per part of the file.
  const LoadedRuleset loaded = shipped_loader().load_file(source_dir() / "examples" / "lyon-mistakes.toml");
  std::vector<std::string> keys;
  for (const Diagnostic& d : loaded.errors) {
    BOOST_TEST(fs::path(d.file).filename() == "lyon-mistakes.toml", location_and_message(d));
    const auto quote = d.message.find('\'');
    keys.push_back(d.message.substr(quote + 1, d.message.find('\'', quote + 1) - quote - 1));
  }
  const auto reported = [&](const std::string& part) {
    return std::any_of(keys.begin(), keys.end(), [&](const std::string& key) { return key == part || key.starts_with(part + "."); });
  };
  for (const std::string part : {"name", "deck", "sequences", "carres", "belote", "announcements", "contract", "game", "talon"})
    BOOST_TEST(reported(part), "no error about " << part);
  BOOST_TEST(loaded.errors.size() == 9u);
}

BOOST_AUTO_TEST_SUITE_END()  // test_ruleset_errors
