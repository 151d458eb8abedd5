#include "io/simdjson_deal_line.h"

#include <cstring>
#include <memory>

namespace belote {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// The value as a tree for the deal checker (DealLineParser::tree), `depth` levels down.
bool to_input(element value, int depth, int max_depth, InputNode& out) {
  if (depth > max_depth) return false;
  switch (value.type()) {
    case element_type::OBJECT:
      out.type = InputNode::Type::table;
      for (const auto field : simdjson::dom::object(value)) {
        if (out.get(field.key)) return false;
        out.members.emplace_back(std::string(field.key), InputNode{});
        if (!to_input(field.value, depth + 1, max_depth, out.members.back().second)) return false;
      }
      return true;
    case element_type::ARRAY:
      out.type = InputNode::Type::array;
      for (const element item : simdjson::dom::array(value)) {
        out.items.emplace_back();
        if (!to_input(item, depth + 1, max_depth, out.items.back())) return false;
      }
      return true;
    case element_type::STRING:
      out.type = InputNode::Type::string;
      out.text = std::string(std::string_view(value));
      return true;
    case element_type::INT64:
      out.type = InputNode::Type::integer;
      out.integer = std::int64_t(value);
      return true;
    case element_type::UINT64:  // beyond int64: no integer to the precise reader either
      out.type = InputNode::Type::other;
      return true;
    case element_type::DOUBLE:
      out.type = InputNode::Type::floating;
      return true;
    case element_type::BOOL:
      out.type = InputNode::Type::boolean;
      out.boolean = bool(value);
      return true;
    case element_type::NULL_VALUE:
      out.type = InputNode::Type::null;
      return true;
  }
  return false;
}

}  // namespace

bool SimdjsonDealLine::parse(std::string_view line) {
  if (!plain_line(line)) return false;
  buffer_.resize(line.size() + simdjson::SIMDJSON_PADDING);
  std::memcpy(buffer_.data(), line.data(), line.size());
  hands_ = read_hands_line(hands_parser_, buffer_.data(), line.size(), line_);
  if (hands_) return true;
  // Another form, or no valid JSON: the tree tells.
  if (parser_.parse(buffer_.data(), line.size(), false).get(root_)) return false;
  return root_.type() == element_type::OBJECT;
}

bool SimdjsonDealLine::tree(InputNode& root) const { return to_input(root_, 0, kMaxDepth, root); }

std::unique_ptr<DealLineParser> simdjson_deal_line_parser() { return std::make_unique<SimdjsonDealLine>(); }

}  // namespace belote
