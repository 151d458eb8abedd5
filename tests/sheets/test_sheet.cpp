// The score sheet: reading it, and replaying its mènes into a game under a
// ruleset (running totals, failed contracts, litiges held over for the next
// mène's winner, the target and what happens when both teams pass it).
// Every expected number below is worked out by hand in the comment beside it.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <random>

#include "printing.h"
#include "sheet_support.h"

BOOST_AUTO_TEST_SUITE(test_sheet)

namespace bdata = boost::unit_test::data;
namespace fs = std::filesystem;
using namespace belote;
using namespace belote::test;

BOOST_AUTO_TEST_CASE(running_totals_add_each_menes_score) {
  const SheetGame g = play_sheet(sheet_header("classique") +
                      // N takes at hearts: 90 + tierce 20 + belote 20 = 130 against 72, made.
                      sheet_mene("N", "H", 90, 72, "announcements = { N = [\"tierce KH\"] }\nbelote = \"N\"") +
                      // E takes and makes 62 against 100: failed, NS score all 162.
                      sheet_mene("E", "S", 100, 62) +
                      // W takes: 102 + 50 written for EW's announcements against 60, made.
                      sheet_mene("W", "C", 60, 102, "announcements = { EW = 50 }"));
  BOOST_TEST_REQUIRE(g.score.menes.size() == 3u);
  BOOST_TEST((g.score.menes[0].written == teams(130, 72)));
  BOOST_TEST((g.score.menes[1].written == teams(162, 0)));
  BOOST_TEST((g.score.menes[2].written == teams(60, 152)));
  BOOST_TEST((g.score.menes[0].totals == teams(130, 72)));
  BOOST_TEST((g.score.menes[1].totals == teams(292, 72)));
  BOOST_TEST((g.score.menes[2].totals == teams(352, 224)));
  BOOST_TEST((g.score.totals == teams(352, 224)));
  BOOST_TEST(!g.score.winner);
  BOOST_TEST(g.score.target == 1000);
}

BOOST_AUTO_TEST_CASE(a_failed_mene_gives_the_defenders_what_the_ruleset_says) {
  // EW take; E declares a cinquante, W holds the belote. 42 + 50 + 20 = 112
  // against 120: failed. classique: the defenders take 162 and EW's 50; EW keep the belote.
  const std::string sheet = sheet_mene("E", "S", 120, 42, "announcements = { E = [\"cinquante 10D\"] }\nbelote = \"W\"");
  const SheetGame classique = play_sheet(sheet_header("classique") + sheet);
  BOOST_TEST(classique.score.menes[0].outcome.contract == ContractResult::failed);
  BOOST_TEST((classique.score.menes[0].contract_winner == Team::NS));
  BOOST_TEST((classique.score.totals == teams(212, 20)));
  // classique-preneur-garde: the failed takers keep both: NS 162, EW 50 + 20.
  const SheetGame garde = play_sheet(sheet_header("classique-preneur-garde") + sheet);
  BOOST_TEST((garde.score.totals == teams(162, 70)));
}

BOOST_AUTO_TEST_CASE(a_litige_is_held_over_for_the_next_menes_contract_winner) {
  // N takes, 71 + belote 20 = 91 against 91: litige. EW score 91 now; NS's 91 wait.
  const std::string litige = sheet_mene("N", "H", 71, 91, "belote = \"N\"");
  {
    // Next, E takes and fails (62 < 100): the winners are the defenders, NS: 162 + 91.
    const SheetGame g = play_sheet(sheet_header("classique") + litige + sheet_mene("E", "S", 100, 62));
    BOOST_TEST(g.score.menes[0].outcome.contract == ContractResult::litige);
    BOOST_TEST((g.score.menes[0].written == teams(0, 91)));
    BOOST_TEST(g.score.menes[0].waiting == 91);
    BOOST_TEST((g.score.menes[1].received == std::vector<HeldOver>{{1, 91}}));
    BOOST_TEST((g.score.menes[1].written == teams(253, 0)));
    BOOST_TEST((g.score.totals == teams(253, 91)));
    BOOST_TEST(g.score.waiting.empty());
  }
  {
    // Next, W takes and makes it (102 > 60): the takers EW take them: 102 + 91.
    const SheetGame g = play_sheet(sheet_header("classique") + litige + sheet_mene("W", "C", 60, 102));
    BOOST_TEST((g.score.menes[1].contract_winner == Team::EW));
    BOOST_TEST((g.score.menes[1].written == teams(60, 193)));
    BOOST_TEST((g.score.totals == teams(60, 284)));
  }
  {
    // traditionnelle counts a tie as made: nothing is held over.
    const SheetGame g = play_sheet(sheet_header("traditionnelle") + litige);
    BOOST_TEST(g.score.menes[0].outcome.contract == ContractResult::made);
    BOOST_TEST((g.score.totals == teams(91, 91)));
    BOOST_TEST(g.score.waiting.empty());
  }
}

