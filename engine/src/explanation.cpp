#include "belote/explanation.h"

#include "belote/evaluator.h"

#include "contract_scoring.h"
#include "rounding.h"

#include <algorithm>
#include <iterator>
#include <fmt/compile.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

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
  if (a.carre) return fmt::format(FMT_COMPILE("carré of {}"), rules.deck.rank_name(a.top));
  const std::string kind = announcement_kind(rules, a);
  const std::string top = rules.deck.card_name(make_card(a.suit, a.top), style);
  if (a.length > rules.sequences.longest()) return fmt::format(FMT_COMPILE("{} of {} cards to {}"), kind, a.length, top);
  return fmt::format(FMT_COMPILE("{} to {}"), kind, top);
}

std::vector<Announcement> strongest_first(const SeatAnnouncements& announcements) {
  std::vector<Announcement> out(announcements.begin(), announcements.end());
  std::stable_sort(out.begin(), out.end(), [](const Announcement& a, const Announcement& b) { return a.key > b.key; });
  return out;
}

namespace {

struct Narrator {
  const Ruleset& rules;
  const Deal& deal;
  const Outcome& out;
  SuitStyle style;
  StepBuffer& steps;

  void add(StepKind kind, std::string_view text) {
    steps.text_under_way() += text;
    steps.end_step(kind);
  }
  /// A step's text, formatted by a format compiled with the program
  /// (FMT_COMPILE) into fmt's own buffer: the fastest way fmt has.
  template <class Format, class... Args>
  void write(StepKind kind, const Format& format, const Args&... args) {
    text.clear();
    fmt::format_to(fmt::appender(text), format, args...);
    add(kind, std::string_view(text.data(), text.size()));
  }
  fmt::basic_memory_buffer<char, 1024> text{};
  std::string cards(CardSet set) const { return rules.deck.cards_text(set, style); }
  std::string label(const Announcement& a) const { return announcement_label(rules, a, style); }

  const ContractKind& kind() const { return rules.kinds[deal.kind]; }
  /// "kinds.sans-atout.KEY" for a kind the ruleset names; `fallback` for its one implicit kind.
  std::string kind_key(std::string_view key, std::string_view fallback) const {
    return rules.kinds_named ? fmt::format(FMT_COMPILE("kinds.{}.{}"), kind().name, key) : std::string(fallback);
  }

  // The seat and announcement holding a team's strongest key in a contest.
  std::pair<Seat, Announcement> strongest(Team team, const ContestOutcome& contest) const {
    Seat seat = deal.first;
    for (int i = 0; i < 4; ++i, seat = next_in_play(seat)) {
      if (team_of(seat) != team) continue;
      for (const Announcement& a : out.announcements[seat])
        if (a.key == contest.best[team]) return {seat, a};
    }
    return {Seat::N, Announcement{}};
  }

  void void_deal() {
    write(StepKind::void_deal,
        FMT_COMPILE("{} holds the carré of {}, which annuls the deal under this ruleset (carres.void_deal): "
                    "nobody scores, and the cards are dealt again."),
                    name(out.void_seat), rules.deck.rank_name(out.void_rank));
  }

  void announcements() {
    bool any = false;
    for (Seat seat : kSeats) {
      const SeatAnnouncements& mine = out.announcements[seat];
      if (mine.empty()) continue;
      any = true;
      std::vector<std::string> parts;
      for (const Announcement& a : strongest_first(mine))
        parts.push_back(fmt::format(FMT_COMPILE("{} ({}) {}"), label(a), cards(a.cards()), a.points));
      write(StepKind::announcements, FMT_COMPILE("{} declares {}{}."), name(seat), fmt::join(parts, ", "),
                                               mine.count > 1 ? fmt::format(FMT_COMPILE(": {} in all"), mine.points) : "");
    }
    if (any || deal.form == DealForm::team_points) return;
    if (kind().declared == AnnouncementSet{})
      write(StepKind::announcements, FMT_COMPILE("No announcement is declared in {} ({} = \"none\")."), kind().name,
                                               kind_key("announcements", ""));
    else
      add(StepKind::announcements, "Nobody declares an announcement.");
  }

