// The pages that show the program at work are followed as a reader would:
// README.md, docs/cli.md, docs/authoring.md, docs/table.md, docs/arena.md and the pages of the regional
// families (docs/coinche.md, bulgare.md, schieber.md, klaverjas.md). From an empty home directory
// and a directory holding the repository's examples/, each "$ " line of a
// console block is run by the shell, in order, and what it prints must hold
// the lines the page shows ("…" stands for lines left out). docs/authoring.md's
// edit is made to the file it names, so its variant is built for real.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <map>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_docs_commands)

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

namespace {

struct Block {
  std::string language;
  std::string text;
  std::string before;  ///< the prose between the previous block and this one
};

std::vector<Block> fenced_blocks(const std::string& markdown) {
  std::vector<Block> blocks;
  std::istringstream in(markdown);
  std::string prose;
  bool open = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("```")) {
      if (!open) blocks.push_back({line.substr(3), "", prose});
      else prose.clear();
      open = !open;
    } else {
      (open ? blocks.back().text : prose) += line + "\n";
    }
  }
  return blocks;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
}

// A reader of one page: an empty home, and a working directory with examples/.
struct Reader {
  fs::path home;
  fs::path work;
  std::vector<std::string> commands;  ///< every command run, as the page writes it

  explicit Reader(const std::string& name) : home(temp_dir(name + "-home")), work(temp_dir(name + "-work")) {
    fs::create_directory_symlink(source_dir() / "examples", work / "examples");
  }

  // Runs one "$ " line with the shell, as the reader's terminal would, and
  // checks that the lines shown appear in what it printed, in order.
  void run(const std::string& command, const std::vector<std::string>& shown) {
    commands.push_back(command);
    fs::current_path(work);
    const std::string bin = fs::path(BELOTE_PROGRAM).parent_path().string();
    const RunResult run = run_program("sh", {"-c", "exec 2>&1\n" + command}, "",
                                      {"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + home.string(), "XDG_CONFIG_HOME=",
                                       "BELOTE_RULESETS_PATH=", "BELOTE_RULESET=", "NO_COLOR=1"});
    std::string output = run.out;
    replace_all(output, home.string(), "~");
    const bool shows_error = std::any_of(shown.begin(), shown.end(), [](const std::string& l) { return l.starts_with("belote: error:"); });
    if (!shows_error) BOOST_TEST(run.status == 0, "$ " << command << "\n" << output);
    const std::vector<std::string> printed = lines_of(output);
    // A block that leaves nothing out (no "…" line) shows the whole output: it must be all of it.
    if (!shown.empty() && std::find(shown.begin(), shown.end(), "…") == shown.end()) {
      const bool whole = printed == shown;
      BOOST_TEST(whole, "$ " << command << "\nthe page shows the whole output as\n"
                                        << fmt::format("{}", fmt::join(shown, "\n")) << "\nbut it prints\n" << output);
      return;
    }
    std::size_t at = 0;
    for (const std::string& line : shown) {
      if (line == "…") continue;
      while (at < printed.size() && printed[at] != line) ++at;
      BOOST_TEST_REQUIRE(at < printed.size(), "$ " << command << "\nthe page shows the line\n  " << line
                                                    << "\nwhich is not (in that place) in what it printed:\n" << output);
      ++at;
    }
  }

  void run_console_block(const std::string& text) {
    std::string command;
    std::vector<std::string> shown;
    for (const std::string& line : lines_of(text)) {
      if (line.starts_with("$ ")) {
        if (!command.empty()) run(command, shown);
        command = line.substr(2);
        shown.clear();
      } else {
        shown.push_back(line);
      }
    }
    if (!command.empty()) run(command, shown);
  }

  bool ran(const std::string& command) const { return std::find(commands.begin(), commands.end(), command) != commands.end(); }
};

std::string page(const std::string& path) { return read_file(source_dir() / path); }