BOOST_AUTO_TEST_CASE(consecutive_litiges_keep_waiting_for_one_winner) {
  const SheetGame g = play_sheet(sheet_header("classique") +
                      sheet_mene("N", "H", 81, 81) +  // litige: EW 81, NS's 81 wait
                      sheet_mene("E", "S", 81, 81) +  // litige: NS 81, EW's 81 wait too
                      sheet_mene("S", "D", 100, 62));  // S make it: NS 100 + 81 + 81, EW 62
  BOOST_TEST((g.score.menes[0].written == teams(0, 81)));
  BOOST_TEST((g.score.menes[1].written == teams(81, 0)));
  BOOST_TEST(g.score.menes[1].received.empty());
  BOOST_TEST(g.score.menes[1].waiting == 162);
  BOOST_TEST((g.score.menes[2].received == std::vector<HeldOver>{{1, 81}, {2, 81}}));
  BOOST_TEST((g.score.menes[2].written == teams(262, 62)));
  BOOST_TEST((g.score.totals == teams(343, 143)));
  BOOST_TEST(g.score.waiting.empty());
}

BOOST_AUTO_TEST_CASE(a_void_mene_leaves_the_held_over_points_waiting) {
  const std::string ruleset = sheet_variant("void-sevens", "[carres]\nvoid_deal = [\"7\"]\n");
  const SheetGame g = play_sheet(sheet_header(ruleset) +
                      sheet_mene("N", "H", 81, 81) +                                       // litige: 81 wait
                      sheet_mene("E", "S", 100, 62, "announcements = { W = [\"carre 7\"] }") +  // void: dealt again
                      sheet_mene("W", "C", 60, 102));                                       // EW make it: 102 + 81
  BOOST_TEST(g.score.menes[1].outcome.is_void);
  BOOST_TEST(!g.score.menes[1].contract_winner);
  BOOST_TEST((g.score.menes[1].written == teams(0, 0)));
  BOOST_TEST(g.score.menes[1].waiting == 81);
  BOOST_TEST((g.score.menes[2].written == teams(60, 183)));
  BOOST_TEST((g.score.totals == teams(60, 264)));
}

BOOST_AUTO_TEST_CASE(the_game_ends_when_a_team_reaches_the_target) {
  const std::string menes = sheet_mene("N", "H", 90, 72, "announcements = { N = [\"tierce KH\"] }\nbelote = \"N\"") +  // 130 / 72
                            sheet_mene("E", "S", 100, 62) +                                                            // 292 / 72
                            sheet_mene("N", "D", 90, 72);                                                              // 382 / 144
  const SheetGame g = play_sheet(sheet_header("classique", "target = 300") + menes);
  BOOST_TEST(g.score.target == 300);
  BOOST_TEST((g.score.winner == Team::NS));
  BOOST_TEST(g.score.decision == GameDecision::target);
  BOOST_TEST(g.score.decided_at == 3);
  BOOST_TEST((g.score.totals == teams(382, 144)));
  // The same mènes under the ruleset's own target (classique: 1000) decide nothing.
  const SheetGame long_game = play_sheet(sheet_header("classique") + menes);
  BOOST_TEST(long_game.score.target == 1000);
  BOOST_TEST(!long_game.score.winner);
  BOOST_TEST(long_game.score.decided_at == 0);
  BOOST_TEST(long_game.loaded.sheet.target_under(*long_game.loaded.ruleset) == 1000);
}

BOOST_AUTO_TEST_CASE(the_target_reached_exactly_wins) {
  // 100 + 62 = 162, then 38 more: NS have exactly 200 = the target.
  const SheetGame g = play_sheet(sheet_header("classique", "target = 200") + sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 138, 24));
  BOOST_TEST((g.score.totals == teams(262, 62)));
  const SheetGame exact = play_sheet(sheet_header("classique", "target = 262") + sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 138, 24));
  BOOST_TEST((exact.score.winner == Team::NS));
  const SheetGame short_of_it = play_sheet(sheet_header("classique", "target = 263") + sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 138, 24));
  BOOST_TEST(!short_of_it.score.winner);
}

BOOST_AUTO_TEST_CASE(a_mene_after_the_end_of_the_game_is_refused) {
  const LoadedSheet sheet = read_sheet_text(sheet_header("classique", "target = 100") + sheet_mene("N", "H", 100, 62) +
                                      "# another game\n" + sheet_mene("E", "S", 100, 62));
  BOOST_TEST_REQUIRE(sheet.errors.size() == 1u);
  BOOST_TEST(location_and_message(sheet.errors[0]) ==
             "sheet.toml:8:1: mène 2: the game ended at mène 1 (NS won); a new game needs a new sheet");
}

// Both teams pass 200 on the second mène: NS take it (150 + EW's 100 written
// = 112 against 150, made), but EW's total is the higher.
//   mène 1: E takes, 110 against 52, made      → NS 52,  EW 110
//   mène 2: N takes, NS 150, EW 12 + 100       → NS 202, EW 222
const std::string kBothPass = sheet_mene("E", "S", 52, 110) + sheet_mene("N", "H", 150, 12, "announcements = { EW = 100 }");

BOOST_AUTO_TEST_CASE(both_over_the_target_highest_total_wins) {
  const SheetGame g = play_sheet(sheet_header("classique", "target = 200") + kBothPass);
  BOOST_TEST((g.score.totals == teams(202, 222)));
  BOOST_TEST((g.score.winner == Team::EW));
  BOOST_TEST(g.score.decision == GameDecision::higher_total);
  BOOST_TEST(g.score.decided_at == 2);
}