  void belote() {
    if (rules.belote.points == 0) return;  // a ruleset without a belote says nothing of it
    if (kind().belote == BeloteSuits::nowhere && rules.kinds_named) {
      write(StepKind::belote, FMT_COMPILE("There is no belote in {} ({} = \"nowhere\")."), kind().name, kind_key("belote", ""));
      return;
    }
    if (!out.belote_team && out.belote_points == PerTeam<int>{}) {
      add(StepKind::belote, "Nobody holds the belote.");
      return;
    }
    // Where the takers' belote goes when it does not stay theirs, said as the score step says it.
    const Team takers = team_of(deal.taker);
    std::string away;
    if (out.belote_points[takers] && out.contract == ContractResult::failed && rules.contract.failed_belote == Beneficiary::defenders)
      away = fmt::format(FMT_COMPILE("the failed takers give their belote to the defenders {} (contract.failed_belote)"), name(other(takers)));
    else if (out.belote_points[takers] && out.contract == ContractResult::litige)
      away = "the takers' belote is held over with their points in the litige (contract.on_tie)";
    const auto goes_to = [&](Team team) {
      return team == takers && !away.empty() ? "; " + away : fmt::format(FMT_COMPILE(" to {}, whatever happens to the announcements"), name(team));
    };
    if (out.belote_seat && kind().belote == BeloteSuits::trump_suit) {
      write(StepKind::belote, FMT_COMPILE("{} holds the belote ({}): {}{}."), name(*out.belote_seat),
                                        cards(suit_cards(rules.belote.ranks, deal.trump)), rules.belote.points,
                                        goes_to(*out.belote_team));
    } else if (out.belote_team && out.belote_points[other(*out.belote_team)] == 0 && !out.belote_seat) {
      write(StepKind::belote, FMT_COMPILE("{} hold the belote: {} points{}."), name(*out.belote_team), rules.belote.points,
                                        *out.belote_team == takers && !away.empty() ? "; " + away : "");
    } else {
      // Every suit holds a belote: each pair of the belote's cards in one hand counts.
      std::vector<std::string> parts;
      static constexpr std::array<std::string_view, kSuitCount + 1> counts{"", "one", "two", "three", "four"};
      for (Seat seat : kSeats)
        if (out.belotes[seat]) parts.push_back(fmt::format(FMT_COMPILE("{} {}"), name(seat), counts[std::min<std::size_t>(out.belotes[seat], kSuitCount)]));
      write(StepKind::belote, FMT_COMPILE("Belotes in every suit ({} = \"every-suit\"): {}; {} each: NS {}, EW {}{}{}."),
                                        kind_key("belote", ""), fmt::join(parts, ", "), rules.belote.points,
                                        out.belote_points[Team::NS], out.belote_points[Team::EW], away.empty() ? ", " : "; ",
                                        away.empty() ? "whatever happens to the announcements" : away);
    }
  }

  // "at equal points, ", "at equal category, length and height, ": the criteria
  // compared before `criterion`; nothing when it is the first.
  std::string at_equal(Criterion criterion) const {
    static constexpr std::array<std::string_view, 8> names{"category", "points", "kind", "kind", "length", "height",
                                                           "trump", "first speaker"};
    std::vector<std::string_view> before;
    for (Criterion c : rules.announcements.compare) {
      if (c == criterion) break;
      if (c != Criterion::kind && c != Criterion::sequence_first) before.push_back(names[std::size_t(c)]);
    }
    if (before.empty()) return "";
    const std::string_view last = before.back();
    before.pop_back();
    return before.empty() ? fmt::format(FMT_COMPILE("at equal {}, "), last) : fmt::format(FMT_COMPILE("at equal {} and {}, "), fmt::join(before, ", "), last);
  }

  bool compares(Criterion criterion) const {
    const auto& c = rules.announcements.compare;
    return std::find(c.begin(), c.end(), criterion) != c.end();
  }

