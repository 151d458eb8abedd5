// Every number an explanation states follows from the outcome: over every
// shipped ruleset and random deals of every form (hands, declared, team
// points; every kind, bid, doubling and held-over amount), each sum, product
// and rounding a step writes is recomputed, each figure a team is said to
// write is followed through the multiplier, rounding, units and held-over
// points, and the last figures are the score.
#include <fmt/format.h>

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <map>
#include <optional>
#include <regex>

#include "deal_lines.h"
#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_explanation_numbers)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

const std::uint64_t kDeals = scaled(2'000);
constexpr std::uint64_t kSeed = 20261201;

// ---- Arithmetic as the explanation writes it: "their total 102 + the contract 100",
// "(both teams' totals 262) × 4", "NS 81 + 20 belote". Words are skipped.

struct Token {
  char op;  // 'n' number, '+', 'x' (×), '(', ')'
  long value = 0;
};

bool is_word_byte(char c) { return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80 || c == '_' || c == '.'; }

// The numbers and operators of `text`; a number glued to a letter or a suit
// symbol ("10♥", "×2") is a card or a name, not an amount, except after ×.
std::vector<Token> tokens_of(std::string_view text) {
  std::vector<Token> out;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (text.substr(i).starts_with("×")) {
      out.push_back({'x'});
      i += std::string_view("×").size();
      continue;
    }
    if (c == '+' || c == '(' || c == ')') {
      out.push_back({c});
      ++i;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t end = i;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      const bool glued_after = end < text.size() && is_word_byte(text[end]) && text[end] != '.';
      const bool glued_before = i > 0 && is_word_byte(text[i - 1]);
      if (!glued_after && !glued_before) out.push_back({'n', std::stol(std::string(text.substr(i, end - i)))});
      i = end;
      continue;
    }
    ++i;
  }
  return out;
}

// expr = term { + term }; term = factor { × factor }; factor = number | ( expr ) | ( ).
struct Evaluator {
  const std::vector<Token>& t;
  std::size_t at = 0;
  bool bad = false;
  std::optional<long> factor() {
    if (at >= t.size()) return bad = true, std::nullopt;
    if (t[at].op == 'n') return t[at++].value;
    if (t[at].op == '(') {
      ++at;
      if (at < t.size() && t[at].op == ')') return ++at, std::nullopt;  // words in parentheses: "(capot)"
      const auto value = expr();
      if (at < t.size() && t[at].op == ')') ++at; else bad = true;
      return value;
    }
    bad = true;
    return std::nullopt;
  }
  std::optional<long> term() {
    auto value = factor();
    while (at < t.size() && t[at].op == 'x') {
      ++at;
      const auto by = factor();
      if (!value || !by) return bad = true, std::nullopt;
      value = *value * *by;
    }
    while (at < t.size() && t[at].op == '(' && at + 1 < t.size() && t[at + 1].op == ')') at += 2;
    return value;
  }
  std::optional<long> expr() {
    std::optional<long> value = term();
    while (at < t.size() && t[at].op == '+') {
      ++at;
      const auto more = term();
      if (!more) return bad = true, std::nullopt;
      value = value.value_or(0) + *more;
    }
    return value;
  }
};

std::optional<long> evaluate_text(std::string_view text) {
  const std::vector<Token> tokens = tokens_of(text);
  if (tokens.empty()) return std::nullopt;
  Evaluator e{tokens};
  const auto value = e.expr();
  if (e.bad || e.at != tokens.size()) return std::nullopt;
  return value;
}

// The clause an "= N" closes: back to the last ':', ';' or ',' outside parentheses.
std::string_view clause_before(std::string_view text, std::size_t equals) {
  int depth = 0;
  std::size_t i = equals;
  while (i > 0) {
    const char c = text[i - 1];
    if (c == ')') ++depth;
    else if (c == '(') {
      if (depth == 0) break;
      --depth;
    } else if (depth == 0 && (c == ':' || c == ';' || c == ',')) break;
    else if (depth == 0 && c == '.' && i < text.size() && text[i] == ' ') break;
    --i;
  }
  return text.substr(i, equals - i);
}

// ---- What a checker found.

