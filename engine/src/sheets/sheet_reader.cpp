// Reading a score sheet: its ruleset, target and teams, then each mène in
// declared form, with errors that name the mène and the key.
#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "belote/ruleset_search.h"
#include "io/deal_auction.h"
#include "io/deal_checker.h"
#include "io/game_file_keys.h"
#include "io/input_node.h"
#include "io/json_line_value.h"
#include "io/json_toml.h"
#include "sheets/sheet_reading.h"
#include "common/text_util.h"

namespace belote {

namespace fs = std::filesystem;

// A team name is shown in tables: nothing that acts on a terminal, not too long.
std::string team_name_rule(std::string_view key) {
  return fmt::format("'{}' must be a name of 1 to {} characters, without control or bidirectional characters", key, kMaxTeamNameLength);
}

std::optional<std::string> same_team_names(const PerTeam<std::string>& teams) {
  if (teams[Team::NS] != teams[Team::EW]) return std::nullopt;
  return fmt::format("'teams': both teams are called '{}'", printable(teams[Team::NS]));
}

bool is_team_name(std::string_view name) {
  const int characters = text_width(name);
  return printable(name, name.size()) == name && characters >= 1 && characters <= kMaxTeamNameLength;
}

namespace {

// A game played at the table (docs/table.md) keeps how it was dealt; the sheet only checks its shape.
const std::vector<std::string> kTableKeys{"seed", "first_dealer", "menes"};
// A mène given as its played cards: a deal's keys (docs/deals.md, "A played mène").
const std::vector<std::string> kPlayedMeneKeys{"auction", "hands", "play", "spoken", "said",  "revoke",
                                               "taker",   "kind",  "trump", "bid",    "doubling", "first"};
const std::vector<std::string> kMeneKeys{"taker",  "kind",   "trump", "bid",  "doubling", "first",        "points",
                                         "tricks", "capot",  "roem",  "belote", "announcements", "auction"};

// One mène: the terms it shares with a deal, then its card points.
class MeneChecker {
 public:
  MeneChecker(const Ruleset& rules, Diagnostics& errors, LocateError locate)
      : rules_(rules), errors_(errors), locate_(std::move(locate)) {}

  bool read(const InputNode& mene, SheetMene& out) {
    const std::size_t before = errors_.count();
    if (mene.type != InputNode::Type::table) {
      error(mene, false, fmt::format("a mène must be a table, not {}", mene.type_name()));
      return false;
    }
    if (mene.get("play")) return read_played(mene, out, before);
    if (const InputNode* hands = mene.get("hands")) {
      error(*hands, true, "'hands': a sheet gives each mène as declared at the table, or as its played cards "
                          "('play'), not its hands alone (to score a deal from its hands, use 'belote score')");
      return false;
    }
    for (const auto& [key, node] : mene.members) {
      if (std::find(kMeneKeys.begin(), kMeneKeys.end(), key) == kMeneKeys.end())
        error(node, true, fmt::format("unknown key '{}'{}", printable(key), did_you_mean(key, kMeneKeys)));
    }
    // Given as its auction, the mène's contract keys are the auction's.
    InputNode completed;
    const InputNode* terms = &mene;
    if (mene.get("auction")) {
      const auto auction = complete_sheet_auction(rules_, mene, errors_, locate_, completed);
      if (!auction) return false;
      out.dealer = auction->dealer;
      out.next_dealer = auction->outcome.next_dealer;
      if (auction->outcome.redeal) {
        read_redeal(mene, out);
        return errors_.count() == before;
      }
      terms = &completed;
    }
    read_declared_terms(rules_, *terms, errors_, locate_, out.deal);
    read_card_points(*terms, out);
    if (const InputNode* roem = terms->get("roem"); roem && errors_.count() == before) read_roem(*roem, out);
    return errors_.count() == before;
  }

