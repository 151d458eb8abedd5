#include "io/simdjson_deal_line.h"

#include "io/hands_schema.h"

namespace belote {

namespace {

namespace od = simdjson::ondemand;

// Whether a key's raw text (past its opening quote; the input is padded) is
// `name`: compared in line, where a library call would cost more than the
// few bytes. The closing quote stops the loop, as no name holds one.
bool key_is(const char* raw, std::string_view name) {
  for (const char c : name)
    if (*raw++ != c) return false;
  return *raw == '"';
}

// simdjson On-Demand's reading of values, for hands_schema.h. On-Demand
// checks the syntax of what it walks through, so every value must be read
// to its end.
struct OnDemand {
  using Value = od::value;

  template <std::size_t N, class Read>
  static bool object(Value value, const std::array<std::string_view, N>& names, unsigned& seen, Read read) {
    od::object opened;
    return !value.get_object().get(opened) && OnDemand::object(opened, names, seen, read);
  }

  /// An object already opened (the document's).
  template <std::size_t N, class Read>
  static bool object(od::object object, const std::array<std::string_view, N>& names, unsigned& seen, Read read) {
    seen = 0;
    std::size_t next = 0;  // the search starts after the last name found
    for (auto field : object) {
      od::raw_json_string key;
      if (field.key().get(key)) return false;
      std::size_t k = N;
      // The raw key is its text: the parser declines lines with a backslash, and the input is padded.
      for (std::size_t tried = 0, at = next; tried < N; ++tried, at = hands_schema::next_name<N>(at))
        if (key_is(key.raw(), names[at])) {
          k = at;
          break;
        }
      if (k == N || (seen >> k & 1)) return false;
      seen |= 1u << k;
      next = hands_schema::next_name<N>(k);
      od::value member;
      if (field.value().get(member) || !read(k, member)) return false;
    }
    return true;
  }

  // A string, read in place: the line has no backslash (DealLineParser::plain_line
  // declines it), so the text is the token's between its quotes, with nothing
  // to unescape or copy. The token runs to the next one, spaces included.
  static bool text(Value value, std::string_view& text) {
    const std::string_view token = value.raw_json_token();
    od::raw_json_string checked;  // a string, which the walk goes past
    if (value.get_raw_json_string().get(checked)) return false;
    std::size_t end = token.size();
    while (end > 2 && (token[end - 1] == ' ' || token[end - 1] == '\t' || token[end - 1] == '\n' || token[end - 1] == '\r'))
      --end;
    if (end < 2 || token[end - 1] != '"') return false;
    text = token.substr(1, end - 2);
    return true;
  }

  static bool number(Value value, std::int64_t& number) { return !value.get_int64().get(number); }

  static bool is_text(Value value, bool& is_text) {
    od::json_type type;
    if (value.type().get(type)) return false;
    is_text = type == od::json_type::string;
    return true;
  }

  template <class Item>
  static bool array(Value value, Item item) {
    od::array items;
    if (value.get_array().get(items)) return false;
    for (auto element : items) {
      od::value v;
      if (element.get(v) || !item(v)) return false;
    }
    return true;
  }
};

}  // namespace

bool read_hands_line(od::parser& parser, const char* padded, std::size_t size, HandsLine& line) {
  od::document document;
  if (parser.iterate(padded, size, size + simdjson::SIMDJSON_PADDING).get(document)) return false;
  od::object root;
  if (document.get_object().get(root) || !hands_schema::Reader<OnDemand>::deal(root, line)) return false;
  // On-Demand stops at the object's end: nothing but spaces may follow it,
  // so the document's text must run to the end of the line.
  std::string_view text;
  return !document.raw_json().get(text) && text.data() + text.size() == padded + size;
}

}  // namespace belote
