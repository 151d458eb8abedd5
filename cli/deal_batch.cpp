#include "deal_batch.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace belote::cli {

BatchText::Errors merged_rejections(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors) {
  const Diagnostics merged = merged_diagnostics(rules, errors);
  BatchText::Errors out;
  out.diagnostics.assign(merged.begin(), merged.end());
  for (const Diagnostics& e : errors) out.kept = std::max(out.kept, e.size());
  // Counted with the input's other errors, and said once at its end (merged_diagnostics counts them).
  out.unkept = merged.unkept();
  return out;
}

std::string suggestion_note(RulesetSuggestion& suggestion, const RulesetSuggestion::Read& read, const DealPlace& place) {
  const std::string other = suggestion.for_deal(read);
  if (other.empty()) return "";
  return fmt::format("{}{}: this deal reads under --ruleset {}, whose deck it fits", place.input,
                     place.line ? fmt::format(":{}", place.line) : "", other);
}

std::string no_thread_message(std::error_code refused) {
  return fmt::format("cannot start a thread to work on the deals: {} (the system's limit on processes or on memory: "
                     "ulimit -u, ulimit -v)",
                     refused.message());
}

int open_input(const std::string& input, std::string& failure) {
  if (input != "-") return open_lines(input, failure);
  failure = lines_refusal(0);
  return failure.empty() ? 0 : -1;
}

}  // namespace belote::cli
