// Fuzz target: the deal readers. The input is read as a TOML deal file and
// its first line as one JSON line (as `belote score` reads a batch), under
// each shipped ruleset; an accepted deal is scored, written out and read back.
// The line is read by both JSON Lines readers: the fast path, with each of
// its parsers (simdjson's and the JSON library's SAX parser), may accept only
// what the precise reader accepts, as the same Deal, and JsonLineReader must
// give exactly the precise reader's deal or messages.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view line = text.substr(0, text.find('\n'));
  const auto& rulesets = fuzz::shipped_rulesets();
  // Kept from input to input, as a batch keeps them from line to line.
  // For each ruleset, a reader of each parser.
  static std::vector<JsonLineReader> line_readers = [&] {
    std::vector<JsonLineReader> readers;
    for (const auto& r : rulesets) {
      readers.emplace_back(*r);
      readers.emplace_back(*r, JsonLineParser::sax);
    }
    return readers;
  }();
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
    const bool precise = reader.read_json_line(line, "fuzz.jsonl", 7, deal, errors);
    if (precise && r == scored) fuzz::score_write_and_read_back(rules, deal);
    fuzz::format_all(errors);

    for (std::size_t parser = 0; parser < 2; ++parser) {
      JsonLineReader& lines = line_readers[2 * r + parser];
      Deal fast_deal;
      if (lines.read_fast(line, 0, fast_deal)) BELOTE_FUZZ_CHECK(precise && fast_deal == deal);
      Deal read_deal;
      Diagnostics read_errors;
      BELOTE_FUZZ_CHECK(lines.read(line, "fuzz.jsonl", 7, read_deal, read_errors) == precise);
      BELOTE_FUZZ_CHECK(read_errors.size() == errors.size());
      for (std::size_t i = 0; i < errors.size(); ++i)
        BELOTE_FUZZ_CHECK(read_errors[i].message == errors[i].message && read_errors[i].line == errors[i].line &&
                          read_errors[i].column == errors[i].column && read_errors[i].source_line == errors[i].source_line);
      if (precise) BELOTE_FUZZ_CHECK(read_deal == deal);
    }
  }
  return 0;
}