struct Findings {
  std::vector<std::string> problems;
  template <class... Args>
  void add(fmt::format_string<Args...> format, Args&&... args) {
    problems.push_back(fmt::format(format, std::forward<Args>(args)...));
  }
};

int team_index(std::string_view name) { return name == "NS" ? 0 : 1; }

// Each "… = N" adds up.
void check_sums(std::string_view text, Findings& f) {
  for (std::size_t at = text.find(" = "); at != std::string_view::npos; at = text.find(" = ", at + 1)) {
    const std::string_view rest = text.substr(at + 3);
    std::size_t digits = 0;
    while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
    if (digits == 0) continue;
    const long stated = std::stol(std::string(rest.substr(0, digits)));
    const std::string_view clause = clause_before(text, at);
    const auto value = evaluate_text(clause);
    if (!value) f.add("cannot read the sum '{}= {}'", clause, stated);
    else if (*value != stated) f.add("'{}= {}' adds up to {}", clause, stated, *value);
  }
}

// "tierce to K♥ (J♥ Q♥ K♥) 20, quarte to 9♠ (…) 50: 70 in all".
void check_declared_in_all(std::string_view text, Findings& f) {
  static const std::regex in_all(R"(: (\d+) in all)");
  std::cmatch m;
  if (!std::regex_search(text.begin(), text.end(), m, in_all)) return;
  static const std::regex each(R"(\) (\d+))");
  long sum = 0;
  const std::string_view head = text.substr(0, std::size_t(m.position(0)));
  for (std::cregex_iterator it(head.begin(), head.end(), each), end; it != end; ++it) sum += std::stol((*it)[1]);
  if (sum != std::stol(m[1])) f.add("the announcements add up to {}, not {} in all", sum, m[1].str());
}

// The figures each team is said to write, followed from step to step.
struct Figures {
  std::array<std::optional<long>, 2> team;
  std::optional<long> held;
  bool started = false;
};

std::optional<long> value_of(std::string_view words) {
  if (words == "nothing") return 0;
  const std::size_t equals = words.rfind(" = ");
  if (equals != std::string_view::npos) return std::stol(std::string(words.substr(equals + 3)));
  return evaluate_text(words);
}

