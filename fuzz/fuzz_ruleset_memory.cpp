// Fuzz target: ruleset text from someone else, loaded untrusted, with every
// allocation counted: the most memory in use at once while it loads stays
// within a bound proportional to the text (docs/robustness.md), whatever the
// text holds: long names, many keys, deep tables, many errors.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <sanitizer/allocator_interface.h>
#include <string_view>

#include "fuzz_support.h"

using namespace belote;

namespace {

std::atomic<bool> measuring{false};
std::atomic<std::int64_t> in_use{0}, peak{0};

void on_malloc(const volatile void*, std::size_t size) {
  if (!measuring) return;
  const std::int64_t now = in_use.fetch_add(std::int64_t(size)) + std::int64_t(size);
  for (std::int64_t seen = peak.load(); now > seen && !peak.compare_exchange_weak(seen, now);) {
  }
}

void on_free(const volatile void* pointer) {
  // Blocks freed that were counted before: in_use may go below zero, which only lowers the peak seen later.
  if (measuring && pointer) in_use.fetch_sub(std::int64_t(__sanitizer_get_allocated_size(const_cast<const void*>(pointer))));
}

// The most bytes in use at once while `work` runs.
template <class Work>
std::int64_t peak_of(Work&& work) {
  in_use = 0;
  peak = 0;
  measuring = true;
  work();
  measuring = false;
  return peak.load();
}

// What loading a shipped base costs whatever the text says, and the
// documented allowance per byte of text.
constexpr std::int64_t kBaseBytes = 16 << 20;
constexpr std::int64_t kBytesPerByte = 64;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const RulesetLoader loader(fuzz::shipped_loader().search(), RulesetTrust::untrusted);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t errors = 0;
  const std::int64_t used = peak_of([&] {
    const LoadedRuleset loaded = loader.load_string(text, "upload.toml", "upload");
    errors = loaded.errors.size();
  });
  BELOTE_FUZZ_CHECK(errors <= kMaxDiagnostics);
  if (used > kBaseBytes + kBytesPerByte * std::int64_t(size))
    std::fprintf(stderr, "%zu bytes of text took %lld bytes\n", size, static_cast<long long>(used));
  BELOTE_FUZZ_CHECK(used <= kBaseBytes + kBytesPerByte * std::int64_t(size));
  return 0;
}