BOOST_AUTO_TEST_CASE(both_over_the_target_contract_winner_wins) {
  const std::string ruleset = sheet_variant("contract-winner", "[game]\nboth_reach = \"contract-winner\"\n");
  const SheetGame g = play_sheet(sheet_header(ruleset, "target = 200") + kBothPass);
  BOOST_TEST((g.score.totals == teams(202, 222)));
  BOOST_TEST((g.score.winner == Team::NS));
  BOOST_TEST(g.score.decision == GameDecision::contract_winner);
}

BOOST_AUTO_TEST_CASE(both_over_the_target_with_equal_totals) {
  // 100 / 62, then E make 100 against 62: 162 each, both over 150.
  const std::string level = sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 62, 100);
  {
    // highest: equal totals play on, and the next mène decides on the higher total.
    const SheetGame g = play_sheet(sheet_header("classique", "target = 150") + level);
    BOOST_TEST((g.score.totals == teams(162, 162)));
    BOOST_TEST(!g.score.winner);
    BOOST_TEST(g.score.level_over_target);
    const SheetGame next = play_sheet(sheet_header("classique", "target = 150") + level + sheet_mene("S", "D", 90, 72));
    BOOST_TEST(!next.score.level_over_target);
    BOOST_TEST((next.score.winner == Team::NS));
    BOOST_TEST(next.score.decision == GameDecision::higher_total);
    BOOST_TEST(next.score.decided_at == 3);
  }
  {
    // contract-winner: E made the contract of the mène that took both over.
    const std::string ruleset = sheet_variant("contract-winner", "[game]\nboth_reach = \"contract-winner\"\n");
    const SheetGame g = play_sheet(sheet_header(ruleset, "target = 150") + level);
    BOOST_TEST((g.score.winner == Team::EW));
    BOOST_TEST(g.score.decided_at == 2);
  }
}

BOOST_AUTO_TEST_CASE(tricks_are_derived_only_where_they_cannot_change_the_score) {
  // traditionnelle scores announcements only with a trick. EW's 0 card points
  // with one trick (tricks given): E's tierce counts, 20, and goes to NS as EW fail.
  const SheetGame one_trick = play_sheet(sheet_header("traditionnelle") +
                              sheet_mene("W", "C", 162, 0, "tricks = { NS = 7, EW = 1 }\nannouncements = { E = [\"tierce KH\"] }"));
  BOOST_TEST(one_trick.loaded.sheet.menes[0].tricks_given);
  BOOST_TEST(one_trick.score.menes[0].outcome.scored_announcements[Team::EW] == 20);
  BOOST_TEST((one_trick.score.totals == teams(182, 0)));
  // A capot: NS take every trick, 252, and E's tierce is lost to the trick rule.
  const SheetGame capot = play_sheet(sheet_header("traditionnelle") +
                          "[[mene]]\ntaker = \"N\"\ntrump = \"H\"\ncapot = \"NS\"\nannouncements = { E = [\"tierce KH\"] }\n");
  BOOST_TEST(capot.score.menes[0].outcome.lost_to_trick_rule);
  BOOST_TEST((capot.score.menes[0].outcome.capot == Team::NS));
  BOOST_TEST((capot.score.totals == teams(252, 0)));
  // Both teams with card points: the tricks are derived, each team has some.
  const SheetGame derived = play_sheet(sheet_header("traditionnelle") + sheet_mene("N", "H", 150, 12, "announcements = { E = [\"tierce KH\"] }"));
  const SheetMene& m = derived.loaded.sheet.menes[0];
  BOOST_TEST(!m.tricks_given);
  BOOST_TEST(m.deal.result.tricks[Team::EW] >= 1);
  BOOST_TEST(m.deal.result.tricks[Team::NS] >= 1);
  BOOST_TEST(m.deal.result.tricks[Team::NS] + m.deal.result.tricks[Team::EW] == 8);
  BOOST_TEST(derived.score.menes[0].outcome.scored_announcements[Team::EW] == 20);
}

BOOST_AUTO_TEST_CASE(announcements_as_declared_are_judged_by_the_ruleset) {
  // E's cinquante against S's tierce: EW win the announcements under both styles.
  const std::string sheet = sheet_mene("E", "H", 70, 92, "announcements = { E = [\"cinquante 10D\"], S = [\"tierce QC\"] }");
  for (const char* name : {"classique", "traditionnelle"}) {
    const SheetGame g = play_sheet(sheet_header(name) + sheet);
    BOOST_TEST((g.score.totals == teams(70, 142)), name);
  }
  // A cent against a carré of nines: by category the carré wins under classique
  // too; by points (traditionnelle) 150 beats 100. S take and fail: EW 162 + 150.
  const std::string carre = sheet_mene("S", "C", 100, 62, "announcements = { N = [\"cent AS\"], W = [\"carre 9\"] }");
  for (const char* name : {"classique", "traditionnelle"}) {
    const SheetGame g = play_sheet(sheet_header(name) + carre);
    BOOST_TEST((g.score.totals == teams(0, 312)), name);
  }
}

BOOST_AUTO_TEST_CASE(the_first_to_speak_is_read_for_a_tie_won_by_him) {
  // Equal tierces off trump under classique-premier-parle: the first of N and E to speak wins them.
  const std::string tie = "announcements = { N = [\"tierce KS\"], E = [\"tierce KD\"] }";
  // N speaks first (the default): NS 90 + 20 against 72, made.
  const SheetGame n_first = play_sheet(sheet_header("classique-premier-parle") + sheet_mene("N", "H", 90, 72, tie));
  BOOST_TEST((n_first.score.totals == teams(110, 72)));
  // E speaks first: EW 72 + 20 = 92 against 90, NS fail: EW 162 + 20.
  const SheetGame e_first = play_sheet(sheet_header("classique-premier-parle") + sheet_mene("N", "H", 90, 72, tie + "\nfirst = \"E\""));
  BOOST_TEST((e_first.score.totals == teams(0, 182)));
}