void check_score_step(const Ruleset& rules, const Deal& deal, const Outcome& out, std::string_view text, Figures& fig,
                      Findings& f) {
  const Team takers = team_of(deal.taker);
  const int tk = int(takers);
  const int df = 1 - tk;
  std::cmatch m;
  const std::string s(text);
  static const std::regex given(
      R"(^The takers (NS|EW) write (.*?) \(scoring\.([a-z-]+)\.takers\); the defenders (NS|EW) write (.*?) \(scoring\.[a-z-]+\.defenders\)\.(?: Held over: (.*?) \(scoring\.[a-z-]+\.held\)\.)?$)");
  static const std::regex each(R"(^Each team scores its own: NS (.*), EW (.*)\.$)");
  static const std::regex failed(R"(^The defenders (NS|EW) score all the card points(.*)\. NS (\d+), EW (\d+)\.$)");
  static const std::regex litige(R"(^Litige: the defenders (NS|EW) score (\d+) now; the takers' points \((.*)\) are held over)");
  static const std::regex multiplier(R"(counts ×(\d+) \([^)]*\): NS (\d+), EW (\d+)(?:, held over (\d+))?\.$)");
  static const std::regex rounded(R"(^Rounded to a multiple of (\d+) \(rounding\.step\), .*?: (.*)\.$)");
  static const std::regex units(R"(^The sheet counts in units of (\d+) \(rounding\.unit\): NS (\d+), EW (\d+)(?:, held over (\d+))?\.$)");
  static const std::regex even(R"(^A doubled deal is written as an even number .*: (NS|EW) (\d+) → (\d+)\.$)");
  static const std::regex held_to(R"(^The (\d+) .*held over from earlier deals go to (NS|EW) \(contract\.held_over_to\): NS (\d+), EW (\d+)\.$)");
  static const std::regex held_again(R"(^The (\d+) .*held over from earlier deals wait again, with this deal's: (\d+) held over\.$)");

  const int multiplier_of_kind = rules.kinds[deal.kind].score_multiplier;
  if (!fig.started) {
    fig.started = true;
    fig.held = 0;
    if (std::regex_match(s.c_str(), m, given)) {
      const auto mine = value_of(m[2].str());
      const auto theirs = value_of(m[5].str());
      if (!mine || !theirs) return f.add("cannot read what the teams write in '{}'", text);
      fig.team[tk] = *mine;
      fig.team[df] = *theirs;
      if (m[6].matched) {
        const auto held = value_of(m[6].str());
        if (!held) return f.add("cannot read what is held over in '{}'", text);
        fig.held = *held;
      }
    } else if (std::regex_match(s.c_str(), m, each)) {
      fig.team[0] = value_of(m[1].str());
      fig.team[1] = value_of(m[2].str());
    } else if (std::regex_match(s.c_str(), m, failed)) {
      // The defenders' part, what the takers give them, and what the takers keep.
      long defenders = evaluate_text(m[2].str().substr(0, m[2].str().find('.'))).value_or(-1);
      long kept = 0;
      static const std::regex go(R"(The takers' \w+ \((\d+)\) go to the defenders)");
      static const std::regex keep(R"(The takers keep their \w+ \((\d+);)");
      for (std::sregex_iterator it(s.begin(), s.end(), go), end; it != end; ++it) defenders += std::stol((*it)[1]);
      for (std::sregex_iterator it(s.begin(), s.end(), keep), end; it != end; ++it) kept += std::stol((*it)[1]);
      fig.team[0] = std::stol(m[3]);
      fig.team[1] = std::stol(m[4]);
      if (*fig.team[df] != defenders) f.add("the defenders are said to score {} in all, then to write {}", defenders, *fig.team[df]);
      if (*fig.team[tk] != kept) f.add("the takers are said to keep {}, then to write {}", kept, *fig.team[tk]);
    } else if (std::regex_search(s.c_str(), m, litige)) {
      fig.team[df] = std::stol(m[2]);
      fig.team[tk] = 0;
      fig.held = value_of(m[3].str());
    } else {
      return f.add("the first score step says nothing of what the teams write: '{}'", text);
    }
    for (Team team : kTeams)
      if (!fig.team[int(team)] || *fig.team[int(team)] * multiplier_of_kind != out.written_raw[team])
        f.add("{} is said to write {}, the outcome has {} before ×{}", name(team), fig.team[int(team)].value_or(-1),
              out.written_raw[team], multiplier_of_kind);
    if (fig.held.value_or(-1) * multiplier_of_kind != out.held_raw)
      f.add("{} is said to be held over, the outcome has {}", fig.held.value_or(-1), out.held_raw);
    return;
  }
  if (std::regex_search(s.c_str(), m, multiplier)) {
    const long by = std::stol(m[1]);
    for (int t = 0; t < 2; ++t)
      if (std::stol(m[2 + t]) != fig.team[t].value_or(-1) * by)
        f.add("×{} makes {} of {}", by, m[2 + t].str(), fig.team[t].value_or(-1));
    fig.team = {std::stol(m[2]), std::stol(m[3])};
    if (m[4].matched) fig.held = std::stol(m[4]);
  } else if (std::regex_match(s.c_str(), m, rounded)) {
    const long step = std::stol(m[1]);
    static const std::regex change(R"((NS|EW|held over) (\d+) → (\d+))");
    const std::string changes = m[2].str();
    for (std::sregex_iterator it(changes.begin(), changes.end(), change), end; it != end; ++it) {
      const std::string who = (*it)[1];
      const long from = std::stol((*it)[2]), to = std::stol((*it)[3]);
      std::optional<long>& figure = who == "held over" ? fig.held : fig.team[team_index(who)];
      if (figure != from) f.add("{} is rounded from {}, but it was {}", who, from, figure.value_or(-1));
      if (to % step != 0 || std::abs(to - from) >= step) f.add("{} → {} is no rounding to {}", from, to, step);
      figure = to;
    }
  } else if (std::regex_match(s.c_str(), m, units)) {
    const long unit = std::stol(m[1]);
    for (int t = 0; t < 2; ++t)
      if (std::stol(m[2 + t]) * unit != fig.team[t].value_or(-1))
        f.add("{} units of {} are not {}", m[2 + t].str(), unit, fig.team[t].value_or(-1));
    fig.team = {std::stol(m[2]), std::stol(m[3])};
    if (m[4].matched) {
      if (std::stol(m[4]) * unit != fig.held.value_or(-1)) f.add("{} units held over are not {}", m[4].str(), fig.held.value_or(-1));
      fig.held = std::stol(m[4]);
    } else if (fig.held.value_or(0) != 0) {
      fig.held = fig.held.value_or(0) / unit;
    }
  } else if (std::regex_match(s.c_str(), m, even)) {
    const int t = team_index(m[1].str());
    const long from = std::stol(m[2]), to = std::stol(m[3]);
    if (fig.team[t] != from) f.add("{} is made even from {}, but it was {}", m[1].str(), from, fig.team[t].value_or(-1));
    if (std::abs(to - from) != 1 || to % 2 != 0) f.add("{} → {} is not made even", from, to);
    fig.team[t] = to;
  } else if (std::regex_match(s.c_str(), m, held_to)) {
    const long in = std::stol(m[1]);
    if (in != deal.held_over) f.add("{} said held over, the deal has {}", in, deal.held_over);
    const int to = team_index(m[2].str());
    for (int t = 0; t < 2; ++t) {
      const long expected = fig.team[t].value_or(-1) + (t == to ? in : 0);
      if (std::stol(m[3 + t]) != expected) f.add("with what was held over, {} should be {}, not {}", t ? "EW" : "NS", expected, m[3 + t].str());
    }
    fig.team = {std::stol(m[3]), std::stol(m[4])};
  } else if (std::regex_match(s.c_str(), m, held_again)) {
    const long in = std::stol(m[1]);
    if (in != deal.held_over) f.add("{} said held over, the deal has {}", in, deal.held_over);
    if (std::stol(m[2]) != fig.held.value_or(0) + in) f.add("{} + {} held over are not {}", fig.held.value_or(0), in, m[2].str());
    fig.held = std::stol(m[2]);
  } else {
    f.add("a score step the check cannot follow: '{}'", text);
  }
}

