// An arena's result read back from its JSON (read_arena_json), for merging:
// every key known, every count and sum a whole number in the range an arena
// gives it, and the counts and sums in agreement, each fault named by its key
// at its line and column. A result merged from files that say what no arena
// played would print an interval no games have.
#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>
#include <nlohmann/json.hpp>

#include "belote/arena.h"
#include "belote/json_text.h"
#include "common/text_util.h"
#include "io/json_line_value.h"
#include "io/json_places.h"
#include "io/text_place.h"

namespace belote {

// A namespace of its own: the engine is built in unity batches, where another file's helpers may share a name.
namespace arena_reading {
namespace {

using nlohmann::json;

// The products of two sums (Cauchy–Schwarz) need 128 bits: a sum takes 64.
__extension__ typedef unsigned __int128 Wide;

constexpr std::array<ArenaSide, 2> kBothSides{ArenaSide::a, ArenaSide::b};
constexpr std::uint64_t kMaxPlayMenes = std::uint64_t(kMaxArenaMenes);
// A game is two plays: 2 to 2·menes_per_play mènes.
constexpr std::uint64_t kMaxMenes = 2 * kMaxPlayMenes * kMaxArenaDeals;
constexpr long long kLongMax = std::numeric_limits<long long>::max();
constexpr long long kLongMin = std::numeric_limits<long long>::min();

// The last one optional: a result of an earlier version carries no fingerprint.
const std::vector<std::string> kResultKeys{"ruleset",  "players",  "seed",        "first_deal", "deals",
                                           "menes_per_play", "games", "menes",    "per_game",   "per_mene",
                                           "games_ahead",    "contracts", "sums", "ruleset_fingerprint"};
const std::vector<std::string> kPlayerKeys{"A", "B"};
const std::vector<std::string> kEstimateKeys{"mean", "low", "high"};
const std::vector<std::string> kAheadKeys{"A", "even", "B"};
const std::vector<std::string> kContractKeys{"taken", "made", "failed", "litige"};
const std::vector<std::string> kSumKeys{"difference", "difference_squared", "menes_squared", "difference_by_menes"};

// "from 2 to 8", or "2" where the range is one number.
std::string range_text(std::uint64_t low, std::uint64_t high) {
  return low == high ? fmt::format("{}", low) : fmt::format("from {} to {}", low, high);
}

std::uint64_t magnitude(long long value) { return value < 0 ? 0 - std::uint64_t(value) : std::uint64_t(value); }

// `message` at `offset` of `text` (JsonPlace::npos: the whole text), at its line and column in `source`.
Diagnostic placed_at(std::string_view text, std::string_view source, std::size_t offset, std::string message) {
  if (offset == JsonPlace::npos) return Diagnostic{std::string(source), 0, 0, std::move(message), ""};
  return place_in_text(text, std::string(source), int(std::min(offset, text.size())) + 1, std::move(message));
}

// A value of the result: where it is written (JsonPlace::npos where unknown) and its key's path ("sums.difference").
struct Node {
  const json* value = nullptr;
  std::size_t place = JsonPlace::npos;
  std::string path;
};

// Reads the values of a result one by one, keeping the first fault's message.
class ResultReader {
 public:
  ResultReader(std::string_view text, std::string_view source, bool placed, Diagnostic& error)
      : text_(text), source_(source), error_(error) {
    if (placed) places_ = json_places(text);
  }

  bool failed() const { return !error_.message.empty(); }
  Node root(const json& value) const { return Node{&value, places_.empty() ? JsonPlace::npos : 0, ""}; }

  // `message` at `node` (its key's place with `at_key`), unless a fault came before.
  void fail(const Node& node, bool at_key, std::string_view message) {
    if (!failed()) error_ = placed_at(text_, source_, offset(node.place, at_key), std::string(message));
  }

  // The members of `parent`, an object, each with a key of `keys`: the first other one in the text is refused.
  void known_keys(const Node& parent, const std::vector<std::string>& keys) {
    std::optional<Node> unknown;
    for (const auto& [key, value] : parent.value->items()) {
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      Node node{&value, child_place(parent, key), path_of(parent, key)};
      if (!unknown || node.place < unknown->place) unknown = std::move(node);
    }
    if (unknown)
      fail(*unknown, true, fmt::format("unknown key '{}'{} ({} holds {})", printable(unknown->path),
                                       did_you_mean(leaf(unknown->path), keys),
                                       parent.path.empty() ? "an arena's result" : "'" + parent.path + "'", listed(keys)));
  }

