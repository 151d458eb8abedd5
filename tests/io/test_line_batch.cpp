// Deal lines read on every core with their results kept (line_batch.h): each
// line's deal or errors reach the work, partial results are merged in input
// order whatever the number of threads, and a line the rulesets reject is
// reported once, with the rulesets it holds under.
#include <boost/test/unit_test.hpp>

#include <cerrno>
#include <unistd.h>

#include "belote/line_batch.h"
#include "belote/ruleset_diff.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_line_batch)

using namespace belote;
using namespace belote::test;

namespace {

/// What a batch saw, line by line: the deal's id and card points, or the first error.
struct Seen {
  std::vector<std::string> lines;
};

std::vector<std::string> run_batch(const std::vector<const Ruleset*>& rules, const std::filesystem::path& file, unsigned threads) {
  LineBatch batch(rules, threads);
  LineBatchWork<Seen> work;
  work.deal = [](std::span<const Deal> deals, long line, Seen& seen) {
    seen.lines.push_back(std::to_string(line) + " " + deals[0].id + " " + std::to_string(deals[0].result.points[Team::NS]));
  };
  work.rejected = [&](std::span<const Diagnostics> errors, long line, Seen& seen) {
    const Diagnostics merged = merged_diagnostics(rules, errors);
    seen.lines.push_back(std::to_string(line) + " error " + location_and_message(merged.at(0)));
  };
  std::vector<std::string> all;
  const bool opened = batch.run_file(file.string(), "deals.jsonl", work, [&](Seen& seen) {
    all.insert(all.end(), seen.lines.begin(), seen.lines.end());
  });
  BOOST_TEST_REQUIRE(opened);
  return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_line_is_seen_in_input_order_on_any_number_of_threads) {
  const auto classique = ruleset("classique");
  std::string text = random_deal_lines(11, 5000);
  // A broken line, a blank one and one longer than a deal may be, among valid deals.
  text = "{\"trump\": \"H\"}\n" + text.substr(text.find('\n') + 1);
  text += "\n   \n" + std::string(kMaxDealLineBytes + 10, 'x') + "\n" + random_deal_lines(12, 1);
  const auto file = temp_dir("line-batch") / "deals.jsonl";
  write_file(file, text);
  const std::vector<std::string> one = run_batch({classique.get()}, file, 1);
  BOOST_TEST(one.size() == 5002u);
  BOOST_TEST(one.front().find("1 error deals.jsonl:1:") == 0, one.front());
  BOOST_TEST(one.at(5000).find("5003 error deals.jsonl:5003: line too long") == 0, one.at(5000));
  BOOST_TEST(one.back().find("5004 random-12-0 ") == 0, one.back());
  BOOST_TEST(run_batch({classique.get()}, file, 3) == one);
  BOOST_TEST(run_batch({classique.get()}, file, 16) == one);
}

BOOST_AUTO_TEST_CASE(an_error_under_some_rulesets_says_which) {
  const auto classique = ruleset("classique");
  const auto schieber = ruleset("schieber");
  const Diagnostics a{{"f", 1, 2, "same", ""}, {"f", 1, 9, "only in a", ""}};
  const Diagnostics b{{"f", 1, 2, "same", ""}};
  const std::vector<const Ruleset*> rules{classique.get(), schieber.get()};
  const std::vector<Diagnostics> errors{a, b};
  const Diagnostics merged = merged_diagnostics(rules, errors);
  BOOST_TEST_REQUIRE(merged.size() == 2u);
  BOOST_TEST(merged[0].message == "same");
  BOOST_TEST(merged[1].message == "only in a (under ruleset classique)");
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_not_opened) {
  const auto classique = ruleset("classique");
  LineBatch batch({classique.get()}, 2);
  LineBatchWork<Seen> work;
  work.deal = [](std::span<const Deal>, long, Seen&) {};
  work.rejected = [](std::span<const Diagnostics>, long, Seen&) {};
  errno = 0;
  BOOST_TEST(!batch.run_file((temp_dir("line-batch") / "absent.jsonl").string(), "absent", work, [](Seen&) {}));
  BOOST_TEST(errno == ENOENT);
  // A directory holds no lines, and /dev/zero would be read for ever without a line's end: neither is read.
  BOOST_TEST(!batch.run_file(temp_dir("line-batch").string(), "dir", work, [](Seen&) {}));
  BOOST_TEST(errno == EISDIR);
  BOOST_TEST(!batch.run_file("/dev/zero", "/dev/zero", work, [](Seen&) {}));
  BOOST_TEST(errno == ENODEV);
}

// Every reader of lines (the commands, the batches) says the same of an input it cannot read.
BOOST_AUTO_TEST_CASE(an_input_of_lines_is_refused_in_the_same_words_everywhere) {
  const auto refusal = [](const std::string& path) {
    std::string failure;
    const int fd = open_lines(path, failure);
    BOOST_TEST(fd < 0, path);
    return failure;
  };
  BOOST_TEST(refusal((temp_dir("line-batch") / "absent.jsonl").string()) == "no such file");
  BOOST_TEST(refusal((temp_dir("line-batch") / "absent" / "deals.jsonl").string()) == "no such file");
  BOOST_TEST(refusal(temp_dir("line-batch").string()) == "is a directory, not a file");
  BOOST_TEST(refusal("/dev/zero") == "is a device, not a file; not read");
  const std::filesystem::path file = temp_dir("line-batch") / "some.jsonl";
  write_file(file, "{}\n");
  std::string failure;
  const int fd = open_lines(file.string(), failure);
  BOOST_TEST(fd >= 0);
  BOOST_TEST(failure.empty());
  BOOST_TEST(lines_refusal(fd).empty());
  ::close(fd);
}

BOOST_AUTO_TEST_CASE(setting_differences_are_the_conventions_that_differ) {
  RulesetLoader loader = shipped_loader();
  const LoadedRuleset a = loader.load("classique");
  const LoadedRuleset b = loader.load("classique-hors-contrat");
  const auto differences = setting_differences(a, b);
  BOOST_TEST_REQUIRE(differences.size() == 1u);
  BOOST_TEST(differences[0].key == "contract.basis");
  BOOST_TEST(differences[0].a->origin.file.find("classique.toml") != std::string::npos);
  BOOST_TEST(setting_differences(a, a).empty());
}

BOOST_AUTO_TEST_SUITE_END()  // test_line_batch
