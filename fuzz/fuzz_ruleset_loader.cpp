// Fuzz target: ruleset text -> loader (with `extends` resolved against the
// shipped rulesets) -> validation -> compiled tables; a ruleset that loads
// then scores a fixed deal, and one read from text, under its own deck.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"

using namespace belote;

namespace {

// The worked example of seed 000, as a JSON line.
constexpr std::string_view kWorkedExample =
    R"({"trump": "H", "taker": "N", "first": "E", )"
    R"("hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", )"
    R"("S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}, )"
    R"("result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const LoadedRuleset loaded = fuzz::shipped_loader().load_string(text, "fuzz.toml", "fuzz");
  fuzz::format_all(loaded.errors);
  for (const Setting& setting : loaded.settings) BELOTE_FUZZ_CHECK(!setting.key.empty());
  if (!loaded.ok()) return 0;
  const Ruleset& rules = *loaded.ruleset;

  // Any deck a ruleset may define deals, scores and writes deals that read back.
  Deal deal;
  RandomDeals(rules, 1).make(0, deal);
  fuzz::score_write_and_read_back(rules, deal);
  Diagnostics errors;
  if (DealReader(rules).read_json_line(kWorkedExample, "fuzz.jsonl", 1, deal, errors))
    fuzz::score_write_and_read_back(rules, deal);
  fuzz::format_all(errors);
  return 0;
}
