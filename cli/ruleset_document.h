// A resolved ruleset written back as a TOML document, for `rulesets show`
// (every key, with where it was set) and `rulesets new` (commented out).
#pragma once

#include <string>

#include <belote/ruleset_loader.h>

namespace belote::cli {

struct DocumentStyle {
  bool commented = false;     ///< write every key as a comment (a starter file)
  bool metadata = true;       ///< include name, title, source, description
  bool origins = true;        ///< end each line with "# file:line"
};

std::string ruleset_document(const LoadedRuleset& loaded, const DocumentStyle& style);

/// "classique.toml:12", or the built-in deck's name.
std::string origin_text(const Origin& origin);

}  // namespace belote::cli
