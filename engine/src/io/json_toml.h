// A JSON object as a TOML table: objects as tables, arrays, strings, booleans
// and numbers (a null, which TOML lacks, is left out); a whole number beyond
// TOML's integers (a seed) is written as text. For JSON the engine wrote or
// has checked: a game's record, a played mène read from a deal line.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <toml++/toml.h>
#include <utility>

namespace belote {

namespace json_toml {

// Each value handed on as a node: a put of its own type at each level would instantiate without end.
using Put = std::function<void(toml::node&&)>;

template <class Json>
void add(const Json& value, const Put& put);

template <class Json>
toml::table table_of(const Json& object) {
  toml::table out;
  // An iterator, not structured bindings: clang 14 (Emscripten's) does not let a lambda capture those.
  for (auto item = object.begin(); item != object.end(); ++item) {
    const std::string& key = item.key();
    add(item.value(), [&](toml::node&& node) { out.insert(key, std::move(node)); });
  }
  return out;
}

template <class Json>
void add(const Json& value, const Put& put) {
  if (value.is_object()) {
    toml::table table = table_of(value);
    put(std::move(table));
  } else if (value.is_array()) {
    toml::array items;
    for (const auto& item : value) add(item, [&](toml::node&& node) { items.push_back(std::move(node)); });
    put(std::move(items));
  } else if (value.is_boolean()) {
    toml::value<bool> v(value.template get<bool>());
    put(std::move(v));
  } else if (value.is_number_unsigned() && value.template get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max())) {
    toml::value<std::string> v(std::to_string(value.template get<std::uint64_t>()));
    put(std::move(v));
  } else if (value.is_number_integer()) {
    toml::value<std::int64_t> v(value.template get<std::int64_t>());
    put(std::move(v));
  } else if (value.is_number_float()) {
    toml::value<double> v(value.template get<double>());
    put(std::move(v));
  } else if (value.is_string()) {
    toml::value<std::string> v(value.template get<std::string>());
    put(std::move(v));
  }
}

}  // namespace json_toml

/// `object` (nlohmann::json or ordered_json) as a TOML table.
template <class Json>
toml::table toml_of_json(const Json& object) {
  return json_toml::table_of(object);
}

}  // namespace belote