  std::string why_stronger(const ContestOutcome& contest, Seat holder, const Announcement& win, const Announcement& lose) const {
    const std::string& key = rules.announcements.compare_key;
    if (!contest.deciding) return "";
    const Criterion deciding = *contest.deciding;
    const std::string basis = at_equal(deciding);
    switch (deciding) {
      case Criterion::category:
        return fmt::format(FMT_COMPILE("by category ({} ranks above {} in announcements.categories)"), announcement_kind(rules, win),
                           announcement_kind(rules, lose));
      case Criterion::points:
        return fmt::format(FMT_COMPILE("by points ({} against {}; {})"), win.points, lose.points, key);
      case Criterion::kind:
        return fmt::format(FMT_COMPILE("{}a carré beats a sequence ({})"), basis, key);
      case Criterion::sequence_first:
        return fmt::format(FMT_COMPILE("{}a sequence beats a carré ({})"), basis, key);
      case Criterion::length:
        return fmt::format(FMT_COMPILE("{}the longer sequence wins ({} cards against {}; {})"), basis, win.length, lose.length, key);
      case Criterion::height: {
        if (win.carre) {
          const bool own_order = rules.kinds_named && kind().carre_order != rules.carres.order;
          return fmt::format(FMT_COMPILE("carrés of equal worth: {} ranks above {} in {}"), rules.deck.rank_name(win.top),
                             rules.deck.rank_name(lose.top), own_order ? kind_key("carre_order", "") : "carres.order");
        }
        if (kind().sequence_order == SequenceOrder::reversed)
          return fmt::format(FMT_COMPILE("by height: the lower bottom card wins ({} against {}; {} = \"reversed\", {})"),
                             rules.deck.rank_name(win.low()), rules.deck.rank_name(lose.low()),
                             kind_key("sequence_order", ""), key);
        if (!compares(Criterion::length))
          return fmt::format(FMT_COMPILE("sequences compared by top card only ({} against {}; {})"), rules.deck.rank_name(win.top),
                             rules.deck.rank_name(lose.top), key);
        return fmt::format(FMT_COMPILE("by height: at equal length the higher top card wins ({} against {}; {})"),
                           rules.deck.rank_name(win.top), rules.deck.rank_name(lose.top), key);
      }
      case Criterion::trump:
        return fmt::format(FMT_COMPILE("by trumps: {}the sequence in trumps wins ({})"), basis, key);
      case Criterion::first_speaker:
        return fmt::format(FMT_COMPILE("equal by every other criterion, and {} speaks first ({})"), name(holder), key);
    }
    return "";
  }

  void winner() {
    if (out.win_reason == WinReason::given) {
      for (Team team : kTeams)
        if (deal.team_announcements[team] > 0)
          write(StepKind::winner, FMT_COMPILE("The sheet gives {} {} for announcements."), name(team), deal.team_announcements[team]);
      return;
    }
    const auto& contests = rules.announcements.contests;
    if (out.contest_count <= 1) {
      contest_winner(out.contests[0], "");
      return;
    }
    for (int c = 0; c < out.contest_count; ++c)
      contest_winner(out.contests[std::size_t(c)], fmt::format(FMT_COMPILE("Contest {} (announcements.contests): "), contests[std::size_t(c)].name));
  }

