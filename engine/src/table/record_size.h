// How large a game's record in TOML may be: records hold up to
// kMaxRecordMenes mènes of about a kilobyte each, more than a ruleset's or a
// deal's file (kMaxSourceBytes).
#pragma once

#include <cstdint>

#include "belote/table_record.h"

namespace belote {

inline constexpr std::uintmax_t kMaxRecordTomlBytes = std::uintmax_t{kMaxRecordMenes} * 4096;

}  // namespace belote