  // The member `key` of `parent`, or none after saying that it is missing.
  std::optional<Node> member(const Node& parent, std::string_view key) {
    const auto found = parent.value->find(key);
    if (found == parent.value->end()) {
      fail(parent, !parent.path.empty(), fmt::format("'{}' is missing", path_of(parent, key)));
      return std::nullopt;
    }
    return Node{&*found, child_place(parent, key), path_of(parent, key)};
  }

  // The object `key` of `parent`, holding only `keys`.
  std::optional<Node> object(const Node& parent, std::string_view key, const std::vector<std::string>& keys) {
    auto node = member(parent, key);
    if (!node) return std::nullopt;
    if (!node->value->is_object()) {
      refuse(*node, "an object");
      return std::nullopt;
    }
    known_keys(*node, keys);
    return node;
  }

  void text(const Node& parent, std::string_view key, std::string& out) {
    const auto node = member(parent, key);
    if (!node) return;
    if (node->value->is_string()) out = node->value->get<std::string>();
    else refuse(*node, "a string");
  }

  // A whole number from `low` to `high`.
  void whole(const Node& parent, std::string_view key, std::uint64_t low, std::uint64_t high, std::uint64_t& out) {
    const auto node = member(parent, key);
    if (!node) return;
    const json& v = *node->value;
    // The library reads every whole number 0 or more as unsigned.
    if (v.is_number_unsigned() && v.get<std::uint64_t>() >= low && v.get<std::uint64_t>() <= high) out = v.get<std::uint64_t>();
    else refuse(*node, fmt::format("a whole number from {} to {}", low, high));
  }
  void whole(const Node& parent, std::string_view key, long long low, long long high, long long& out) {
    const auto node = member(parent, key);
    if (!node) return;
    const json& v = *node->value;
    const bool fits = v.is_number_integer() && (!v.is_number_unsigned() || v.get<std::uint64_t>() <= std::uint64_t(kLongMax));
    if (fits && v.get<long long>() >= low && v.get<long long>() <= high) out = v.get<long long>();
    else refuse(*node, fmt::format("a whole number from {} to {}", low, high));
  }

  // A mean and its interval, as arena_json writes them (checked against the sums once they are read).
  std::optional<Node> estimate(const Node& parent, std::string_view key) {
    const auto node = object(parent, key, kEstimateKeys);
    if (!node) return std::nullopt;
    for (const std::string& name : kEstimateKeys) {
      const auto value = member(*node, name);
      const bool mean = name == "mean";
      if (value && !value->value->is_number() && (mean || !value->value->is_null()))
        refuse(*value, mean ? "a number" : "a number or null");
    }
    return node;
  }

  // A player's name, as `belote arena --players` takes it and the result writes it: an engine
  // player's name, "bot: " and the bot's command, or "python: " and the name of a player written in
  // Python (as the Python module's arena names it).
  void player(const Node& parent, ArenaSide side, std::string& out) {
    text(parent, name(side), out);
    if (failed()) return;
    for (const std::string_view prefix : {std::string_view("bot: "), std::string_view("python: ")})
      if (out.starts_with(prefix) && out.size() > prefix.size()) return;
    std::string why;
    if (make_player(out, 0, why)) return;
    // A bot or a Python player is named with what plays it: a bare "bot" is no player of a result.
    if (!out.starts_with("sampled"))
      why = fmt::format("unknown player '{}': a player of a result is random, heuristic, sampled:N, 'bot: COMMAND' or "
                        "'python: NAME'",
                        printable(out));
    fail(at(parent, name(side)), false, fmt::format("'players.{}': {}", name(side), why));
  }