// Words that contradict the numbers beside them.
void check_words(const Ruleset& rules, std::string_view text, Findings& f) {
  static const std::regex one_plural(R"((^|[^0-9])1 (tricks|points|cards|units)\b)");
  static const std::regex times_one(R"(× 1([^0-9]|$))");
  const std::string s(text);
  if (std::regex_search(s, one_plural)) f.add("a plural after 1: '{}'", text);
  if (std::regex_search(s, times_one)) f.add("a product by 1: '{}'", text);
  if (rules.rounding.unit > 1 && s.find("points held over") != std::string::npos)
    f.add("held-over units of {} called points: '{}'", rules.rounding.unit, text);
}

// The step in which `seat` declares, or "".
std::string declaring_step(const std::vector<Step>& steps, Seat seat) {
  const std::string start = fmt::format("{} declares ", name(seat));
  for (const Step& step : steps)
    if (step.kind == StepKind::announcements && step.text.starts_with(start)) return step.text;
  return "";
}

// No declared card vanishes from the words: every announcement declared at the
// table is named with its cards (those worth nothing too), and every card of a
// run that splitting shortened is named.
void check_cards_named(const Ruleset& rules, const Deal& deal, const Outcome& out, const std::vector<Step>& steps, Findings& f) {
  if (out.is_void) return;
  for (Seat seat : kSeats) {
    const std::string step = declaring_step(steps, seat);
    if (deal.form == DealForm::declared) {
      for (const Announcement& a : deal.declared[seat])
        if (step.find(rules.deck.cards_text(a.cards())) == std::string::npos)
          f.add("{} declares {} and the explanation does not say so", name(seat), rules.deck.cards_text(a.cards()));
    }
    if (deal.form != DealForm::hands || !rules.sequences.split_long_runs) continue;
    CardSet declared = 0, in_carres = 0;
    for (const Announcement& a : out.announcements[seat]) {
      declared |= a.cards();
      if (a.carre) in_carres |= a.cards();
    }
    const CardSet hand = deal.hands[seat] & (rules.announcements.card_reuse ? ~CardSet{0} : ~in_carres);
    for (Suit suit = 0; suit < kSuitCount; ++suit) {
      const RankMask ranks = suit_ranks(hand, suit);
      for (int low = 0; low < rules.deck.rank_count(); ++low) {
        if (!(ranks >> low & 1) || (low > 0 && (ranks >> (low - 1) & 1))) continue;
        int length = 0;
        while (ranks >> (low + length) & 1) ++length;
        const CardSet run = suit_cards(RankMask(((1u << length) - 1u) << low), suit);
        if (length <= rules.sequences.longest() || !(run & declared)) continue;
        for (CardSet cards = run; cards;) {
          const std::string card = rules.deck.card_name(pop_lowest(cards));
          if (step.find(card) == std::string::npos)
            f.add("{} holds {} in a run of {} and the explanation does not name it", name(seat), card, length);
        }
      }
    }
  }
}

