// A resolved ruleset written back as a TOML document: `belote rulesets show`
// (every key, with where it was set), `belote rulesets new` (commented out),
// and the ruleset of one's own that a game's record holds (table.md 4).
#pragma once

#include <string>

#include "belote/ruleset_loader.h"

namespace belote {

struct DocumentStyle {
  bool commented = false;     ///< write every key as a comment (a starter file)
  bool metadata = true;       ///< include name, title, source, description
  bool origins = true;        ///< end each line with "# file:line"
  bool base_note = true;      ///< say which base `extends` named (as a comment: every key is resolved)
};

std::string ruleset_document(const LoadedRuleset& loaded, const DocumentStyle& style);

/// "classique.toml:12", or the built-in deck's name.
std::string origin_text(const Origin& origin);

}  // namespace belote
