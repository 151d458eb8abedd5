// The classic deck's TOML text, compiled into the library from engine/data/.
#pragma once

#include <string_view>

namespace belote {
extern const std::string_view kBuiltinDeckToml;
inline constexpr std::string_view kBuiltinDeckName = "<built-in classic deck>";
}  // namespace belote