  void contest_winner(const ContestOutcome& contest, const std::string& prefix) {
    switch (contest.win_reason) {
      case WinReason::nobody_announced:
        add(StepKind::winner, prefix + (prefix.empty() ? "No announcement: nobody scores any." : "no announcement."));
        return;
      case WinReason::given:
        return;
      case WinReason::uncontested: {
        const auto [seat, a] = strongest(*contest.winner, contest);
        write(StepKind::winner, FMT_COMPILE("{}Only {} announce: their best is {}'s {}."), prefix, name(*contest.winner), name(seat), label(a));
        break;
      }
      case WinReason::stronger: {
        const auto [seat, a] = strongest(*contest.winner, contest);
        const auto [other_seat, b] = strongest(other(*contest.winner), contest);
        write(StepKind::winner, FMT_COMPILE("{}{} win the announcements: {}'s {} beats {}'s {}, {}."), prefix, name(*contest.winner),
                                          name(seat), label(a), name(other_seat), label(b), why_stronger(contest, seat, a, b));
        break;
      }
      case WinReason::tie_nobody:
      case WinReason::tie_both: {
        const auto [ns_seat, a] = strongest(Team::NS, contest);
        const auto [ew_seat, b] = strongest(Team::EW, contest);
        const bool both = contest.win_reason == WinReason::tie_both;
        // The presets compare length, height and trumps last: say so in those words.
        const bool preset = rules.announcements.compare_key.starts_with("announcements.strength");
        const std::string equal = preset ? std::string("same length and height, neither in trumps")
                                         : fmt::format(FMT_COMPILE("by every criterion of {}"), rules.announcements.compare_key);
        write(StepKind::winner, FMT_COMPILE("{}Exact tie: {}'s {} and {}'s {} are equal ({}); by "
                                          "announcements.exact_tie = {}, {}."),
                                          prefix, name(ns_seat), label(a), name(ew_seat), label(b), equal,
                                          both ? "both" : "nobody",
                                          both ? fmt::format(FMT_COMPILE("each team scores its own: NS {}, EW {}"), contest.scored[Team::NS],
                                                             contest.scored[Team::EW])
                                               : std::string("no team scores announcements"));
        return;
      }
      case WinReason::tie_first_speaker: {
        // strongest() looks in speaking order, so it finds the tied holder who speaks first.
        const auto [holder, a] = strongest(*contest.winner, contest);
        const auto [other_seat, b] = strongest(other(*contest.winner), contest);
        std::vector<std::string_view> order;
        for (Seat seat = deal.first; order.size() < kSeats.size(); seat = next_in_play(seat)) order.push_back(name(seat));
        write(StepKind::winner, FMT_COMPILE("{}Exact tie: {}'s {} and {}'s {} are equal; by announcements.exact_tie = "
                                          "first-speaker, the holder who speaks first wins. Speaking goes {}, so {} "
                                          "speaks before {}: {} win the announcements."),
                                          prefix, name(holder), label(a), name(other_seat), label(b),
                                          fmt::join(order, " → "), name(holder), name(other_seat), name(*contest.winner));
        break;
      }
    }
    const Team team = *contest.winner;
    const int index = int(&contest - out.contests.data());
    std::vector<std::string> parts;
    for (Seat seat : kSeats)
      if (team_of(seat) == team && out.announcements[seat].contest_points[std::size_t(index)] > 0)
        parts.push_back(fmt::format(FMT_COMPILE("{} {}"), name(seat), out.announcements[seat].contest_points[std::size_t(index)]));
    if (!contest.lost_to_trick_rule)
      write(StepKind::winner, FMT_COMPILE("{}{} score all their announcements: {}{}; {} score none of theirs."), prefix, name(team),
                                        fmt::join(parts, " + "),
                                        parts.size() > 1 ? fmt::format(FMT_COMPILE(" = {}"), contest.scored[team]) : "",
                                        name(other(team)));
  }

  void trick_rule() {
    for (int c = 0; c < out.contest_count; ++c) {
      const ContestOutcome& contest = out.contests[std::size_t(c)];
      if (contest.lost_to_trick_rule) lost_to_trick_rule(*contest.winner);
    }
  }

  void lost_to_trick_rule(Team team) {
    write(StepKind::trick_rule,
        FMT_COMPILE("{} took {} trick{}, fewer than the {} a team needs to score announcements (announcements.min_tricks): "
                    "their announcements go to nobody."),
                    name(team), deal.result.tricks[team], deal.result.tricks[team] == 1 ? "" : "s",
                    rules.announcements.min_tricks);
  }

