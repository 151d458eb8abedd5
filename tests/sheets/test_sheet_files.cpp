// The sheet file on disk: concurrent edits never lose a mène; a symbolic link
// is followed, hard links, read-only and foreign files are kept as they are or
// refused, special files are never replaced, no temporary file is left, and a
// failure says its one cause.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <fmt/format.h>
#include <set>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_sheet_files)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// A new sheet in a fresh directory, far from its target.
fs::path new_sheet(const std::string& scratch) {
  const fs::path sheet = temp_dir(scratch) / "game.toml";
  const RunResult run = run_belote({"sheet", "new", sheet.string(), "--target", "100000"});
  BOOST_REQUIRE_MESSAGE(run.status == 0, run.err);
  return sheet;
}

std::vector<std::string> add_args(const fs::path& sheet, int ns_points) {
  return {"sheet", "add", sheet.string(), "--taker", "N", "--trump", "H",
          "--points", fmt::format("NS={},EW={}", ns_points, 162 - ns_points)};
}

// The NS card points of each mène of the sheet, as read back.
std::multiset<int> mene_points(const fs::path& sheet) {
  LoadedSheet loaded = read_sheet_file(sheet, shipped_loader());
  BOOST_REQUIRE_MESSAGE(loaded.ok(), (loaded.errors.empty() ? "" : location_and_message(loaded.errors.front())));
  std::multiset<int> points;
  for (const SheetMene& mene : loaded.sheet.menes) points.insert(mene.deal.result.points[Team::NS]);
  return points;
}

// Every file of the directory but the ones named.
std::vector<std::string> other_files(const fs::path& dir, const std::set<std::string>& expected) {
  std::vector<std::string> others;
  for (const auto& entry : fs::directory_iterator(dir))
    if (!expected.count(entry.path().filename().string())) others.push_back(entry.path().filename().string());
  return others;
}

bool is_root() { return geteuid() == 0; }

std::vector<std::string> with_args(std::vector<std::string> first, const std::vector<std::string>& then) {
  first.insert(first.end(), then.begin(), then.end());
  return first;
}

}  // namespace

BOOST_AUTO_TEST_CASE(many_processes_adding_at_once_lose_no_mene) {
  const fs::path sheet = new_sheet("concurrent");
  // Each writer adds a mène of its own card points, so each can be found again.
  constexpr int kWriters = 40;
  std::vector<pid_t> writers;
  for (int i = 1; i <= kWriters; ++i) writers.push_back(start_belote_quietly(add_args(sheet, i)));
  int succeeded = 0;
  for (pid_t pid : writers) {
    int status = 0;
    BOOST_REQUIRE(waitpid(pid, &status, 0) == pid);
    succeeded += WIFEXITED(status) && WEXITSTATUS(status) == 0;
  }
  BOOST_TEST(succeeded == kWriters);
  std::multiset<int> expected;
  for (int i = 1; i <= kWriters; ++i) expected.insert(i);
  BOOST_TEST((mene_points(sheet) == expected));
  BOOST_TEST(other_files(sheet.parent_path(), {"game.toml"}).empty());

  // Undoing at the same time as adding: every command's edit is applied once.
  std::vector<pid_t> mixed;
  for (int i = 0; i < 10; ++i) {
    mixed.push_back(start_belote_quietly({"sheet", "undo", sheet.string()}));
    mixed.push_back(start_belote_quietly(add_args(sheet, 100)));
  }
  for (pid_t pid : mixed) {
    int status = 0;
    waitpid(pid, &status, 0);
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  }
  BOOST_TEST(mene_points(sheet).size() == std::size_t(kWriters));
}

