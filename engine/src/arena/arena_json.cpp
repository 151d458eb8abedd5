// An arena's result as JSON, read back, and ranges of one arena merged.
#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/arena.h"
#include "common/text_util.h"

namespace belote {

namespace {

using nlohmann::ordered_json;

constexpr std::array<ArenaSide, 2> kSides{ArenaSide::a, ArenaSide::b};

ordered_json estimate_json(const Estimate& estimate) {
  ordered_json out{{"mean", estimate.mean}};
  out["low"] = estimate.half_width ? ordered_json(estimate.low()) : ordered_json(nullptr);
  out["high"] = estimate.half_width ? ordered_json(estimate.high()) : ordered_json(nullptr);
  return out;
}

// A field read from the result's JSON; a message naming it when it is missing or of another type.
class Fields {
 public:
  explicit Fields(std::string& error) : error_(error) {}

  const nlohmann::json* object(const nlohmann::json& parent, std::string_view key, std::string_view where) {
    const auto found = parent.find(key);
    if (found == parent.end() || !found->is_object()) return fail(where, key, "an object");
    return &*found;
  }
  template <class T>
  bool get(const nlohmann::json& parent, std::string_view key, std::string_view where, T& out) {
    const auto found = parent.find(key);
    constexpr bool text = std::is_same_v<T, std::string>;
    const bool fits = found != parent.end() && (text ? found->is_string()
                                                     : std::is_signed_v<T> ? found->is_number_integer()
                                                                           : found->is_number_unsigned());
    if (!fits) {
      fail(where, key, text ? "a string" : std::is_signed_v<T> ? "a whole number" : "a whole number, 0 or more");
      return false;
    }
    out = found->get<T>();
    return true;
  }

 private:
  std::nullptr_t fail(std::string_view where, std::string_view key, std::string_view what) {
    if (error_.empty()) error_ = fmt::format("'{}{}' is missing or not {}", where, key, what);
    return nullptr;
  }
  std::string& error_;
};

// "SOURCE:LINE:COLUMN" of the byte where the JSON library stopped, or SOURCE
// when it gives none (a number too large is no syntax error to it).
std::string where_in(std::string_view text, std::string_view source, const nlohmann::json::exception& e) {
  const auto* parse = dynamic_cast<const nlohmann::json::parse_error*>(&e);
  if (!parse || parse->byte == 0) return std::string(source);
  const std::string_view before = text.substr(0, std::min<std::size_t>(parse->byte - 1, text.size()));
  const std::size_t line_start = before.rfind('\n') + 1;  // 0 on the first line
  return fmt::format("{}:{}:{}", source, std::count(before.begin(), before.end(), '\n') + 1, before.size() - line_start + 1);
}

// The library's reason, without its own numbering and position: "syntax error while parsing ...".
std::string json_reason(const nlohmann::json::exception& e) {
  const std::string_view what = e.what();
  const std::size_t syntax = what.find("syntax error");
  const std::size_t numbered = what.find("] ");
  return fmt::format("JSON {}", syntax != what.npos ? what.substr(syntax) : numbered != what.npos ? what.substr(numbered + 2) : what);
}

// "deal 7", "deals 7 to 9"; with `verb`, "deal 7 is", "deals 7 to 9 are".
std::string deal_range(std::uint64_t first, std::uint64_t last, bool verb = false) {
  if (first == last) return fmt::format("deal {}{}", first, verb ? " is" : "");
  return fmt::format("deals {} to {}{}", first, last, verb ? " are" : "");
}

// The first key of `part` that says it is of another arena than `other`, with
// both values ("'seed' is 5, but 4"), or "" when they are of the same arena.
std::string arena_difference(const ArenaResult& part, const ArenaResult& other) {
  if (part.ruleset != other.ruleset) return fmt::format("'ruleset' is '{}', but '{}'", printable(part.ruleset), printable(other.ruleset));
  for (ArenaSide side : kSides)
    if (part.players[side] != other.players[side])
      return fmt::format("'players.{}' is '{}', but '{}'", name(side), printable(part.players[side]),
                         printable(other.players[side]));
  if (part.seed != other.seed) return fmt::format("'seed' is {}, but {}", part.seed, other.seed);
  if (part.menes != other.menes) return fmt::format("'menes_per_play' is {}, but {}", part.menes, other.menes);
  return "";
}

}  // namespace

std::string arena_json(const ArenaResult& result, bool pretty) {
  const ArenaTally& t = result.tally;
  ordered_json out{{"ruleset", result.ruleset},
                   {"players", {{"A", result.players[ArenaSide::a]}, {"B", result.players[ArenaSide::b]}}},
                   {"seed", result.seed},
                   {"first_deal", result.first_deal},
                   {"deals", result.deals},
                   {"menes_per_play", result.menes},
                   {"games", t.games},
                   {"menes", t.menes},
                   {"per_game", estimate_json(t.per_game())},
                   {"per_mene", estimate_json(t.per_mene())},
                   {"games_ahead", {{"A", t.a_ahead}, {"even", t.even}, {"B", t.b_ahead}}}};
  ordered_json contracts;
  for (ArenaSide side : kSides) {
    const ContractCount& c = t.contracts[side];
    contracts[std::string(name(side))] = {{"taken", c.taken}, {"made", c.made}, {"failed", c.failed}, {"litige", c.litige}};
  }
  out["contracts"] = contracts;
  out["sums"] = {{"difference", t.sum},
                 {"difference_squared", t.sum_squares},
                 {"menes_squared", t.menes_squares},
                 {"difference_by_menes", t.sum_by_menes}};
  return out.dump(pretty ? 2 : -1);
}

std::optional<ArenaResult> read_arena_json(std::string_view text, std::string_view source, std::string& error) {
  error.clear();
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    error = fmt::format("{}: {}", where_in(text, source, e), json_reason(e));
    return std::nullopt;
  }
  if (!json.is_object()) {
    error = fmt::format("{}: not a JSON object (an arena's result is the object `belote arena --format json` writes)", source);
    return std::nullopt;
  }
  ArenaResult r;
  ArenaTally& t = r.tally;
  Fields f(error);
  f.get(json, "ruleset", "", r.ruleset);
  f.get(json, "seed", "", r.seed);
  f.get(json, "first_deal", "", r.first_deal);
  f.get(json, "deals", "", r.deals);
  f.get(json, "menes_per_play", "", r.menes);
  f.get(json, "games", "", t.games);
  f.get(json, "menes", "", t.menes);
  if (const auto* players = f.object(json, "players", ""))
    for (ArenaSide side : kSides) f.get(*players, name(side), "players.", r.players[side]);
  if (const auto* ahead = f.object(json, "games_ahead", "")) {
    f.get(*ahead, "A", "games_ahead.", t.a_ahead);
    f.get(*ahead, "even", "games_ahead.", t.even);
    f.get(*ahead, "B", "games_ahead.", t.b_ahead);
  }
  if (const auto* contracts = f.object(json, "contracts", ""))
    for (ArenaSide side : kSides) {
      const std::string where = fmt::format("contracts.{}.", name(side));
      if (const auto* c = f.object(*contracts, name(side), "contracts.")) {
        f.get(*c, "taken", where, t.contracts[side].taken);
        f.get(*c, "made", where, t.contracts[side].made);
        f.get(*c, "failed", where, t.contracts[side].failed);
        f.get(*c, "litige", where, t.contracts[side].litige);
      }
    }
  if (const auto* sums = f.object(json, "sums", "")) {
    f.get(*sums, "difference", "sums.", t.sum);
    f.get(*sums, "difference_squared", "sums.", t.sum_squares);
    f.get(*sums, "menes_squared", "sums.", t.menes_squares);
    f.get(*sums, "difference_by_menes", "sums.", t.sum_by_menes);
  }
  if (error.empty() && t.games != r.deals)
    error = fmt::format("'games' ({}) is not 'deals' ({}): a result of a run that stopped", t.games, r.deals);
  if (!error.empty()) {
    error = fmt::format("{}: {}", source, error);
    return std::nullopt;
  }
  return r;
}

