// Players by name, and a player asked at the table from its seat's view.
#include "belote/player.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "belote/random_deals.h"
#include "common/text_util.h"
#include "players/seat_to_act.h"

namespace belote {

std::unique_ptr<Player> make_player(std::string_view spec, std::uint64_t seed, std::string& error, std::string_view also,
                                    unsigned threads) {
  if (spec == "random") return random_player(seed);
  if (spec == "heuristic") return heuristic_player(seed);
  if (spec == "sampled") return sampled_player(seed, 32, threads);
  if (spec.starts_with("sampled:")) {
    const std::string_view digits = spec.substr(8);
    int worlds = 0;
    const char* const end = digits.data() + digits.size();
    const auto [stop, fault] = std::from_chars(digits.data(), end, worlds);
    if (fault == std::errc{} && stop == end && worlds >= 1 && worlds <= 4096) return sampled_player(seed, worlds, threads);
    error = fmt::format("player '{}': sampled:N takes a number of worlds from 1 to 4096", printable(spec));
    return nullptr;
  }
  // "random, heuristic or sampled:N"; with `also`, "random, heuristic, sampled:N or bot".
  std::vector<std::string_view> names(kPlayerNames.begin(), kPlayerNames.end());
  if (!also.empty()) names.push_back(also);
  const std::string_view last = names.back();
  names.pop_back();
  error = fmt::format("unknown player '{}': a player is {} or {}", printable(spec), fmt::join(names, ", "), last);
  return nullptr;
}

std::uint64_t seat_player_seed(std::uint64_t game_seed, Seat seat) {
  return mix64(game_seed + 0x9E3779B97F4A7C15ull * std::uint64_t(index(seat) + 1));
}

void require_choice(const PlayerView& view) {
  if (view.legal.count(view.actions) > 0) {
    // Another seat's cards would choose for the seat to act: advise() refuses it in the same words.
    if (view.seen.seat != view.legal.seat) throw std::invalid_argument(not_the_seat_to_act(view.seen.seat, view.legal.seat));
    return;
  }
  if (view.seen.phase == TablePhase::over) throw std::invalid_argument("the game is over: no seat is to act");
  throw std::invalid_argument(fmt::format("{} has no legal action: there is nothing to choose", name(view.legal.seat)));
}

Action ask(Player& player, const Table& table, const std::function<bool()>& stop) {
  // Over, the table's seat to act is whoever played last: no seat to ask.
  if (table.over()) throw std::invalid_argument("the game is over: no seat is to act");
  const Observation seen = table.observe(table.to_act());
  const LegalActions legal = table.legal();
  return player.choose(PlayerView{table.rules(), table.actions(), seen, legal, stop});
}

}  // namespace belote