 private:
  // A mène given as its played cards, checked card by card as a deal file's (docs/deals.md).
  bool read_played(const InputNode& mene, SheetMene& out, std::size_t before) {
    for (const auto& [key, node] : mene.members)
      if (std::find(kPlayedMeneKeys.begin(), kPlayedMeneKeys.end(), key) == kPlayedMeneKeys.end())
        error(node, true, fmt::format("unknown key '{}' in a mène given as its play{}", printable(key), did_you_mean(key, kPlayedMeneKeys)));
    if (errors_.count() != before) return false;
    if (mene.get("auction")) {
      InputNode completed;
      const auto auction = complete_sheet_auction(rules_, mene, errors_, locate_, completed);
      if (!auction) return false;
      if (auction->outcome.redeal) {
        error(*mene.get("play"), true, fmt::format("'play': everybody passed, so the cards were dealt again by {} and "
                                                   "nothing was played", name(auction->outcome.next_dealer)));
        return false;
      }
      out.dealer = auction->dealer;
      out.next_dealer = auction->outcome.next_dealer;
    }
    if (!check_deal(rules_, mene, "", errors_, locate_, out.deal)) return false;
    out.tricks_given = true;
    return errors_.count() == before;
  }

  // An auction where everybody passed: the cards are dealt again and there is nothing else to write.
  void read_redeal(const InputNode& mene, SheetMene& out) {
    for (const auto& [key, node] : mene.members) {
      if (key != "auction" && std::find(kMeneKeys.begin(), kMeneKeys.end(), key) != kMeneKeys.end())
        error(node, true, fmt::format("'{}': everybody passed, so the cards were dealt again by {} and nothing was "
                                      "played; a redeal gives its auction alone", key, name(*out.next_dealer)));
    }
    out.redeal = true;
  }

  void error(const InputNode& at, bool at_key, std::string message) {
    if (errors_.full()) return errors_.add_unkept(1);  // not kept: its line is not copied
    errors_.push_back(at_key && at.key_line ? locate_(at.key_line, at.key_column, std::move(message))
                                            : locate_(at.line, at.column, std::move(message)));
  }

  // A table { NS = n, EW = m } of numbers from 0 to `high` adding up to `sum`
  // (where `sum` is not -1: then a team left out has 0, as in a team's
  // announcements); `hint` follows the message for a number above `high`.
  std::optional<PerTeam<int>> per_team(const InputNode& node, std::string_view key, int high, int sum,
                                       std::string_view hint) {
    if (node.type != InputNode::Type::table) {
      error(node, false, fmt::format("'{}' must be a table, e.g. {} = {{ NS = {}, EW = {} }}", key, key, high - high / 2,
                                     high / 2));
      return std::nullopt;
    }
    bool ok = true;
    for (const auto& [team_key, value] : node.members) {
      if (team_key != "NS" && team_key != "EW") {
        error(value, true, fmt::format("unknown key '{}.{}' (the teams are NS and EW)", key, printable(team_key)));
        ok = false;
      }
    }
    PerTeam<int> values;
    for (Team team : kTeams) {
      const InputNode* value = node.get(name(team));
      if (!value) {
        if (sum < 0) continue;
        error(node, true, fmt::format("missing key '{}.{}'", key, name(team)));
        ok = false;
      } else if (value->type != InputNode::Type::integer || value->integer < 0 || value->integer > high) {
        const bool above = value->type == InputNode::Type::integer && value->integer > high;
        error(*value, false, fmt::format("'{}.{}' must be an integer from 0 to {}{}", key, name(team), high, above ? hint : ""));
        ok = false;
      } else {
        values[team] = int(value->integer);
      }
    }
    if (ok && sum >= 0 && values[Team::NS] + values[Team::EW] != sum) {
      error(node, false, fmt::format("'{}' adds up to {}; {} add up to {}", key, values[Team::NS] + values[Team::EW],
                                     key == "points" ? "the card points of a mène" : "the tricks of a mène", sum));
      ok = false;
    }
    return ok ? std::optional(values) : std::nullopt;
  }