BOOST_AUTO_TEST_CASE(a_sheet_reached_through_a_symbolic_link_is_written_at_its_target) {
  const fs::path sheet = new_sheet("symlink");
  const fs::path link = sheet.parent_path() / "link.toml";
  fs::create_symlink("game.toml", link);
  const RunResult run = run_belote(add_args(link, 90));
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(fs::is_symlink(fs::symlink_status(link)));
  BOOST_TEST(mene_points(sheet).size() == 1u);
  BOOST_TEST(run_belote({"sheet", "undo", link.string()}).status == 0);
  BOOST_TEST(fs::is_symlink(fs::symlink_status(link)));
  BOOST_TEST(mene_points(sheet).empty());

  fs::remove(sheet);
  const RunResult dangling = run_belote(add_args(link, 90));
  BOOST_TEST(dangling.status == 1);
  BOOST_TEST(dangling.err == "belote: error: " + link.string() + ": is a symbolic link to a file that does not exist\n");
  const RunResult create = run_belote({"sheet", "new", link.string()});
  BOOST_TEST(create.status == 1);
  BOOST_TEST(contains(create.err, "already exists"), create.err);
  BOOST_TEST(!fs::exists(sheet));
}

BOOST_AUTO_TEST_CASE(a_hard_linked_sheet_is_refused_and_left_as_it_was) {
  const fs::path sheet = new_sheet("hard-link");
  const fs::path other = sheet.parent_path() / "other.toml";
  fs::create_hard_link(sheet, other);
  const std::string before = read_file(sheet);
  const RunResult run = run_belote(add_args(sheet, 90));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + sheet.string() +
                            ": has 2 hard links: replacing it would leave its other names with the old text; edit a copy "
                            "(cp --remove-destination) or remove the other links\n");
  BOOST_TEST(read_file(sheet) == before);
  BOOST_TEST(fs::hard_link_count(sheet) == 2u);
}

BOOST_AUTO_TEST_CASE(a_read_only_sheet_is_refused_and_a_writable_one_keeps_its_mode) {
  const fs::path sheet = new_sheet("modes");
  fs::permissions(sheet, fs::perms(0444));
  const std::string before = read_file(sheet);
  const RunResult run = run_belote(add_args(sheet, 90));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + sheet.string() + ": is read-only (mode 0444): make it writable (chmod u+w) "
                                                             "to edit it\n");
  BOOST_TEST(read_file(sheet) == before);

  fs::permissions(sheet, fs::perms(0620));
  BOOST_TEST(run_belote(add_args(sheet, 90)).status == 0);
  BOOST_TEST(int(fs::status(sheet).permissions() & fs::perms::mask) == 0620);
  BOOST_TEST(mene_points(sheet).size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_sheet_of_another_user_keeps_its_owner_or_is_refused) {
  BOOST_REQUIRE_MESSAGE(is_root(), "this test changes owners: it runs as root (as CI does)");
  const fs::path sheet = new_sheet("owners");
  BOOST_REQUIRE(chown(sheet.c_str(), 12345, 23456) == 0);
  BOOST_TEST(run_belote(add_args(sheet, 90)).status == 0);
  struct stat status {};
  BOOST_REQUIRE(stat(sheet.c_str(), &status) == 0);
  BOOST_TEST(status.st_uid == 12345u);
  BOOST_TEST(status.st_gid == 23456u);

  // A user who may not give a file away is refused, and the file is left as it was.
  BOOST_REQUIRE(chown(sheet.c_str(), 0, 0) == 0);
  fs::permissions(sheet, fs::perms(0666));
  fs::permissions(sheet.parent_path(), fs::perms(0777));
  const std::string before = read_file(sheet);
  const RunResult run = run_program("setpriv", with_args({"--reuid=65534", "--regid=65534", "--clear-groups", BELOTE_PROGRAM},
                                                         add_args(sheet, 90)));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + sheet.string() + ": belongs to another user (uid 0): replacing it would make "
                                                             "it yours\n");
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(special_files_are_never_read_nor_replaced) {
  const fs::path dir = temp_dir("special");
  const fs::path fifo = dir / "fifo.toml";
  BOOST_REQUIRE(mkfifo(fifo.c_str(), 0644) == 0);
  struct Case {
    fs::path path;
    std::string kind;
  };
  for (const Case& c : {Case{fifo, "a FIFO"}, Case{"/dev/null", "a character device"}}) {
    // `timeout` turns a program stuck on the FIFO into a failure rather than a hung test.
    for (const std::vector<std::string>& args :
         {add_args(c.path, 90), std::vector<std::string>{"sheet", "undo", c.path.string()},
          std::vector<std::string>{"sheet", "show", c.path.string()},
          std::vector<std::string>{"sheet", "new", c.path.string(), "--force"}}) {
      const RunResult run = run_program("timeout", with_args({"10", BELOTE_PROGRAM}, args));
      BOOST_TEST(run.status == 1, args[1] << " " << c.kind);
      BOOST_TEST(run.err == "belote: error: " + c.path.string() + ": is not a regular file (" + c.kind + "), not read\n");
    }
  }
  BOOST_TEST(fs::is_fifo(fifo));
  BOOST_TEST(fs::is_character_file("/dev/null"));
}