BOOST_AUTO_TEST_CASE(the_belote_may_be_written_by_team_without_announcements) {
  // As on a paper sheet: EW write the belote's 20; E take, 82 + 20 against 80, made.
  const SheetGame g = play_sheet(sheet_header("classique") + sheet_mene("E", "S", 80, 82, "belote = \"EW\""));
  BOOST_TEST((g.score.menes[0].outcome.belote_team == Team::EW));
  BOOST_TEST((g.score.totals == teams(80, 102)));
  // By seat, the same.
  const SheetGame by_seat = play_sheet(sheet_header("classique") + sheet_mene("E", "S", 80, 82, "belote = \"W\""));
  BOOST_TEST((by_seat.score.totals == teams(80, 102)));
}

BOOST_AUTO_TEST_CASE(teams_and_target_are_read) {
  const SheetGame g = play_sheet(sheet_header("classique", "target = 2000\nteams = { NS = \"Nous\", EW = \"Les Éclairs\" }"));
  BOOST_TEST(g.loaded.sheet.teams[Team::NS] == "Nous");
  BOOST_TEST(g.loaded.sheet.teams[Team::EW] == "Les Éclairs");
  BOOST_TEST(g.score.target == 2000);
  BOOST_TEST(g.score.menes.empty());
  const SheetGame unnamed = play_sheet(sheet_header("classique"));
  BOOST_TEST(unnamed.loaded.sheet.teams[Team::NS] == "NS");
  BOOST_TEST(unnamed.loaded.sheet.teams[Team::EW] == "EW");
}

BOOST_AUTO_TEST_CASE(a_ruleset_path_is_relative_to_the_sheet) {
  sheet_variant("lyon", "[game]\ntarget = 1500\n");
  const SheetGame g = play_sheet(sheet_header("lyon.toml"));
  BOOST_TEST(g.score.target == 1500);
}

// Points are neither made nor lost: each mène's score and held-over points end
// up written on the sheet or still waiting; the winner is at or over the target.
BOOST_DATA_TEST_CASE(points_are_conserved_over_random_games, bdata::xrange(40), seed) {
  std::mt19937 random(static_cast<unsigned>(seed));
  const auto rules = ruleset(seed % 2 ? "traditionnelle" : "classique");
  Sheet sheet;
  sheet.target = 500 + int(random() % 1500);
  for (int i = 0; i < 30; ++i) {
    SheetMene m;
    m.deal.form = DealForm::team_points;
    m.deal.taker = kSeats[random() % 4];
    m.deal.trump = Suit(random() % 4);
    const int ns = 1 + int(random() % 160);
    m.deal.result = {teams(ns, 162 - ns), teams(4, 4)};
    if (random() % 3 == 0) m.deal.team_announcements[kTeams[random() % 2]] = 20 * int(1 + random() % 5);
    if (random() % 4 == 0) m.deal.belotes[kSeats[random() % 4]] = 1;
    sheet.menes.push_back(m);
  }
  const GameScore game = score_sheet(*rules, sheet);
  int produced = 0, written = 0;
  PerTeam<int> running;
  for (const MeneScore& m : game.menes) {
    produced += m.outcome.score[Team::NS] + m.outcome.score[Team::EW] + m.outcome.suspended;
    written += m.written[Team::NS] + m.written[Team::EW];
    for (Team team : kTeams) running[team] += m.written[team];
    BOOST_TEST((m.totals == running));
  }
  BOOST_TEST(produced == written + held_points(game.waiting));
  BOOST_TEST((game.totals == running));
  if (game.winner) {
    BOOST_TEST(game.totals[*game.winner] >= game.target);
    BOOST_TEST(game.decided_at == int(game.menes.size()));
  } else {
    BOOST_TEST(game.menes.size() == sheet.menes.size());
  }
}

// ---------------------------------------------------------------------------
// Errors: each message a user can meet, at its place in the file.

