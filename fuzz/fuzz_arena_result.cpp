// Fuzz target: an arena's result (`belote arena --merge FILE…`, Python's
// merge_arena). Any text is read or refused with one bounded message naming
// the key; a result read writes JSON that reads back to the same bytes, and
// merges alone into itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "belote/arena.h"
#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostic error;
  const std::optional<ArenaResult> result = read_arena_json(text, "result.json", error);
  if (!result) {
    const Diagnostics errors{error};
    fuzz::check_bounded(errors);
    fuzz::format_all(errors);
    return 0;
  }
  const std::string written = arena_json(*result);
  Diagnostic again_error;
  const std::optional<ArenaResult> again = read_arena_json(written, "again.json", again_error);
  BELOTE_FUZZ_CHECK(again.has_value() && arena_json(*again) == written);
  std::string merge_error;
  const std::vector<std::string> sources{"result.json"};
  const std::optional<ArenaResult> merged = merge_arena({*result}, sources, merge_error);
  BELOTE_FUZZ_CHECK(merged.has_value() && merge_error.empty() && arena_json(*merged) == written);
  return 0;
}
