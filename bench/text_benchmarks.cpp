#include "text_benchmarks.h"

#include <benchmark/benchmark.h>

#include <belote/belote.h>

#include "benchmark_names.h"
#include "consistency.h"

namespace belote::bench {

namespace {

// Deals made and scored per batch, untimed, then written, timed: few enough to
// stay in the processor's cache, as a deal just scored is when the program
// writes it.
constexpr std::size_t kBatch = 64;

struct Scored {
  Deal deal;
  Outcome outcome;
};

// One deal's text per item, written by `write` into buffers kept from one deal to the next;
// `write` returns a size that depends on the text, so none of it can be left out.
template <class Write>
void register_text(const std::string& name, std::shared_ptr<const Ruleset> rules, std::uint64_t seed, Write write) {
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [rules, seed, write](benchmark::State& state) mutable {
    const RandomDeals random(*rules, seed);
    std::vector<Scored> batch(kBatch);
    std::uint64_t number = 0;
    std::uint64_t written = 0;
    for (auto _ : state) {
      state.PauseTiming();
      for (Scored& s : batch) {
        random.make(number++, s.deal, false);
        evaluate(*rules, s.deal, s.outcome);
      }
      state.ResumeTiming();
      for (const Scored& s : batch) written += write(s.deal, s.outcome);
    }
    benchmark::DoNotOptimize(written);
    check(state, written != 0, "no text was written");
    state.SetItemsProcessed(state.iterations() * std::int64_t(kBatch));
    state.counters["ns_per_deal"] = benchmark::Counter(double(state.iterations() * kBatch),
                                                        benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  });
  b->Unit(benchmark::kMicrosecond);
}

}  // namespace

void register_text_benchmarks(const Rulesets& rules, std::uint64_t seed) {
  for (const auto& r : rules) {
    register_text(explain_name(r->info.name), r, seed, [r, steps = StepBuffer{}](const Deal& deal, const Outcome& outcome) mutable {
      steps.clear();
      explain_into(*r, deal, outcome, SuitStyle::letter, steps);
      return steps.size() == 0 ? 0 : steps.text(steps.size() - 1).size();
    });
    for (const auto& [detail, detail_name] : {std::pair{OutcomeDetail::full, "full"}, std::pair{OutcomeDetail::compact, "compact"}}) {
      const auto writer = std::make_shared<const OutcomeWriter>(*r, detail);
      register_text(outcome_json_name(r->info.name, detail_name), r, seed,
                    [writer, text = std::string()](const Deal& deal, const Outcome& outcome) mutable {
                      text.clear();
                      writer->append(text, deal, outcome);
                      return text.size();
                    });
    }
  }
}

}  // namespace belote::bench
