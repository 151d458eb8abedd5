// The top-level keys of a game's files: a score sheet (read by
// sheets/sheet_reader.cpp) and a game's record (read by
// table/record_reader.cpp). Those readers check a file's keys against these
// lists, and whatever recognises such a file given where it does not belong
// (a deal file, `belote sheet show` given a record in JSON) uses them too:
// a key added to a reader is added here, for all of them at once.
#pragma once

#include <string>
#include <vector>

namespace belote {

/// The keys of a score sheet (a record's TOML form is one).
inline const std::vector<std::string> kSheetKeys{"ruleset", "rules", "target", "teams", "table", "mene"};
/// The keys of a game's record (JSON, or its TOML form).
inline const std::vector<std::string> kRecordKeys{"ruleset", "rules", "target", "teams", "table", "mene"};

}  // namespace belote
