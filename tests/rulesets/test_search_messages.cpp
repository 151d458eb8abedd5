// What the program says when a place it looks in is unusable: a HOME that is
// not an absolute path is said to be so (not "not set"), and a rulesets
// directory it may not read is named with "permission denied" rather than
// leaving "no ruleset named" to puzzle over; a name held by a directory,
// a device or a broken link is said to be so.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_search_messages)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

// The line of `text` that holds `part`, or "" where none does.
std::string line_with(const std::string& text, const std::string& part) {
  const std::size_t at = text.find(part);
  if (at == std::string::npos) return "";
  const std::size_t begin = text.rfind('\n', at);
  const std::size_t start = begin == std::string::npos ? 0 : begin + 1;
  return text.substr(start, text.find('\n', at) - start);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_relative_home_is_named_as_such) {
  const RunResult relative = run_belote({"rulesets", "new", "maison", "--extends", "classique", "--rulesets-dir",
                                         BELOTE_RULESETS_DIR},
                                        "", {"HOME=some/where", "XDG_CONFIG_HOME="});
  BOOST_TEST(relative.status == 2);
  BOOST_TEST(relative.err.find("HOME is 'some/where', not an absolute path") != std::string::npos, relative.err);
  const RunResult unset = run_belote({"rulesets", "new", "maison", "--extends", "classique", "--rulesets-dir", BELOTE_RULESETS_DIR},
                                     "", {"HOME=", "XDG_CONFIG_HOME="});
  BOOST_TEST(unset.status == 2);
  BOOST_TEST(unset.err.find("HOME is not set") != std::string::npos, unset.err);
}

BOOST_AUTO_TEST_CASE(an_unknown_ruleset_from_the_environment_is_said_to_come_from_it) {
  const std::string deal = (source_dir() / "examples" / "worked-example.toml").string();
  const RunResult from_env = run_belote({"score", deal, "--rulesets-dir", BELOTE_RULESETS_DIR}, "", {"BELOTE_RULESET=classiqe"});
  BOOST_TEST(from_env.status == 1);
  BOOST_TEST(line_with(from_env.err, "belote: note:") ==
                 "belote: note: 'classiqe' is $BELOTE_RULESET, the ruleset used where no --ruleset is given",
             from_env.err);
  // Named on the command line, the name needs no such note.
  const RunResult typed = run_belote({"score", "--ruleset", "maisonn", deal, "--rulesets-dir", BELOTE_RULESETS_DIR}, "",
                                     {"BELOTE_RULESET=classiqe"});
  BOOST_TEST(typed.status == 1);
  BOOST_TEST(typed.err.find("$BELOTE_RULESET") == std::string::npos, typed.err);
}

BOOST_AUTO_TEST_CASE(an_unreadable_rulesets_directory_is_named_with_permission_denied) {
  if (::geteuid() == 0) {
    BOOST_TEST_MESSAGE("run as root: every directory is readable, nothing to check");
    return;
  }
  const fs::path dir = temp_dir("unreadable-rulesets") / "closed";
  fs::create_directories(dir);
  write_file(dir / "maison.toml", "extends = \"classique\"\n");
  fs::permissions(dir, fs::perms::none);
  const RunResult run = run_belote({"rulesets", "show", "maison", "--rulesets-dir", dir.string()});
  fs::permissions(dir, fs::perms::owner_all);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.find(dir.string() + " (permission denied)") != std::string::npos, run.err);
  const RunResult untrusted = run_belote({"rulesets", "show", "maison", "--untrusted", "--rulesets-dir", dir.string()});
  BOOST_TEST(untrusted.err.find("permission denied") != std::string::npos, untrusted.err);
}

// A name held by something that is no ruleset file is found and said wrong, not called missing.
BOOST_AUTO_TEST_CASE(a_name_held_by_no_regular_file_is_named_with_what_it_is) {
  const fs::path dir = temp_dir("odd-rulesets");
  fs::create_directories(dir / "folder.toml");
  fs::create_symlink("/dev/zero", dir / "zero.toml");
  fs::create_symlink("loop.toml", dir / "loop.toml");
  fs::create_symlink("nowhere.toml", dir / "dangling.toml");
  const std::vector<std::pair<std::string, std::string>> expected{
      {"folder", "folder.toml: is a directory, not a file"},
      {"zero", "zero.toml: is not a regular file (a character device), not read"},
      {"loop", "loop.toml: cannot be read: "},
      {"dangling", "dangling.toml: no such file"}};
  for (const auto& [name, message] : expected) {
    const RunResult run = run_belote({"rulesets", "check", "--rulesets-dir", dir.string(), name});
    BOOST_TEST(run.status == 1, name);
    BOOST_TEST(run.err.find("belote: error: " + (dir / message).string()) != std::string::npos, run.err);
    BOOST_TEST(run.err.find("no ruleset named") == std::string::npos, run.err);
  }
  // Listed as they are found, each as a ruleset that does not load; one that hides an installed
  // ruleset of its name is listed in its place, as it is the one a name finds.
  fs::create_symlink("nowhere.toml", dir / "coinche.toml");
  const RunResult list = run_belote({"rulesets", "list", "--rulesets-dir", dir.string(), "--rulesets-dir", BELOTE_RULESETS_DIR});
  BOOST_TEST(list.status == 0, list.err);
  for (const std::string name : {"folder", "zero", "loop", "dangling", "coinche"}) {
    const std::string line = line_with(list.out, (dir / (name + ".toml")).string());
    BOOST_TEST(line.starts_with(name + " "), list.out);
    BOOST_TEST(line.find("(invalid: 1 error)") != std::string::npos, list.out);
  }
  BOOST_TEST(list.out.find((fs::path(BELOTE_RULESETS_DIR) / "coinche.toml").string()) == std::string::npos, list.out);
}

BOOST_AUTO_TEST_SUITE_END()  // test_search_messages