  void card_points() {
    if (out.capot) {
      const bool own_capot = rules.kinds_named && kind().capot_points != rules.contract.capot_points;
      write(StepKind::card_points, FMT_COMPILE("{} took all {} tricks: capot, {} card points ({}), {} 0."),
                                             name(*out.capot), rules.deck.hand_size, kind().capot_points,
                                             own_capot ? kind_key("capot", "") : "contract.capot", name(other(*out.capot)));
    } else if (kind().card_multiplier > 1) {
      write(StepKind::card_points, FMT_COMPILE("Card points, cards and last trick counted ×{} in {} ({}): NS {} ({} tricks), "
                                             "EW {} ({} tricks)."),
                                             kind().card_multiplier, kind().name, kind_key("card_multiplier", ""),
                                             out.card_points[Team::NS], deal.result.tricks[Team::NS],
                                             out.card_points[Team::EW], deal.result.tricks[Team::EW]);
    } else {
      write(StepKind::card_points, FMT_COMPILE("Card points: NS {} ({} tricks), EW {} ({} tricks)."), out.card_points[Team::NS],
                                             deal.result.tricks[Team::NS], out.card_points[Team::EW],
                                             deal.result.tricks[Team::EW]);
    }
  }

  std::string bid_text() const {
    if (deal.named_bid >= 0) {
      const NamedBid& bid = rules.bids.named[std::size_t(deal.named_bid)];
      return fmt::format(FMT_COMPILE("{} ({})"), bid.name, bid.value);
    }
    return std::to_string(deal.bid);
  }

  void contract() {
    const Team takers = team_of(deal.taker);
    const Team defenders = other(takers);
    const ContractRules& c = rules.contract;
    if (out.contract == ContractResult::no_contract) {
      write(StepKind::contract, FMT_COMPILE("{} chose the trump (taker {}); there is no contract to make or fail "
                                          "(contract.test = none)."), name(takers), name(deal.taker));
      return;
    }
    std::string taken = fmt::format(FMT_COMPILE("{} took the contract (taker {})"), name(takers), name(deal.taker));
    if (rules.bids.any()) {
      taken += fmt::format(FMT_COMPILE(" at {}"), bid_text());
      if (kind().bid_multiplier > 1)
        taken += fmt::format(FMT_COMPILE(", worth {} in {} ({})"), out.contract_value, kind().name, kind_key("bid_multiplier", ""));
    }
    if (deal.doubling) {
      const DoublingLevel& level = rules.doubling[deal.doubling - 1u];
      taken += fmt::format(FMT_COMPILE(", {} ×{} (doubling.levels)"), level.name, level.factor);
    }
    if (deal.result.tricks[takers] < c.min_tricks) {
      write(StepKind::contract, FMT_COMPILE("{}. They took {} trick{}, fewer than the {} the takers need (contract.min_tricks): "
                                          "failed."),
                                          taken, deal.result.tricks[takers], deal.result.tricks[takers] == 1 ? "" : "s",
                                          c.min_tricks);
      return;
    }
    if (deal.named_bid >= 0) {
      const NamedBid& bid = rules.bids.named[std::size_t(deal.named_bid)];
      if (bid.needs != BidNeeds::points) {
        const bool alone = bid.needs == BidNeeds::taker_every_trick;
        write(StepKind::contract, FMT_COMPILE("{}. {} needs every trick {} (bids.named.{}.needs): {}, {}."), taken, bid.name,
                                            alone ? "to the taker alone" : "to the takers", bid.name,
                                            contract_name(out.contract),
                                            out.contract == ContractResult::made ? "they did" : "they did not");
        return;
      }
    }
    std::vector<std::string_view> basis{"card points"};
    if (c.counts_announcements) basis.push_back("announcements");
    if (c.counts_belote) basis.push_back("belote");
    const std::string on = fmt::format(FMT_COMPILE("On {} (contract.basis)"), fmt::join(basis, " + "));
    const int mine = out.contract_totals[takers];
    const int theirs = out.contract_totals[defenders];
    switch (c.test) {
      case ContractTest::more_than_defenders: {
        std::string verdict;
        if (!out.contract_tied) {
          verdict = out.contract == ContractResult::made ? "made: more than the defenders" : "failed: less than the defenders";
        } else if (out.contract == ContractResult::litige) {
          verdict = "an exact tie: litige (contract.on_tie)";
        } else {
          verdict = fmt::format(FMT_COMPILE("an exact tie, which counts as {} (contract.on_tie)"), contract_name(out.contract));
        }
        write(StepKind::contract, FMT_COMPILE("{}. {}: {} {} against {} {}, {}."), taken, on, name(takers), mine,
                                            name(defenders), theirs, verdict);
        break;
      }
      case ContractTest::reach_bid:
        write(StepKind::contract, FMT_COMPILE("{}. {}: {} {} against the bid {}, {} (contract.test = reach-bid)."), taken, on,
                                            name(takers), mine, deal.bid,
                                            out.contract == ContractResult::made ? "made: at least the bid" : "failed: short of the bid");
        break;
      case ContractTest::reach_bid_not_below_defenders:
        write(StepKind::contract,
            FMT_COMPILE("{}. {}: {} {} against the bid {} and {} {}, {} (contract.test = reach-bid-not-below-defenders)."), taken,
                        on, name(takers), mine, deal.bid, name(defenders), theirs,
                        out.contract == ContractResult::made ? "made: at least the bid, and not below the defenders"
                        : mine < deal.bid                    ? "failed: short of the bid"
                                                             : "failed: below the defenders");
        break;
      case ContractTest::none:
        break;
    }
  }

