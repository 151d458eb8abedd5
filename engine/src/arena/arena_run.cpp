// An arena's deals on every core, tallied in order of number.
#include <fmt/format.h>

#include "belote/arena.h"
#include "belote/parallel_sample.h"

namespace belote {

namespace {

// A deal played, or why it could not be.
struct PlayedDeal {
  DuplicateDeal deal;
  std::string error;
  /// Whether the caller's stop came while it was played: its players may then
  /// have answered before they had thought, and the deal is left out.
  bool cut = false;
};

}  // namespace

ArenaResult run_arena(const Ruleset& rules, const ArenaSettings& settings, unsigned threads,
                      const std::function<void(const DuplicateDeal&)>& each,
                      const std::function<void(std::uint64_t, std::uint64_t)>& progress, const std::function<bool()>& stop) {
  ArenaResult result;
  result.ruleset = rules.info.name;
  result.ruleset_fingerprint = ruleset_fingerprint(rules);
  result.players = settings.names;
  result.seed = settings.seed;
  result.first_deal = settings.first_deal;
  result.deals = settings.deals;
  result.menes = settings.menes;
  std::string error;
  sample_in_chunks<PlayedDeal>(
      settings.deals, threads,
      [&](std::uint64_t begin, std::uint64_t, PlayedDeal& played) {
        // A worker's exception would end the program: it is carried to the merge instead.
        try {
          played.deal = play_duplicate(rules, settings, settings.first_deal + begin, stop);
          played.cut = stop && stop();
        } catch (const ArenaError& e) {
          played.error = fmt::format("deal {}: {}", settings.first_deal + begin, e.what());
        }
      },
      [&](PlayedDeal& played) {
        if (!played.error.empty()) {
          if (error.empty()) error = played.error;
          return;
        }
        if (played.cut) return;
        result.tally.add(played.deal);
        if (each) each(played.deal);
      },
      progress, [&] { return !error.empty() || (stop && stop()); }, 1);
  if (!error.empty()) throw ArenaError(error);
  // Stopped early: the deals merged are the first ones, in order, and the result is theirs.
  result.deals = result.tally.games;
  return result;
}

}  // namespace belote