  // The roem each team wrote from its tricks (klaverjas); the pit is the scorer's.
  void read_roem(const InputNode& roem, SheetMene& out) {
    if (!rules_.roem.any()) {
      error(roem, true, "'roem': the ruleset counts no roem (it has no [roem] section)");
      return;
    }
    const auto values = per_team(roem, "roem", rules_.deck.hand_size * rules_.roem.most_per_trick(), -1, "");
    if (!values) return;
    for (Team team : kTeams) {
      if (!roem.get(name(team))) continue;  // left out: 0
      if ((*values)[team] > 0 && out.tricks_given && out.deal.result.tricks[team] == 0) {
        error(*roem.get(name(team)), false, fmt::format("'roem.{}' is {}, but {} took no trick", name(team), (*values)[team], name(team)));
        return;
      }
      // Tricks left out (docs/sheet.md, "Tricks"): the team may have taken them all.
      const int tricks = out.tricks_given ? out.deal.result.tricks[team] : rules_.deck.hand_size;
      if (const auto problem = roem_total_problem(rules_, (*values)[team], tricks)) {
        error(*roem.get(name(team)), false, fmt::format("'roem.{}' is {}, {}", name(team), (*values)[team], *problem));
        return;
      }
    }
    out.deal.result.roem = *values;
  }

  // Card points and tricks, or a capot. The tricks may be left out where
  // they cannot change the score (docs/sheet.md, "Tricks").
  void read_card_points(const InputNode& mene, SheetMene& out) {
    const ContractKind& kind = rules_.kinds[out.deal.kind];
    const int total = kind.total_card_points();
    const int hand = rules_.deck.hand_size;
    const InputNode* points = mene.get("points");
    const InputNode* tricks = mene.get("tricks");
    // A bid the taker alone must make needs to know who took the tricks.
    const bool alone = out.deal.named_bid >= 0 &&
                       rules_.bids.named[std::size_t(out.deal.named_bid)].needs == BidNeeds::taker_every_trick;
    if (const InputNode* capot = mene.get("capot")) {
      // A team, or a seat that took every trick alone (a générale).
      const std::optional<Seat> seat = capot->type == InputNode::Type::string ? parse_seat(capot->text) : std::nullopt;
      std::optional<Team> team = seat ? std::optional(team_of(*seat))
                                 : capot->type == InputNode::Type::string ? parse_team(capot->text) : std::nullopt;
      if (!team) error(*capot, false, "'capot' must be a team, NS or EW, or the seat that took every trick alone");
      for (const InputNode* extra : {points, tricks}) {
        if (extra)
          error(*extra, true, fmt::format("'{}' goes without 'capot': a capot gives one team every trick and {} card "
                                          "points ({})", extra == points ? "points" : "tricks", kind.capot_points,
                                          rules_.kinds_named ? fmt::format("kinds.{}.capot", kind.name) : "contract.capot"));
      }
      if (!team) return;
      if (alone && !seat) {
        error(*capot, false, fmt::format("'capot': the bid '{}' needs every trick to the taker alone: write the seat that "
                                         "took them (capot = \"{}\")",
                                         rules_.bids.named[std::size_t(out.deal.named_bid)].name, name(out.deal.taker)));
        return;
      }
      out.deal.result.points[*team] = total;
      out.deal.result.tricks[*team] = hand;
      if (seat) {
        out.deal.result.seat_tricks[*seat] = hand;
        out.deal.result.seat_tricks_given = true;
      }
      out.tricks_given = true;
      return;
    }
    if (!points) {
      error(mene, false, fmt::format("missing key 'points' (each team's card points, e.g. points = {{ NS = 90, EW = 72 }}, "
                                     "or capot = \"NS\")"));
      return;
    }
    const auto card_points = per_team(*points, "points", total, total, " (a capot is written capot = \"NS\" or \"EW\")");
    std::optional<PerTeam<int>> trick_counts;
    if (tricks) trick_counts = per_team(*tricks, "tricks", hand, hand, "");
    if (!card_points || (tricks && !trick_counts)) return;
    out.deal.result.points = *card_points;
    if (trick_counts) {
      for (Team team : kTeams) {
        if ((*trick_counts)[team] == 0 && (*card_points)[team] > 0)
          error(*tricks->get(name(team)), false, fmt::format("'tricks.{}' is 0, but {} have {} card points", name(team),
                                                             name(team), (*card_points)[team]));
      }
      out.deal.result.tricks = *trick_counts;
      out.tricks_given = true;
      return;
    }
    // Without tricks: a team with card points took at least one trick and did not take them all.
    for (Team team : kTeams) {
      if ((*card_points)[team] == 0) {
        error(*points->get(name(team)), false,
              fmt::format("'points.{}' is 0: write capot = \"{}\" if {} took every trick, or give the tricks "
                          "(e.g. tricks = {{ {} = {}, {} = 1 }})",
                          name(team), name(other(team)), name(other(team)), name(other(team)), hand - 1, name(team)));
        return;
      }
    }
    const int needed = rules_.announcements.min_tricks;
    if (needed > 1 && out.deal.form == DealForm::declared && declares_anything(out.deal)) {
      error(mene, false, fmt::format("'tricks' is needed: this ruleset scores announcements only for a team that took "
                                     "at least {} tricks (announcements.min_tricks)", needed));
      return;
    }
    out.deal.result.tricks = tricks_from_points(*card_points, total, hand);
  }