namespace {

struct ErrorCase {
  std::string name;
  std::string sheet;
  std::string expected;  ///< "line:col: message", or ":0:0: message" for the file as a whole
};

std::ostream& operator<<(std::ostream& out, const ErrorCase& c) { return out << c.name; }

const std::string kOk = "ruleset = \"classique\"\n";

std::vector<ErrorCase> error_cases() {
  const std::string m = "[[mene]]\ntaker = \"N\"\ntrump = \"H\"\n";  // lines 2 to 4 after kOk
  return {
      {"unknown top-level key", kOk + "targt = 1000\n",
       "2:1: unknown key 'targt' (did you mean 'target'?) (a sheet holds ruleset, rules, target, teams, table and [[mene]] tables)"},
      {"no ruleset", "target = 1000\n",
       "1:1: missing key 'ruleset' (the ruleset the game is played under, e.g. ruleset = \"classique\")"},
      {"ruleset not a string", "ruleset = 3\n", "1:11: 'ruleset' must be a string (a ruleset name or a path), not an integer"},
      {"unknown ruleset", "ruleset = \"classic\"\n", "1:11: 'ruleset': no ruleset named 'classic' (did you mean 'classique'?)"},
      {"missing ruleset file", "ruleset = \"nowhere.toml\"\n", "1:11: 'ruleset': "},
      {"ruleset that does not load", "ruleset = \"broken.toml\"\n", "1:11: 'ruleset': 'broken.toml' does not load (see above)"},
      {"target zero", kOk + "target = 0\n", "2:10: 'target' must be an integer from 1 to 100000 (the points that win the game)"},
      {"target not a number", kOk + "target = \"1000\"\n", "2:10: 'target' must be an integer from 1 to 100000"},
      {"teams not a table", kOk + "teams = \"Nous,Eux\"\n", "2:9: 'teams' must be a table, e.g. teams = { NS = \"Nous\", EW = \"Eux\" }, not a string"},
      {"teams unknown key", kOk + "teams = { NS = \"Nous\", WE = \"Eux\" }\n", "2:24: unknown key 'teams.WE' (the teams are NS and EW)"},
      {"team name empty", kOk + "teams = { NS = \"\", EW = \"Eux\" }\n",
       "2:16: 'teams.NS' must be a name of 1 to 40 characters, without control or bidirectional characters"},
      {"team name with a control character", kOk + "teams = { NS = \"a\\tb\", EW = \"Eux\" }\n", "2:16: 'teams.NS' must be a name"},
      {"same team names", kOk + "teams = { NS = \"Nous\", EW = \"Nous\" }\n", "2:1: 'teams': both teams are called 'Nous'"},
      {"mene not an array", kOk + "mene = 3\n", "2:1: 'mene' must be an array of tables: write each mène under its own [[mene]] header"},
      {"mene not a table", kOk + "mene = [3]\n", "2:9: mène 1: a mène must be a table, not an integer"},
      {"unknown mene key", kOk + m + "points = { NS = 90, EW = 72 }\ntrumps = \"S\"\n", "6:1: mène 1: unknown key 'trumps' (did you mean 'trump'?)"},
      {"hands in a mene", kOk + m + "points = { NS = 90, EW = 72 }\nhands = {}\n",
       "6:1: mène 1: 'hands': a sheet gives each mène as declared at the table, or as its played cards ('play'), not its hands alone"},
      {"missing taker", kOk + "[[mene]]\ntrump = \"H\"\npoints = { NS = 90, EW = 72 }\n", "2:1: mène 1: missing key 'taker'"},
      {"unknown suit", kOk + "[[mene]]\ntaker = \"N\"\ntrump = \"X\"\npoints = { NS = 90, EW = 72 }\n",
       "4:9: mène 1: 'trump': unknown suit 'X' (suits: S H D C)"},
      {"unknown announcement", kOk + m + "points = { NS = 90, EW = 72 }\nannouncements = { N = [\"tierse KH\"] }\n",
       "6:24: mène 1: 'announcements.N': unknown announcement 'tierse' (did you mean 'tierce'?)"},
      {"belote held twice", kOk + m + "points = { NS = 90, EW = 72 }\nannouncements = { E = [\"tierce KH\"] }\nbelote = \"N\"\n",
       "7:10: mène 1: 'belote': N holds the belote, yet E declares QH KH"},
      {"capot not a team", kOk + m + "capot = \"X\"\n",
       "5:9: mène 1: 'capot' must be a team, NS or EW, or the seat that took every trick alone"},
      {"capot with points", kOk + m + "capot = \"NS\"\npoints = { NS = 162, EW = 0 }\n",
       "6:1: mène 1: 'points' goes without 'capot': a capot gives one team every trick and 252 card points (contract.capot)"},
      {"capot with tricks", kOk + m + "capot = \"NS\"\ntricks = { NS = 8, EW = 0 }\n", "6:1: mène 1: 'tricks' goes without 'capot'"},
      {"missing points", kOk + m, "2:1: mène 1: missing key 'points' (each team's card points, e.g. points = { NS = 90, EW = 72 }, or capot = \"NS\")"},
      {"points not a table", kOk + m + "points = 162\n", "5:10: mène 1: 'points' must be a table, e.g. points = { NS = 81, EW = 81 }"},
      {"points unknown team", kOk + m + "points = { NS = 90, WE = 72 }\n", "5:21: mène 1: unknown key 'points.WE' (the teams are NS and EW)"},
      {"points missing a team", kOk + m + "points = { NS = 162 }\n", "5:1: mène 1: missing key 'points.EW'"},
      {"points above the total", kOk + m + "points = { NS = 252, EW = 0 }\n",
       "5:17: mène 1: 'points.NS' must be an integer from 0 to 162 (a capot is written capot = \"NS\" or \"EW\")"},
      {"points do not add up", kOk + m + "points = { NS = 90, EW = 70 }\n",
       "5:10: mène 1: 'points' adds up to 160; the card points of a mène add up to 162"},
      {"a team without points and no tricks", kOk + m + "points = { NS = 162, EW = 0 }\n",
       "5:27: mène 1: 'points.EW' is 0: write capot = \"NS\" if NS took every trick, or give the tricks (e.g. tricks = { NS = 7, EW = 1 })"},
      {"tricks do not add up", kOk + m + "points = { NS = 90, EW = 72 }\ntricks = { NS = 5, EW = 2 }\n",
       "6:10: mène 1: 'tricks' adds up to 7; the tricks of a mène add up to 8"},
      {"points without a trick", kOk + m + "points = { NS = 90, EW = 72 }\ntricks = { NS = 8, EW = 0 }\n",
       "6:25: mène 1: 'tricks.EW' is 0, but EW have 72 card points"},
      {"announcements no hand makes up", kOk + m + "points = { NS = 90, EW = 72 }\nannouncements = { NS = 25 }\n",
       "6:24: mène 1: 'announcements.NS' is 25, which no announcements add up to: tierce 20, cinquante 50, cent 100"},
      {"roem no tricks hold", "ruleset = \"klaverjas\"\n" + m + "points = { NS = 100, EW = 62 }\nroem = { NS = 15, EW = 0 }\n",
       "6:15: mène 1: 'roem.NS' is 15, which no tricks hold: roem adds up from roem.runs.3 = 20, roem.runs.4 = 50, "
       "roem.stuk = 20, roem.four_of_a_kind = 100"},
      {"tricks needed by the trick rule", "ruleset = \"two-tricks.toml\"\n" + m + "points = { NS = 90, EW = 72 }\nannouncements = { N = [\"tierce KH\"] }\n",
       "2:1: mène 1: 'tricks' is needed: this ruleset scores announcements only for a team that took at least 2 tricks (announcements.min_tricks)"},
  };
}

}  // namespace