  void classic_score() {
    const Team takers = team_of(deal.taker);
    const Team defenders = other(takers);
    // "71 + 20 belote = 91", or just "81" when there is nothing to add.
    const auto sum = [&](Team team, int) {
      const int total = out.card_points[team] + out.scored_announcements[team] + out.belote_points[team];
      std::vector<std::string> parts{std::to_string(out.card_points[team])};
      if (out.scored_announcements[team]) parts.push_back(fmt::format(FMT_COMPILE("{} announcements"), out.scored_announcements[team]));
      if (out.belote_points[team]) parts.push_back(fmt::format(FMT_COMPILE("{} belote"), out.belote_points[team]));
      return parts.size() == 1 ? parts[0] : fmt::format(FMT_COMPILE("{} = {}"), fmt::join(parts, " + "), total);
    };
    switch (out.contract) {
      case ContractResult::no_contract:
      case ContractResult::made:
        write(StepKind::score, FMT_COMPILE("Each team scores its own: NS {}, EW {}."), sum(Team::NS, out.score[Team::NS]),
                                         sum(Team::EW, out.score[Team::EW]));
        break;
      case ContractResult::failed: {
        std::string text = fmt::format(FMT_COMPILE("The defenders {} score all the card points ({})"), name(defenders),
                                       failed_card_points(rules, deal));
        if (out.scored_announcements[defenders]) text += fmt::format(FMT_COMPILE(" + their announcements {}"), out.scored_announcements[defenders]);
        if (out.belote_points[defenders]) text += fmt::format(FMT_COMPILE(" + their belote {}"), out.belote_points[defenders]);
        text += ".";
        const auto share = [&](int points, Beneficiary who, std::string_view what, std::string_view key) {
          if (!points) return;
          text += who == Beneficiary::takers ? fmt::format(FMT_COMPILE(" The takers keep their {} ({}; {})."), what, points, key)
                                             : fmt::format(FMT_COMPILE(" The takers' {} ({}) go to the defenders ({})."), what, points, key);
        };
        share(out.scored_announcements[takers], rules.contract.failed_announcements, "announcements", "contract.failed_announcements");
        share(out.belote_points[takers], rules.contract.failed_belote, "belote", "contract.failed_belote");
        add(StepKind::score, text + fmt::format(FMT_COMPILE(" NS {}, EW {}."), out.score[Team::NS], out.score[Team::EW]));
        break;
      }
      case ContractResult::litige:
        write(StepKind::score, FMT_COMPILE("Litige: the defenders {} score {} now; the takers' points ({}) are held over "
                                         "for the winner of the next mène."),
                                         name(defenders), out.score[defenders], sum(takers, out.suspended));
        break;
      case ContractResult::none:
        break;
    }
  }