  static bool declares_anything(const Deal& deal) {
    for (Seat seat : kSeats)
      if (!deal.declared[seat].empty()) return true;
    return false;
  }

  // A plausible count, in proportion to the card points, from 1 to hand - 1
  // each: only "none", "some" and "all" matter to the score here.
  static PerTeam<int> tricks_from_points(const PerTeam<int>& points, int total, int hand) {
    PerTeam<int> tricks;
    const int ns = (points[Team::NS] * hand + total / 2) / total;
    tricks[Team::NS] = std::clamp(ns, 1, hand - 1);
    tricks[Team::EW] = hand - tricks[Team::NS];
    return tricks;
  }

  const Ruleset& rules_;
  Diagnostics& errors_;
  LocateError locate_;
};

class SheetChecker {
 public:
  SheetChecker(const SourceFile& file, const fs::path& directory, const RulesetLoader& loader,
               std::size_t first_new, LoadedSheet& out)
      : file_(file), directory_(directory), loader_(loader), first_new_(first_new), out_(out) {}

  void read() {
    const InputNode root = input_from_toml(file_.root);
    for (const auto& [key, node] : root.members) {
      if (std::find(kSheetKeys.begin(), kSheetKeys.end(), key) == kSheetKeys.end())
        error_at(node.key_line, node.key_column,
                 fmt::format("unknown key '{}'{} (a sheet holds {})", printable(key), did_you_mean(key, kSheetKeys),
                             "ruleset, rules, target, teams, table and [[mene]] tables"));
    }
    read_table(root);
    read_ruleset(root);
    read_target(root);
    read_teams(root);
    if (!out_.ruleset) return;  // the mènes are read under the ruleset
    const std::size_t before = out_.errors.count();
    read_menes(root);
    if (out_.errors.count() == before) check_game_end(root);
  }

 private:
  void error_at(int line, int column, std::string message) {
    if (out_.errors.full()) return out_.errors.add_unkept(1);  // not kept: its line is not copied
    out_.errors.push_back(Diagnostic{file_.display, line, column, std::move(message), file_.line(line)});
  }
  void error(const InputNode& node, bool at_key, std::string message) {
    if (at_key && node.key_line) error_at(node.key_line, node.key_column, std::move(message));
    else error_at(node.line, node.column, std::move(message));
  }

  // [table]: how a game played at the table was dealt (its seed, first dealer, number of mènes).
  void read_table(const InputNode& root) {
    const InputNode* node = root.get("table");
    if (!node) return;
    if (node->type != InputNode::Type::table) {
      error(*node, true, fmt::format("'table' must be a table (seed, first_dealer, menes), not {}", node->type_name()));
      return;
    }
    for (const auto& [key, value] : node->members) {
      if (std::find(kTableKeys.begin(), kTableKeys.end(), key) == kTableKeys.end()) {
        error(value, true, fmt::format("unknown key 'table.{}'{} (table holds seed, first_dealer and menes)", printable(key),
                                       did_you_mean(key, kTableKeys)));
      } else if (key == "first_dealer" && (value.type != InputNode::Type::string || !parse_seat(value.text))) {
        error(value, false, "'table.first_dealer' must be a seat (N, E, S or W)");
      } else if (key != "first_dealer" && value.type != InputNode::Type::integer && !(key == "seed" && value.type == InputNode::Type::string)) {
        error(value, false, fmt::format("'table.{}' must be a whole number, not {}", key, value.type_name()));
      }
    }
  }

