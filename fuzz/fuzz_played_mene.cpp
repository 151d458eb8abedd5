// Fuzz target: a played mène, the bytes as its `play` (the tricks, card by
// card) under the shipped ruleset the first byte chooses. It is read or
// refused with bounded messages; a mène read is scored, written as JSON that
// reads back, and scored the same again.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const Ruleset& rules = fuzz::chosen_ruleset(rest);
  const std::string kind = rules.kinds_named ? std::string(R"("kind":")") + rules.kinds[0].name + R"(",)" : "";
  const std::string line = "{" + kind + R"("trump":"H","taker":"N","first":"E","play":)" + std::string(rest) + "}";
  const DealReader reader(rules);
  Deal deal;
  Diagnostics errors;
  if (!reader.read_json_line(line, "menes.jsonl", 1, deal, errors)) {
    fuzz::check_bounded(errors);
    fuzz::format_all(errors);
    return 0;
  }
  const Outcome outcome = evaluate(rules, deal);
  const std::string written = json_text(deal_json(rules, deal));
  Deal again;
  Diagnostics none;
  BELOTE_FUZZ_CHECK(reader.read_json_line(written, "written.jsonl", 1, again, none));
  BELOTE_FUZZ_CHECK(evaluate(rules, again).score == outcome.score);
  BELOTE_FUZZ_CHECK(nlohmann::json::accept(json_text(outcome_json(rules, deal, outcome))));
  return 0;
}
