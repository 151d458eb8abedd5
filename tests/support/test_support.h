// Helpers shared by the tests: the shipped rulesets, the worked cases, and
// running the `belote` program as a user would.
#pragma once

#include <filesystem>
#include <memory>
#include <sys/types.h>
#include <string>
#include <vector>

#include <belote/belote.h>

namespace belote::test {

std::filesystem::path source_dir();
std::filesystem::path tests_dir();
std::filesystem::path rulesets_dir();
/// The worked cases copied from the rule book (tests/cases/*.toml), sorted.
std::vector<std::filesystem::path> case_files();
/// The TOML files of `dir` (not its subfolders), sorted.
std::vector<std::filesystem::path> toml_files_in(const std::filesystem::path& dir);

/// The shipped rulesets, by name.
std::vector<std::string> shipped_ruleset_names();
/// The shipped rulesets that play the classic contract (one trump suit, no
/// bid, no doubling, no [scoring] terms, no rounding): the rule book's domain.md.
std::vector<std::string> classic_contract_ruleset_names();
/// A loader that sees only the shipped rulesets (and `extra` directories first).
RulesetLoader shipped_loader(const std::vector<std::filesystem::path>& extra = {});
/// A shipped ruleset, loaded once; fails the test if it does not load.
std::shared_ptr<const Ruleset> ruleset(const std::string& name);
/// A ruleset from TOML text, resolving `extends` against the shipped rulesets.
LoadedRuleset load_text(const std::string& toml, const std::string& display = "test.toml");

/// A deal from TOML text (a [deal] table); fails the test on errors.
Deal deal_from_toml(const Ruleset& rules, const std::string& toml);
/// Parses a JSON line; returns the errors (empty when valid).
Diagnostics json_deal_errors(const Ruleset& rules, const std::string& line, Deal* deal = nullptr);
Diagnostics toml_deal_errors(const Ruleset& rules, const std::string& toml, Deal* deal = nullptr);
/// The JSON Lines that `belote deal --random count --seed seed` writes (classic deck).
std::string random_deal_lines(std::uint64_t seed, std::uint64_t count);

/// `text` with its one occurrence of `from` replaced by `to` (throws when it occurs not exactly once).
/// The cards of a text of tokens ("10H JH QH"); throws at a token the deck does not read.
CardSet cards_of(const Deck& deck, const std::string& text);

/// The four hands of seed 000's worked example, as a TOML [deal.hands] table.
inline const std::string kWorkedExampleHands = R"([deal.hands]
N = "9S 8S 7S AH JH KD 9C 7C"
E = "AS 8H 10D 9D 8D 7D QC JC"
S = "JS 10S QH 9H AD QD AC 8C"
W = "KS QS KH 10H 7H JD KC 10C"
)";

std::string with(const std::string& text, const std::string& from, const std::string& to);

/// `count` times $BELOTE_TEST_DEPTH and divided by $BELOTE_TEST_SCALE (whole
/// numbers, default 1), at least 1: the sanitizer build, many times slower,
/// runs the largest tests on fewer deals, and CI runs the tests over random
/// deals again on several times more (docs/robustness.md, "Test depth").
std::uint64_t scaled(std::uint64_t count);

/// A fresh empty directory under the build tree's temporary space.
std::filesystem::path temp_dir(const std::string& name);
void write_file(const std::filesystem::path& path, const std::string& text);
std::string read_file(const std::filesystem::path& path);

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};
/// Runs `belote` with arguments (no shell), optionally feeding stdin.
RunResult run_belote(const std::vector<std::string>& args, const std::string& input = "",
                     const std::vector<std::string>& env = {});
/// Starts `belote` with arguments, its input, output and errors on /dev/null; the caller waits for it.
pid_t start_belote_quietly(const std::vector<std::string>& args);
/// A ruleset of 11 ranks (44 cards, 11 per hand): too many hands to walk them all.
std::string ruleset_of_44_cards();
/// The same for any program (looked up in PATH when the name has no '/').
RunResult run_program(const std::string& program, const std::vector<std::string>& args,
                      const std::string& input = "", const std::vector<std::string>& env = {});

}  // namespace belote::test
