// The sheet reader's entry for edits: a sheet already parsed, whose last
// mènes may not be in the file yet.
#pragma once

#include <cstddef>
#include <filesystem>
#include <limits>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string_view>

#include "belote/sheet_file.h"
#include "common/source_file.h"

namespace belote {

/// Reads `file.root` as a sheet. Mènes from `first_new` (0-based) on are not in
/// `file.text` yet: their errors carry no position and say "mène N not added".
LoadedSheet read_parsed_sheet(const SourceFile& file, const std::filesystem::path& directory,
                              const RulesetLoader& loader,
                              std::size_t first_new = std::numeric_limits<std::size_t>::max());

/// A mène given as its played cards in a file of its own (`sheet add --play`):
/// the file's [deal] table (a deal file as `belote score` reads it, its `id`
/// left out) or, without one, its keys at the top. It is checked as a sheet's
/// played mène, with its errors placed in that file. Returns the mène's table
/// as the sheet writes it, or nothing after adding the errors.
std::optional<toml::table> read_played_mene_file(const Ruleset& rules, const SourceFile& file, Diagnostics& errors);

/// The same mène as a JSON object, a deal line's keys (`sheet add --play` of
/// JSON Lines): `value`, read from `line`, line `line_number` of `display`,
/// where its errors are placed. Returns the mène's table in TOML, as the sheet
/// writes it, or nothing after adding the errors.
std::optional<toml::table> read_played_mene_line(const Ruleset& rules, const nlohmann::json& value, std::string_view line,
                                                 long line_number, const std::string& display, Diagnostics& errors);

}  // namespace belote
