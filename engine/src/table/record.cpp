// A game's record (table.md 4), written from the table's finished mènes
// (record_reader.cpp reads it back).
#include "belote/table_record.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <toml++/toml.h>

#include "belote/auction_text.h"
#include "belote/json_text.h"
#include "io/json_toml.h"

namespace belote {

namespace {

using nlohmann::ordered_json;

std::string seat_text(Seat seat) { return std::string(name(seat)); }

// One finished mène as a deal: its auction, and where a contract was played,
// the hands as dealt, what was said and the tricks.
ordered_json mene_json(const Ruleset& rules, const TableSetup& setup, const FinishedMene& mene) {
  const Deck& deck = rules.deck;
  TableSetup scratch_setup = setup;
  scratch_setup.keep_history = false;
  Table scratch(rules, scratch_setup, mene.dealt);
  const ActionSpace& space = scratch.actions();
  // The mène replayed once, each call and card taken with its seat as it is
  // applied; the last action, which ends the mène, is read but not applied, so
  // that the hands, words and announcements are still the mène's.
  std::vector<Call> calls;
  std::vector<std::pair<Seat, Card>> cards;
  CardSet words = 0;
  for (std::size_t i = 0; i < mene.actions.size(); ++i) {
    const Action action = mene.actions[i];
    const Seat seat = scratch.to_act();
    switch (space.kind(action)) {
      case ActionKind::call: calls.push_back(space.call_of(action, seat)); break;
      case ActionKind::card_word: words |= card_bit(space.card_of(action)); [[fallthrough]];
      case ActionKind::card: cards.emplace_back(seat, space.card_of(action)); break;
      case ActionKind::declare: break;
    }
    if (i + 1 < mene.actions.size()) static_cast<void>(scratch.apply(action));  // played once already
  }

  ordered_json auction;
  auction["dealer"] = seat_text(mene.dealt.dealer);
  if (mene.dealt.first != next_in_play(mene.dealt.dealer)) auction["first"] = seat_text(mene.dealt.first);
  // What proposed the trump: the card turned up where the ruleset turns one (table.md 4: the hands as
  // dealt and the turned card), its suit proposed first; each further suit a new round would turn
  // follows it. A deal that knows only its suits (a record of suits replayed from other hands) writes them.
  const auto proposed = [&](int i) {
    if (i == 0 && rules.dealing.turned == TurnedCard::card && mene.dealt.turned_card >= 0) return deck.card_name(Card(mene.dealt.turned_card));
    return deck.suits[mene.dealt.proposals[std::size_t(i)]];
  };
  if (mene.dealt.proposal_count == 1) auction["turned"] = proposed(0);
  else if (mene.dealt.proposal_count > 1)
    for (int i = 0; i < mene.dealt.proposal_count; ++i) auction["turned"].push_back(proposed(i));
  auction["calls"] = ordered_json::array();
  for (const Call& call : calls) auction["calls"].push_back(fmt::format("{}:{}", name(call.seat), call_text(rules, call)));
  ordered_json out;
  out["auction"] = std::move(auction);
  if (mene.redeal) return out;
  ordered_json hands;
  for (Seat seat : kSeats) hands[seat_text(seat)] = deck.cards_text(scratch.hands()[seat]);
  out["hands"] = std::move(hands);
  out["spoken"] = true;
  ordered_json said = ordered_json::object();
  for (Seat seat : kSeats) {
    const SeatAnnouncements held = scratch.declarable(seat);
    for (int i = 0; i < held.count; ++i)
      if (scratch.declared(seat) >> i & 1) said[seat_text(seat)].push_back(deck.cards_text(held.items[std::size_t(i)].cards()));
  }
  if (!said.empty()) out["said"] = std::move(said);
  // The cards in play order, each with the word said with it.
  PerSeat<CardSet> played;
  ordered_json play = ordered_json::array();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const auto [seat, card] = cards[i];
    if (i % 4 == 0) play.push_back({{"leader", seat_text(seat)}, {"cards", ordered_json::array()}});
    std::string text = deck.card_name(card);
    if (contains(words, card)) {
      const CardSet pair = suit_cards(rules.belote.ranks, suit_of(card));
      text += " " + ((played[seat] & pair) ? rules.belote.next_word : rules.belote.first_word);
    }
    played[seat] |= card_bit(card);
    play.back()["cards"].push_back(std::move(text));
  }
  out["play"] = std::move(play);
  return out;
}

// Without history, the finished mènes are gone: a record written without them would replay as another game.
void require_history(const Table& table, std::string_view writer) {
  if (table.setup().keep_history) return;
  const TableTally& tally = table.tally();
  const int finished = table.over() ? tally.dealt : tally.dealt - 1;
  if (finished <= 0 && tally.played == 0) return;
  const int lost = std::max(finished, tally.played);
  throw std::logic_error(fmt::format("{}: the table was set up with keep_history = false, and {} mène{} finished without being "
                                     "kept: a record without {} would replay as another game (set TableSetup::keep_history "
                                     "to write one)",
                                     writer, lost, lost == 1 ? "" : "s", lost == 1 ? "it" : "them"));
}

// `held_text`: the JSON form, which holds a ruleset of one's own as its text (held_rules_toml for the TOML form).
ordered_json record_object(const Table& table, bool held_text) {
  const Ruleset& rules = table.rules();
  const TableSetup& setup = table.setup();
  ordered_json out;
  out["ruleset"] = rules.info.name;
  if (held_text && !rules.own_document.empty()) out["rules"] = rules.own_document;
  if (setup.target) out["target"] = *setup.target;
  if (setup.teams[Team::NS] != "NS" || setup.teams[Team::EW] != "EW")
    out["teams"] = {{"NS", setup.teams[Team::NS]}, {"EW", setup.teams[Team::EW]}};
  out["table"] = {{"seed", setup.seed}, {"first_dealer", seat_text(setup.first_dealer)}};
  if (setup.max_menes) out["table"]["menes"] = setup.max_menes;
  out["mene"] = ordered_json::array();
  for (const auto& mene : table.history()) out["mene"].push_back(mene_json(rules, setup, *mene));
  return out;
}

// A ruleset of one's own goes with the record, whole: by name, it would be found nowhere else. The
// JSON form holds its text; the TOML form its tables, under [rules], before the mènes (which a
// sheet keeps last, to add to). Either keeps the order of its named tables (its kinds, its named
// bids), which is the ruleset's own.
std::string held_rules_toml(const Ruleset& rules) {
  if (rules.own_document.empty()) return {};
  std::string out = "\n[rules]\n";
  std::istringstream lines(rules.own_document);
  for (std::string line; std::getline(lines, line);) out += (line.starts_with("[") ? "[rules." + line.substr(1) : line) + "\n";
  return out;
}

}  // namespace

