// Memory stays bounded on hostile input, whatever the thread count: the
// untrusted loader in proportion to its text (measured here, allocation by
// allocation), the batch commands flat on a file of errors with 16 threads,
// and `diff --show` at its maximum keeping only what it will show. The bounds
// are the ones docs/robustness.md states.
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdlib>
#include <fmt/format.h>
#include <new>
#include <sys/resource.h>
#include <sys/wait.h>

#include "test_support.h"

using namespace belote;
using namespace belote::test;
namespace fs = std::filesystem;

// Every allocation of this program is counted: the bytes in use now, and the most at once.
namespace {

std::atomic<std::size_t> in_use{0}, peak{0};

void count_allocation(std::size_t bytes) {
  const std::size_t now = in_use.fetch_add(bytes) + bytes;
  for (std::size_t seen = peak.load(); now > seen && !peak.compare_exchange_weak(seen, now);) {
  }
}

// The size is kept in front of each block, so that a delete knows what it frees.
constexpr std::size_t kHeader = alignof(std::max_align_t);

void* counted_new(std::size_t bytes) {
  void* block = std::malloc(bytes + kHeader);
  if (!block) throw std::bad_alloc();
  *static_cast<std::size_t*>(block) = bytes;
  count_allocation(bytes);
  return static_cast<char*>(block) + kHeader;
}

void counted_delete(void* pointer) noexcept {
  if (!pointer) return;
  void* block = static_cast<char*>(pointer) - kHeader;
  in_use.fetch_sub(*static_cast<std::size_t*>(block));
  std::free(block);
}

}  // namespace

void* operator new(std::size_t bytes) { return counted_new(bytes); }
void* operator new[](std::size_t bytes) { return counted_new(bytes); }
void operator delete(void* pointer) noexcept { counted_delete(pointer); }
void operator delete[](void* pointer) noexcept { counted_delete(pointer); }
void operator delete(void* pointer, std::size_t) noexcept { counted_delete(pointer); }
void operator delete[](void* pointer, std::size_t) noexcept { counted_delete(pointer); }

// The replaced operators serve the whole program: this file is alone in its own (tests/memory/).
BOOST_AUTO_TEST_SUITE(test_bounded_memory)

