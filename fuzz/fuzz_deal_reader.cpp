// Fuzz target: the deal readers. The input is read as a TOML deal file and
// its first line as one JSON line (as `belote score` reads a batch), under
// each shipped ruleset; an accepted deal is scored, written out and read back.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view line = text.substr(0, text.find('\n'));
  const auto& rulesets = fuzz::shipped_rulesets();
  // Scoring and writing cost more than reading: one ruleset, chosen by the input's size, does it.
  const std::size_t scored = size % rulesets.size();
  for (std::size_t r = 0; r < rulesets.size(); ++r) {
    const Ruleset& rules = *rulesets[r];
    const DealReader reader(rules);
    Deal deal;
    Diagnostics errors;
    if (reader.read_toml(text, "fuzz.toml", deal, errors) && r == scored) fuzz::score_write_and_read_back(rules, deal);
    fuzz::format_all(errors);
    errors.clear();
    if (reader.read_json_line(line, "fuzz.jsonl", 7, deal, errors) && r == scored) fuzz::score_write_and_read_back(rules, deal);
    fuzz::format_all(errors);
  }
  return 0;
}
