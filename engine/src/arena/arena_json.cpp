// An arena's result as JSON, read back, and ranges of one arena merged.
#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/arena.h"

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

std::optional<ArenaResult> read_arena_json(std::string_view text, std::string& error) {
  error.clear();
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    error = "not a JSON object (an arena's result is the object `belote arena --format json` writes)";
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
  if (!error.empty()) return std::nullopt;
  return r;
}

std::optional<ArenaResult> merge_arena(std::vector<ArenaResult> parts, std::string& error) {
  error.clear();
  if (parts.empty()) {
    error = "no results to merge";
    return std::nullopt;
  }
  std::sort(parts.begin(), parts.end(), [](const ArenaResult& x, const ArenaResult& y) { return x.first_deal < y.first_deal; });
  ArenaResult merged = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const ArenaResult& part = parts[i];
    if (part.ruleset != merged.ruleset || part.players != merged.players || part.seed != merged.seed ||
        part.menes != merged.menes) {
      error = fmt::format("deals {} to {} are of another arena (ruleset, players, seed and mènes a play must be the same)",
                          part.first_deal, part.first_deal + part.deals - 1);
      return std::nullopt;
    }
    const std::uint64_t end = merged.first_deal + merged.deals;
    if (part.first_deal != end) {
      error = part.first_deal < end
                  ? fmt::format("deal {} is in two results: the ranges overlap", part.first_deal)
                  : fmt::format("deals {} to {} are in no result: the ranges leave a gap", end, part.first_deal - 1);
      return std::nullopt;
    }
    merged.deals += part.deals;
    merged.tally.add(part.tally);
  }
  return merged;
}

}  // namespace belote