// What `belote --help` lists under "HEADING:".
std::vector<std::string> listed(const std::string& help, const std::string& heading) {
  std::vector<std::string> names;
  bool inside = false;
  for (const std::string& line : lines_of(help)) {
    if (line == heading + ":") inside = true;
    else if (inside && line.empty()) break;
    else if (inside) names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

}  // namespace

BOOST_AUTO_TEST_CASE(following_authoring_gives_a_working_variant) {
  Reader reader("authoring");
  const fs::path file = reader.home / ".config" / "belote" / "rulesets" / "lyon.toml";
  int edits = 0, excerpts = 0;
  for (const Block& block : fenced_blocks(page("docs/authoring.md"))) {
    if (block.language == "console") {
      reader.run_console_block(block.text);
    } else if (block.language == "toml" && block.before.find("add these lines at the end of `lyon.toml`") != std::string::npos) {
      BOOST_TEST_REQUIRE(fs::exists(file), "the page edits " << file << " before a command wrote it");
      write_file(file, read_file(file) + "\n" + block.text);
      ++edits;
    } else if (block.language == "toml" && block.before.find("It starts like this") != std::string::npos) {
      BOOST_TEST(read_file(file).starts_with(block.text), "the file does not start as the page shows:\n" << read_file(file));
      ++excerpts;
    }
  }
  BOOST_TEST(edits == 1);
  BOOST_TEST(excerpts == 1);
  // From `rulesets new` to scoring with the variant.
  for (const std::string step : {"belote rulesets new lyon --extends classique", "belote rulesets check lyon",
                                  "belote rulesets diff classique lyon", "belote diff classique lyon --random 100000 --seed 1",
                                  "belote score --ruleset lyon examples/worked-example.toml"})
    BOOST_TEST(reader.ran(step), step);
}

BOOST_AUTO_TEST_CASE(the_cli_page_shows_what_each_command_prints) {
  Reader reader("cli");
  for (const Block& block : fenced_blocks(page("docs/cli.md")))
    if (block.language == "console") reader.run_console_block(block.text);
  BOOST_TEST(reader.commands.size() >= 15u);
}

BOOST_AUTO_TEST_CASE(the_cli_page_has_a_section_for_every_command_and_action) {
  const std::string doc = page("docs/cli.md");
  for (const std::string& command : listed(run_belote({"--help"}).out, "commands")) {
    const auto section = doc.find("\n## `belote " + command + "`\n");
    BOOST_TEST_REQUIRE(section != std::string::npos, "docs/cli.md has no section for belote " << command);
    const std::string body = doc.substr(section, doc.find("\n## ", section + 1) - section);
    BOOST_TEST(body.find("```console\n$ belote " + command) != std::string::npos, "no example of belote " << command);
    for (const std::string& action : listed(run_belote({command, "--help"}).out, "actions"))
      BOOST_TEST(body.find("belote " + command + " " + action) != std::string::npos, "belote " << command << " " << action);
  }
}

BOOST_AUTO_TEST_CASE(the_table_page_shows_what_play_prints) {
  Reader reader("table");
  for (const Block& block : fenced_blocks(page("docs/table.md")))
    if (block.language == "console") reader.run_console_block(block.text);
  BOOST_TEST(reader.commands.size() >= 4u);
  BOOST_TEST(reader.ran("belote sheet show partie.toml"));
}

BOOST_AUTO_TEST_CASE(the_arena_page_shows_what_arena_prints_and_merges) {
  Reader reader("arena");
  for (const Block& block : fenced_blocks(page("docs/arena.md")))
    if (block.language == "console") reader.run_console_block(block.text);
  BOOST_TEST(reader.ran("cmp whole.json merged.json && echo same"));
}

BOOST_AUTO_TEST_CASE(the_readme_shows_what_typical_use_prints) {
  Reader reader("readme");
  for (const Block& block : fenced_blocks(page("README.md")))
    if (block.language == "console") reader.run_console_block(block.text);
  BOOST_TEST(reader.commands.size() >= 3u);
}

BOOST_AUTO_TEST_CASE(each_family_page_shows_what_its_commands_print) {
  const std::map<std::string, std::string> sheets{
      {"coinche", "partie"}, {"bulgare", "match"}, {"schieber", "jass"}, {"klaverjas", "boompje"}};
  for (const auto& page_and_sheet : sheets) {
    const std::string& family = page_and_sheet.first;
    const std::string& sheet = page_and_sheet.second;
    Reader reader(family);
    for (const Block& block : fenced_blocks(page("docs/" + family + ".md")))
      if (block.language == "console") reader.run_console_block(block.text);
    BOOST_TEST(reader.commands.size() >= 5u, family);
    BOOST_TEST(reader.ran("belote sheet show " + sheet + ".toml"), family);
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_docs_commands
