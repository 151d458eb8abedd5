// Best play for one deal, as `belote solve --format json` writes it: its
// contract from the start or after some cards of its recorded play, or every
// kind and trump with each side taking (the table), by the engine's own
// solver and JSON (belote/solve_deal.h).
#include <fmt/format.h>

#include "belote/deal_reader.h"
#include "belote/solve_deal.h"
#include "session.h"

namespace belote::web {

namespace {

// A whole number option within the bounds `belote solve` gives it, worded as its usage errors are.
std::uint64_t bounded(const Json& args, const char* key, std::uint64_t fallback, std::uint64_t low, std::uint64_t high) {
  if (!args.contains(key)) return fallback;
  const Json& value = args[key];
  if (!value.is_number_unsigned() || value.get<std::uint64_t>() < low || value.get<std::uint64_t>() > high)
    throw CallError{fmt::format("'{}' must be a whole number from {} to {}", key, low, high)};
  return value.get<std::uint64_t>();
}

}  // namespace

// {ruleset, deal, display, after, line, table, maxNodes, memory (MiB of tables, 64 by default)}: the deal is
// an object or one JSON line with its four hands. A deal that does not read,
// that gives no hands, or whose search stops at maxNodes is no exception:
// done is false and `errors` holds the program's message.
Json call_solve(Session& session, const Json& args) {
  const auto rules = session.ruleset(string_arg(args, "ruleset"));
  const std::string line = json_line_arg(args, "deal", "deal");
  const bool table = args.value("table", false);
  const bool with_line = args.value("line", false);
  const int after = int(bounded(args, "after", 0, 0, 63));
  if (table && with_line) throw CallError{"'line' goes with one contract, not with 'table'"};
  if (table && after > 0) throw CallError{"'after' goes with the deal's contract, not with 'table'"};
  SolveOptions options;
  options.max_nodes = bounded(args, "maxNodes", 0, 0, std::uint64_t{1} << 62);
  options.max_table_bytes = std::size_t(bounded(args, "memory", 64, 1, 4096)) << 20;
  options.line = with_line;
  options.best_cards = !table;

  const std::string display = string_arg(args, "display", "<deal>");
  const auto refused = [](Diagnostics errors) {
    return Json{{"done", false}, {"answer", nullptr}, {"text", ""}, {"errors", diagnostics_json(errors)}};
  };
  Deal deal;
  Diagnostics errors;
  if (!DealReader(*rules).read_json_line(line, display, 1, deal, errors)) return refused(std::move(errors));
  const std::string where = fmt::format("{}:1{}", display, deal.id.empty() ? "" : fmt::format(" ({})", deal.id));
  const auto failed = [&](const std::string& message) {
    return refused({Diagnostic{"", 0, 0, fmt::format("{}: {}", where, message), ""}});
  };
  if (!deal.gives_hands()) return failed("the deal gives no hands: solving needs the four hands");
  Solver solver(options);
  Json answer;
  if (table) {
    const auto solved = solve_table(*rules, deal, solver);
    if (const auto* message = std::get_if<std::string>(&solved)) return failed(*message);
    answer = solved_table_json(*rules, deal, where, std::get<std::vector<SolvedTableRow>>(solved));
  } else {
    const auto solved = solve_deal(*rules, deal, after, solver);
    if (const auto* message = std::get_if<std::string>(&solved)) return failed(*message);
    answer = solved_deal_json(*rules, deal, where, std::get<SolvedDeal>(solved), with_line);
  }
  std::string text = json_text(answer);
  return {{"done", true}, {"answer", std::move(answer)}, {"text", std::move(text)}, {"errors", Json::array()}};
}

}  // namespace belote::web
