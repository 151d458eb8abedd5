// What a file given as a ruleset looks like when it is not one: a deal, a
// score sheet, or a ruleset with no base that gives few of its keys. Said
// first, in one line, before (or instead of) the keys it lacks.
#pragma once

#include <optional>

#include "belote/diagnostic.h"
#include "common/source_file.h"

namespace belote {

/// One error saying what `file` is, when it is a deal or a score sheet rather than a ruleset.
std::optional<Diagnostic> not_a_ruleset(const SourceFile& file);

/// With no `extends` and several keys missing: one error first, saying so and
/// how to start from a base. `errors` are the validation's, missing keys among them.
void summarise_missing_keys(const SourceFile& file, Diagnostics& errors);

}  // namespace belote