Findings check(const Ruleset& rules, const Deal& deal, const Outcome& out, const std::vector<Step>& steps) {
  Findings f;
  check_cards_named(rules, deal, out, steps, f);
  Figures fig;
  for (const Step& step : steps) {
    check_sums(step.text, f);
    check_words(rules, step.text, f);
    std::cmatch m;
    switch (step.kind) {
      case StepKind::announcements: check_declared_in_all(step.text, f); break;
      case StepKind::card_points: {
        static const std::regex points(R"(NS (\d+) \((\d+) tricks?\), EW (\d+) \((\d+) tricks?\))");
        static const std::regex capot(R"(^(NS|EW) took all (\d+) tricks: capot, (\d+) card points .*, (NS|EW) 0\.$)");
        static const std::regex roem(
            R"(^Roem in the tricks each team won \(\[roem\]\): NS (\d+), EW (\d+)(; (?:NS|EW) took every trick: pit, (\d+) roem more \(roem\.pit\))?(?:: NS (\d+), EW (\d+) in all)?\.$)");
        if (std::regex_search(step.text.c_str(), m, points)) {
          for (Team team : kTeams)
            if (std::stol(m[1 + 2 * int(team)]) != out.card_points[team] || std::stol(m[2 + 2 * int(team)]) != deal.result.tricks[team])
              f.add("card points of {} said {} ({} tricks), the outcome has {} ({})", name(team), m[1 + 2 * int(team)].str(),
                    m[2 + 2 * int(team)].str(), out.card_points[team], deal.result.tricks[team]);
        } else if (std::regex_match(step.text.c_str(), m, roem)) {
          // The tricks' roem, then the pit and the totals when there is one.
          for (Team team : kTeams) {
            if (std::stol(m[1 + int(team)]) != deal.result.roem[team])
              f.add("roem of {}'s tricks said {}, the deal has {}", name(team), m[1 + int(team)].str(), deal.result.roem[team]);
            const long total = m[5].matched ? std::stol(m[5 + int(team)]) : std::stol(m[1 + int(team)]);
            if (total != out.roem[team]) f.add("roem of {} said {} in all, the outcome has {}", name(team), total, out.roem[team]);
          }
          if (m[3].matched != out.pit || (out.pit && std::stol(m[4]) != rules.roem.pit))
            f.add("the pit is {} said, the outcome {}", m[3].matched ? "" : "not", out.pit ? "has it" : "has none");
        } else if (std::regex_match(step.text.c_str(), m, capot)) {
          const Team team = m[1].str() == "NS" ? Team::NS : Team::EW;
          if (out.capot != team || std::stol(m[3]) != out.card_points[team] || out.card_points[other(team)] != 0)
            f.add("capot said for {} with {}, the outcome differs", m[1].str(), m[3].str());
        } else {
          f.add("card points step the check cannot read: '{}'", step.text);
        }
        break;
      }
      case StepKind::contract: {
        static const std::regex totals(R"(: (NS|EW) (-?\d+) against (NS|EW) (-?\d+), )");
        if (std::regex_search(step.text.c_str(), m, totals)) {
          for (int i : {1, 3}) {
            const Team team = m[i].str() == "NS" ? Team::NS : Team::EW;
            if (std::stol(m[i + 1]) != out.contract_totals[team])
              f.add("the contract compares {} {}, the outcome has {}", m[i].str(), m[i + 1].str(), out.contract_totals[team]);
          }
        }
        break;
      }
      case StepKind::belote: {
        static const std::regex each(R"((\d+) each: NS (\d+), EW (\d+))");
        if (std::regex_search(step.text.c_str(), m, each))
          for (Team team : kTeams)
            if (std::stol(m[2 + int(team)]) != out.belote_points[team])
              f.add("belotes of {} said {}, the outcome has {}", name(team), m[2 + int(team)].str(), out.belote_points[team]);
        break;
      }
      case StepKind::score: check_score_step(rules, deal, out, step.text, fig, f); break;
      default: break;
    }
  }
  if (!out.is_void) {
    if (!fig.started) f.add("no step says what the teams write");
    for (Team team : kTeams)
      if (fig.team[int(team)] != out.score[team])
        f.add("the explanation ends with {} {}, the score is {}", name(team), fig.team[int(team)].value_or(-1), out.score[team]);
    if (fig.held.value_or(0) != out.suspended)
      f.add("the explanation ends with {} held over, the outcome holds {}", fig.held.value_or(0), out.suspended);
  }
  return f;
}

