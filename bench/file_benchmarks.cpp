#include "file_benchmarks.h"

#include <benchmark/benchmark.h>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <belote/belote.h>

#include "benchmark_names.h"
#include "consistency.h"
#include "program_benchmark.h"

namespace belote::bench {

namespace {

namespace fs = std::filesystem;

fs::path deal_file_dir() { return fs::temp_directory_path() / fmt::format("belote-bench-{}", getpid()); }
fs::path deal_file(bool played = false) { return deal_file_dir() / (played ? "played.jsonl" : "deals.jsonl"); }

// The deals `belote deal --random` writes (with --played, `played`), made on every core.
void write_deal_file(const Ruleset& rules, std::uint64_t seed, std::uint64_t deals, bool played) {
  fs::create_directories(deal_file_dir());
  std::FILE* file = std::fopen(deal_file(played).c_str(), "wb");
  const RandomDeals random(rules, seed);
  const RandomPlay play(rules, seed);
  sample_in_chunks<std::string>(
      deals, default_threads(),
      [&](std::uint64_t begin, std::uint64_t end, std::string& text) {
        Deal deal;
        for (std::uint64_t i = begin; i < end; ++i) {
          random.make(i, deal);
          if (played) play.play(i, deal);
          text += json_text(deal_json(rules, deal));
          text += '\n';
        }
      },
      [&](std::string& text) { std::fwrite(text.data(), 1, text.size(), file); });
  std::fclose(file);
}

// The file's settings, written at the first benchmark that reads it (a filter may leave them all out).
struct DealFile {
  std::shared_ptr<const Ruleset> rules;
  std::uint64_t seed = 0;
  std::uint64_t deals = 0;
  bool played = false;
  bool written = false;

  void write() {
    if (!written) write_deal_file(*rules, seed, deals, played);
    written = true;
  }
};
DealFile the_file, the_played_file;
void write_the_file() { the_file.write(); }
void write_the_played_file() { the_played_file.write(); }

// Random deals scored and written as JSON on every core: what `score --format json FILE` does, without the file.
void register_random_score(std::string_view name, std::shared_ptr<const Ruleset> rules, std::uint64_t seed,
                           std::uint64_t deals, OutcomeDetail detail) {
  auto* b = benchmark::RegisterBenchmark(std::string(name).c_str(), [rules, seed, deals, detail](benchmark::State& state) {
    const RandomDeals random(rules->deck, seed);
    const OutcomeWriter writer(*rules, detail);
    std::uint64_t bytes = 0;
    for (auto _ : state) {
      bytes = 0;
      sample_in_chunks<std::uint64_t>(
          deals, default_threads(),
          [&](std::uint64_t begin, std::uint64_t end, std::uint64_t& written) {
            Deal deal;
            Outcome outcome;
            std::string text;
            for (std::uint64_t i = begin; i < end; ++i) {
              random.make(i, deal);
              evaluate(*rules, deal, outcome);
              writer.append(text, deal, outcome);
              text += '\n';
              if (text.size() > (1 << 20)) {
                written += text.size();
                text.clear();
              }
            }
            written += text.size();
          },
          [&](std::uint64_t& written) { bytes += written; });
    }
    check(state, bytes > deals, "no outcome was written");
    state.SetItemsProcessed(state.iterations() * std::int64_t(deals));
  });
  b->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
}

}  // namespace

void register_file_benchmarks(const Rulesets& rules, std::uint64_t seed, std::uint64_t deals) {
  the_file = DealFile{rules[0], seed, deals, false, false};
  the_played_file = DealFile{rules[0], seed, deals, true, false};
  const std::string file = deal_file().string();
  const std::string first = rules[0]->info.name;
  register_program(kFileCheck, {"deal", "--check", "--ruleset", first, file}, deals, write_the_file);
  if (rules.size() > 1) {
    const std::string second = rules[1]->info.name;
    register_program(kFileDiff, {"diff", first, second, "--summary", file}, deals, write_the_file);
    register_program(kRandomDiff, {"diff", first, second, "--summary", "--random", std::to_string(deals)}, deals);
  }
  register_program(kFileScore, {"score", "--ruleset", first, "--format", "json", file}, deals, write_the_file);
  register_random_score(kRandomScore, rules[0], seed, deals, OutcomeDetail::full);
  register_program(kFileScoreCompact, {"score", "--ruleset", first, "--format", "json", "--compact", file}, deals, write_the_file);
  register_random_score(kRandomScoreCompact, rules[0], seed, deals, OutcomeDetail::compact);
  register_program(kFilePlayedCompact,
                   {"score", "--ruleset", first, "--format", "json", "--compact", deal_file(true).string()}, deals,
                   write_the_played_file);
}

void remove_deal_file() {
  the_file = the_played_file = DealFile{};
  std::error_code ignored;
  fs::remove_all(deal_file_dir(), ignored);
}

}  // namespace belote::bench