  std::string term_text(const ScoringTerm& term, Team side) const {
    using W = ScoringTerm::What;
    const int value = term_value(term, side, out, deal, rules) / (term.times_factor ? out.factor : 1);
    switch (term.what) {
      case W::own: return fmt::format(FMT_COMPILE("their total {}"), value);
      case W::own_cards: return fmt::format(FMT_COMPILE("their card points {}"), value);
      case W::own_announcements: return fmt::format(FMT_COMPILE("their announcements {}"), value);
      case W::own_belote: return fmt::format(FMT_COMPILE("their belote {}"), value);
      case W::all: return fmt::format(FMT_COMPILE("both teams' totals {}"), value);
      case W::all_cards: return fmt::format(FMT_COMPILE("all the card points {}"), value);
      case W::all_announcements: return fmt::format(FMT_COMPILE("every scored announcement {}"), value);
      case W::all_belote: return fmt::format(FMT_COMPILE("every belote {}"), value);
      case W::bid: return fmt::format(FMT_COMPILE("the contract {}"), value);
      case W::fixed: return out.capot == side && term.capot >= 0 ? fmt::format(FMT_COMPILE("{} (capot)"), value) : std::to_string(value);
    }
    return "";
  }

  // "their total 102 + the contract 100 = 202", a times_factor group in parentheses.
  std::string terms_text(const std::vector<ScoringTerm>& terms, Team side, int total) const {
    if (terms.empty()) return "nothing";
    std::vector<std::string> plain, doubled;
    // Terms worth nothing are left out (a belote nobody holds), unless nothing else is written.
    for (const ScoringTerm& term : terms)
      if (term_value(term, side, out, deal, rules) != 0) (term.times_factor ? doubled : plain).push_back(term_text(term, side));
    if (plain.empty() && doubled.empty()) return "nothing";
    if (!doubled.empty())
      plain.push_back(fmt::format(FMT_COMPILE("({}) × {}"), fmt::join(doubled, " + "), out.factor));
    const std::string sum = fmt::format(FMT_COMPILE("{}"), fmt::join(plain, " + "));
    return plain.size() == 1 && doubled.empty() ? sum : fmt::format(FMT_COMPILE("{} = {}"), sum, total);
  }

  void score() {
    const ScoredResult result = scored_result(out.contract, out.factor > 1);
    const ResultScoring& terms = rules.scoring.of(result);
    if (!rules.scoring.given[std::size_t(result)]) {
      classic_score();
    } else {
      static constexpr std::array<std::string_view, kScoredResults> names{"made", "failed", "tied",
                                                                          "made-doubled", "failed-doubled", "tied-doubled"};
      const std::string_view table = names[std::size_t(result)];
      const Team takers = team_of(deal.taker);
      const Team defenders = other(takers);
      const int multiplier = kind().score_multiplier;
      std::string text = fmt::format(FMT_COMPILE("The takers {} write {} (scoring.{}.takers); the defenders {} write {} (scoring.{}.defenders)."),
                                     name(takers), terms_text(terms.takers, takers, out.written_raw[takers] / multiplier), table,
                                     name(defenders), terms_text(terms.defenders, defenders, out.written_raw[defenders] / multiplier),
                                     table);
      if (out.contract == ContractResult::litige)
        text += fmt::format(FMT_COMPILE(" Held over: {} (scoring.{}.held)."), terms_text(terms.held, takers, out.held_raw / multiplier), table);
      add(StepKind::score, text);
    }
    if (kind().score_multiplier > 1)
      write(StepKind::score, FMT_COMPILE("{} counts ×{} ({}): NS {}, EW {}{}."), kind().name, kind().score_multiplier,
                                       kind_key("score_multiplier", ""), out.written_raw[Team::NS], out.written_raw[Team::EW],
                                       out.held_raw ? fmt::format(FMT_COMPILE(", held over {}"), out.held_raw) : "");
    rounding();
    held_over();
  }