// A declared deal where a seat also declares a carré the ruleset values at
// nothing (four 8s in some rulesets), as a table may write it down: a carré of
// a rank nobody declared, the deal's cards otherwise unchanged.
void with_worthless_carre(const Ruleset& rules, Deal& deal, std::uint64_t index) {
  if (deal.form != DealForm::declared) return;
  const KindTables& t = rules.tables.kinds[deal.kind];
  CardSet used = 0;
  for (Seat seat : kSeats)
    for (const Announcement& a : deal.declared[seat]) used |= a.cards();
  for (Rank rank = 0; rank < rules.deck.rank_count(); ++rank) {
    if (t.carre_points[rank] > 0 || (rules.tables.voiding_carres >> rank & 1)) continue;
    const Announcement carre{true, 0, rank, 4, 0, 0};
    if (carre.cards() & used) continue;
    SeatAnnouncements& mine = deal.declared[kSeats[index / 2 % 4]];
    if (mine.count < int(mine.items.size())) mine.add(carre);
    return;
  }
}

std::string shown(const std::vector<Step>& steps) {
  std::string all;
  for (const Step& step : steps) all += fmt::format("  [{}] {}\n", step_name(step.kind), step.text);
  return all;
}

}  // namespace

BOOST_DATA_TEST_CASE(every_number_an_explanation_states_follows_from_the_outcome, bdata::make(shipped_ruleset_names()),
                     ruleset_name) {
  const auto rules = ruleset(ruleset_name);
  std::uint64_t checked = 0, failures = 0;
  std::string first;
  // How often each kind of problem came up (its words, numbers left out).
  std::map<std::string, int> kinds;
  for (std::uint64_t i = 0; i < kDeals; ++i) {
    const std::string line = deal_line_in_any_form(*rules, kSeed, i);
    Deal deal;
    const Diagnostics errors = json_deal_errors(*rules, line, &deal);
    if (errors.count()) continue;
    if (i % 2 == 0) with_worthless_carre(*rules, deal, i);
    const Outcome out = evaluate(*rules, deal);
    const std::vector<Step> steps = explain(*rules, deal, out);
    const Findings found = check(*rules, deal, out, steps);
    ++checked;
    if (found.problems.empty()) continue;
    for (const std::string& problem : found.problems) {
      std::string kind;
      for (char c : problem.substr(0, 48)) if (!std::isdigit(static_cast<unsigned char>(c))) kind += c;
      ++kinds[kind];
    }
    if (++failures <= 3)
      first += fmt::format("{}\n{}\n{}  → {}\n", line, shown(steps), "", fmt::format("{}", fmt::join(found.problems, "\n  → ")));
  }
  BOOST_TEST(checked > kDeals / 2);
  std::string tally;
  for (const auto& [kind, count] : kinds) tally += fmt::format("  {:6} × {}\n", count, kind);
  BOOST_TEST(failures == 0u, ruleset_name << ": " << failures << " of " << checked << " explanations state numbers the outcome "
                                          << "does not give:\n" << tally << "the first:\n"
                                          << first);
}

BOOST_AUTO_TEST_SUITE_END()  // test_explanation_numbers