std::optional<ArenaResult> merge_arena(std::vector<ArenaResult> parts, std::span<const std::string> sources,
                                       std::string& error) {
  error.clear();
  if (parts.empty()) {
    error = "no results to merge";
    return std::nullopt;
  }
  // The parts in order of their first deal, each with the source that names it.
  std::vector<std::size_t> order(parts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return parts[x].first_deal < parts[y].first_deal; });
  const auto source = [&](std::size_t i) { return i < sources.size() ? sources[i] : fmt::format("result {}", i + 1); };
  const std::size_t first = order.front();
  ArenaResult merged = parts[first];
  for (std::size_t k = 1; k < order.size(); ++k) {
    const ArenaResult& part = parts[order[k]];
    if (const std::string key = arena_difference(part, merged); !key.empty()) {
      error = fmt::format("{}: {} in {}: the results are of two arenas (ruleset, players, seed and "
                          "menes_per_play must be the same)",
                          source(order[k]), key, source(first));
      return std::nullopt;
    }
    const ArenaResult& before = parts[order[k - 1]];
    const std::uint64_t end = merged.first_deal + merged.deals;
    if (part.first_deal != end) {
      error = fmt::format("{}: 'first_deal' is {}, but {} holds {}: {}", source(order[k]), part.first_deal,
                          source(order[k - 1]), deal_range(before.first_deal, before.first_deal + before.deals - 1),
                          part.first_deal < end
                              ? "the ranges overlap"
                              : fmt::format("{} in no result (the ranges leave a gap)", deal_range(end, part.first_deal - 1, true)));
      return std::nullopt;
    }
    merged.deals += part.deals;
    merged.tally.add(part.tally);
  }
  return merged;
}

}  // namespace belote
