#include "deal_batch.h"

#include <algorithm>
#include <fcntl.h>
#include <fmt/ranges.h>

namespace belote::cli {

namespace {

bool same_place_and_message(const Diagnostic& a, const Diagnostic& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message;
}

}  // namespace

BatchText::Errors merged_rejections(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors) {
  std::vector<std::pair<Diagnostic, std::vector<std::string>>> distinct;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    for (const Diagnostic& d : errors[i]) {
      auto it = std::find_if(distinct.begin(), distinct.end(), [&](const auto& e) { return same_place_and_message(e.first, d); });
      if (it == distinct.end()) it = distinct.insert(distinct.end(), {d, {}});
      it->second.push_back(rules[i]->info.name);
    }
  }
  BatchText::Errors merged;
  for (const Diagnostics& e : errors) merged.kept = std::max(merged.kept, e.size());
  for (auto& [diagnostic, names] : distinct) {
    if (names.size() < rules.size())
      diagnostic.message += fmt::format(" (under {} {})", names.size() == 1 ? "ruleset" : "rulesets", fmt::join(names, ", "));
    merged.diagnostics.push_back(std::move(diagnostic));
  }
  const auto most = std::max_element(errors.begin(), errors.end(),
                                     [](const Diagnostics& a, const Diagnostics& b) { return a.unkept() < b.unkept(); });
  // Counted with the input's other errors, and said once at its end.
  if (most != errors.end()) merged.unkept = most->unkept();
  return merged;
}

std::string suggestion_note(RulesetSuggestion& suggestion, const RulesetSuggestion::Read& read, const DealPlace& place) {
  const std::string other = suggestion.for_deal(read);
  if (other.empty()) return "";
  return fmt::format("{}{}: this deal reads under --ruleset {}, whose deck it fits", place.input,
                     place.line ? fmt::format(":{}", place.line) : "", other);
}

int open_input(const std::string& input) { return input == "-" ? 0 : ::open(input.c_str(), O_RDONLY | O_CLOEXEC); }

}  // namespace belote::cli