BOOST_DATA_TEST_CASE(each_error_names_its_key_at_its_place, bdata::make(error_cases()), c) {
  sheet_variant("two-tricks", "[announcements]\nmin_tricks = 2\n");
  write_file(sheet_scratch() / "broken.toml", "extends = \"classique\"\n[game]\ntarget = -1\n");
  const LoadedSheet sheet = read_sheet_text(c.sheet);
  BOOST_TEST_REQUIRE(!sheet.ok());
  std::string all;
  bool found = false;
  for (const Diagnostic& d : sheet.errors) {
    const std::string shown = location_and_message(d);
    all += shown + "\n";
    if (shown.starts_with("sheet.toml:" + c.expected)) found = true;
  }
  BOOST_TEST(found, "expected sheet.toml:" << c.expected << "\ngot:\n" << all);
}

BOOST_AUTO_TEST_CASE(a_ruleset_with_errors_is_reported_in_its_own_file_too) {
  write_file(sheet_scratch() / "broken.toml", "extends = \"classique\"\n[game]\ntarget = -1\n");
  const LoadedSheet sheet = read_sheet_text("ruleset = \"broken.toml\"\n");
  BOOST_TEST_REQUIRE(sheet.errors.size() >= 2u);
  BOOST_TEST(sheet.errors[0].file.ends_with("broken.toml"));
  BOOST_TEST(sheet.errors[0].line == 3);
}

BOOST_AUTO_TEST_CASE(a_toml_syntax_error_is_reported_at_its_place) {
  const LoadedSheet sheet = read_sheet_text("ruleset = \"classique\"\n[[mene]\n");
  BOOST_TEST_REQUIRE(sheet.errors.size() == 1u);
  BOOST_TEST(sheet.errors[0].line == 2);
  BOOST_TEST(sheet.errors[0].message.starts_with("TOML syntax"));
}

BOOST_AUTO_TEST_CASE(a_key_given_twice_in_a_mene_names_its_first_line) {
  const LoadedSheet sheet = read_sheet_text("ruleset = \"classique\"\n" + sheet_mene("N", "H", 100, 62) +
                                            "[[mene]]\ntaker = \"N\"\ntaker = \"S\"\n");
  BOOST_TEST_REQUIRE(sheet.errors.size() == 1u);
  BOOST_TEST(sheet.errors[0].line == 8);
  BOOST_TEST(sheet.errors[0].message.ends_with("(first defined at line 7; a key is given once)"), sheet.errors[0].message);
}

BOOST_AUTO_TEST_CASE(equal_totals_past_the_target_are_a_draw_where_the_ruleset_says_so) {
  // 100 / 62, then E make 100 against 62: 162 each, both over 150.
  const std::string level = sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 62, 100);
  const std::string ruleset = sheet_variant("draw", "[game]\nboth_reach = \"highest-or-draw\"\n");
  const SheetGame g = play_sheet(sheet_header(ruleset, "target = 150") + level);
  BOOST_TEST((g.score.totals == teams(162, 162)));
  BOOST_TEST(g.score.drawn);
  BOOST_TEST(!g.score.winner);
  BOOST_TEST(g.score.over());
  BOOST_TEST(g.score.decision == GameDecision::draw);
  BOOST_TEST(g.score.decided_at == 2);
  BOOST_TEST(game_state_text(g.loaded.sheet, g.score) ==
             "Both teams reached 150 at mène 2 with equal totals: the game is drawn (game.both_reach = highest-or-draw), "
             "162 to 162.\n");
  // A drawn game takes no more mènes.
  const LoadedSheet after = read_sheet_text(sheet_header(ruleset, "target = 150") + level + sheet_mene("S", "D", 90, 72));
  BOOST_TEST_REQUIRE(after.errors.size() == 1u);
  BOOST_TEST(after.errors[0].message == "mène 3: the game ended at mène 2 (drawn); a new game needs a new sheet");
}

