#include "rulesets/file_shape.h"

#include <fmt/format.h>

namespace belote {

std::optional<Diagnostic> not_a_ruleset(const SourceFile& file) {
  if (file.root.get("extends")) return std::nullopt;
  if (const toml::node* deal = file.root.get("deal"))
    return file.error(*deal, fmt::format("this file is a deal ([deal]), not a ruleset: score it with "
                                         "'belote score --ruleset NAME {}'", file.display));
  if (const toml::node* mene = file.root.get("mene"))
    return file.error(*mene, fmt::format("this file is a score sheet ([[mene]]), not a ruleset: read it with "
                                         "'belote sheet show {}'", file.display));
  if (const toml::node* hands = file.root.get("hands"))
    return file.error(*hands, fmt::format("this file is a deal (its hands), not a ruleset: score it with "
                                          "'belote score --ruleset NAME {}'", file.display));
  return std::nullopt;
}

void summarise_missing_keys(const SourceFile& file, Diagnostics& errors) {
  // A few missing keys are each said where they are; many mean the file needs a base.
  constexpr std::size_t kMany = 3;
  if (file.root.get("extends")) return;
  std::size_t missing = 0;
  for (const Diagnostic& d : errors)
    if (d.file == file.display && d.message.starts_with("missing key")) ++missing;
  if (missing < kMany) return;
  Diagnostics summarised;
  summarised.push_back(Diagnostic{file.display, 0, 0,
                                  fmt::format("no 'extends', and {} keys a ruleset needs are missing: start the file "
                                              "from a base with extends = \"classique\" ('belote rulesets list' shows "
                                              "the others), or give every key; the missing keys follow",
                                              missing),
                                  ""});
  for (Diagnostic& d : errors) summarised.push_back(std::move(d));
  summarised.add_unkept(errors.unkept());
  errors = std::move(summarised);
}

}  // namespace belote
