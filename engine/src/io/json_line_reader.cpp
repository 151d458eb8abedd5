#include "belote/json_line_reader.h"

#include <algorithm>

#include "belote/deal_reader.h"
#include "io/deal_line_parser.h"

namespace belote {

namespace {

// Whether two rulesets read every deal of the hands form alike: the fast
// path's read_hands consults only the deck, the kinds (here one implicit kind
// of the same trumps and card points), the bids and the doubling levels
// (here none); a played mène's, also the play conventions, the kind's orders
// and points, and the roem.
bool read_hands_alike(const Ruleset& a, const Ruleset& b) {
  if (!(a.deck == b.deck) || a.kinds_named || b.kinds_named || a.bids.any() || b.bids.any()) return false;
  if (!(a.play == b.play) || !(a.roem == b.roem) || !(a.kinds == b.kinds)) return false;
  if (!a.doubling.empty() || !b.doubling.empty() || a.kinds.size() != 1 || b.kinds.size() != 1) return false;
  const ContractKind& x = a.kinds[0];
  const ContractKind& y = b.kinds[0];
  if (x.trumps != y.trumps || x.suits != y.suits || x.total_card_points() != y.total_card_points()) return false;
  for (Suit suit = 0; suit < kSuitCount; ++suit)
    if (a.suit_kind(suit) != b.suit_kind(suit)) return false;
  return true;
}

}  // namespace

struct JsonLineReader::Impl {
  std::vector<DealReader> precise;
  std::vector<DealTokenCache> tokens;  ///< one per ruleset: decks and kinds may differ
  std::vector<const Ruleset*> rules;
  std::unique_ptr<DealLineParser> fast;
  /// For each ruleset, an earlier one that reads the hands form alike (its
  /// deal is copied rather than read again, as `diff` of two such rulesets
  /// reads each line), or -1.
  std::vector<int> reads_like;

  // The fast path under ruleset i; `hands` says the line is of the hands form.
  bool read_fast(bool hands, std::size_t i, std::span<Deal> deals) {
    return hands ? fast->read_hands(*rules[i], tokens[i], deals[i]) : fast->read_checked(*rules[i], deals[i]);
  }
};

JsonLineReader::JsonLineReader(std::vector<const Ruleset*> rules, JsonLineParser parser) : impl_(std::make_unique<Impl>()) {
  if (parser == JsonLineParser::fastest) impl_->fast = simdjson_deal_line_parser();
  if (!impl_->fast) impl_->fast = sax_deal_line_parser();
  for (const Ruleset* r : rules) {
    impl_->precise.emplace_back(*r);
    impl_->tokens.emplace_back(*r);
  }
  impl_->rules = std::move(rules);
  const auto& all = impl_->rules;
  for (std::size_t i = 0; i < all.size(); ++i) {
    int like = -1;
    for (std::size_t j = 0; j < std::min<std::size_t>(i, 64) && like < 0; ++j)
      if (read_hands_alike(*all[j], *all[i])) like = int(j);
    impl_->reads_like.push_back(like);
  }
}

JsonLineReader::~JsonLineReader() = default;
JsonLineReader::JsonLineReader(JsonLineReader&&) noexcept = default;
JsonLineReader& JsonLineReader::operator=(JsonLineReader&&) noexcept = default;

bool JsonLineReader::read(std::string_view line, const std::string& display, long line_number, std::span<Deal> deals,
                          std::span<Diagnostics> errors) {
  Impl& impl = *impl_;
  const bool parsed = impl.fast->parse(line);
  const bool hands = parsed && impl.fast->hands_form();
  bool valid = true;
  std::uint64_t read_fast = 0;  // which rulesets the fast path read the line under
  for (std::size_t i = 0; i < impl.rules.size(); ++i) {
    const int like = impl.reads_like[i];
    if (hands && like >= 0 && (read_fast >> like & 1)) {
      deals[i] = deals[std::size_t(like)];
    } else if (!parsed || !impl.read_fast(hands, i, deals)) {
      ++precise_reads_;
      if (!impl.precise[i].read_json_line(line, display, line_number, deals[i], errors[i])) valid = false;
      continue;
    }
    if (i < 64) read_fast |= std::uint64_t(1) << i;
    ++fast_reads_;
  }
  return valid;
}

bool JsonLineReader::read_fast(std::string_view line, std::size_t ruleset_index, Deal& deal) {
  Impl& impl = *impl_;
  DealLineParser& fast = *impl.fast;
  if (!fast.parse(line)) return false;
  if (!fast.hands_form()) return fast.read_checked(*impl.rules[ruleset_index], deal);
  return fast.read_hands(*impl.rules[ruleset_index], impl.tokens[ruleset_index], deal);
}

}  // namespace belote
