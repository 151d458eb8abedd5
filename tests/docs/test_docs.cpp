// docs/rulesets.md says what the program does: its key reference is the
// registry's, its examples load (or fail) as shown, and it names every
// shipped ruleset; every page's code blocks close on a line of their own.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_docs)

using namespace belote;
using namespace belote::test;

namespace {

std::string rulesets_doc() { return read_file(source_dir() / "docs" / "rulesets.md"); }

// The text between the line that starts with `open` and the next line that starts with `close`.
std::string between_lines(const std::string& text, const std::string& open, const std::string& close) {
  const auto start = text.find("\n" + open);
  BOOST_TEST_REQUIRE(start != std::string::npos, "no line starts with " << open);
  const auto body = text.find('\n', start + 1) + 1;
  const auto end = text.find("\n" + close, body - 1);
  BOOST_TEST_REQUIRE(end != std::string::npos, "no line starts with " << close);
  return text.substr(body, end + 1 - body);
}

// The first fenced block of `language` after `marker`.
std::string block_after(const std::string& text, const std::string& marker, const std::string& language) {
  const auto at = text.find(marker);
  BOOST_TEST_REQUIRE(at != std::string::npos, marker);
  return between_lines(text.substr(at), "```" + language, "```");
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_key_reference_is_the_registrys) {
  const std::string section = between_lines(rulesets_doc(), "<!-- keys:begin", "<!-- keys:end");
  BOOST_TEST(section == keys_markdown(), "docs/rulesets.md's key reference is out of date: run scripts/update-docs");
}

BOOST_AUTO_TEST_CASE(the_key_reference_documents_every_key) {
  const std::string reference = keys_markdown();
  for (const KeySpec& key : ruleset_keys()) {
    BOOST_TEST(reference.find("#### `" + std::string(key.path) + "`") != std::string::npos, key.path);
    BOOST_TEST(!key.meaning.empty(), key.path);
    BOOST_TEST(!key.example.empty(), key.path);
    BOOST_TEST(!key.allowed.empty(), key.path);
  }
}

BOOST_AUTO_TEST_CASE(the_first_example_is_a_valid_ruleset) {
  const std::string example = block_after(rulesets_doc(), "## A ruleset file", "toml");
  const LoadedRuleset loaded = load_text(example, "lyon.toml");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST(loaded.ok());
}

BOOST_AUTO_TEST_CASE(the_check_example_prints_what_the_doc_shows) {
  const std::string doc = rulesets_doc();
  const std::string file = block_after(doc, "With this `lyon.toml`:", "toml");
  std::string shown = block_after(doc, "With this `lyon.toml`:", "console");
  const LoadedRuleset loaded = load_text(file, "lyon.toml");
  std::string printed = "$ belote rulesets check lyon.toml\n";
  for (const Diagnostic& d : loaded.errors)
    printed += "belote: error: " + location_and_message(d) + "\n" + caret_lines(d) + "\n";
  printed += "lyon.toml: " + std::to_string(loaded.errors.size()) + " errors\n";
  replace_all(printed, rulesets_dir().string() + "/", "…/");
  BOOST_TEST(printed == shown);
}

BOOST_AUTO_TEST_CASE(every_shipped_ruleset_is_in_the_doc) {
  const std::string doc = rulesets_doc();
  for (const auto& name : shipped_ruleset_names()) BOOST_TEST(doc.find("`" + name + "`") != std::string::npos, name);
}

BOOST_AUTO_TEST_CASE(first_speaker_is_described_as_the_program_plays_it) {
  // Of the players holding the tied announcement, the one who speaks first wins
  // it; not simply the team of whoever speaks first.
  const std::string doc = rulesets_doc();
  const std::string overlays = between_lines(doc, "| overlay of `classique`", "\n");
  BOOST_TEST(overlays.find("`classique-premier-parle` | an exact tie goes to the team of the tied holder who speaks first") !=
             std::string::npos, overlays);
  const KeySpec* tie = find_key("announcements.exact_tie");
  BOOST_TEST_REQUIRE(tie);
  BOOST_TEST(std::string(tie->meaning).find("the team of the tied holder who speaks first") != std::string::npos);
  BOOST_TEST(ruleset("classique-premier-parle")->info.description.find("tied holder who speaks first") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_doc_lists_what_a_ruleset_cannot_express_where_errors_point) {
  const std::string doc = rulesets_doc();
  BOOST_TEST(doc.find("\n## What a ruleset cannot express\n") != std::string::npos);
  // An unknown key naming such a rule points to that section.
  const LoadedRuleset loaded = load_text("extends = \"classique\"\n[announcements]\npenalty = true\n");
  BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
  BOOST_TEST(loaded.errors[0].message.find("see docs/rulesets.md#what-a-ruleset-cannot-express") != std::string::npos,
             loaded.errors[0].message);
}

BOOST_AUTO_TEST_CASE(the_key_reference_gives_the_rules_for_names_and_aliases) {
  const std::string reference = keys_markdown();
  for (const std::string rule : {"a ruleset is named by its file", "1 to 3 ASCII letters or digits",
                                 "a letter of any alphabet, then letters, digits and '-'", "compared without case"})
    BOOST_TEST(reference.find(rule) != std::string::npos, rule);
}

BOOST_AUTO_TEST_CASE(the_kind_and_contest_examples_pass_rulesets_check) {
  // Every ```toml block of "Contract kinds" and "How announcements compete", as the file its first line names.
  const std::string doc = rulesets_doc();
  const auto start = doc.find("\n## Contract kinds\n");
  const auto compete = doc.find("\n## How announcements compete\n");
  BOOST_TEST_REQUIRE(start != std::string::npos);
  BOOST_TEST_REQUIRE(compete != std::string::npos);
  const std::string sections = doc.substr(start, doc.find("\n## ", compete + 1) - start);
  const std::filesystem::path dir = temp_dir("kind-examples");
  int examples = 0;
  for (auto at = sections.find("```toml\n"); at != std::string::npos; at = sections.find("```toml\n", at + 1)) {
    const std::string block = between_lines(sections.substr(at - 1), "```toml", "```");
    BOOST_TEST_REQUIRE(block.starts_with("# "));
    const std::string file = block.substr(2, block.find(':') - 2);
    write_file(dir / file, block);
    const RunResult run = run_belote({"rulesets", "check", (dir / file).string()});
    BOOST_TEST(run.status == 0, file << ":\n" << run.err);
    BOOST_TEST(run.out == (dir / file).string() + ": ok (" + file.substr(0, file.size() - 5) + ")\n");
    ++examples;
  }
  BOOST_TEST(examples == 4);
}

BOOST_AUTO_TEST_CASE(deals_md_scores_its_revoke_as_shown_and_refuses_it_unstated) {
  const std::string doc = read_file(source_dir() / "docs" / "deals.md");
  const std::string mene = block_after(doc, "### A revoke", "toml");
  const std::string explained = block_after(doc, "### A revoke", "text");
  const std::filesystem::path file = temp_dir("deals-md-revoke") / "revoke.toml";
  write_file(file, mene);
  const RunResult run = run_belote({"score", "--ruleset", "klaverjas", file.string()});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::istringstream lines(explained);
  for (std::string line; std::getline(lines, line);)
    BOOST_TEST(run.out.find(line) != std::string::npos, line << "\n" << run.out);
  // Without its `revoke` line the same mène is refused as section 6 words it.
  std::string unstated = mene;
  unstated.erase(unstated.find("revoke = "), unstated.find('\n', unstated.find("revoke = ")) + 1 - unstated.find("revoke = "));
  write_file(file, unstated);
  const RunResult refused = run_belote({"score", "--ruleset", "klaverjas", file.string()});
  BOOST_TEST(refused.status == 1);
  BOOST_TEST(refused.err.find("trick 2, N: 8D is not legal (follow suit): must follow the led suit; legal: JS") !=
                 std::string::npos, refused.err);
}

BOOST_AUTO_TEST_CASE(deals_md_gives_each_shipped_rulesets_capot) {
  const std::string doc = read_file(source_dir() / "docs" / "deals.md");
  const auto at = doc.find("its capot value");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  const std::string paragraph = doc.substr(at, doc.find("\n\n", at) - at);
  for (const std::string& name : shipped_ruleset_names()) {
    const auto rules = ruleset(name);
    for (const ContractKind& kind : rules->kinds)
      BOOST_TEST(paragraph.find(std::to_string(kind.capot_points)) != std::string::npos,
                 name << "'s capot of " << kind.capot_points << " in " << kind.name << " is not in deals.md");
  }
}

BOOST_AUTO_TEST_CASE(deals_md_says_a_result_is_checked_only_as_totals) {
  const std::string doc = read_file(source_dir() / "docs" / "deals.md");
  BOOST_TEST(doc.find("A result is checked only as totals") != std::string::npos);
  BOOST_TEST(doc.find("trick orders") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_man_page_names_every_shipped_game_and_guide) {
  const std::string man = read_file(source_dir() / "packaging" / "belote.h2m");
  const std::string description = between_lines(man, "[DESCRIPTION]", "[ENVIRONMENT]");
  for (const std::string& name : shipped_ruleset_names())
    if (read_file(rulesets_dir() / (name + ".toml")).find("\nextends") == std::string::npos)
      BOOST_TEST(description.find("\\fB" + name + "\\fR") != std::string::npos, name << " is not in the man page's description");
  const std::string see_also = man.substr(man.find("[SEE ALSO]"));
  // Every guide a user reads; design.md and performance.md are for those who work on the program.
  for (const auto& entry : std::filesystem::directory_iterator(source_dir() / "docs")) {
    const std::string file = entry.path().filename().string();
    if (entry.path().extension() != ".md" || file == "design.md" || file == "performance.md") continue;
    BOOST_TEST(see_also.find("\\fI" + file + "\\fR") != std::string::npos, file << " is not in the man page's SEE ALSO");
  }
}

BOOST_AUTO_TEST_CASE(every_code_block_of_the_pages_closes_on_a_line_of_its_own) {
  // A closing fence followed by text leaves the block open: the rest of the page would render as code.
  std::vector<std::filesystem::path> pages{source_dir() / "README.md"};
  for (const auto& entry : std::filesystem::directory_iterator(source_dir() / "docs"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  for (const auto& page : pages) {
    std::istringstream in(read_file(page));
    bool open = false;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      if (!line.starts_with("```")) continue;
      const bool fence = open ? line == "```"
                              : line.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789+-_", 3) == std::string::npos;
      BOOST_TEST(fence, page.filename().string() << ":" << number << ": '" << line << "' is no fence of its own");
      open = !open;
    }
    BOOST_TEST(!open, page.filename().string() << ": a code block is not closed");
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_docs
