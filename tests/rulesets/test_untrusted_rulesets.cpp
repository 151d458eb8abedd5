// Rulesets from someone else (RulesetTrust::untrusted, --untrusted): `extends`
// only by name on the search path, no other file opened or quoted; and, in
// every mode, nothing but regular files read.
#include <boost/test/unit_test.hpp>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_untrusted_rulesets)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

RulesetLoader untrusted_loader(const std::vector<fs::path>& extra = {}) {
  return RulesetLoader(shipped_loader(extra).search(), RulesetTrust::untrusted);
}

std::string only_message(const LoadedRuleset& loaded) {
  BOOST_REQUIRE_EQUAL(loaded.errors.size(), 1u);
  return location_and_message(loaded.errors.front());
}

// A directory holding a file of each special kind, each named as a ruleset would be.
struct SpecialFiles {
  fs::path dir;
  std::vector<std::pair<std::string, std::string>> kinds;  ///< ruleset name, the kind the message names
};

SpecialFiles special_files() {
  SpecialFiles files{temp_dir("special-rulesets"), {}};
  const fs::path& dir = files.dir;
  BOOST_REQUIRE(mkfifo((dir / "fifo.toml").c_str(), 0644) == 0);
  files.kinds.emplace_back("fifo", "is not a regular file (a FIFO), not read");
  fs::create_symlink("/dev/zero", dir / "device.toml");
  files.kinds.emplace_back("device", "is not a regular file (a character device), not read");
  fs::create_symlink("/proc/self/environ", dir / "proc.toml");
  files.kinds.emplace_back("proc", "is a file of the kernel (/proc, /sys), not a regular file; not read");
  fs::create_symlink("/sys/kernel/mm/transparent_hugepage/enabled", dir / "sys.toml");
  if (fs::exists(dir / "sys.toml"))
    files.kinds.emplace_back("sys", "is a file of the kernel (/proc, /sys), not a regular file; not read");
  const int sock = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string socket_path = (dir / "socket.toml").string();
  BOOST_REQUIRE(socket_path.size() < sizeof address.sun_path);
  socket_path.copy(address.sun_path, socket_path.size());
  BOOST_REQUIRE(bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  close(sock);
  files.kinds.emplace_back("socket", "is not a regular file (a socket or a device), not read");
  fs::create_directory(dir / "directory.toml");
  files.kinds.emplace_back("directory", "is a directory, not a file");
  return files;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_untrusted_ruleset_extends_by_name_only) {
  const RulesetLoader loader = untrusted_loader();
  const LoadedRuleset named = loader.load_string("extends = \"classique\"\n[game]\ntarget = 1500\n", "upload.toml");
  BOOST_REQUIRE(named.ok());
  BOOST_TEST(named.ruleset->game.target == 1500);
  // Its bases are shown by name: where the service keeps them is its own business.
  BOOST_TEST((named.files == std::vector<std::string>{"classique", "upload.toml"}));
  for (const Setting& setting : named.settings) BOOST_TEST(!contains(setting.origin.file, "/"), setting.origin.file);

  for (const std::string& path : std::vector<std::string>{"/etc/shadow", "/etc/passwd", "../rulesets/classique.toml",
                                                          "classique.toml", (rulesets_dir() / "classique.toml").string()}) {
    const LoadedRuleset loaded = loader.load_string("extends = \"" + path + "\"\n", "upload.toml");
    BOOST_TEST(only_message(loaded) == "upload.toml:1:11: 'extends': '" + path + "' is a path; a ruleset from an untrusted "
                                       "source extends a ruleset of the search path by its name (e.g. extends = \"classique\")");
    BOOST_TEST(loaded.errors.front().source_line == "extends = \"" + path + "\"");
  }
  // The trusted loader follows a path, and would quote the file it reached.
  const LoadedRuleset trusted = shipped_loader().load_string("extends = \"/etc/passwd\"\n", "upload.toml");
  BOOST_TEST(!trusted.ok());
  BOOST_TEST(trusted.errors.front().file == "/etc/passwd");
}

BOOST_AUTO_TEST_CASE(an_untrusted_ruleset_quotes_nothing_but_its_own_text) {
  // A base ruleset in the search path that does not load: its errors stay unquoted.
  const fs::path dir = temp_dir("broken-base");
  write_file(dir / "broken.toml", "extends = \"classique\"\nsecret = \"do not show\"\n[game]\ntarget = -1\n");
  const LoadedRuleset loaded = untrusted_loader({dir}).load_string("extends = \"broken\"\n", "upload.toml");
  BOOST_TEST(only_message(loaded) == "upload.toml:1:11: 'extends': 2 errors in its base rulesets (not shown: a ruleset "
                                     "from an untrusted source quotes no other file)");
  BOOST_TEST(!contains(loaded.errors.front().source_line, "secret"));
  // Loaded trusted, the same base shows its errors where they are.
  const LoadedRuleset trusted = shipped_loader({dir}).load_string("extends = \"broken\"\n", "upload.toml");
  BOOST_TEST(trusted.errors.size() == 2u);
  BOOST_TEST(trusted.errors.front().file == (dir / "broken.toml").string());

  // A name that is not there: the search path's directories are not listed.
  const LoadedRuleset missing = untrusted_loader().load("nowhere");
  BOOST_TEST(only_message(missing) == "no ruleset named 'nowhere' (searched: the search path)");
  const LoadedRuleset base_missing = untrusted_loader().load_string("extends = \"classiqe\"\n", "upload.toml");
  BOOST_TEST(only_message(base_missing) == "upload.toml:1:11: base ruleset 'classiqe' not found (did you mean "
                                           "'classique'?) (chain: upload.toml -> classiqe)");
}

// Past the cap, errors of the given text are counted as such, never as errors of its bases.
BOOST_AUTO_TEST_CASE(an_untrusted_ruleset_with_more_errors_than_shown_counts_them_all) {
  std::string text = "extends = \"classique\"\n";
  for (int i = 0; i < 150; ++i) text += fmt::format("unknown{} = {}\n", i, i);
  for (const RulesetLoader& loader : {untrusted_loader(), shipped_loader()}) {
    const LoadedRuleset loaded = loader.load_string(text, "upload.toml");
    BOOST_TEST(loaded.errors.size() == kMaxDiagnostics);
    BOOST_TEST(loaded.errors.count() == 150u);
    BOOST_TEST(unkept_errors_message(loaded.errors) == "... and 50 more errors (the first 100 are shown)");
    for (const Diagnostic& d : loaded.errors) BOOST_TEST(d.file == "upload.toml");
  }
}

BOOST_AUTO_TEST_CASE(an_untrusted_sheet_names_its_ruleset_and_gives_no_path) {
  const fs::path dir = temp_dir("untrusted-sheet");
  const LoadedSheet by_path = read_sheet("ruleset = \"/etc/passwd\"\n", "sheet.toml", dir, untrusted_loader());
  BOOST_REQUIRE_EQUAL(by_path.errors.size(), 1u);
  BOOST_TEST(location_and_message(by_path.errors.front()) ==
             "sheet.toml:1:11: 'ruleset': '/etc/passwd' is a path; a sheet from an untrusted source names a ruleset of "
             "the search path (e.g. ruleset = \"classique\")");
  BOOST_TEST(read_sheet("ruleset = \"classique\"\n", "sheet.toml", dir, untrusted_loader()).ok());
}

BOOST_AUTO_TEST_CASE(special_files_are_never_read_in_either_mode) {
  const SpecialFiles files = special_files();
  for (const auto& [name, kind] : files.kinds) {
    BOOST_TEST_CONTEXT(name) {
      const fs::path path = files.dir / (name + ".toml");
      // Trusted, by path: the file is refused before it is read (a FIFO would block).
      const LoadedRuleset by_path = shipped_loader().load_file(path);
      BOOST_TEST(only_message(by_path) == path.string() + ": " + kind);
      const LoadedRuleset base = shipped_loader().load_string("extends = \"" + path.string() + "\"\n", "top.toml");
      BOOST_TEST(contains(only_message(base), kind), only_message(base));
      // By name, trusted or not: a special file is no ruleset of the search path, or is refused.
      for (const RulesetLoader& loader : {shipped_loader({files.dir}), untrusted_loader({files.dir})}) {
        const LoadedRuleset by_name = loader.load_string("extends = \"" + name + "\"\n", "upload.toml");
        BOOST_TEST(!by_name.ok());
        for (const Diagnostic& d : by_name.errors) BOOST_TEST(d.file == "upload.toml");
      }
    }
  }
  // Through the program too, with a limit on the time: a FIFO must not be waited on.
  for (const auto& [name, kind] : files.kinds) {
    const std::string path = (files.dir / (name + ".toml")).string();
    for (const std::string flag : {"--untrusted", "--rulesets-dir=."}) {
      const RunResult run = run_program("timeout", {"10", BELOTE_PROGRAM, "rulesets", "check", flag, path});
      BOOST_TEST(run.status == 1, name);
      BOOST_TEST(contains(run.err, kind), run.err);
    }
  }
}

BOOST_AUTO_TEST_CASE(every_command_that_reads_a_ruleset_takes_untrusted) {
  const fs::path dir = temp_dir("untrusted-cli");
  write_file(dir / "upload.toml", "extends = \"/etc/passwd\"\n");
  const std::string upload = (dir / "upload.toml").string();
  const std::string refused = "belote: error: " + upload + ":1:11: 'extends': '/etc/passwd' is a path; a ruleset from an "
                              "untrusted source extends a ruleset of the search path by its name (e.g. extends = "
                              "\"classique\")\n  extends = \"/etc/passwd\"\n            ^\n";
  const std::string deal = (source_dir() / "examples" / "worked-example.toml").string();
  const std::string sheet = (dir / "game.toml").string();
  const std::vector<std::vector<std::string>> commands = {
      {"score", "--ruleset", upload, deal},
      {"deal", "--random", "1", "--ruleset", upload},
      {"diff", "classique", upload, deal},
      {"stats", "--ruleset", upload, "--exhaustive"},
      {"rulesets", "show", upload},
      {"rulesets", "check", upload},
      {"rulesets", "new", "lyon", "--extends", upload, "--output", "-"},
      {"rulesets", "diff", "classique", upload},
  };
  for (std::vector<std::string> args : commands) {
    args.push_back("--untrusted");
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1, args[0] << " " << args[1]);
    BOOST_TEST(run.err.starts_with(refused), args[0] << " " << args[1] << ": " << run.err);
  }
  // A sheet's own ruleset reference, read with --untrusted: by name only.
  const RunResult created = run_belote({"sheet", "new", sheet, "--ruleset", upload, "--untrusted"});
  BOOST_TEST(created.status == 1);
  BOOST_TEST(contains(created.err, "'ruleset': 'upload.toml' is a path; a sheet from an untrusted source"), created.err);
  write_file(sheet, "ruleset = \"upload.toml\"\n[[mene]]\ntaker = \"N\"\ntrump = \"H\"\npoints = { NS = 90, EW = 72 }\n");
  for (const std::string action : {"show", "add", "undo"}) {
    std::vector<std::string> args{"sheet", action, sheet, "--untrusted"};
    if (std::string(action) == "add") args.insert(args.end(), {"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72"});
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1, action);
    BOOST_TEST(contains(run.err, "'ruleset': 'upload.toml' is a path; a sheet from an untrusted source"), run.err);
  }
  // Every command's help offers it.
  for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
           {"score"}, {"deal"}, {"diff"}, {"stats"}, {"rulesets", "show"}, {"rulesets", "check"}, {"rulesets", "new"},
           {"rulesets", "diff"}, {"rulesets", "list"}, {"sheet", "new"}, {"sheet", "show"}, {"sheet", "add"},
           {"sheet", "undo"}}) {
    std::vector<std::string> args = command;
    args.push_back("--help");
    BOOST_TEST(contains(run_belote(args).out, "--untrusted"), args[0]);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_untrusted_rulesets