namespace {

// The most bytes in use at once while `work` runs, above what was in use before.
template <class Work>
std::size_t peak_of(Work&& work) {
  const std::size_t before = in_use.load();
  peak = before;
  work();
  return peak.load() - before;
}

// The peak resident memory of `belote` run on `args` with its output discarded, in KiB.
long peak_kib(const std::vector<std::string>& args, int* status_out = nullptr) {
  const pid_t pid = start_belote_quietly(args);
  int status = 0;
  rusage usage{};
  BOOST_REQUIRE(wait4(pid, &status, 0, &usage) == pid);
  BOOST_REQUIRE(WIFEXITED(status));
  if (status_out) *status_out = WEXITSTATUS(status);
  return usage.ru_maxrss;
}

// A long unknown table name with many keys under it: the "cannot express" check
// once built a full path for every key, name length times key count.
std::string long_table_of_keys(std::size_t name_length, int keys) {
  std::string text = "extends = \"classique\"\n[" + std::string(name_length, 'u') + "]\n";
  for (int i = 0; i < keys; ++i) text += fmt::format("a{:06d}=1\n", i);
  return text;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_untrusted_loader_needs_memory_in_proportion_to_its_text) {
  const RulesetLoader loader(shipped_loader().search(), RulesetTrust::untrusted);
  // Loading a shipped base costs the same whatever the text: measured once, then allowed on top.
  const std::size_t base = peak_of([&] { (void)loader.load_string("extends = \"classique\"\n", "upload.toml"); });
  for (const auto& [name_length, keys] : {std::pair{100000, 10000}, {1000, 60000}, {10, 80000}}) {
    const std::string text = long_table_of_keys(std::size_t(name_length), keys);
    BOOST_REQUIRE(text.size() <= (std::size_t(1) << 20));
    LoadedRuleset loaded;
    const std::size_t used = peak_of([&] { loaded = loader.load_string(text, "upload.toml"); });
    BOOST_TEST_MESSAGE(fmt::format("{} bytes of text: {} bytes at most ({} for the base)", text.size(), used, base));
    BOOST_TEST(!loaded.ruleset);
    BOOST_REQUIRE(!loaded.errors.empty());
    BOOST_TEST(loaded.errors.front().message.starts_with("unknown key '"));
    // The documented bound: 64 bytes of memory per byte of text, beyond the base.
    BOOST_TEST(used <= base + 64 * text.size(), used << " bytes for " << text.size() << " bytes of text");
  }
}

BOOST_AUTO_TEST_CASE(the_program_checks_an_untrusted_ruleset_of_a_long_table_in_little_memory) {
  const fs::path dir = temp_dir("memory-long-table");
  write_file(dir / "small.toml", long_table_of_keys(10, 10));
  write_file(dir / "ut.toml", long_table_of_keys(100000, 10000));
  int status = -1;
  const long small = peak_kib({"rulesets", "check", "--untrusted", (dir / "small.toml").string()});
  const long large = peak_kib({"rulesets", "check", "--untrusted", (dir / "ut.toml").string()}, &status);
  BOOST_TEST_MESSAGE(fmt::format("rulesets check --untrusted: {} KiB for a small file, {} KiB for ut.toml", small, large));
  BOOST_TEST(status == 1);
  // 210 KB of text: at most 64 times that beyond the program's own needs.
  BOOST_TEST(large <= small + 64 * 210, large << " KiB");
}

BOOST_AUTO_TEST_CASE(a_file_of_errors_takes_flat_memory_on_16_threads) {
  // Every line an error: each kept message is far larger than its line.
  const fs::path file = temp_dir("memory-errors") / "empty-objects.jsonl";
  std::string text;
  text.reserve(1 << 20);
  while (text.size() < (std::size_t(1) << 20)) text += "{}\n";
  write_file(file, text);
  int status = -1;
  const long two = peak_kib({"score", "--threads", "2", file.string()}, &status);
  BOOST_TEST(status == 1);
  const long sixteen = peak_kib({"score", "--threads", "16", file.string()}, &status);
  BOOST_TEST(status == 1);
  BOOST_TEST_MESSAGE(fmt::format("score on 1 MiB of {{}} lines: {} KiB with 2 threads, {} KiB with 16", two, sixteen));
  // The documented bound: 64 MiB, and 8 MiB more for each thread.
  BOOST_TEST(two <= (64 + 8 * 2) * 1024, two << " KiB with 2 threads");
  BOOST_TEST(sixteen <= (64 + 8 * 16) * 1024, sixteen << " KiB with 16 threads");
}

BOOST_AUTO_TEST_CASE(diff_show_at_its_maximum_keeps_only_what_it_shows) {
  // Some 16,000 of these deals differ: each once kept whole (5 KB) by its chunk
  // and again by the summary, now as the line it is listed as, and its index.
  const auto diff = [](const std::string& show, const std::string& threads) {
    return std::vector<std::string>{"diff", "classique", "traditionnelle", "--random", "200000", "--seed", "3",
                                    "--show", show, "--threads", threads, "--rulesets-dir", BELOTE_RULESETS_DIR};
  };
  int status = -1;
  const long few = peak_kib(diff("10", "2"), &status);
  BOOST_TEST(status == 0);
  for (const std::string threads : {"2", "64"}) {
    const long most = peak_kib(diff("1000000", threads), &status);
    BOOST_TEST(status == 0);
    BOOST_TEST_MESSAGE(fmt::format("diff --show 1000000 --threads {}: {} KiB ({} KiB with --show 10)", threads, most, few));
    // The documented bound: 8 bytes an example, and the listed lines of the chunks in flight.
    BOOST_TEST(most <= few + 8 * 1024, most << " KiB with " << threads << " threads, " << few << " KiB showing 10");
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_bounded_memory