// klaverjas (game.deals = 16): the game ends after its sixteenth mène.
BOOST_AUTO_TEST_CASE(a_game_of_a_number_of_menes_ends_after_its_last) {
  std::string menes;
  // 15 mènes EW make (NS 60, EW 102 with 20 roem: EW 122), then NS make one with a pit.
  for (int i = 0; i < 15; ++i) menes += sheet_mene("E", "S", 60, 102, "roem = { NS = 0, EW = 20 }");
  const SheetGame before = play_sheet(sheet_header("klaverjas") + menes);
  BOOST_TEST(!before.score.over());
  BOOST_TEST(before.score.totals[Team::EW] == 15 * 122);
  const SheetGame g = play_sheet(sheet_header("klaverjas") + menes + "[[mene]]\ntaker = \"N\"\ntrump = \"H\"\ncapot = \"NS\"\nroem = { NS = 50, EW = 0 }\n");
  // The last mène: 162 + 50 + the pit's 100.
  BOOST_TEST(g.score.menes.back().written[Team::NS] == 312);
  BOOST_TEST(g.score.decision == GameDecision::deals_played);
  BOOST_TEST(g.score.decided_at == 16);
  BOOST_TEST(g.score.winner == std::optional(Team::EW));
  BOOST_TEST(game_state_text(g.loaded.sheet, g.score).find("The game's 16 mènes are played (game.deals): EW win the game") == 0u);
  const LoadedSheet after = read_sheet_text(sheet_header("klaverjas") + menes + sheet_mene("N", "H", 100, 62) + sheet_mene("N", "H", 100, 62));
  BOOST_TEST_REQUIRE(after.errors.size() == 1u);
  BOOST_TEST(after.errors[0].message.find("mène 17: the game ended at mène 16") == 0u);
}

BOOST_AUTO_TEST_CASE(equal_totals_after_the_last_mene_draw) {
  std::string menes;
  for (int i = 0; i < 8; ++i) menes += sheet_mene("E", "S", 60, 102) + sheet_mene("N", "S", 102, 60);
  const SheetGame g = play_sheet(sheet_header("klaverjas") + menes);
  BOOST_TEST(g.score.drawn);
  BOOST_TEST(g.score.decision == GameDecision::deals_played);
}

BOOST_AUTO_TEST_CASE(a_void_mene_is_not_one_of_the_games_menes) {
  // Dealt again, as a redeal: a game of two mènes goes on after a void one.
  const std::string ruleset = sheet_variant("void-two", "[carres]\nvoid_deal = [\"7\"]\n[game]\ndeals = 2\n");
  const std::string menes = sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 100, 62, "announcements = { W = [\"carre 7\"] }");
  const SheetGame g = play_sheet(sheet_header(ruleset) + menes);
  BOOST_TEST(g.score.menes[1].outcome.is_void);
  BOOST_TEST(g.score.played == 1);
  BOOST_TEST(!g.score.over());
  const SheetGame last = play_sheet(sheet_header(ruleset) + menes + sheet_mene("E", "S", 62, 100));
  BOOST_TEST(last.score.played == 2);
  BOOST_TEST(last.score.decision == GameDecision::deals_played);
}

// A target and a number of mènes: the last mène ends the game even where the target's rules play on.
BOOST_AUTO_TEST_CASE(the_last_mene_ends_a_game_the_target_leaves_open) {
  // 91 / 71, then E make 91 against 71: 162 each, both over 150, equal totals, on the second and last mène.
  const std::string two = sheet_variant("two-menes", "[game]\ntarget = 150\ndeals = 2\nboth_reach = \"highest\"\n");
  const std::string level = sheet_mene("N", "H", 91, 71) + sheet_mene("E", "H", 71, 91);
  const SheetGame g = play_sheet(sheet_header(two) + level);
  BOOST_TEST(g.score.drawn);
  BOOST_TEST(!g.score.level_over_target);
  BOOST_TEST(g.score.decision == GameDecision::deals_played);
  BOOST_TEST(read_sheet_text(sheet_header(two) + level + sheet_mene("N", "S", 100, 62)).errors.size() == 1u);
  // A capot on the last mène where nobody wins on a capot: the higher total wins all the same.
  const std::string one = sheet_variant("one-mene", "[game]\ntarget = 200\ndeals = 1\nno_win_on_capot = true\n");
  const SheetGame capot = play_sheet(sheet_header(one) + "[[mene]]\ntaker = \"N\"\ntrump = \"H\"\ncapot = \"NS\"\n");
  BOOST_TEST(capot.score.decision == GameDecision::deals_played);
  BOOST_TEST((capot.score.winner == Team::NS));
}

// Totals a team's announcements or roem can make up, from the ruleset's values: taken.
namespace {
struct MadeUpTotal {
  std::string ruleset, terms;
};
std::ostream& operator<<(std::ostream& out, const MadeUpTotal& c) { return out << c.ruleset << ": " << c.terms; }
}  // namespace

BOOST_DATA_TEST_CASE(totals_that_announcements_or_roem_make_up_are_read,
                     bdata::make(std::vector<MadeUpTotal>{
                         {"classique", "announcements = { NS = 20 }"}, {"classique", "announcements = { NS = 70 }"},
                         {"classique", "announcements = { EW = 270 }"}, {"classique", "announcements = { NS = 0 }"},
                         {"klaverjas", "roem = { NS = 20, EW = 0 }"}, {"klaverjas", "roem = { NS = 40, EW = 20 }"},
                         {"klaverjas", "roem = { NS = 170, EW = 0 }"}, {"klaverjas", "roem = { NS = 0, EW = 0 }"}}),
                     c) {
  const LoadedSheet sheet = read_sheet_text(sheet_header(c.ruleset) + sheet_mene("N", "H", 100, 62, c.terms));
  BOOST_TEST(sheet.ok(), (sheet.errors.empty() ? "" : sheet.errors[0].message));
}