  void read_ruleset(const InputNode& root) {
    const InputNode* node = root.get("ruleset");
    if (!node) {
      error_at(1, 1, "missing key 'ruleset' (the ruleset the game is played under, e.g. ruleset = \"classique\")");
      return;
    }
    if (node->type != InputNode::Type::string) {
      error(*node, false, fmt::format("'ruleset' must be a string (a ruleset name or a path), not {}", node->type_name()));
      return;
    }
    out_.sheet.ruleset = node->text;
    if (const InputNode* held = root.get("rules")) {
      out_.sheet.holds_rules = true;
      return read_held_ruleset(*node, *held);
    }
    if (is_ruleset_path(node->text) && loader_.trust() == RulesetTrust::untrusted) {
      error(*node, false, fmt::format("'ruleset': '{}' is a path; a sheet from an untrusted source names a ruleset of "
                                      "the search path (e.g. ruleset = \"classique\")", printable(node->text)));
      return;
    }
    // A path is the sheet's: relative to the sheet's directory, not to where the program runs.
    LoadedRuleset loaded = loader_.load(ruleset_reference_at(node->text, directory_));
    if (loaded.ok()) {
      out_.ruleset = loaded.ruleset;
      return;
    }
    // Errors inside a ruleset file keep their place; the others are the sheet's.
    bool inside = false;
    for (Diagnostic& d : loaded.errors) {
      if (d.line > 0) {
        out_.errors.push_back(std::move(d));
        inside = true;
      } else {
        error(*node, false, fmt::format("'ruleset': {}", location_and_message(d)));
      }
    }
    out_.errors.add_unkept(loaded.errors.unkept());
    if (inside) error(*node, false, fmt::format("'ruleset': '{}' does not load (see above)", printable(node->text)));
  }

  // A ruleset of one's own held in the file (a game's record writes it so): its errors are placed where its keys are.
  void read_held_ruleset(const InputNode& name, const InputNode& held) {
    if (held.type != InputNode::Type::table) {
      error(held, true, fmt::format("'rules' must be a table (the keys of the game's ruleset), not {}", held.type_name()));
      return;
    }
    if (!is_ruleset_name(name.text)) {
      error(name, false, fmt::format("'ruleset' names the ruleset that 'rules' holds: a name (1 to 64 letters, digits "
                                     "and '-'), not '{}'", printable(name.text)));
      return;
    }
    // A relative `extends` path in it starts from the sheet's folder, as its `ruleset` path does.
    LoadedRuleset loaded =
        loader_.load_table_of(file_.text, "rules", file_.display, name.text, directory_ / fs::path(file_.display).filename());
    if (loaded.ok()) {
      out_.ruleset = loaded.ruleset;
      return;
    }
    for (Diagnostic& d : loaded.errors) out_.errors.push_back(std::move(d));
    out_.errors.add_unkept(loaded.errors.unkept());
  }

  void read_target(const InputNode& root) {
    const InputNode* node = root.get("target");
    if (!node) return;
    if (node->type != InputNode::Type::integer || node->integer < 1 || node->integer > kMaxGameTarget) {
      error(*node, false, fmt::format("'target' must be an integer from 1 to {} (the points that win the game)", kMaxGameTarget));
      return;
    }
    out_.sheet.target = int(node->integer);
  }

