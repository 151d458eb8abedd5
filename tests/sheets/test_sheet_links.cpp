// A sheet reached through a symbolic link reads its relative ruleset path from
// the real file's directory: where the sheet is written, and where the path
// was written from. Shown, added to and undone alike.
#include <boost/test/unit_test.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_sheet_links)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

// g/s.toml names rs/house.toml (g/rs/house.toml); e/s.toml is a link to ../g/s.toml.
fs::path linked_sheet(const std::string& name) {
  const fs::path dir = temp_dir(name);
  fs::create_directories(dir / "g" / "rs");
  fs::create_directories(dir / "e");
  write_file(dir / "g" / "rs" / "house.toml", "extends = \"classique\"\nname = \"house\"\n[game]\ntarget = 700\n");
  write_file(dir / "g" / "s.toml", "ruleset = \"rs/house.toml\"\n");
  fs::create_symlink(fs::path("..") / "g" / "s.toml", dir / "e" / "s.toml");
  return dir;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_linked_sheet_finds_its_ruleset_beside_the_real_file) {
  const fs::path dir = linked_sheet("sheet-link-show");
  const LoadedSheet sheet = read_sheet_file(dir / "e" / "s.toml", shipped_loader());
  BOOST_TEST(sheet.ok(), (sheet.errors.empty() ? "" : location_and_message(sheet.errors.front())));
  BOOST_TEST(sheet_directory(dir / "e" / "s.toml") == fs::canonical(dir / "g"));
  // A sheet reached directly keeps the directory as written, so that messages quote the user's words.
  BOOST_TEST(sheet_directory(dir / "g" / "s.toml") == dir / "g");

  const RunResult shown = run_belote({"sheet", "show", (dir / "e" / "s.toml").string(), "--rulesets-dir", BELOTE_RULESETS_DIR});
  BOOST_TEST(shown.status == 0, shown.err);
  BOOST_TEST(shown.out.find("700") != std::string::npos, shown.out);
}

BOOST_AUTO_TEST_CASE(a_linked_sheet_is_added_to_and_undone_through_its_link) {
  const fs::path dir = linked_sheet("sheet-link-edit");
  const std::string link = (dir / "e" / "s.toml").string();
  const RunResult added = run_belote({"sheet", "add", link, "--rulesets-dir", BELOTE_RULESETS_DIR, "--taker", "N", "--trump",
                                      "H", "--points", "NS=90,EW=72"});
  BOOST_TEST(added.status == 0, added.err);
  BOOST_TEST(fs::is_symlink(dir / "e" / "s.toml"));
  BOOST_TEST(read_file(dir / "g" / "s.toml").find("\n[[mene]]") != std::string::npos);
  const RunResult undone = run_belote({"sheet", "undo", link, "--rulesets-dir", BELOTE_RULESETS_DIR});
  BOOST_TEST(undone.status == 0, undone.err);
  BOOST_TEST(read_file(dir / "g" / "s.toml").find("\n[[mene]]") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()  // test_sheet_links
