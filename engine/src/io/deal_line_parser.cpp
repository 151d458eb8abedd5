#include "io/deal_line_parser.h"

#include <cstring>

#include "io/deal_checker.h"

namespace belote {

bool DealLineParser::plain_line(std::string_view line) {
  return line.size() <= kMaxLineBytes && !std::memchr(line.data(), '\\', line.size()) &&
         !std::memchr(line.data(), '\0', line.size());
}

bool DealLineParser::read_checked(const Ruleset& rules, Deal& deal) const {
  InputNode root;
  if (!tree(root)) return false;
  Diagnostics errors;
  const auto unplaced = [](int, int, std::string message) { return Diagnostic{"", 0, 0, std::move(message), ""}; };
  return check_deal(rules, root, "", errors, unplaced, deal);
}

#ifndef BELOTE_SIMDJSON
std::unique_ptr<DealLineParser> simdjson_deal_line_parser() { return nullptr; }
#endif

}  // namespace belote
