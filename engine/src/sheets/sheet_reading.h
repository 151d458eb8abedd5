// The sheet reader's entry for edits: a sheet already parsed, whose last
// mènes may not be in the file yet.
#pragma once

#include <cstddef>
#include <filesystem>
#include <limits>

#include "belote/sheet_file.h"
#include "common/source_file.h"

namespace belote {

/// Reads `file.root` as a sheet. Mènes from `first_new` (0-based) on are not in
/// `file.text` yet: their errors carry no position and say "mène N not added".
LoadedSheet read_parsed_sheet(const SourceFile& file, const std::filesystem::path& directory,
                              const RulesetLoader& loader,
                              std::size_t first_new = std::numeric_limits<std::size_t>::max());

}  // namespace belote