  void read_teams(const InputNode& root) {
    const InputNode* node = root.get("teams");
    if (!node) return;
    if (node->type != InputNode::Type::table) {
      error(*node, false, fmt::format("'teams' must be a table, e.g. teams = {{ NS = \"Nous\", EW = \"Eux\" }}, not {}",
                                      node->type_name()));
      return;
    }
    for (const auto& [key, value] : node->members) {
      const auto team = parse_team(key);
      if (!team || key != name(*team)) {
        error(value, true, fmt::format("unknown key 'teams.{}' (the teams are NS and EW)", printable(key)));
        continue;
      }
      if (value.type != InputNode::Type::string || !is_team_name(value.text)) {
        error(value, false, team_name_rule(fmt::format("teams.{}", key)));
        continue;
      }
      out_.sheet.teams[*team] = value.text;
    }
    if (const auto same = same_team_names(out_.sheet.teams)) error(*node, true, *same);
  }

  void read_menes(const InputNode& root) {
    const InputNode* node = root.get("mene");
    if (!node) return;
    if (node->type != InputNode::Type::array) {
      error(*node, true, "'mene' must be an array of tables: write each mène under its own [[mene]] header");
      return;
    }
    for (std::size_t i = 0; i < node->items.size(); ++i) {
      const int number = int(i) + 1;
      const bool is_new = i >= first_new_;
      if (i == std::size_t(kMaxSheetMenes)) {
        // Beyond, the totals and the points held from litige to litige could outgrow their numbers.
        const std::string message = fmt::format("a sheet holds at most {} mènes; a new game needs a new sheet", kMaxSheetMenes);
        if (is_new) out_.errors.push_back(Diagnostic{file_.display, 0, 0, fmt::format("mène {} not added: {}", number, message), ""});
        else error(node->items[i], false, fmt::format("mène {}: {}", number, message));
        break;
      }
      const LocateError locate = [&, number, is_new](int line, int column, std::string message) {
        if (is_new) return Diagnostic{file_.display, 0, 0, fmt::format("mène {} not added: {}", number, message), ""};
        return Diagnostic{file_.display, line, column, fmt::format("mène {}: {}", number, message), file_.line(line)};
      };
      MeneChecker checker(*out_.ruleset, out_.errors, locate);
      SheetMene mene;
      if (checker.read(node->items[i], mene)) {
        check_dealer(node->items[i], mene, number, locate);
        mene.deal.id = std::to_string(number);
        out_.sheet.menes.push_back(std::move(mene));
      }
    }
  }

  // Two auctions in a row: the second is dealt by the seat the first passed the deal to.
  void check_dealer(const InputNode& mene, const SheetMene& read, int number, const LocateError& locate) {
    if (!read.dealer || out_.sheet.menes.size() != std::size_t(number - 1)) return;
    const auto expected = out_.sheet.next_dealer();
    if (!expected || *expected == *read.dealer) return;
    const InputNode* dealer = mene.get("auction")->get("dealer");
    const std::string message =
        fmt::format("'auction.dealer' is {}, but after mène {} the deal passes to {}{}", name(*read.dealer), number - 1,
                    name(*expected), out_.sheet.menes.back().redeal ? " (everybody passed there)" : "");
    if (out_.errors.full()) return out_.errors.add_unkept(1);
    out_.errors.push_back(locate(dealer->line, dealer->column, message));
  }

  // A mène after the one that decides the game belongs to another game.
  void check_game_end(const InputNode& root) {
    const GameScore game = score_sheet(*out_.ruleset, out_.sheet);
    if (!game.over() || std::size_t(game.decided_at) == out_.sheet.menes.size()) return;
    const InputNode& next = root.get("mene")->items[std::size_t(game.decided_at)];
    const std::string how = game.winner ? fmt::format("{} won", printable(out_.sheet.teams[*game.winner])) : "drawn";
    const std::string message =
        fmt::format("mène {}{}: the game ended at mène {} ({}); a new game needs a new sheet", game.decided_at + 1,
                    std::size_t(game.decided_at) >= first_new_ ? " not added" : "", game.decided_at, how);
    if (std::size_t(game.decided_at) >= first_new_) out_.errors.push_back(Diagnostic{file_.display, 0, 0, message, ""});
    else error_at(next.line, next.column, message);
  }