BOOST_AUTO_TEST_CASE(no_temporary_file_is_left_by_an_interrupted_run) {
  const fs::path sheet = new_sheet("temporaries");
  const fs::path dir = sheet.parent_path();
  // One left by a run killed between writing and renaming is removed by the next edit.
  write_file(dir / ".game.toml.belote-edit.12345", "half a sheet");
  write_file(dir / ".other.toml.belote-edit.12345", "another file's");
  BOOST_TEST(run_belote(add_args(sheet, 90)).status == 0);
  BOOST_TEST((other_files(dir, {"game.toml"}) == std::vector<std::string>{".other.toml.belote-edit.12345"}));

  // A write that fails leaves nothing either: test_cli_sheet runs one past a file-size limit.
}

BOOST_AUTO_TEST_CASE(a_full_disk_is_named_once_and_the_sheet_is_left_whole) {
  BOOST_REQUIRE_MESSAGE(is_root(), "this test mounts a small file system: it runs as root (as CI does)");
  const fs::path dir = temp_dir("full-disk");
  // A file system of 64 KiB in a mount namespace of its own, filled but for the sheet.
  const std::string script = fmt::format(
      "mount -t tmpfs -o size=64k tmpfs '{0}' && cd '{0}' && \"$BELOTE\" sheet new game.toml --target 100000 "
      ">/dev/null && {{ head -c 1000000 /dev/zero > filler 2>/dev/null; "
      "\"$BELOTE\" sheet add game.toml --taker N --trump H --points NS=81,EW=81; status=$?; ls -a; cat game.toml; "
      "exit $status; }}",
      dir.string());
  const RunResult run = run_program("unshare", {"-m", "sh", "-c", script}, "", {"BELOTE=" BELOTE_PROGRAM});
  BOOST_TEST(run.status == 3, run.err);
  BOOST_TEST(run.err == "belote: error: cannot write game.toml: No space left on device; it is left as it was\n");
  BOOST_TEST(occurrences(run.out, "belote-edit") == 0u, run.out);
  BOOST_TEST(contains(run.out, "ruleset = \"classique\""), run.out);
}

BOOST_AUTO_TEST_CASE(a_mene_that_would_take_the_sheet_past_the_size_limit_is_refused_once) {
  const fs::path sheet = new_sheet("size-limit");
  // The sheet is just under the limit; one mène more would take it over.
  const std::string header = read_file(sheet);
  write_file(sheet, header + "# " + std::string((1 << 20) - header.size() - 20, 'x') + "\n");
  const std::string before = read_file(sheet);
  const RunResult run = run_belote(add_args(sheet, 90));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.starts_with("belote: error: " + sheet.string() + ": mène 1 not added: the sheet would be "), run.err);
  BOOST_TEST(run.err.ends_with(" bytes, over the limit of 1048576 bytes a sheet may have (start a new sheet)\n"), run.err);
  BOOST_TEST(occurrences(run.err, "belote: error:") == 1u);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_SUITE_END()  // test_sheet_files
