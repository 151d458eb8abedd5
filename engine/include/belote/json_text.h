// JSON written as text, whatever bytes its strings hold.
//
// nlohmann's dump() throws on a string that is not UTF-8, and users supply
// strings that may not be: a call of an auction, a file or a ruleset's name
// (a file name is any bytes). Every JSON the engine and its programs write
// goes through json_text: a byte that is not UTF-8 is written as U+FFFD, so
// that what is written is always JSON.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

namespace belote {

/// `value` as compact JSON text; bytes of its strings that are not UTF-8 become U+FFFD.
template <class Json>
std::string json_text(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

/// `value` rounded to `decimals` places: the double nearest that decimal, which JSON
/// writes as the decimal itself (26.49; rounded by multiplying by 0.01, 26.490000000000002).
inline double json_decimal(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

}  // namespace belote
