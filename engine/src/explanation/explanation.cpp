#include "belote/explanation.h"

#include "belote/evaluator.h"

#include <algorithm>
#include <array>
#include <fmt/compile.h>
#include <fmt/format.h>

#include "explanation/narrator.h"

namespace belote {

std::string_view step_name(StepKind kind) {
  switch (kind) {
    case StepKind::void_deal: return "void";
    case StepKind::announcements: return "announcements";
    case StepKind::belote: return "belote";
    case StepKind::winner: return "winner";
    case StepKind::trick_rule: return "trick_rule";
    case StepKind::card_points: return "card_points";
    case StepKind::contract: return "contract";
    case StepKind::score: return "score";
    case StepKind::tricks: return "tricks";
  }
  return "";
}

std::string_view contract_name(ContractResult result) {
  switch (result) {
    case ContractResult::made: return "made";
    case ContractResult::failed: return "failed";
    case ContractResult::litige: return "litige";
    case ContractResult::no_contract: return "none";
    case ContractResult::none: return "none";
  }
  return "";
}

std::string announcement_kind(const Ruleset& rules, const Announcement& a) {
  if (a.carre) return rules.kind_name(AnnouncementKind{true, a.top});
  return rules.kind_name(AnnouncementKind{false, rules.sequences.entry_for(a.length)});
}

std::string announcement_label(const Ruleset& rules, const Announcement& a, SuitStyle style) {
  return fmt::format(FMT_COMPILE("{}"), AnnouncementLabel{rules, a, style});
}

RankedAnnouncements rank_strongest_first(const SeatAnnouncements& announcements) {
  RankedAnnouncements ranked;
  ranked.from = announcements.items.data();
  for (std::uint8_t i = 0; i < announcements.count; ++i) {
    const StrengthKey key = announcements.items[i].key;
    // Insertion keeps equal keys in their order, as a stable sort does.
    int j = ranked.count++;
    for (; j > 0 && ranked[j - 1].key < key; --j) ranked.order[std::size_t(j)] = ranked.order[std::size_t(j - 1)];
    ranked.order[std::size_t(j)] = i;
  }
  return ranked;
}

std::vector<Announcement> strongest_first(const SeatAnnouncements& announcements) {
  std::vector<Announcement> ranked;
  for (const Announcement& a : rank_strongest_first(announcements)) ranked.push_back(a);
  return ranked;
}

void Narrator::void_deal() {
  write(StepKind::void_deal,
        FMT_COMPILE("{} holds the carré of {}, which annuls the deal under this ruleset (carres.void_deal): "
                    "nobody scores, and the cards are dealt again."),
        name(out.void_seat), rules.deck.rank_name(out.void_rank));
}

bool Narrator::no_announcement_scores() const {
  if (!rules.roem.any()) return false;  // other rulesets say "nobody declares", as they always have
  const KindTables& t = rules.tables.kinds[deal.kind];
  const auto worthless = [](const auto& points) {
    return std::all_of(points.begin(), points.end(), [](int p) { return p <= 0; });
  };
  return worthless(t.sequence_points) && worthless(t.carre_points);
}

void Narrator::announcements() {
  bool any = false;
  for (Seat seat : kSeats) {
    const SeatAnnouncements& mine = out.announcements[seat];
    const bool worthless = declared_worth_nothing(seat);
    if (mine.empty() && !worthless) continue;
    any = true;
    put(FMT_COMPILE("{} declares "), name(seat));
    std::string_view separator;
    for (const Announcement& a : rank_strongest_first(mine)) {
      put(FMT_COMPILE("{}{} ({}) {}"), separator, label(a), cards(a.cards()), a.points);
      separator = ", ";
    }
    if (mine.count > 1) put(FMT_COMPILE(": {} in all"), mine.points);
    if (worthless) put_worth_nothing(seat, !mine.empty());
    put_split_runs(seat);
    add(StepKind::announcements, ".");
  }
  if (any || deal.form == DealForm::team_points) return;
  if (kind().declared == AnnouncementSet{})
    write(StepKind::announcements, FMT_COMPILE("No announcement is declared in {} ({} = \"none\")."), kind().name,
          kind_key("announcements"));
  else if (no_announcement_scores())
    add(StepKind::announcements, "No announcement counts under this ruleset: every sequence and carré is worth 0 "
                                 "(sequences.points, carres.points); the roem of the tricks takes their place ([roem]).");
  else
    add(StepKind::announcements, "Nobody declares an announcement.");
}

void Narrator::belote() {
  if (rules.belote.points == 0) return;  // a ruleset without a belote says nothing of it
  if (kind().belote == BeloteSuits::nowhere && rules.kinds_named) {
    write(StepKind::belote, FMT_COMPILE("There is no {} in {} ({} = \"nowhere\")."), belote_name(), kind().name,
          kind_key("belote"));
    return;
  }
  if (!out.belote_team && out.belote_points == PerTeam<int>{}) {
    // A belote held and not said in a played mène has its own step (unsaid).
    const bool held = deal.played_count && std::any_of(kSeats.begin(), kSeats.end(), [&](Seat seat) {
      return belotes_held(rules, deal.hands[seat], deal.kind, deal.trump) > 0;
    });
    if (!held) write(StepKind::belote, FMT_COMPILE("Nobody holds the {}."), belote_name());
    return;
  }
  if (out.belote_seat && kind().belote == BeloteSuits::trump_suit) {
    put(FMT_COMPILE("{} holds the {} ({}): {}"), name(*out.belote_seat), belote_name(), cards(suit_cards(rules.belote.ranks, deal.trump)),
        rules.belote.points);
    put_belote_goes_to(*out.belote_team);
  } else if (out.belote_team && out.belote_points[other(*out.belote_team)] == 0 && !out.belote_seat) {
    put(FMT_COMPILE("{} hold the {}: {} points"), name(*out.belote_team), belote_name(), rules.belote.points);
    const BeloteFate fate = belote_fate(*out.belote_team);
    if (fate.where != BeloteFate::stays) {
      put_words("; ");
      put_belote_fate(*out.belote_team, fate);
    }
  } else {
    // Every suit holds a belote: each pair of the belote's cards in one hand counts.
    static constexpr std::array<std::string_view, kSuitCount + 1> counts{"", "one", "two", "three", "four"};
    put(FMT_COMPILE("A {} in every suit ({} = \"every-suit\"): "), belote_name(), kind_key("belote"));
    std::string_view separator;
    for (Seat seat : kSeats) {
      if (!out.belotes[seat]) continue;
      put(FMT_COMPILE("{}{} {}"), separator, name(seat), counts[std::min<std::size_t>(out.belotes[seat], kSuitCount)]);
      separator = ", ";
    }
    put(FMT_COMPILE("; {} each: NS {}, EW {}"), rules.belote.points, out.belote_points[Team::NS], out.belote_points[Team::EW]);
    bool all_stay = true;
    for (Team team : kTeams) {
      const BeloteFate fate = belote_fate(team);
      if (!out.belote_points[team] || fate.where == BeloteFate::stays) continue;
      all_stay = false;
      put_words("; ");
      put_belote_fate(team, fate);
    }
    if (all_stay) put_words(", whatever happens to the announcements");
  }
  add(StepKind::belote, ".");
}

// The seat and announcement holding a team's strongest key in a contest.
std::pair<Seat, Announcement> Narrator::strongest(Team team, const ContestOutcome& contest) const {
  Seat seat = deal.first;
  for (int i = 0; i < 4; ++i, seat = next_in_play(seat)) {
    if (team_of(seat) != team) continue;
    for (const Announcement& a : out.announcements[seat])
      if (a.key == contest.best[team]) return {seat, a};
  }
  return {Seat::N, Announcement{}};
}

// "at equal points, ", "at equal category, length and height, ": the criteria
// compared before `criterion`; nothing when it is the first.
void Narrator::put_at_equal(Criterion criterion) {
  static constexpr std::array<std::string_view, 8> names{"category", "points", "kind", "kind", "length", "height",
                                                         "trump", "first speaker"};
  std::array<std::string_view, names.size()> before;
  std::size_t count = 0;
  for (Criterion c : rules.announcements.compare) {
    if (c == criterion) break;
    if (c != Criterion::kind && c != Criterion::sequence_first && count < before.size()) before[count++] = names[std::size_t(c)];
  }
  if (count == 0) return;
  put_words("at equal ");
  for (std::size_t i = 0; i + 1 < count; ++i) put(FMT_COMPILE("{}{}"), i ? ", " : "", before[i]);
  put(FMT_COMPILE("{}{}, "), count > 1 ? " and " : "", before[count - 1]);
}

bool Narrator::compares(Criterion criterion) const {
  const auto& c = rules.announcements.compare;
  return std::find(c.begin(), c.end(), criterion) != c.end();
}

void Narrator::put_why_stronger(const ContestOutcome& contest, Seat holder, const Announcement& win, const Announcement& lose) {
  const std::string& key = rules.announcements.compare_key;
  if (!contest.deciding) return;
  const Criterion deciding = *contest.deciding;
  switch (deciding) {
    case Criterion::category:
      put(FMT_COMPILE("by category ({} ranks above {} in announcements.categories)"), announcement_kind(rules, win),
          announcement_kind(rules, lose));
      return;
    case Criterion::points:
      put(FMT_COMPILE("by points ({} against {}; {})"), win.points, lose.points, key);
      return;
    case Criterion::kind:
      put_at_equal(deciding);
      put(FMT_COMPILE("a carré beats a sequence ({})"), key);
      return;
    case Criterion::sequence_first:
      put_at_equal(deciding);
      put(FMT_COMPILE("a sequence beats a carré ({})"), key);
      return;
    case Criterion::length:
      put_at_equal(deciding);
      put(FMT_COMPILE("the longer sequence wins ({} cards against {}; {})"), win.length, lose.length, key);
      return;
    case Criterion::height: {
      const Deck& deck = rules.deck;
      if (win.carre) {
        const bool own_order = kind().given.has(KindKey::carre_order);
        put(FMT_COMPILE("carrés of equal worth: {} ranks above {} in {}"), deck.rank_name(win.top), deck.rank_name(lose.top),
            key_of(own_order, "carre_order", "carres.order"));
      } else if (kind().sequence_order == SequenceOrder::reversed) {
        put(FMT_COMPILE("by height: the lower bottom card wins ({} against {}; {} = \"reversed\", {})"),
            deck.rank_name(win.low()), deck.rank_name(lose.low()), kind_key("sequence_order"), key);
      } else if (!compares(Criterion::length)) {
        put(FMT_COMPILE("sequences compared by top card only ({} against {}; {})"), deck.rank_name(win.top),
            deck.rank_name(lose.top), key);
      } else {
        put(FMT_COMPILE("by height: at equal length the higher top card wins ({} against {}; {})"), deck.rank_name(win.top),
            deck.rank_name(lose.top), key);
      }
      return;
    }
    case Criterion::trump:
      put_words("by trumps: ");
      put_at_equal(deciding);
      put(FMT_COMPILE("the sequence in trumps wins ({})"), key);
      return;
    case Criterion::first_speaker:
      put(FMT_COMPILE("equal by every other criterion, and {} speaks first ({})"), name(holder), key);
      return;
  }
}

void Narrator::winner() {
  if (out.win_reason == WinReason::given) {
    for (Team team : kTeams)
      if (deal.team_announcements[team] > 0)
        write(StepKind::winner, FMT_COMPILE("The sheet gives {} {} for announcements."), name(team), deal.team_announcements[team]);
    return;
  }
  const auto& contests = rules.announcements.contests;
  if (no_announcement_scores() && out.win_reason == WinReason::nobody_announced) return;  // said in the step before
  if (out.contest_count <= 1) {
    contest_winner(out.contests[0], std::nullopt);
    return;
  }
  for (int c = 0; c < out.contest_count; ++c) contest_winner(out.contests[std::size_t(c)], contests[std::size_t(c)].name);
}

// Each step about one of several contests starts with its name.
void Narrator::put_contest(std::optional<std::string_view> contest) {
  if (contest) put(FMT_COMPILE("Contest {} (announcements.contests): "), *contest);
}

void Narrator::contest_winner(const ContestOutcome& contest, std::optional<std::string_view> name_of_contest) {
  switch (contest.win_reason) {
    case WinReason::nobody_announced:
      put_contest(name_of_contest);
      add(StepKind::winner, name_of_contest ? "no announcement." : "No announcement: nobody scores any.");
      return;
    case WinReason::given:
      return;
    case WinReason::uncontested: {
      const auto [seat, a] = strongest(*contest.winner, contest);
      put_contest(name_of_contest);
      write(StepKind::winner, FMT_COMPILE("Only {} announce: their best is {}'s {}."), name(*contest.winner), name(seat), label(a));
      break;
    }
    case WinReason::stronger: {
      const auto [seat, a] = strongest(*contest.winner, contest);
      const auto [other_seat, b] = strongest(other(*contest.winner), contest);
      put_contest(name_of_contest);
      put(FMT_COMPILE("{} win the announcements: {}'s {} beats {}'s {}, "), name(*contest.winner), name(seat), label(a),
          name(other_seat), label(b));
      put_why_stronger(contest, seat, a, b);
      add(StepKind::winner, ".");
      break;
    }
    case WinReason::tie_nobody:
    case WinReason::tie_both: {
      const auto [ns_seat, a] = strongest(Team::NS, contest);
      const auto [ew_seat, b] = strongest(Team::EW, contest);
      const bool both = contest.win_reason == WinReason::tie_both;
      put_contest(name_of_contest);
      put(FMT_COMPILE("Exact tie: {}'s {} and {}'s {} are equal ("), name(ns_seat), label(a), name(ew_seat), label(b));
      // The presets compare length, height and trumps last: say so in those words.
      if (rules.announcements.compare_key.starts_with("announcements.strength"))
        put_words("same length and height, neither in trumps");
      else
        put(FMT_COMPILE("by every criterion of {}"), rules.announcements.compare_key);
      put(FMT_COMPILE("); by announcements.exact_tie = {}, "), both ? "both" : "nobody");
      if (both)
        put(FMT_COMPILE("each team scores its own: NS {}, EW {}"), contest.scored[Team::NS], contest.scored[Team::EW]);
      else
        put_words("no team scores announcements");
      add(StepKind::winner, ".");
      return;
    }
    case WinReason::tie_first_speaker: {
      // strongest() looks in speaking order, so it finds the tied holder who speaks first.
      const auto [holder, a] = strongest(*contest.winner, contest);
      const auto [other_seat, b] = strongest(other(*contest.winner), contest);
      put_contest(name_of_contest);
      put(FMT_COMPILE("Exact tie: {}'s {} and {}'s {} are equal; by announcements.exact_tie = "
                      "first-speaker, the holder who speaks first wins. Speaking goes "),
          name(holder), label(a), name(other_seat), label(b));
      Seat seat = deal.first;
      for (std::size_t i = 0; i < kSeats.size(); ++i, seat = next_in_play(seat)) put(FMT_COMPILE("{}{}"), i ? fmt::format(" {} ", arrow()) : "", name(seat));
      write(StepKind::winner, FMT_COMPILE(", so {} speaks before {}: {} win the announcements."), name(holder), name(other_seat),
            name(*contest.winner));
      break;
    }
  }
  if (contest.lost_to_trick_rule) return;
  const Team team = *contest.winner;
  const std::size_t index = std::size_t(&contest - out.contests.data());
  put_contest(name_of_contest);
  put(FMT_COMPILE("{} score all their announcements: "), name(team));
  int parts = 0;
  for (Seat seat : kSeats) {
    const int points = out.announcements[seat].contest_points[index];
    if (team_of(seat) == team && points > 0) put(FMT_COMPILE("{}{} {}"), parts++ ? " + " : "", name(seat), points);
  }
  if (parts > 1) put(FMT_COMPILE(" = {}"), contest.scored[team]);
  write(StepKind::winner, FMT_COMPILE("; {} score none of theirs."), name(other(team)));
}

void Narrator::trick_rule() {
  for (int c = 0; c < out.contest_count; ++c) {
    const ContestOutcome& contest = out.contests[std::size_t(c)];
    if (contest.lost_to_trick_rule) lost_to_trick_rule(*contest.winner);
  }
}

void Narrator::lost_to_trick_rule(Team team) {
  write(StepKind::trick_rule,
        FMT_COMPILE("{} took {} trick{}, fewer than the {} a team needs to score announcements (announcements.min_tricks): "
                    "their announcements go to nobody."),
        name(team), deal.result.tricks[team], plural(deal.result.tricks[team]), rules.announcements.min_tricks);
}

void Narrator::card_points() {
  if (out.capot) {
    const bool own_capot = kind().given.has(KindKey::capot);
    // The capot's value replaces the points as played, which are said too (JSON: card_points_played).
    write(StepKind::card_points, FMT_COMPILE("{} took all {} tricks: capot, {} card points ({}; {} as played), {} 0."),
          name(*out.capot), rules.deck.hand_size, kind().capot_points, key_of(own_capot, "capot", "contract.capot"),
          deal.result.points[*out.capot], name(other(*out.capot)));
  } else if (kind().card_multiplier > 1) {
    write(StepKind::card_points,
          FMT_COMPILE("Card points, cards and last trick counted ×{} in {} ({}): NS {} ({} trick{}), "
                      "EW {} ({} trick{})."),
          kind().card_multiplier, kind().name, kind_key("card_multiplier"), out.card_points[Team::NS],
          deal.result.tricks[Team::NS], plural(deal.result.tricks[Team::NS]), out.card_points[Team::EW],
          deal.result.tricks[Team::EW], plural(deal.result.tricks[Team::EW]));
  } else {
    write(StepKind::card_points, FMT_COMPILE("Card points: NS {} ({} trick{}), EW {} ({} trick{})."), out.card_points[Team::NS],
          deal.result.tricks[Team::NS], plural(deal.result.tricks[Team::NS]), out.card_points[Team::EW],
          deal.result.tricks[Team::EW], plural(deal.result.tricks[Team::EW]));
  }
  roem();
}

// The roem each team won in its tricks, and the pit (the [roem] section).
void Narrator::roem() {
  if (!rules.roem.any()) return;
  const PerTeam<int>& tricks = deal.result.roem;
  put(FMT_COMPILE("Roem in the tricks each team won ([roem]): NS {}, EW {}"), tricks[Team::NS], tricks[Team::EW]);
  if (out.pit && out.capot) put(FMT_COMPILE("; {} took every trick: pit, {} roem more (roem.pit)"), name(*out.capot), rules.roem.pit);
  if (out.roem != tricks) put(FMT_COMPILE(": NS {}, EW {} in all"), out.roem[Team::NS], out.roem[Team::EW]);
  add(StepKind::card_points, ".");
}

std::vector<Step> explain(const Ruleset& rules, const Deal& deal, const Outcome& outcome, SuitStyle style) {
  StepBuffer buffer;
  explain_into(rules, deal, outcome, style, buffer);
  std::vector<Step> steps;
  steps.reserve(buffer.size());
  for (std::size_t i = 0; i < buffer.size(); ++i) steps.push_back({buffer.kind(i), std::string(buffer.text(i))});
  return steps;
}

void explain_into(const Ruleset& rules, const Deal& deal, const Outcome& outcome, SuitStyle style, StepBuffer& steps) {
  Narrator n(rules, deal, outcome, style, steps);
  if (outcome.is_void) {
    n.void_deal();
    n.held_over();
    return;
  }
  n.announcements();
  n.unsaid();
  n.belote();
  n.winner();
  n.trick_rule();
  n.tricks();
  n.card_points();
  n.contract();
  n.score();
}

}  // namespace belote