std::string record_json(const Table& table, bool pretty) {
  require_history(table, "record_json");
  const ordered_json record = record_object(table, true);
  return pretty ? record.dump(2, ' ', false, ordered_json::error_handler_t::replace) : json_text(record);
}

Sheet record_sheet(const Table& table) {
  require_history(table, "record_sheet");
  Sheet sheet;
  sheet.target = table.setup().target;
  sheet.teams = table.setup().teams;
  for (const auto& mene : table.history()) {
    SheetMene& row = sheet.menes.emplace_back();
    row.redeal = mene->redeal;
    row.dealer = mene->dealt.dealer;
    row.next_dealer = mene->contract.next_dealer;
    if (mene->redeal) continue;
    row.deal = mene->deal;
    row.deal.id = std::to_string(sheet.menes.size());  // as a sheet's reader numbers its mènes
    row.deal.held_over = 0;  // the sheet holds over its own points
    row.tricks_given = true;
  }
  return sheet;
}

std::string record_toml(const Table& table) {
  require_history(table, "record_toml");
  ordered_json record = record_object(table, false);
  ordered_json menes = ordered_json::object();
  // An empty list stays among the keys: after a table it would be that table's.
  if (!record["mene"].empty()) menes["mene"] = std::move(record["mene"]), record.erase("mene");
  std::ostringstream out;
  out << toml_of_json(record) << "\n" << held_rules_toml(table.rules());
  if (!menes.empty()) out << "\n" << toml_of_json(menes) << "\n";
  return out.str();
}

std::string record_deal_line(const Table& table, const FinishedMene& mene, std::string_view id_prefix) {
  if (mene.redeal) return {};
  // The mène named by its number in the game (redeals counted, as the record's `mene` list counts
  // them), and the points held over that came into it: scored alone, the line gives what the table gave.
  ordered_json out;
  out["id"] = fmt::format("{}mene-{}", id_prefix, mene.dealt.number + 1);
  if (mene.held_in) out["held_over"] = mene.held_in;
  out.update(mene_json(table.rules(), table.setup(), mene));
  return json_text(out);
}

std::string record_deal_lines(const Table& table, std::string_view id_prefix) {
  require_history(table, "record_deal_lines");
  std::string out;
  for (const auto& mene : table.history()) {
    if (mene->redeal) continue;
    out += record_deal_line(table, *mene, id_prefix);
    out += '\n';
  }
  return out;
}

}  // namespace belote
