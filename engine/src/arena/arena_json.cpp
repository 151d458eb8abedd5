// An arena's result as JSON, and ranges of one arena merged (read back in
// arena_result_reader.cpp).
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

// FNV-1a, 64 bits: a hash defined by its few lines, the same on every machine and compiler.
std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325u;
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3u;
  return hash;
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

std::string ruleset_fingerprint(const Ruleset& rules) {
  if (rules.resolved_meanings.empty()) return "";
  // Each convention by its key and meaning, in registry order: no path, comment or spelling enters.
  std::string conventions;
  for (const auto& [key, meaning] : rules.resolved_meanings) conventions += fmt::format("{}={}\n", key, meaning);
  return fmt::format("{:016x}", fnv1a(conventions));
}

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
  // Last, and only where known: a result of an earlier version is written back as it was read.
  if (!result.ruleset_fingerprint.empty()) out["ruleset_fingerprint"] = result.ruleset_fingerprint;
  return out.dump(pretty ? 2 : -1);
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
  // The part the merged fingerprint is from, to name where another differs.
  std::size_t fingerprinted = first;
  for (std::size_t k = 1; k < order.size(); ++k) {
    const ArenaResult& part = parts[order[k]];
    if (const std::string key = arena_difference(part, merged); !key.empty()) {
      error = fmt::format("{}: {} in {}: the results are of two arenas (ruleset, players, seed and "
                          "menes_per_play must be the same)",
                          source(order[k]), key, source(first));
      return std::nullopt;
    }
    // A result of an earlier version carries no fingerprint: its ruleset is known by its name alone.
    if (!part.ruleset_fingerprint.empty() && !merged.ruleset_fingerprint.empty() &&
        part.ruleset_fingerprint != merged.ruleset_fingerprint) {
      error = fmt::format("{}: 'ruleset_fingerprint' is {}, but {} in {}: the results are of two rulesets named '{}' "
                          "whose conventions differ", source(order[k]), printable(part.ruleset_fingerprint),
                          printable(merged.ruleset_fingerprint), source(fingerprinted), printable(part.ruleset));
      return std::nullopt;
    }
    if (merged.ruleset_fingerprint.empty() && !part.ruleset_fingerprint.empty()) {
      merged.ruleset_fingerprint = part.ruleset_fingerprint;
      fingerprinted = order[k];
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
    // A merged result is read back as any result: no more deals than one arena plays.
    if (part.deals > kMaxArenaDeals - merged.deals) {
      error = fmt::format("{}: 'deals' is {}: after the {} deals before it, the results would hold {} deals, more than "
                          "the {} an arena plays", source(order[k]), part.deals, merged.deals, merged.deals + part.deals,
                          kMaxArenaDeals);
      return std::nullopt;
    }
    merged.deals += part.deals;
    merged.tally.add(part.tally);
  }
  return merged;
}

}  // namespace belote
