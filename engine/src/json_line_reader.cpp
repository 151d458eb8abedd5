#include "belote/json_line_reader.h"

#include "belote/deal_reader.h"
#include "fast_deal_line.h"

namespace belote {

struct JsonLineReader::Impl {
  std::vector<DealReader> precise;
  std::vector<DealTokenCache> tokens;  ///< one per ruleset: decks and kinds may differ
  std::vector<const Ruleset*> rules;
  FastDealLine fast;

  // The fast path under ruleset i; `hands` says the line is of the hands form.
  bool read_fast(bool hands, std::size_t i, std::span<Deal> deals) {
    return hands ? fast.read_hands(*rules[i], tokens[i], deals[i]) : fast.read_checked(*rules[i], deals[i]);
  }
};

JsonLineReader::JsonLineReader(std::vector<const Ruleset*> rules) : impl_(std::make_unique<Impl>()) {
  for (const Ruleset* r : rules) {
    impl_->precise.emplace_back(*r);
    impl_->tokens.emplace_back(*r);
  }
  impl_->rules = std::move(rules);
}

JsonLineReader::~JsonLineReader() = default;
JsonLineReader::JsonLineReader(JsonLineReader&&) noexcept = default;
JsonLineReader& JsonLineReader::operator=(JsonLineReader&&) noexcept = default;

bool JsonLineReader::read(std::string_view line, const std::string& display, long line_number, std::span<Deal> deals,
                          std::span<Diagnostics> errors) {
  Impl& impl = *impl_;
  const bool parsed = impl.fast.parse(line);
  const bool hands = parsed && impl.fast.hands_form();
  bool valid = true;
  for (std::size_t i = 0; i < impl.rules.size(); ++i) {
    if (parsed && impl.read_fast(hands, i, deals)) {
      ++fast_reads_;
      continue;
    }
    ++precise_reads_;
    if (!impl.precise[i].read_json_line(line, display, line_number, deals[i], errors[i])) valid = false;
  }
  return valid;
}

bool JsonLineReader::read_fast(std::string_view line, std::size_t ruleset_index, Deal& deal) {
  Impl& impl = *impl_;
  if (!impl.fast.parse(line)) return false;
  if (!impl.fast.hands_form()) return impl.fast.read_checked(*impl.rules[ruleset_index], deal);
  return impl.fast.read_hands(*impl.rules[ruleset_index], impl.tokens[ruleset_index], deal);
}

}  // namespace belote