  // The ruleset's fingerprint, as arena_json writes it: 16 hexadecimal digits, in lower case.
  void fingerprint(const Node& parent, std::string& out) {
    text(parent, "ruleset_fingerprint", out);
    if (failed()) return;
    const bool hex = std::all_of(out.begin(), out.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    if (out.size() != 16 || !hex)
      fail(at(parent, "ruleset_fingerprint"), false,
           fmt::format("'ruleset_fingerprint' is \"{}\", not 16 hexadecimal digits in lower case", printable(out, 40)));
  }

  // The place of `key` in the text, for a fault found from several values.
  Node at(const Node& parent, std::string_view key) const {
    const auto found = parent.value->find(key);
    return Node{found == parent.value->end() ? parent.value : &*found, child_place(parent, key), path_of(parent, key)};
  }

 private:
  void refuse(const Node& node, std::string_view what) {
    fail(node, false, fmt::format("'{}' is {}, not {}", printable(node.path), printable(node.value->dump(), 40), what));
  }

  static std::string path_of(const Node& parent, std::string_view key) {
    return parent.path.empty() ? std::string(key) : fmt::format("{}.{}", parent.path, key);
  }
  static std::string_view leaf(std::string_view path) {
    const std::size_t dot = path.rfind('.');
    return dot == path.npos ? path : path.substr(dot + 1);
  }
  static std::string listed(const std::vector<std::string>& keys) {
    std::string out;
    for (std::size_t i = 0; i < keys.size(); ++i)
      out += (i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + keys[i];
    return out;
  }

  // The place of member `key` of `parent`: the last of that key, as the library keeps the last.
  std::size_t child_place(const Node& parent, std::string_view key) const {
    if (parent.place == JsonPlace::npos) return JsonPlace::npos;
    std::size_t found = JsonPlace::npos;
    for (std::size_t child = places_[parent.place].first_child; child != JsonPlace::npos; child = places_[child].next_sibling)
      if (places_[child].key == key) found = child;
    return found;
  }

  // The byte of the text where a place is (its key's with `at_key`), or JsonPlace::npos where it is not known.
  std::size_t offset(std::size_t place, bool at_key) const {
    if (place == JsonPlace::npos || place >= places_.size()) return JsonPlace::npos;
    return at_key && place != 0 ? places_[place].key_at : places_[place].at;
  }

  std::string_view text_;
  std::string_view source_;
  Diagnostic& error_;
  std::vector<JsonPlace> places_;
};

// A product of two numbers under 2^128, exactly: its high and low halves.
struct Wide2 {
  Wide high = 0, low = 0;
  friend auto operator<=>(const Wide2&, const Wide2&) = default;
};
Wide2 product(Wide a, Wide b) {
  const Wide half = ~std::uint64_t(0);
  const Wide ll = (a & half) * (b & half), lh = (a & half) * (b >> 64), hl = (a >> 64) * (b & half), hh = (a >> 64) * (b >> 64);
  const Wide middle = (ll >> 64) + (lh & half) + (hl & half);
  return Wide2{hh + (lh >> 64) + (hl >> 64) + (middle >> 64), (ll & half) | (middle << 64)};
}

// Whether two numbers are both even or both odd: a square is as its number is (x² − x = x(x − 1)).
bool same_parity(long long x, long long y) { return ((x ^ y) & 1) == 0; }

// The counts and sums in agreement with one another: what any arena's games give.
void check_agreement(ResultReader& in, const Node& root, const ArenaResult& r) {
  const ArenaTally& t = r.tally;
  const std::uint64_t n = t.games;
  const std::uint64_t most = 2 * std::uint64_t(r.menes);  // a game's mènes: two plays of 1 to menes_per_play
  if (r.first_deal > std::numeric_limits<std::uint64_t>::max() - r.deals)
    return in.fail(in.at(root, "first_deal"), false,
                   fmt::format("'first_deal' is {}, not a whole number from 0 to {}: with 'deals' {}, the last deal's "
                               "number would pass {}", r.first_deal, std::numeric_limits<std::uint64_t>::max() - r.deals,
                               r.deals, std::numeric_limits<std::uint64_t>::max() - 1));
  if (t.games != r.deals)
    return in.fail(in.at(root, "games"), false,
                   fmt::format("'games' ({}) is not 'deals' ({}): a result of a run that stopped", t.games, r.deals));
  const std::string play_menes = r.menes == 1 ? "1 mène" : fmt::format("1 to {} mènes", r.menes);
  if (t.menes < 2 * n || t.menes > most * n)
    return in.fail(in.at(root, "menes"), false,
                   fmt::format("'menes' is {}, not {}: each of the {} games is two plays of {} ('menes_per_play')",
                               t.menes, range_text(2 * n, most * n), n, play_menes));
  if (t.a_ahead + t.even + t.b_ahead != n)
    return in.fail(in.at(root, "games_ahead"), true,
                   fmt::format("'games_ahead' counts {} games (A {}, even {}, B {}), but 'games' is {}: each game is "
                               "counted once", t.a_ahead + t.even + t.b_ahead, t.a_ahead, t.even, t.b_ahead, n));
  const Node contracts = in.at(root, "contracts");
  for (ArenaSide side : kBothSides) {
    const ContractCount& c = t.contracts[side];
    if (c.made + c.failed + c.litige != c.taken)
      return in.fail(in.at(in.at(contracts, name(side)), "taken"), false,
                     fmt::format("'contracts.{}.taken' is {}, but made, failed and litige add up to {}: each contract "
                                 "taken is one of them", name(side), c.taken, c.made + c.failed + c.litige));
  }
  if (const std::uint64_t taken = t.contracts[ArenaSide::a].taken + t.contracts[ArenaSide::b].taken; taken > t.menes)
    return in.fail(contracts, true,
                   fmt::format("'contracts' holds {} contracts taken, more than the {} mènes played ('menes'): a mène "
                               "has one contract at most", taken, t.menes));
  // The Cauchy–Schwarz inequality: for n values, n·Σx² ≥ (Σx)², and (Σxy)² ≤ Σx²·Σy².
  const Node sums = in.at(root, "sums");
  const Wide d = magnitude(t.sum), d2 = std::uint64_t(t.sum_squares), m = t.menes, m2 = std::uint64_t(t.menes_squares);
  if (Wide(n) * d2 < d * d)
    return in.fail(in.at(sums, "difference_squared"), false,
                   fmt::format("'sums.difference_squared' is {}: too small for {} games whose differences add up to {} "
                               "('sums.difference'): games × difference_squared is at least difference²",
                               t.sum_squares, n, t.sum));
  if (!same_parity(t.sum_squares, t.sum))
    return in.fail(in.at(sums, "difference_squared"), false,
                   fmt::format("'sums.difference_squared' is {}, but 'sums.difference' is {}: a sum of squares is even "
                               "or odd as the sum of the numbers is", t.sum_squares, t.sum));
  // The games A was ahead in have differences of 1 or more, those B was ahead in −1 or less, the others 0:
  // Σd² ≥ Σ|d| ≥ the games not even, Σ|d| ≥ |Σd|, and the Cauchy–Schwarz inequality over the games not even.
  const std::uint64_t uneven = t.a_ahead + t.b_ahead;
  const Node ahead = in.at(root, "games_ahead");
  const auto against_ahead = [&](std::string_view what) {
    return fmt::format("'games_ahead' has A ahead in {} games, B in {} and {} even, but 'sums.difference' is {} and "
                       "'sums.difference_squared' {}: {}", t.a_ahead, t.b_ahead, t.even, t.sum, t.sum_squares, what);
  };
  if (uneven == 0 && (t.sum != 0 || t.sum_squares != 0))
    return in.fail(ahead, true, against_ahead("games all even have differences of 0"));
  if (std::uint64_t(t.sum_squares) < std::max(uneven, magnitude(t.sum)) || Wide(uneven) * d2 < d * d)
    return in.fail(ahead, true,
                   against_ahead(fmt::format("the squares of the {} games' differences that are not 0 add up to at least "
                                             "{}, to at least the size of their sum, and to at least its square divided "
                                             "by {}", uneven, uneven, uneven)));
  if (t.a_ahead == 0 && t.sum > -(long long)(t.b_ahead))
    return in.fail(ahead, true, against_ahead(fmt::format("the differences add up to {} or less", -(long long)(t.b_ahead))));
  if (t.b_ahead == 0 && t.sum < (long long)(t.a_ahead))
    return in.fail(ahead, true, against_ahead(fmt::format("the differences add up to {} or more", t.a_ahead)));
  // Each game's m is from 2 to `most`: (m − 2)(most − m) ≥ 0 gives m² ≤ (most + 2)·m − 2·most, and
  // n·Σm² ≥ (Σm)², m² ≥ 2m.
  const std::uint64_t low = std::max(std::uint64_t((m * m + n - 1) / n), 2 * t.menes),
                      high = (most + 2) * t.menes - 2 * most * n;
  if (std::uint64_t(t.menes_squares) < low || std::uint64_t(t.menes_squares) > high ||
      !same_parity(t.menes_squares, (long long)(t.menes)))
    return in.fail(in.at(sums, "menes_squared"), false,
                   fmt::format("'sums.menes_squared' is {}, not {}{}: the sum of the squares of {} games' mènes, {} "
                               "each and {} in all ('menes')", t.menes_squares, range_text(low, high),
                               low == high ? "" : fmt::format(" and {} as 'menes' is", t.menes % 2 ? "odd" : "even"), n,
                               range_text(2, most), t.menes));
  const Wide dm = magnitude(t.sum_by_menes);
  if (dm * dm > d2 * m2)
    return in.fail(in.at(sums, "difference_by_menes"), false,
                   fmt::format("'sums.difference_by_menes' is {}: beyond what 'sums.difference_squared' and "
                               "'sums.menes_squared' allow (its square is at most their product)", t.sum_by_menes));
  // The games' differences and mènes have a covariance that their variances bound (the sums' Gram matrix is
  // positive semi-definite): (n·Σdm − Σd·Σm)² ≤ (n·Σd² − (Σd)²)·(n·Σm² − (Σm)²). Where every game has the
  // same mènes (n·Σm² = (Σm)²: one mène a play), Σdm is Σd times those mènes, exactly.
  const Wide spread_d = Wide(n) * d2 - d * d, spread_m = Wide(n) * m2 - m * m;
  __extension__ typedef __int128 SignedWide;
  const SignedWide covariance = SignedWide(n) * t.sum_by_menes - SignedWide(t.sum) * SignedWide(t.menes);
  const Wide covariance_size = covariance < 0 ? Wide(-covariance) : Wide(covariance);
  if (product(covariance_size, covariance_size) > product(spread_d, spread_m)) {
    if (spread_m == 0) {
      // Every game is Σm / n mènes: Σdm is that many times Σd (which a whole number of 64 bits may not hold).
      const long long each = (long long)(t.menes / n);
      long long expected = 0;
      const bool fits = !__builtin_mul_overflow(each, t.sum, &expected);
      return in.fail(in.at(sums, "difference_by_menes"), false,
                     fmt::format("'sums.difference_by_menes' is {}{}: every game is {} mènes ('menes_squared' is {}), "
                                 "so the differences times the mènes add up to {} × 'sums.difference' ({})",
                                 t.sum_by_menes, fits ? fmt::format(", not {}", expected) : "", each, t.menes_squares,
                                 each, t.sum));
    }
    return in.fail(in.at(sums, "difference_by_menes"), false,
                   fmt::format("'sums.difference_by_menes' is {}: no {} games give it with these sums (the games' "
                               "differences and mènes would vary together more than each varies: "
                               "(games × difference_by_menes − difference × menes)² is at most "
                               "(games × difference_squared − difference²) × (games × menes_squared − menes²))",
                               t.sum_by_menes, n));
  }
}

// The mean and interval `node` gives (per_game or per_mene), as the sums give them (`how`): arena_json
// writes what the sums give, and the merge computes it again; a result that says otherwise is refused.
void check_estimate(ResultReader& in, const Node& node, const Estimate& e, std::string_view how) {
  for (const std::string& key : kEstimateKeys) {
    const json& given = node.value->at(key);
    const bool mean = key == "mean";
    const std::optional<double> expected = mean ? e.mean : e.half_width ? std::optional(key == "low" ? e.low() : e.high())
                                                                       : std::nullopt;
    // Within 10^-9 of the figure, relative to it (absolute under 1 in size; docs/arena.md says so): arena_json
    // writes each figure in full (it reads back the same double), and this leaves room for a last digit that
    // another machine's library computes otherwise.
    const bool agrees = !expected ? given.is_null()
                                  : given.is_number() && std::abs(given.get<double>() - *expected) <=
                                                             1e-9 * std::max(1.0, std::abs(*expected));
    if (agrees) continue;
    return in.fail(in.at(node, key), false,
                   fmt::format("'{}.{}' is {}, not {}, {}", node.path, key, printable(given.dump(), 40),
                               expected ? fmt::format("{}", *expected) : "null",
                               mean       ? fmt::format("the mean the sums give ({})", how)
                               : expected ? fmt::format("the {} end of the 95% interval the sums give", key)
                                          : "as one game gives no interval"));
  }
}

}  // namespace
}  // namespace arena_reading

std::optional<ArenaResult> read_arena_json(std::string_view text, std::string_view source, Diagnostic& error, bool placed) {
  using namespace arena_reading;
  error = Diagnostic{};
  // Parsed as every reader of JSON parses: a key given twice, or a NUL byte, is refused.
  const std::string display(source);
  Diagnostics errors;
  std::optional<json> parsed = parse_json_text(text, JsonLinePlace(text, display, 1), "result", errors);
  if (!parsed) {
    const Diagnostic& first = errors.front();
    error = placed_at(text, source, first.column >= 1 ? std::size_t(first.column - 1) : JsonPlace::npos, first.message);
    return std::nullopt;
  }
  json value = std::move(*parsed);
  if (!value.is_object()) {
    error = placed_at(text, source, JsonPlace::npos,
                      "not a JSON object (an arena's result is the object `belote arena --format json` writes)");
    return std::nullopt;
  }
  ResultReader in(text, source, placed, error);
  const Node root = in.root(value);
  ArenaResult r;
  ArenaTally& t = r.tally;
  in.known_keys(root, kResultKeys);
  in.text(root, "ruleset", r.ruleset);
  if (value.contains("ruleset_fingerprint")) in.fingerprint(root, r.ruleset_fingerprint);
  if (const auto players = in.object(root, "players", kPlayerKeys))
    for (ArenaSide side : kBothSides) in.player(*players, side, r.players[side]);
  in.whole(root, "seed", 0, std::numeric_limits<std::uint64_t>::max(), r.seed);
  in.whole(root, "first_deal", 0, std::numeric_limits<std::uint64_t>::max() - 1, r.first_deal);
  in.whole(root, "deals", 1, kMaxArenaDeals, r.deals);
  std::uint64_t menes = 1;
  in.whole(root, "menes_per_play", 1, kMaxPlayMenes, menes);
  r.menes = int(menes);
  in.whole(root, "games", 1, kMaxArenaDeals, t.games);
  in.whole(root, "menes", 2, kMaxMenes, t.menes);
  const auto per_game = in.estimate(root, "per_game");
  const auto per_mene = in.estimate(root, "per_mene");
  if (const auto ahead = in.object(root, "games_ahead", kAheadKeys)) {
    in.whole(*ahead, "A", 0, kMaxArenaDeals, t.a_ahead);
    in.whole(*ahead, "even", 0, kMaxArenaDeals, t.even);
    in.whole(*ahead, "B", 0, kMaxArenaDeals, t.b_ahead);
  }
  if (const auto contracts = in.object(root, "contracts", kPlayerKeys))
    for (ArenaSide side : kBothSides)
      if (const auto c = in.object(*contracts, name(side), kContractKeys)) {
        in.whole(*c, "taken", 0, kMaxMenes, t.contracts[side].taken);
        in.whole(*c, "made", 0, kMaxMenes, t.contracts[side].made);
        in.whole(*c, "failed", 0, kMaxMenes, t.contracts[side].failed);
        in.whole(*c, "litige", 0, kMaxMenes, t.contracts[side].litige);
      }
  if (const auto sums = in.object(root, "sums", kSumKeys)) {
    in.whole(*sums, "difference", kLongMin, kLongMax, t.sum);
    in.whole(*sums, "difference_squared", 0, kLongMax, t.sum_squares);
    in.whole(*sums, "menes_squared", 0, kLongMax, t.menes_squares);
    in.whole(*sums, "difference_by_menes", kLongMin, kLongMax, t.sum_by_menes);
  }
  if (!in.failed()) check_agreement(in, root, r);
  if (!in.failed()) check_estimate(in, *per_game, t.per_game(), "'sums.difference' / 'games'");
  if (!in.failed()) check_estimate(in, *per_mene, t.per_mene(), "'sums.difference' / 'menes'");
  if (in.failed()) return std::nullopt;
  return r;
}

}  // namespace belote