  const SourceFile& file_;
  const fs::path& directory_;
  const RulesetLoader& loader_;
  std::size_t first_new_;
  LoadedSheet& out_;
};

// A deal's keys that a sheet does not keep: its `id` (the sheet numbers its mènes) and its `held_over`
// (the sheet holds over the points of its own litiges, docs/sheet.md).
bool left_out_of_sheet(std::string_view key) { return key == "id" || key == "held_over"; }

// A played mène's keys, read from `node` (those left out of a sheet aside), checked as a
// sheet's played mène; without a play, an error at `line` and `column` says how to give it (`hint`).
bool check_played_mene(const Ruleset& rules, InputNode node, const LocateError& locate, int line, int column,
                       std::string_view hint, Diagnostics& errors) {
  const std::size_t before = errors.count();
  if (!node.get("play")) {
    errors.push_back(locate(line, column, fmt::format("no 'play': give the mène's tricks {}", hint)));
    return false;
  }
  std::erase_if(node.members, [](const InputNode::Member& m) { return left_out_of_sheet(m.first); });
  MeneChecker checker(rules, errors, locate);
  SheetMene read;
  return checker.read(node, read) && errors.count() == before;
}

}  // namespace

std::optional<toml::table> read_played_mene_file(const Ruleset& rules, const SourceFile& file, Diagnostics& errors) {
  // A deal file's own keys beside [deal] (its description and expectations) are not the mène's.
  const toml::table* deal = file.root.get_as<toml::table>("deal");
  const toml::table& given = deal ? *deal : file.root;
  const LocateError locate = [&](int line, int column, std::string message) {
    return Diagnostic{file.display, line, column, std::move(message), file.line(line)};
  };
  // Read where it stands in the file (a copy of a TOML node keeps no position).
  if (!check_played_mene(rules, input_from_toml(given), locate, 1, 1,
                         "(play = [[\"AH\", \"9H\", ...], ...]), in a [deal] table as a deal file does, or at the top",
                         errors))
    return std::nullopt;
  toml::table mene = given;
  mene.erase("id");
  mene.erase("held_over");
  return mene;
}

std::optional<toml::table> read_played_mene_line(const Ruleset& rules, const nlohmann::json& value, std::string_view line,
                                                 long line_number, const std::string& display, Diagnostics& errors) {
  const JsonLinePlace place(line, display, line_number);
  const LocateError locate = [&](int at_line, int column, std::string message) {
    return place.at(at_line, column, std::move(message));
  };
  if (!check_played_mene(rules, input_from_json(value, line, int(line_number)), locate, int(line_number), 1,
                         "(\"play\": [[\"AH\", \"9H\", ...], ...])", errors))
    return std::nullopt;
  toml::table mene = toml_of_json(value);
  mene.erase("id");
  mene.erase("held_over");
  return mene;
}

LoadedSheet read_parsed_sheet(const SourceFile& file, const fs::path& directory, const RulesetLoader& loader,
                              std::size_t first_new) {
  LoadedSheet out;
  out.display = file.display;
  out.directory = directory;
  out.text = file.text;
  SheetChecker(file, directory, loader, first_new, out).read();
  return out;
}

LoadedSheet read_sheet(std::string text, std::string display, const fs::path& directory, const RulesetLoader& loader) {
  Diagnostics errors;
  const auto file = parse_toml(std::move(text), display, {}, errors);
  if (!file) {
    LoadedSheet out;
    out.display = std::move(display);
    out.errors = std::move(errors);
    return out;
  }
  return read_parsed_sheet(*file, directory, loader);
}

LoadedSheet read_sheet_file(const fs::path& path, const RulesetLoader& loader) {
  Diagnostics errors;
  auto text = read_text_file(path, path.string(), errors);
  if (!text) {
    LoadedSheet out;
    out.display = path.string();
    out.errors = std::move(errors);
    return out;
  }
  return read_sheet(std::move(*text), path.string(), sheet_directory(path), loader);
}

fs::path sheet_directory(const fs::path& path) {
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (ec) return path.parent_path();
  const fs::path written = fs::canonical(path.has_parent_path() ? path.parent_path() : fs::path("."), ec);
  // The same directory is named as the user named it, so that messages quote their words.
  if (!ec && written == real.parent_path()) return path.parent_path();
  return real.parent_path();
}

}  // namespace belote
