// JSON written as text, whatever bytes its strings hold; and why text read is
// no JSON, in words.
//
// nlohmann's dump() throws on a string that is not UTF-8, and users supply
// strings that may not be: a call of an auction, a file or a ruleset's name
// (a file name is any bytes). Every JSON the engine and its programs write
// goes through json_text: a byte that is not UTF-8 is written as U+FFFD, so
// that what is written is always JSON.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

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

/// Why the JSON library refused a text, without its "[json.exception.KIND.N]
/// parse error at line L, column C: " prefix, which the reader words with its
/// own place: "syntax error while parsing value - invalid literal; last read:
/// 'g'", "number overflow parsing '1e400'" (a number beyond a double is no
/// syntax error to the library).
inline std::string json_error_reason(const nlohmann::json::exception& error) {
  const std::string_view what = error.what();
  const std::size_t syntax = what.find("syntax error");
  const std::size_t numbered = what.find("] ");
  return std::string(syntax != what.npos ? what.substr(syntax) : numbered != what.npos ? what.substr(numbered + 2) : what);
}

/// The first key given twice in one object of the JSON text `json`, as a
/// dotted path ("contract.bid"); none where each key is given once (or the
/// text is no JSON). The JSON library keeps the last of two equal keys and
/// says nothing; every reader of the engine refuses them.
std::optional<std::string> first_key_given_twice(std::string_view json);

}  // namespace belote
