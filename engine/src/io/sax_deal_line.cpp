#include "io/sax_deal_line.h"

#include <cstring>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>

#include "io/hands_schema.h"

namespace belote {

namespace {

// The events of a line, kept as the JSON library's parser reports them (a
// SAX handler: returning false stops the parse, and sax_parse returns false).
class EventList {
 public:
  EventList(std::vector<JsonEvent>& events, std::string& texts) : events_(events), texts_(texts) {}

  bool null() { return add({JsonEvent::null}); }
  bool boolean(bool value) { return add({JsonEvent::boolean, value}); }
  bool number_integer(std::int64_t value) { return add({JsonEvent::integer, false, value}); }
  bool number_unsigned(std::uint64_t value) {
    // Beyond int64: no integer to the precise reader either (input_node.cpp).
    if (value > std::uint64_t(std::numeric_limits<std::int64_t>::max())) return add({JsonEvent::other_number});
    return add({JsonEvent::integer, false, std::int64_t(value)});
  }
  bool number_float(double, const std::string&) { return add({JsonEvent::other_number, true}); }
  bool string(std::string& text) { return add_text(JsonEvent::string, text); }
  bool binary(nlohmann::json::binary_t&) { return false; }  // no JSON text holds one
  bool start_object(std::size_t) { return add({JsonEvent::object}); }
  bool key(std::string& text) { return add_text(JsonEvent::key, text); }
  bool end_object() { return add({JsonEvent::object_end}); }
  bool start_array(std::size_t) { return add({JsonEvent::array}); }
  bool end_array() { return add({JsonEvent::array_end}); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

 private:
  bool add(const JsonEvent& event) {
    events_.push_back(event);
    return true;
  }
  bool add_text(JsonEvent::Kind kind, const std::string& text) {
    // The room made for the line's length holds every text (parse declines
    // escapes, so each is bytes of the line); were it to move, the views kept would dangle.
    if (texts_.capacity() - texts_.size() < text.size()) return false;
    const std::size_t at = texts_.size();
    texts_ += text;
    return add({kind, false, 0, std::string_view(texts_).substr(at)});
  }

  std::vector<JsonEvent>& events_;
  std::string& texts_;
};

// The list's reading of values, for hands_schema.h: a value is where it
// starts in the list, and reading it moves past its end. The list is that of
// a whole valid line, so that each object and array ends before the list does.
struct Events {
  using Value = const JsonEvent*&;

  template <std::size_t N, class Read>
  static bool object(Value at, const std::array<std::string_view, N>& names, unsigned& seen, Read read) {
    seen = 0;
    if (at->kind != JsonEvent::object) return false;
    std::size_t next = 0;  // the search starts after the last name found
    for (++at; at->kind == JsonEvent::key;) {
      const std::string_view key = at->text;
      ++at;
      std::size_t k = N;
      for (std::size_t tried = 0, name = next; tried < N; ++tried, name = hands_schema::next_name<N>(name))
        if (names[name] == key) {
          k = name;
          break;
        }
      if (k == N || (seen >> k & 1)) return false;
      seen |= 1u << k;
      next = hands_schema::next_name<N>(k);
      if (!read(k, at)) return false;
    }
    ++at;  // the object's end
    return true;
  }

  static bool text(Value at, std::string_view& text) {
    if (at->kind != JsonEvent::string) return false;
    text = at++->text;
    return true;
  }

  static bool number(Value at, std::int64_t& number) {
    if (at->kind != JsonEvent::integer) return false;
    number = at++->number;
    return true;
  }

  static bool is_text(Value at, bool& is_text) {
    is_text = at->kind == JsonEvent::string;
    return true;
  }

  template <class Item>
  static bool array(Value at, Item item) {
    if (at->kind != JsonEvent::array) return false;
    for (++at; at->kind != JsonEvent::array_end;)
      if (!item(at)) return false;
    ++at;
    return true;
  }
};

// The value at `at` as a tree for the deal checker (DealLineParser::tree), `depth` levels down.
bool to_input(const JsonEvent*& at, int depth, int max_depth, InputNode& out) {
  if (depth > max_depth) return false;
  const JsonEvent& event = *at++;
  switch (event.kind) {
    case JsonEvent::object:
      out.type = InputNode::Type::table;
      while (at->kind == JsonEvent::key) {
        const std::string_view key = at++->text;
        if (out.get(key)) return false;
        out.members.emplace_back(std::string(key), InputNode{});
        if (!to_input(at, depth + 1, max_depth, out.members.back().second)) return false;
      }
      ++at;
      return true;
    case JsonEvent::array:
      out.type = InputNode::Type::array;
      while (at->kind != JsonEvent::array_end) {
        out.items.emplace_back();
        if (!to_input(at, depth + 1, max_depth, out.items.back())) return false;
      }
      ++at;
      return true;
    case JsonEvent::string:
      out.type = InputNode::Type::string;
      out.text = std::string(event.text);
      return true;
    case JsonEvent::integer:
      out.type = InputNode::Type::integer;
      out.integer = event.number;
      return true;
    case JsonEvent::other_number:
      // A fraction or an exponent is a floating number to the precise reader; beyond int64, another type.
      out.type = event.flag ? InputNode::Type::floating : InputNode::Type::other;
      return true;
    case JsonEvent::boolean:
      out.type = InputNode::Type::boolean;
      out.boolean = event.flag;
      return true;
    case JsonEvent::null:
      out.type = InputNode::Type::null;
      return true;
    case JsonEvent::object_end:
    case JsonEvent::array_end:
    case JsonEvent::key:
      break;
  }
  return false;
}

}  // namespace

bool SaxDealLine::parse(std::string_view line) {
  hands_ = false;
  if (!plain_line(line)) return false;
  events_.clear();
  texts_.clear();
  texts_.reserve(line.size());
  EventList list(events_, texts_);
  if (!nlohmann::json::sax_parse(line.data(), line.data() + line.size(), &list) || events_.front().kind != JsonEvent::object)
    return false;
  const JsonEvent* at = events_.data();
  hands_ = hands_schema::Reader<Events>::deal<Events::Value>(at, line_);
  return true;
}

bool SaxDealLine::tree(InputNode& root) const {
  const JsonEvent* at = events_.data();
  return to_input(at, 0, kMaxDepth, root);
}

std::unique_ptr<DealLineParser> sax_deal_line_parser() { return std::make_unique<SaxDealLine>(); }

}  // namespace belote
