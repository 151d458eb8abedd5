#include "io/json_places.h"

#include <nlohmann/json.hpp>

namespace belote {

namespace {

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The text of a quoted key, unescaped by the JSON library when it holds escapes.
std::string unquoted(std::string_view quoted) {
  if (quoted.find('\\') == std::string_view::npos) return std::string(quoted.substr(1, quoted.size() - 2));
  try {
    return nlohmann::json::parse(quoted).get<std::string>();
  } catch (const nlohmann::json::exception&) {
    return std::string(quoted);
  }
}

}  // namespace

std::vector<JsonPlace> json_places(std::string_view text) {
  std::vector<JsonPlace> places;
  struct Open {
    std::size_t place;
    std::size_t last_child;
    bool object;
  };
  std::vector<Open> open;
  std::size_t i = 0;
  const auto skip_space = [&] {
    while (i < text.size() && is_json_space(text[i])) ++i;
  };
  const auto skip_string = [&] {  // from the opening quote to just past the closing one
    for (++i; i < text.size() && text[i] != '"'; ++i)
      if (text[i] == '\\') ++i;
    i = std::min(i + 1, text.size());
  };
  std::string key;
  std::size_t key_at = 0;
  // At a member's key: read it, its colon, and the space before its value.
  const auto read_key = [&] {
    key_at = i;
    skip_string();
    key = unquoted(text.substr(key_at, i - key_at));
    skip_space();
    if (i < text.size() && text[i] == ':') ++i;
    skip_space();
  };

  bool value_next = true;
  skip_space();
  while (i < text.size()) {
    if (value_next) {
      const std::size_t index = places.size();
      JsonPlace& place = places.emplace_back();
      place.at = i;
      if (!open.empty()) {
        Open& parent = open.back();
        (parent.last_child == JsonPlace::npos ? places[parent.place].first_child : places[parent.last_child].next_sibling) = index;
        parent.last_child = index;
        if (parent.object) {
          place.key = std::move(key);
          place.key_at = key_at;
        }
      }
      const char c = text[i];
      if (c == '{' || c == '[') {
        open.push_back({index, JsonPlace::npos, c == '{'});
        ++i;
        skip_space();
        const bool empty = i < text.size() && (text[i] == '}' || text[i] == ']');
        if (!empty && c == '{') read_key();
        value_next = !empty;
        continue;
      }
      if (c == '"') skip_string();
      else
        while (i < text.size() && !is_json_space(text[i]) && text[i] != ',' && text[i] != ']' && text[i] != '}') ++i;
      value_next = false;
      skip_space();
      continue;
    }
    if (open.empty()) break;
    const char c = text[i];
    if (c == ',') {
      ++i;
      skip_space();
      if (open.back().object) read_key();
      value_next = true;
    } else if (c == '}' || c == ']') {
      open.pop_back();
      ++i;
      skip_space();
    } else {
      break;  // not the JSON the library accepted: the places found so far stand
    }
  }
  return places;
}

}  // namespace belote