  void rounding() {
    const RoundingRules& r = rules.rounding;
    if (r.step > 1 && (out.rounded != out.written_raw || out.held_rounded != out.held_raw)) {
      std::vector<std::string> moves;
      for (Team team : kTeams)
        if (out.rounded[team] != out.written_raw[team])
          moves.push_back(fmt::format(FMT_COMPILE("{} {} → {}"), name(team), out.written_raw[team], out.rounded[team]));
      if (out.held_rounded != out.held_raw) moves.push_back(fmt::format(FMT_COMPILE("held over {} → {}"), out.held_raw, out.held_rounded));
      const bool own_threshold = kind().rounding_up_from != r.up_from;
      const std::string threshold = fmt::format("{} up ({})", kind().rounding_up_from,
                                                own_threshold ? kind_key("rounding_up_from", "") : "rounding.up_from");
      const Amounts path = round_amounts(r, kind().rounding_up_from, Amounts{out.written_raw[team_of(deal.taker)],
                                                                             out.written_raw[other(team_of(deal.taker))], out.held_raw});
      std::string how;
      switch (path.path) {
        case RoundingPath::each: how = fmt::format("each side on its own, {}", threshold); break;
        case RoundingPath::lone: how = fmt::format("written alone, to the nearest {} ({} up, rounding.up_from)", r.step, r.up_from); break;
        case RoundingPath::equal: how = fmt::format("equal amounts, each on its own (rounding.sides = leader), {}", threshold); break;
        case RoundingPath::leader:
        case RoundingPath::leader_kept_nonzero:
          how = fmt::format("the leader rounds {}, the other takes the rest of the deal's total rounded to the nearest {} "
                            "(rounding.sides = leader){}",
                            threshold, r.step,
                            path.path == RoundingPath::leader_kept_nonzero
                                ? fmt::format(", never to nothing: one {} from the leader (rounding.keep_nonzero)", r.step)
                                : "");
          break;
      }
      write(StepKind::score, FMT_COMPILE("Rounded to a multiple of {} (rounding.step), {}: {}."), r.step, how, fmt::join(moves, ", "));
    }
    if (r.unit > 1)
      write(StepKind::score, FMT_COMPILE("The sheet counts in units of {} (rounding.unit): NS {}, EW {}{}."), r.unit,
                                       out.rounded[Team::NS] / r.unit, out.rounded[Team::EW] / r.unit,
                                       out.held_rounded ? fmt::format(FMT_COMPILE(", held over {}"), out.held_rounded / r.unit) : "");
    if (out.factor > 1 && kind().doubled_even) {
      for (Team team : kTeams) {
        const int before = out.rounded[team] / r.unit;
        const int after = out.score[team] - (out.held_to == team ? out.held_in : 0);
        if (before != after)
          write(StepKind::score, FMT_COMPILE("A doubled deal is written as an even number ({} = \"{}\"): {} {} → {}."),
                                           kind_key("doubled_even", ""), kind().doubled_even > 0 ? "up" : "down", name(team),
                                           before, after);
      }
    }
  }

  void held_over() {
    if (out.held_in == 0) return;
    if (out.held_to)
      write(StepKind::score, FMT_COMPILE("The {} points held over from earlier deals go to {} (contract.held_over_to): NS {}, EW {}."),
                                       out.held_in, name(*out.held_to), out.score[Team::NS], out.score[Team::EW]);
    else
      write(StepKind::score, FMT_COMPILE("The {} points held over from earlier deals wait again, with this deal's: {} held over."),
                                       out.held_in, out.suspended);
  }
};

}  // namespace

std::vector<Step> explain(const Ruleset& rules, const Deal& deal, const Outcome& outcome, SuitStyle style) {
  StepBuffer buffer;
  explain_into(rules, deal, outcome, style, buffer);
  std::vector<Step> steps;
  steps.reserve(buffer.size());
  for (std::size_t i = 0; i < buffer.size(); ++i) steps.push_back({buffer.kind(i), std::string(buffer.text(i))});
  return steps;
}

void explain_into(const Ruleset& rules, const Deal& deal, const Outcome& outcome, SuitStyle style, StepBuffer& steps) {
  Narrator n{rules, deal, outcome, style, steps};
  if (outcome.is_void) {
    n.void_deal();
    return;
  }
  n.announcements();
  n.belote();
  n.winner();
  n.trick_rule();
  n.card_points();
  n.contract();
  n.score();
}

}  // namespace belote