BOOST_AUTO_TEST_CASE(roem_is_refused_where_the_ruleset_counts_none) {
  const LoadedSheet sheet = read_sheet_text(sheet_header("classique") + sheet_mene("N", "H", 100, 62, "roem = { NS = 20, EW = 0 }"));
  BOOST_TEST_REQUIRE(sheet.errors.size() == 1u);
  BOOST_TEST(sheet.errors[0].message == "mène 1: 'roem': the ruleset counts no roem (it has no [roem] section)");
}

// As a team's announcements: roem written for one team only gives the other none.
BOOST_AUTO_TEST_CASE(roem_left_out_for_a_team_is_none) {
  const SheetGame g = play_sheet(sheet_header("klaverjas") + sheet_mene("N", "H", 100, 62, "roem = { NS = 20 }"));
  BOOST_TEST((g.score.menes[0].outcome.roem == teams(20, 0)));
  BOOST_TEST((g.score.totals == teams(120, 62)));
  // A team's roem is still checked when the other's is left out.
  const LoadedSheet refused = read_sheet_text(sheet_header("klaverjas") + sheet_mene("N", "H", 100, 62, "roem = { EW = 15 }"));
  BOOST_TEST_REQUIRE(refused.errors.size() == 1u);
  BOOST_TEST(refused.errors[0].message.starts_with("mène 1: 'roem.EW' is 15, which no tricks hold"), refused.errors[0].message);
}

// game.winner_needs_trick: a team past the target that took no trick does not win, and the sheet says why.
BOOST_AUTO_TEST_CASE(a_team_past_the_target_without_a_trick_is_told_why_it_has_not_won) {
  const std::string ruleset = sheet_variant("needs-trick", "[game]\nwinner_needs_trick = true\n");
  // NS 100 + capot 252 = 352; then E's capot gives EW 252 and N's belote NS 20: 372, past 360 without a trick.
  const SheetGame g = play_sheet(sheet_header(ruleset, "target = 360") + sheet_mene("N", "H", 100, 62) +
                                 "[[mene]]\ntaker = \"N\"\ntrump = \"S\"\ncapot = \"NS\"\n" +
                                 "[[mene]]\ntaker = \"E\"\ntrump = \"H\"\ncapot = \"EW\"\nbelote = \"N\"\n");
  BOOST_TEST((g.score.totals == teams(372, 314)));
  BOOST_TEST(!g.score.over());
  BOOST_TEST((g.score.over_target_without_trick == PerTeam<bool>{{true, false}}));
  BOOST_TEST(game_state_text(g.loaded.sheet, g.score) ==
             "No winner yet: NS 372, EW 314; the game is to 360.\n"
             "NS have 372, over the target of 360, but took no trick in mène 3: a team wins only on a mène in which it "
             "takes a trick (game.winner_needs_trick).\n");
  // Without the rule NS win there.
  const SheetGame plain = play_sheet(sheet_header("classique", "target = 360") + sheet_mene("N", "H", 100, 62) +
                                     "[[mene]]\ntaker = \"N\"\ntrump = \"S\"\ncapot = \"NS\"\n" +
                                     "[[mene]]\ntaker = \"E\"\ntrump = \"H\"\ncapot = \"EW\"\nbelote = \"N\"\n");
  BOOST_TEST((plain.score.winner == Team::NS));
  BOOST_TEST((plain.score.over_target_without_trick == PerTeam<bool>{}));
}

// Level over the target, the game goes on (classique, both_reach = "highest"); a litige then
// leaves the defenders ahead: the message dates both teams' reaching the target from where they did.
BOOST_AUTO_TEST_CASE(a_game_won_after_both_teams_played_on_over_the_target_says_since_when) {
  // 100 / 62, then E make 100 against 62: 162 each, both over 150; then E's litige: NS write 81, EW's 81 wait.
  const std::string level = sheet_mene("N", "H", 100, 62) + sheet_mene("E", "S", 62, 100);
  const SheetGame g = play_sheet(sheet_header("classique", "target = 150") + level + sheet_mene("E", "D", 81, 81));
  BOOST_TEST(g.score.menes[2].outcome.contract == ContractResult::litige);
  BOOST_TEST((g.score.winner == Team::NS));
  BOOST_TEST(g.score.decision == GameDecision::higher_total);
  BOOST_TEST(g.score.decided_at == 3);
  BOOST_TEST(game_state_text(g.loaded.sheet, g.score) ==
             "Both teams have been at or over 150 since mène 2; at mène 3 the higher total wins (game.both_reach): NS win "
             "the game, 243 to 162.\n"
             "The 81 points held over from mène 3 go to nobody: the game is over.\n");
  // Reached together on the deciding mène, the message stays as it was.
  const SheetGame together = play_sheet(sheet_header("classique", "target = 200") + kBothPass);
  BOOST_TEST(game_state_text(together.loaded.sheet, together.score) ==
             "Both teams reached 200 at mène 2: the higher total wins (game.both_reach): EW win the game, 222 to 202.\n");
}

BOOST_AUTO_TEST_SUITE_END()  // test_sheet
