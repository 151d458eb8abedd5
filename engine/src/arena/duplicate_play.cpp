// A deal's plays: a game from its seed with each team's players, and the
// same deal again with the players changing sides.
#include <fmt/format.h>

#include "belote/arena.h"
#include "belote/auction_memory.h"
#include "belote/random_deals.h"
#include "belote/table_record.h"
#include "common/text_util.h"

namespace belote {

namespace {

// Players that never bid: the one who plays the deal knows their names.
class NeverBid final : public ArenaError {
 public:
  using ArenaError::ArenaError;
};

class EngineActor final : public SeatActor {
 public:
  explicit EngineActor(std::unique_ptr<Player> player) : player_(std::move(player)) {}
  Action act(const Table& table, const std::function<bool()>& stop) override { return ask(*player_, table, stop); }

 private:
  std::unique_ptr<Player> player_;
};

}  // namespace

std::optional<SeatActorMaker> engine_actor(std::string_view spec, std::string& error, std::string_view also) {
  if (!make_player(spec, 0, error, also)) return std::nullopt;
  return SeatActorMaker([spec = std::string(spec)](Seat, std::uint64_t seed) -> std::unique_ptr<SeatActor> {
    std::string unused;
    return std::make_unique<EngineActor>(make_player(spec, seed, unused));
  });
}

std::uint64_t arena_deal_seed(std::uint64_t seed, std::uint64_t deal) { return Xoshiro256(seed, deal).next(); }

std::string arena_record_id(std::uint64_t deal, int play) { return fmt::format("deal-{}-play-{}-", deal, play + 1); }

TablePlay play_table(const Ruleset& rules, std::uint64_t seed, std::uint64_t stream, int menes, const SeatActorMaker& ns,
                     const SeatActorMaker& ew, std::optional<std::string_view> records,
                     const std::function<bool()>& stop) {
  TableSetup setup;
  setup.seed = seed;
  setup.max_menes = menes;
  Xoshiro256 seeds(seed, stream);
  PerSeat<std::unique_ptr<SeatActor>> actors;
  for (Seat seat : kSeats) actors[seat] = (team_of(seat) == Team::NS ? ns : ew)(seat, seeds.next());
  // However the play ends, every player hears it before the first is destroyed (and waited for).
  struct PlayEnd {
    PerSeat<std::unique_ptr<SeatActor>>& actors;
    ~PlayEnd() {
      for (Seat seat : kSeats) actors[seat]->play_ended();
    }
  } play_end{actors};
  const auto stopped = [&] { return stop && stop(); };
  // Each player told something, a failure naming the mène it came in (redeals count, as in the record).
  const auto tell_all = [&](int mene, const std::function<void(SeatActor&)>& tell) {
    try {
      for (Seat seat : kSeats) tell(*actors[seat]);
    } catch (const ArenaError& e) {
      if (stopped()) return false;  // a program cut short by the stop has not failed
      throw ArenaError(fmt::format("mène {}: {}", mene, e.what()));
    }
    return true;
  };

  TablePlay play;
  Table table(rules, setup);
  std::shared_ptr<const FinishedMene> last_told;  // the mène whose end the players heard last
  int menes_ended = 0;
  while (!table.over()) {
    // Stopped (Ctrl-C): the play is cut short here, and its deal left out by the caller.
    if (stopped()) return play;
    const Seat seat = table.to_act();
    const int finished = table.tally().played;
    const int dealt = table.tally().dealt;
    Action action;
    try {
      action = actors[seat]->act(table, stop);
    } catch (const ArenaError& e) {
      if (stopped()) return play;
      throw ArenaError(fmt::format("mène {}: {}", dealt, e.what()));
    }
    if (stopped()) return play;  // an answer given before it was thought is not played
    if (const auto refused = table.apply(action))
      throw ArenaError(fmt::format("mène {}: seat {} chose {}: {}", dealt, name(seat), table.action_text(action), refused->message));
    if (table.tally().dealt > dealt && table.tally().dealt - table.tally().played > kMaxRedealsInARow)
      throw NeverBid(fmt::format("mène {}: {} redeals in a row: the players never bid", table.tally().dealt, kMaxRedealsInARow));
    if (table.last_finished() && table.last_finished() != last_told) {
      last_told = table.last_finished();
      const int number = ++menes_ended;
      if (stopped() || !tell_all(dealt, [&](SeatActor& actor) { actor.mene_ended(table, *last_told, number); })) return play;
    }
    if (table.tally().played == finished) continue;
    const Outcome* outcome = table.last_outcome();
    ++play.menes;
    for (Team team : kTeams) play.points[team] += outcome->score[team];
    play.taker = table.last_deal()->taker;
    play.result = outcome->contract;
    if (outcome->contract == ContractResult::none || outcome->contract == ContractResult::no_contract) continue;
    ContractCount& count = play.contracts[team_of(table.last_deal()->taker)];
    ++count.taken;
    if (outcome->contract == ContractResult::made) ++count.made;
    else if (outcome->contract == ContractResult::failed) ++count.failed;
    else ++count.litige;
  }
  if (stopped() || !tell_all(table.tally().dealt, [&](SeatActor& actor) { actor.game_ended(table); })) return play;
  if (records) play.records = record_deal_lines(table, *records);
  return play;
}

long long DuplicateDeal::difference() const {
  // The first play has A at N–S, the second at E–W.
  return (plays[0].points[Team::NS] - plays[0].points[Team::EW]) + (plays[1].points[Team::EW] - plays[1].points[Team::NS]);
}

PerSide<ContractCount> DuplicateDeal::contracts() const {
  PerSide<ContractCount> out;
  for (int i = 0; i < 2; ++i)
    for (Team team : kTeams) {
      const ArenaSide side = (team == Team::NS) == (i == 0) ? ArenaSide::a : ArenaSide::b;
      out[side] += plays[std::size_t(i)].contracts[team];
    }
  return out;
}

DuplicateDeal play_duplicate(const Ruleset& rules, const ArenaSettings& settings, std::uint64_t deal,
                             const std::function<bool()>& stop) {
  const std::uint64_t seed = arena_deal_seed(settings.seed, deal);
  const SeatActorMaker& a = settings.players[ArenaSide::a];
  const SeatActorMaker& b = settings.players[ArenaSide::b];
  DuplicateDeal out;
  out.number = deal;
  // Each seat holds the same cards in both plays: the sampled players' auction worlds are solved once.
  const SharedAuctionMemory shared;
  // A failure says which of the two plays it came in: the players' sides differ.
  const auto play = [&](int index, const SeatActorMaker& ns, const SeatActorMaker& ew) {
    try {
      const std::string id = arena_record_id(deal, index);
      out.plays[std::size_t(index)] = play_table(rules, seed, std::uint64_t(index), settings.menes, ns, ew,
                                                 settings.records ? std::optional<std::string_view>(id) : std::nullopt, stop);
    } catch (const NeverBid& e) {
      const ArenaSide ns = index == 0 ? ArenaSide::a : ArenaSide::b, ew = index == 0 ? ArenaSide::b : ArenaSide::a;
      throw ArenaError(fmt::format("play {} of 2 ({} at N–S), {}: {} ({}) at N–S, {} ({}) at E–W", index + 1, name(ns), e.what(),
                                   name(ns), printable(settings.names[ns], 60), name(ew), printable(settings.names[ew], 60)));
    } catch (const ArenaError& e) {
      throw ArenaError(fmt::format("play {} of 2 ({} at N–S), {}", index + 1, index == 0 ? "A" : "B", e.what()));
    }
  };
  play(0, a, b);
  if (stop && stop()) return out;  // the deal is left out: its second play would start players for nothing
  play(1, b, a);
  return out;
}

}  // namespace belote
