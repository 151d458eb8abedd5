// A line of JSON Lines parsed, with the errors every reader words alike.
#include "io/json_line_value.h"

#include <fmt/format.h>
#include <map>
#include <set>
#include <vector>

#include "belote/json_text.h"
#include "common/text_util.h"
#include "io/text_place.h"

namespace belote {

namespace {

// The JSON library keeps the last of two equal keys in an object; a deal that
// says two things must be refused. Counting is cheap, so a line is parsed again
// watching its keys go by only when it holds more keys than the parse kept.

// Keys written in a valid JSON line: each one, and nothing else, is followed by a colon outside strings.
std::size_t keys_written(std::string_view line) {
  std::size_t colons = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == ':') {
      ++colons;
    }
  }
  return colons;
}

// Keys the parsed value kept, counted without recursion (a line may nest deeply).
std::size_t keys_kept(const nlohmann::json& value) {
  std::size_t count = 0;
  std::vector<const nlohmann::json*> pending{&value};
  while (!pending.empty()) {
    const nlohmann::json* v = pending.back();
    pending.pop_back();
    if (v->is_object()) count += v->size();
    if (v->is_structured())
      for (const auto& item : *v) pending.push_back(&item);
  }
  return count;
}

class RepeatedKeys {
 public:
  std::optional<std::string> first;  ///< the first repeated key, as a dotted path

  nlohmann::json::parser_callback_t watcher() {
    return [this](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
      using Event = nlohmann::json::parse_event_t;
      if (event == Event::object_start) {
        objects_.push_back({objects_.empty() ? "" : objects_.back().path + objects_.back().last_key + ".", {}, {}});
      } else if (event == Event::object_end) {
        objects_.pop_back();
      } else if ((event == Event::key || event == Event::value) && parsed.is_string()) {
        const std::string& text = parsed.get_ref<const std::string&>();
        const int nth = ++strings_seen_[text];
        if (event == Event::key && !objects_.empty()) {
          Object& object = objects_.back();
          object.last_key = text;
          if (!object.keys.insert(text).second && !first) {
            first = object.path + text;
            text_ = text;
            nth_ = nth;
          }
        }
      }
      return true;
    };
  }

  /// The 1-based column of the repeated key: the nth quoted string with its text (1 if not found).
  int column(std::string_view line) const {
    const std::string quoted = '"' + text_ + '"';
    std::size_t found = std::string_view::npos;
    for (int k = 0, from = 0; k < nth_; ++k, from = int(found) + 1) {
      found = line.find(quoted, std::size_t(from));
      if (found == std::string_view::npos) return 1;
    }
    return int(found) + 1;
  }

 private:
  struct Object {
    std::string path;
    std::string last_key;
    std::set<std::string> keys;
  };
  std::vector<Object> objects_;
  std::map<std::string, int> strings_seen_;
  std::string text_;
  int nth_ = 0;
};


}  // namespace

std::optional<std::string> first_key_given_twice(std::string_view json) {
  RepeatedKeys repeated;
  [[maybe_unused]] const auto value = nlohmann::json::parse(json, repeated.watcher(), false);
  return repeated.first;
}

JsonLinePlace::JsonLinePlace(std::string_view line, const std::string& display, long line_number)
    : display_(display), line_number_(int(line_number)), line_(line) {}

Diagnostic JsonLinePlace::at(int line, int column, std::string message) const {
  return Diagnostic{display_, line, column, std::move(message), line_through_column(line_, column)};
}

std::optional<nlohmann::json> parse_json_line(std::string_view line, const JsonLinePlace& place, std::string_view noun,
                                              Diagnostics& errors) {
  if (line.size() > kMaxDealLineBytes) {
    errors.push_back(place.at(0, fmt::format("line too long ({} bytes; a {} is at most {})", line.size(), noun, kMaxDealLineBytes)));
    return std::nullopt;
  }
  return parse_json_text(line, place, noun, errors);
}

std::optional<nlohmann::json> parse_json_text(std::string_view line, const JsonLinePlace& place, std::string_view noun,
                                              Diagnostics& errors) {
  // The JSON library reads a NUL byte as the end of the text and would ignore what follows.
  if (const std::size_t nul = line.find('\0'); nul != std::string_view::npos) {
    errors.push_back(place.at(int(nul) + 1, fmt::format("NUL byte: a {} line is JSON text", noun)));
    return std::nullopt;
  }
  nlohmann::json value;
  try {
    value = nlohmann::json::parse(line);
  } catch (const nlohmann::json::parse_error& e) {
    errors.push_back(place.at(int(std::max<std::size_t>(e.byte, 1)), fmt::format("JSON {}", printable(json_error_reason(e), 200))));
    return std::nullopt;
  } catch (const nlohmann::json::exception& e) {
    // A number beyond a double (1e400) is no syntax error to the library: it throws out_of_range.
    const std::string message = json_error_reason(e);
    const auto quoted = message.find('\'');
    const std::size_t found = quoted == std::string::npos ? line.npos : line.find(message.substr(quoted + 1, message.rfind('\'') - quoted - 1));
    errors.push_back(place.at(found == line.npos ? 1 : int(found) + 1, fmt::format("JSON {}", printable(message, 200))));
    return std::nullopt;
  }
  if (keys_written(line) != keys_kept(value)) {
    RepeatedKeys repeated;
    // Parsed again only for the watcher, which finds the first repeated key.
    [[maybe_unused]] const auto reparsed = nlohmann::json::parse(line, repeated.watcher());
    if (repeated.first) {
      // Only the last value was kept: positions found for the rest of the line could mislead.
      errors.push_back(place.at(repeated.column(line), fmt::format("key '{}' is given twice", printable(*repeated.first))));
      return std::nullopt;
    }
  }
  return value;
}

}  // namespace belote
