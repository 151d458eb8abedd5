// `belote sheet`: whole games played with `sheet add` and read back with
// `sheet show`, undo, refused mènes, and writes that never corrupt the file.
#include <boost/test/unit_test.hpp>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ruleset_chain.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_sheet)

namespace fs = std::filesystem;
using namespace belote::test;

namespace {

// One mène of a game: the options of `sheet add`, and what each team writes
// for it, worked out by hand from the rule book and the ruleset.
struct Played {
  std::vector<std::string> options;
  int ns = 0, ew = 0;
};

std::vector<std::string> add_args(const fs::path& sheet, const std::vector<std::string>& options) {
  std::vector<std::string> args{"sheet", "add", sheet.string()};
  args.insert(args.end(), options.begin(), options.end());
  return args;
}

// Plays `menes` on a new sheet; checks each add and returns the sheet's path.
fs::path play(const std::string& name, const std::string& ruleset, const std::vector<Played>& menes) {
  const fs::path sheet = temp_dir(name) / "game.toml";
  const RunResult created = run_belote({"sheet", "new", sheet.string(), "--ruleset", ruleset, "--teams", "Nous,Eux"});
  BOOST_TEST_REQUIRE(created.status == 0, created.err);
  for (std::size_t i = 0; i < menes.size(); ++i) {
    const RunResult added = run_belote(add_args(sheet, menes[i].options));
    BOOST_TEST_REQUIRE(added.status == 0, "mène " << i + 1 << ": " << added.err);
    BOOST_TEST(added.out.starts_with("mène " + std::to_string(i + 1) + " added"));
  }
  return sheet;
}

// What `sheet show --format json` says matches the hand-worked mènes; returns the JSON.
nlohmann::json check_show(const fs::path& sheet, const std::vector<Played>& menes) {
  const RunResult shown = run_belote({"sheet", "show", sheet.string(), "--format", "json"});
  BOOST_TEST_REQUIRE(shown.status == 0, shown.err);
  const auto j = nlohmann::json::parse(shown.out);
  BOOST_TEST_REQUIRE(j["menes"].size() == menes.size());
  int ns = 0, ew = 0;
  for (std::size_t i = 0; i < menes.size(); ++i) {
    ns += menes[i].ns;
    ew += menes[i].ew;
    const auto& m = j["menes"][i];
    BOOST_TEST(m["written"]["NS"].get<int>() == menes[i].ns, "mène " << i + 1);
    BOOST_TEST(m["written"]["EW"].get<int>() == menes[i].ew, "mène " << i + 1);
    BOOST_TEST(m["totals"]["NS"].get<int>() == ns, "mène " << i + 1);
    BOOST_TEST(m["totals"]["EW"].get<int>() == ew, "mène " << i + 1);
  }
  BOOST_TEST(j["totals"]["NS"].get<int>() == ns);
  BOOST_TEST(j["totals"]["EW"].get<int>() == ew);
  return j;
}

std::vector<std::string> temporaries(const fs::path& dir) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().starts_with(".")) found.push_back(entry.path().filename().string());
  return found;
}

// Runs `belote` with a file-size limit, as `ulimit -f` would; returns the status and stderr.
RunResult run_with_file_size_limit(const std::vector<std::string>& args, rlim_t bytes) {
  int err_pipe[2];
  BOOST_REQUIRE(pipe(err_pipe) == 0);
  const pid_t pid = fork();
  BOOST_REQUIRE(pid >= 0);
  if (pid == 0) {
    const rlimit limit{bytes, bytes};
    setrlimit(RLIMIT_FSIZE, &limit);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(err_pipe[1], 2);
    close(err_pipe[0]);
    std::vector<std::string> words{BELOTE_PROGRAM};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execv(BELOTE_PROGRAM, argv.data());
    _exit(127);
  }
  close(err_pipe[1]);
  RunResult result;
  char buffer[4096];
  for (ssize_t n; (n = read(err_pipe[0], buffer, sizeof buffer)) > 0;) result.err.append(buffer, std::size_t(n));
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

// A game under classique, worked by hand (NS = Nous, EW = Eux; target 1000):
const std::vector<Played> kClassiqueGame = {
    // N take at hearts: 90 + tierce 20 + belote 20 = 130 against 72: made.
    {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72", "--announce", "N=tierce KH", "--belote", "N"}, 130, 72},
    // E take at spades and make 62 against 100: failed, NS take all 162.
    {{"--taker", "E", "--trump", "S", "--points", "NS=100,EW=62"}, 162, 0},
    // S take, 81 against 81: litige. EW score 81; NS's 81 are held over.
    {{"--taker", "S", "--trump", "D", "--points", "NS=81,EW=81"}, 0, 81},
    // W take: 102 + 50 written for EW's announcements against 60: made; EW also take the 81 held over.
    {{"--taker", "W", "--trump", "C", "--points", "NS=60,EW=102", "--team-announcements", "EW=50"}, 60, 233},
    // N take and make 50 against 112: failed, EW 162.
    {{"--taker", "N", "--trump", "S", "--points", "NS=50,EW=112"}, 0, 162},
    // E's cinquante beats S's tierce (by category): EW 92 + 50 against 70: made.
    {{"--taker", "E", "--trump", "H", "--points", "NS=70,EW=92", "--announce", "E=cinquante 10D", "--announce",
      "S=tierce QC"}, 70, 142},
    // S take: 71 + belote 20 = 91 against 91: litige. EW 91 now; NS's 91 wait.
    {{"--taker", "S", "--trump", "C", "--points", "NS=71,EW=91", "--belote", "N"}, 0, 91},
    // W take; S's tierce is NS's: 87 against 75 + 20: failed. NS 162 + 20 + the 91 held over.
    {{"--taker", "W", "--trump", "D", "--points", "NS=75,EW=87", "--announce", "S=tierce 9H"}, 273, 0},
    // N take every trick: capot, 252.
    {{"--taker", "N", "--trump", "H", "--capot", "NS"}, 252, 0},
    // E take: 122 + carré of aces 100 + belote 20 against 40: made. Eux reach 1023; Nous stay at 987.
    {{"--taker", "E", "--trump", "C", "--points", "NS=40,EW=122", "--announce", "W=carre A", "--belote", "E"}, 40, 242},
};

// A game under traditionnelle (ties made, a trick needed to score announcements,
// no card serves twice, stronger = more points, four sevens void the deal):
const std::vector<Played> kTraditionnelleGame = {
    // N take: 90 + tierce 20 + belote 20 against 72: made.
    {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72", "--announce", "N=tierce KH", "--belote", "N"}, 130, 72},
    // E take, 81 against 81: a tie counts as made.
    {{"--taker", "E", "--trump", "S", "--points", "NS=81,EW=81"}, 81, 81},
    // E hold four sevens: the deal is void, nobody scores.
    {{"--taker", "S", "--trump", "D", "--points", "NS=100,EW=62", "--announce", "E=carre 7"}, 0, 0},
    // W take; EW win one trick of no points, so E's tierce counts (20): 20 against 162,
    // failed: NS 162 + EW's 20.
    {{"--taker", "W", "--trump", "C", "--points", "NS=162,EW=0", "--tricks", "NS=7,EW=1", "--announce", "E=tierce KH"},
     182, 0},
    // N take and EW take every trick: EW 252 + cinquante 50.
    {{"--taker", "N", "--trump", "S", "--capot", "EW", "--announce", "E=cinquante AD"}, 0, 302},
    // E's cinquante (50) beats S's tierce (20): EW 92 + 50 against 70: made.
    {{"--taker", "E", "--trump", "H", "--points", "NS=70,EW=92", "--announce", "E=cinquante 10D", "--announce",
      "S=tierce QC"}, 70, 142},
    // W's carré of nines (150) beats N's cent (100): 100 against 62 + 150, S fail: EW 162 + 150.
    {{"--taker", "S", "--trump", "C", "--points", "NS=100,EW=62", "--announce", "N=cent AS", "--announce", "W=carre 9"},
     0, 312},
    // W take: 72 + belote 20 against 90 + S's tierce 20: failed. NS 162 + 20; W keep the belote.
    {{"--taker", "W", "--trump", "D", "--points", "NS=90,EW=72", "--announce", "S=tierce 9H", "--belote", "W"}, 182, 20},
    // N take: A-K-Q of trumps is a tierce and the belote, 20 + 20: 120 + 40 against 42: made.
    {{"--taker", "N", "--trump", "H", "--points", "NS=120,EW=42", "--announce", "N=tierce AH", "--belote", "N"}, 160, 42},
    // E take: 52 against 110 + N's cinquante 50: failed. NS 162 + 50: Nous reach 1017; Eux stay at 971.
    {{"--taker", "E", "--trump", "S", "--points", "NS=110,EW=52", "--announce", "N=cinquante KD"}, 212, 0},
};

// A game under coinche (to 2000; each side's number rounded to tens, 5 up):
const std::vector<Played> kCoincheGame = {
    // N bid 80 in hearts: 100 + tierce 20 + belote 20 = 140, made: 140 + 80 = 220; EW 62 → 60.
    {{"--taker", "N", "--trump", "H", "--bid", "80", "--points", "NS=100,EW=62", "--announce", "N=tierce KH", "--belote", "N"},
     220, 60},
    // S bid 120 in sans-atout and take 90: failed, EW 160 + 120; no belote in sans-atout.
    {{"--taker", "S", "--kind", "sans-atout", "--bid", "120", "--points", "NS=90,EW=72"}, 0, 280},
    // E bid the capot in spades, surcoinched, and take every trick: (160 + 250) × 4.
    {{"--taker", "E", "--trump", "S", "--bid", "capot", "--doubling", "surcoinche", "--capot", "EW"}, 0, 1640},
    // W bid 100 in tout-atout, coinched, and take 100: (160 + 100) × 2. Eux reach 2500.
    {{"--taker", "W", "--kind", "tout-atout", "--bid", "100", "--doubling", "coinche", "--points", "NS=62,EW=100"}, 0, 520},
};

// A match under bulgare (the board counts tens; to 151; never won on a valat round):
const std::vector<Played> kBulgareMatch = {
    // E in spades, 81 each: the round hangs. NS write their half, 81 → 8; EW's 8 hang.
    {{"--taker", "E", "--trump", "S", "--points", "NS=81,EW=81"}, 8, 0},
    // N in hearts, rekontra, a valat with a carré of jacks: (162 + 90 + 200) × 4 = 1808 → 181 tens,
    // odd in a suit: 180; and the 8 that hung. Nie reach 196 on a valat round: no win yet.
    {{"--taker", "N", "--trump", "H", "--doubling", "rekontra", "--capot", "NS", "--announce", "N=carre J"}, 188, 0},
    // E in diamonds take 62 against 100: inside, the whole 162 → 16 tens to NS. Nie win.
    {{"--taker", "E", "--trump", "D", "--points", "NS=100,EW=62"}, 16, 0},
};

// A game of Schieber (no contract: each team writes its cards, its Weis if it has the best,
// and its Stöck; a Match is 257; to 2500):
const std::vector<Played> kSchieberGame = {
    // Match in hearts, four jacks 200, Stöck 20.
    {{"--taker", "N", "--trump", "H", "--capot", "NS", "--announce", "N=carre J", "--belote", "N"}, 477, 0},
    // Obenabe: four nines 150 for EW.
    {{"--taker", "E", "--kind", "obenabe", "--points", "NS=57,EW=100", "--announce", "E=carre 9"}, 57, 250},
    // Undenufe Match, four sixes 100 (four 6s count).
    {{"--taker", "S", "--kind", "undenufe", "--capot", "NS", "--announce", "N=carre 6"}, 357, 0},
    // W's vierblatt (50) beats N's dreiblatt (20).
    {{"--taker", "W", "--trump", "S", "--points", "NS=77,EW=80", "--announce", "W=vierblatt AC", "--announce",
      "N=dreiblatt KD"}, 77, 130},
    // The best Weis (four jacks) makes NS write all theirs: 200 + 100.
    {{"--taker", "N", "--trump", "D", "--capot", "NS", "--announce", "S=carre J", "--announce", "N=carre A"}, 557, 0},
    // EW's Match in clubs, four jacks, W's Stöck.
    {{"--taker", "E", "--trump", "C", "--capot", "EW", "--announce", "E=carre J", "--belote", "W"}, 0, 477},
    // Obenabe Match, four jacks and four nines.
    {{"--taker", "S", "--kind", "obenabe", "--capot", "NS", "--announce", "N=carre J", "--announce", "S=carre 9"}, 607, 0},
    // Match in hearts, four jacks, S's Stöck: Wir reach 2609.
    {{"--taker", "N", "--trump", "H", "--capot", "NS", "--announce", "N=carre J", "--belote", "S"}, 477, 0},
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_classique_game_played_with_add_reads_back_to_its_winner) {
  const fs::path sheet = play("classique-game", "classique", kClassiqueGame);
  const auto j = check_show(sheet, kClassiqueGame);
  BOOST_TEST(j["winner"] == "EW");
  BOOST_TEST(j["decision"] == "target");
  BOOST_TEST(j["decided_at"] == 10);
  BOOST_TEST(j["menes"][2]["contract"] == "litige");
  BOOST_TEST(j["menes"][2]["suspended"] == 81);
  BOOST_TEST(j["menes"][3]["received"] == nlohmann::json::parse(R"([{"mene": 3, "points": 81}])"));
  BOOST_TEST(j["menes"][1]["contract"] == "failed");
  const RunResult text = run_belote({"sheet", "show", sheet.string(), "--ascii"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST_MESSAGE(text.out);
  BOOST_TEST(text.out.find("Eux win the game at mène 10, 1023 to 987 (game to 1000).") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("81 held over") != std::string::npos);
  BOOST_TEST(text.out.find("+81 from mène 3 to Eux") != std::string::npos);
  BOOST_TEST(text.out.find("+91 from mène 7 to Nous") != std::string::npos);
  // The game is over: one more mène is refused, and the file stays as it was.
  const std::string before = read_file(sheet);
  const RunResult more = run_belote(add_args(sheet, {"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72"}));
  BOOST_TEST(more.status == 1);
  BOOST_TEST(more.err.find("mène 11 not added: the game ended at mène 10 (Eux won, 1023 to 987)") != std::string::npos,
             more.err);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(a_traditionnelle_game_played_with_add_reads_back_to_its_winner) {
  const fs::path sheet = play("traditionnelle-game", "traditionnelle", kTraditionnelleGame);
  const auto j = check_show(sheet, kTraditionnelleGame);
  BOOST_TEST(j["winner"] == "NS");
  BOOST_TEST(j["decided_at"] == 10);
  BOOST_TEST(j["menes"][1]["contract"] == "made");
  BOOST_TEST(j["menes"][2]["contract"].is_null());
  BOOST_TEST(j["menes"][2]["outcome"]["void"] == true);
  const RunResult text = run_belote({"sheet", "show", sheet.string(), "--ascii"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST_MESSAGE(text.out);
  BOOST_TEST(text.out.find("Nous win the game at mène 10, 1017 to 971 (game to 1000).") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(a_coinche_game_with_bids_and_doubles_reads_back_to_its_winner) {
  const fs::path sheet = play("coinche-game", "coinche", kCoincheGame);
  const auto j = check_show(sheet, kCoincheGame);
  BOOST_TEST(j["winner"] == "EW");
  BOOST_TEST(j["decided_at"] == 4);
  BOOST_TEST(j["menes"][1]["contract"] == "failed");
  const RunResult text = run_belote({"sheet", "show", sheet.string(), "--ascii"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(text.out.find("S capot surcoinche") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("tout-atout 100 coinche") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("Eux win the game at mène 4, 2500 to 220 (game to 2000).") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(a_bulgare_match_counts_tens_carries_hanging_points_and_is_not_won_on_a_valat) {
  const fs::path sheet = play("bulgare-match", "bulgare", kBulgareMatch);
  const auto j = check_show(sheet, kBulgareMatch);
  BOOST_TEST(j["menes"][0]["contract"] == "litige");
  BOOST_TEST(j["menes"][0]["suspended"] == 8);
  BOOST_TEST(j["menes"][1]["received"] == nlohmann::json::parse(R"([{"mene": 1, "points": 8}])"));
  // Past 151 after the valat round, the match goes on to the next.
  BOOST_TEST(j["winner"] == "NS");
  BOOST_TEST(j["decided_at"] == 3);
  const RunResult text = run_belote({"sheet", "show", sheet.string(), "--ascii"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(text.out.find("+8 from mène 1 to Nous") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("Nous win the game at mène 3, 212 to 0 (game to 151).") != std::string::npos, text.out);
}

// A Bulgarian match given as its auctions: the round that hangs, a redeal the
// hanging points wait through, and the dealer passed on from auction to auction.
const std::vector<Played> kBulgareByAuction = {
    // Dealt by S, E speaks first and bids spades; 81 each: NS write 8, EW's 8 hang.
    {{"--auction", "S, pass, pass, pass", "--dealer", "S", "--points", "NS=81,EW=81"}, 8, 0},
    // Dealt by E (the seat after S): four passes, a redeal; nothing is written.
    {{"--auction", "pass, pass, pass, pass"}, 0, 0},
    // Dealt by N: W and S pass, E bids diamonds and takes 62 against 100: 16 tens and the 8 to NS.
    {{"--auction", "pass", "--auction", "pass, D, pass, pass, pass", "--points", "NS=100,EW=62"}, 24, 0},
};

BOOST_AUTO_TEST_CASE(a_bulgare_match_given_as_its_auctions_keeps_its_redeal_and_dealers) {
  const fs::path sheet = play("bulgare-auctions", "bulgare", kBulgareByAuction);
  const auto j = check_show(sheet, kBulgareByAuction);
  BOOST_TEST(j["menes"][0]["taker"] == "E");
  BOOST_TEST(j["menes"][0]["trump"] == "S");
  BOOST_TEST(j["menes"][1]["redeal"] == true);
  BOOST_TEST(j["menes"][1]["dealer"] == "E");
  BOOST_TEST(j["menes"][1]["waiting"] == 8);
  BOOST_TEST(j["menes"][2]["dealer"] == "N");
  BOOST_TEST(j["menes"][2]["received"] == nlohmann::json::parse(R"([{"mene": 1, "points": 8}])"));
  BOOST_TEST(j["next_dealer"] == "W");
  BOOST_TEST(j["played"] == 2);
  const std::string file = read_file(sheet);
  BOOST_TEST(file.find(R"(auction = { calls = [ "pass", "pass", "pass", "pass" ], dealer = "E" })") != std::string::npos, file);
  const RunResult text = run_belote({"sheet", "show", sheet.string(), "--ascii"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(text.out.find("redeal        0      0       8      0   everybody passed; N deals; 8 waiting") != std::string::npos,
             text.out);
  BOOST_TEST(text.out.find("W deals the next mène.") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(sheet_add_auction_usage_errors) {
  const fs::path sheet = play("auction-usage", "coinche", {});
  const auto usage = [&](const std::vector<std::string>& options) {
    const RunResult r = run_belote(add_args(sheet, options));
    BOOST_TEST(r.status == 2);
    return r.err;
  };
  BOOST_TEST(usage({"--points", "NS=90,EW=72"}) ==
             "belote: error: sheet add: missing --taker SEAT: the seat that took: N, E, S or W (or --auction CALLS: the "
             "mène's calls, where the ruleset states its auction) (see 'belote sheet add --help')\n");
  BOOST_TEST(usage({"--taker", "N", "--trump", "H", "--dealer", "E", "--points", "NS=90,EW=72"}) ==
             "belote: error: sheet add: --dealer goes with --auction (the mène's calls) (see 'belote sheet add --help')\n");
  BOOST_TEST(usage({"--auction", "80 H,,pass"}) ==
             "belote: error: sheet add: --auction: '80 H,,pass' has an empty call (the calls are separated by commas: "
             "--auction \"100 H, pass, pass, pass\") (see 'belote sheet add --help')\n");
  // The sheet's first auction names its dealer.
  const RunResult no_dealer = run_belote(add_args(sheet, {"--auction", "pass, pass, pass, pass"}));
  BOOST_TEST(no_dealer.status == 1);
  BOOST_TEST(no_dealer.err == "belote: error: " + sheet.string() +
                                  ": mène 1 not added: its auction needs its dealer (auction.dealer): it is the sheet's first mène\n");
}

BOOST_AUTO_TEST_CASE(a_turned_suit_under_a_ruleset_that_turns_no_card_is_refused_in_words) {
  const fs::path sheet = play("turned-refused", "coinche", {});
  const std::string before = read_file(sheet);
  const RunResult run = run_belote(
      add_args(sheet, {"--auction", "100 H, pass, pass, pass", "--dealer", "N", "--turned", "H", "--points", "NS=110,EW=52"}));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + sheet.string() +
                            ": mène 1 not added: 'auction.turned': this ruleset's auction turns no card (its auction.style "
                            "is not \"turned-card\"); leave the turned suit out\n");
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(a_schieber_game_without_contract_reads_back_to_its_winner) {
  const fs::path sheet = play("schieber-game", "schieber", kSchieberGame);
  const auto j = check_show(sheet, kSchieberGame);
  BOOST_TEST(j["winner"] == "NS");
  BOOST_TEST(j["decided_at"] == 8);
  const RunResult text = run_belote({"sheet", "show", sheet.string(), "--ascii"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(text.out.find("Nous win the game at mène 8, 2609 to 857 (game to 2500).") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(undo_removes_the_last_mene_and_only_it) {
  const std::vector<Played> three(kClassiqueGame.begin(), kClassiqueGame.begin() + 3);
  const fs::path sheet = play("undo", "classique", three);
  const RunResult shown = run_belote({"sheet", "show", sheet.string(), "--format", "json"});
  const std::string with_three = read_file(sheet);
  // After an undo the file is what it was before the last add, byte for byte.
  BOOST_TEST_REQUIRE(run_belote(add_args(sheet, kClassiqueGame[3].options)).status == 0);
  const RunResult undone = run_belote({"sheet", "undo", sheet.string()});
  BOOST_TEST_REQUIRE(undone.status == 0, undone.err);
  BOOST_TEST(undone.out.starts_with("mène 4 removed from"));
  BOOST_TEST(undone.out.find("81 points held over from mène 3 go to the winner of the next mène.") != std::string::npos,
             undone.out);
  BOOST_TEST(read_file(sheet) == with_three);
  BOOST_TEST(run_belote({"sheet", "show", sheet.string(), "--format", "json"}).out == shown.out);
  // Undo down to no mène, then once more: nothing to remove.
  for (int i = 0; i < 3; ++i) BOOST_TEST(run_belote({"sheet", "undo", sheet.string()}).status == 0);
  const RunResult empty = run_belote({"sheet", "show", sheet.string(), "--format", "json"});
  BOOST_TEST(nlohmann::json::parse(empty.out)["menes"].empty());
  const std::string before = read_file(sheet);
  const RunResult nothing = run_belote({"sheet", "undo", sheet.string()});
  BOOST_TEST(nothing.status == 1);
  BOOST_TEST(nothing.err.find("the sheet has no mène to remove") != std::string::npos, nothing.err);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(undo_names_the_mene_it_removes_when_an_earlier_one_does_not_read) {
  // Mène 2 names no seat: the undo removes mène 3, the file's last, and says so.
  const fs::path sheet = temp_dir("undo-bad") / "sheet.toml";
  write_file(sheet, "ruleset = \"classique\"\n"
                    "[[mene]]\ntaker = \"N\"\ntrump = \"H\"\npoints = { NS = 100, EW = 62 }\n"
                    "[[mene]]\ntaker = \"X\"\ntrump = \"H\"\npoints = { NS = 100, EW = 62 }\n"
                    "[[mene]]\ntaker = \"E\"\ntrump = \"S\"\npoints = { NS = 62, EW = 100 }\n");
  const RunResult undone = run_belote({"sheet", "undo", sheet.string()});
  BOOST_TEST(undone.status == 1);
  BOOST_TEST(undone.out.starts_with("mène 3 removed from"), undone.out);
  BOOST_TEST(undone.err.find("mène 2: 'taker': unknown seat 'X'") != std::string::npos, undone.err);
  const std::string left = read_file(sheet);
  BOOST_TEST(left.find("taker = \"E\"") == std::string::npos);
  BOOST_TEST(left.find("taker = \"X\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_rejected_mene_leaves_the_file_byte_identical) {
  const std::vector<Played> two(kClassiqueGame.begin(), kClassiqueGame.begin() + 2);
  const fs::path sheet = play("rejected", "classique", two);
  const std::string before = read_file(sheet);
  const std::vector<std::pair<std::vector<std::string>, std::string>> rejected = {
      {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=70"},
       "mène 3 not added: 'points' adds up to 160; the card points of a mène add up to 162"},
      {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72", "--announce", "N=tierse KH"},
       "mène 3 not added: 'announcements.N': unknown announcement 'tierse' (did you mean 'tierce'?)"},
      {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72", "--announce", "N=tierce KH", "--announce", "E=cinquante KH"},
       "mène 3 not added: 'announcements.E': JH is also declared by N: one card cannot be in two hands"},
      {{"--taker", "N", "--trump", "H", "--capot", "NS", "--points", "NS=162,EW=0"},
       "mène 3 not added: 'points' goes without 'capot'"},
      {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72", "--announce", "N=tierce KH", "--team-announcements", "NS=20"},
       "mène 3 not added: the announcements are given by seat (as declared) or by team (the points written), not both"},
      {{"--taker", "N", "--trump", "H", "--points", "NS=90,EW=72", "--team-announcements", "NS=25"},
       "mène 3 not added: 'announcements.NS' is 25, which no announcements add up to: tierce 20, cinquante 50, cent 100"},
      {{"--taker", "N", "--trump", "H", "--points", "NS=90,NS=72"}, "mène 3 not added: 'points.NS' is given twice"},
      {{"--taker", "X", "--trump", "H", "--points", "NS=90,EW=72"}, "mène 3 not added: 'taker': unknown seat 'X'"},
  };
  for (const auto& [options, message] : rejected) {
    const RunResult run = run_belote(add_args(sheet, options));
    BOOST_TEST(run.status == 1, message);
    BOOST_TEST(run.err.find("belote: error: " + sheet.string() + ": " + message) != std::string::npos,
               "expected: " << message << "\ngot: " << run.err);
    BOOST_TEST(read_file(sheet) == before);
  }
  BOOST_TEST(temporaries(sheet.parent_path()).empty());
}

BOOST_AUTO_TEST_CASE(a_write_that_fails_half_way_leaves_the_old_file_intact) {
  const std::vector<Played> six(kClassiqueGame.begin(), kClassiqueGame.begin() + 6);
  const fs::path sheet = play("file-size-limit", "classique", six);
  const std::string before = read_file(sheet);
  constexpr rlim_t kLimit = 512;
  BOOST_TEST_REQUIRE(before.size() > kLimit);  // the write stops part way
  for (const auto& args : {add_args(sheet, kClassiqueGame[6].options), std::vector<std::string>{"sheet", "undo", sheet.string()}}) {
    const RunResult run = run_with_file_size_limit(args, kLimit);
    BOOST_TEST(run.status == 3, run.err);
    BOOST_TEST(run.err.find("belote: error: cannot write " + sheet.string() + ": File too large; it is left as it was\n") != std::string::npos,
               run.err);
    BOOST_TEST(read_file(sheet) == before);
    BOOST_TEST(temporaries(sheet.parent_path()).empty());
  }
  // Without the limit the same add goes through.
  BOOST_TEST(run_belote(add_args(sheet, kClassiqueGame[6].options)).status == 0);
}

BOOST_AUTO_TEST_CASE(edits_keep_the_users_comments_and_the_files_mode) {
  const fs::path dir = temp_dir("comments");
  const fs::path sheet = dir / "game.toml";
  const std::string text =
      "# Sunday's game at Paul's\n"
      "ruleset = \"classique\"  # as always\n"
      "teams = { NS = \"Nous\", EW = \"Eux\" }\n"
      "\n"
      "[[mene]]  # the first deal\n"
      "taker = \"N\"\n"
      "trump = \"H\"\n"
      "points = { NS = 90, EW = 72 }\n";
  write_file(sheet, text);
  fs::permissions(sheet, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const RunResult added = run_belote(add_args(sheet, {"--taker", "E", "--trump", "S", "--points", "NS=100,EW=62"}));
  BOOST_TEST_REQUIRE(added.status == 0, added.err);
  BOOST_TEST(added.err.empty());
  const std::string after = read_file(sheet);
  BOOST_TEST(after.starts_with(text));
  BOOST_TEST(after.substr(text.size()) == "\n[[mene]]\ntaker = \"E\"\ntrump = \"S\"\npoints = { EW = 62, NS = 100 }\n");
  BOOST_TEST((fs::status(sheet).permissions() == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read)));
  BOOST_TEST(run_belote({"sheet", "undo", sheet.string()}).status == 0);
  BOOST_TEST(read_file(sheet) == text);
}

BOOST_AUTO_TEST_CASE(a_sheet_written_another_way_is_rewritten_in_canonical_form) {
  const fs::path sheet = temp_dir("canonical") / "game.toml";
  write_file(sheet, "# a comment\nruleset = \"classique\"\nmene = [ { taker = \"N\", trump = \"H\", points = { NS = 90, EW = 72 } } ]\n");
  const RunResult added = run_belote(add_args(sheet, {"--taker", "E", "--trump", "S", "--points", "NS=100,EW=62"}));
  BOOST_TEST_REQUIRE(added.status == 0, added.err);
  BOOST_TEST(added.err.find("rewritten in canonical form") != std::string::npos, added.err);
  const std::string after = read_file(sheet);
  BOOST_TEST(after.find("# a comment") == std::string::npos);
  BOOST_TEST(after.find("[[mene]]") != std::string::npos);
  const auto j = nlohmann::json::parse(run_belote({"sheet", "show", sheet.string(), "--format", "json"}).out);
  BOOST_TEST(j["totals"]["NS"] == 90 + 162);
  BOOST_TEST(j["totals"]["EW"] == 72);
}

BOOST_AUTO_TEST_CASE(new_writes_a_sheet_that_reads_and_refuses_to_overwrite) {
  const fs::path dir = temp_dir("new");
  const fs::path sheet = dir / "game.toml";
  const RunResult created = run_belote({"sheet", "new", sheet.string(), "--ruleset", "traditionnelle", "--target", "2000",
                                        "--teams", "Les Bleus,Les Rouges"});
  BOOST_TEST_REQUIRE(created.status == 0, created.err);
  BOOST_TEST(created.out == sheet.string() + ": a new game under traditionnelle, to 2000 points: Les Bleus (NS) against Les Rouges (EW)\n");
  const auto j = nlohmann::json::parse(run_belote({"sheet", "show", sheet.string(), "--format", "json"}).out);
  BOOST_TEST(j["ruleset"] == "traditionnelle");
  BOOST_TEST(j["target"] == 2000);
  BOOST_TEST(j["teams"]["EW"] == "Les Rouges");
  const std::string before = read_file(sheet);
  const RunResult again = run_belote({"sheet", "new", sheet.string()});
  BOOST_TEST(again.status == 1);
  BOOST_TEST(again.err.find("already exists (use --force to replace it)") != std::string::npos);
  BOOST_TEST(read_file(sheet) == before);
  BOOST_TEST(run_belote({"sheet", "new", sheet.string(), "--force"}).status == 0);
  BOOST_TEST(read_file(sheet) != before);
}

// --force never replaces a file the ruleset is read from: the sheet would name itself in its place.
BOOST_AUTO_TEST_CASE(new_with_force_refuses_a_file_the_ruleset_reads) {
  const fs::path dir = temp_dir("new-over-ruleset");
  const RulesetChain chain(dir);
  for (const fs::path& over : {chain.house, chain.base}) {
    const RunResult run = run_belote({"sheet", "new", over.string(), "--ruleset", chain.house.string(), "--force"});
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out.empty(), run.out);
    BOOST_TEST(run.err == RulesetChain::refusal("", over, "no sheet is written"));
  }
  BOOST_TEST(chain.untouched());
  // Another file is replaced as asked.
  write_file(dir / "game.toml", "old\n");
  BOOST_TEST(run_belote({"sheet", "new", (dir / "game.toml").string(), "--ruleset", chain.house.string(), "--force"}).status == 0);
  BOOST_TEST(read_file(dir / "game.toml").find("house.toml") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(new_stores_a_ruleset_path_relative_to_the_sheet) {
  const fs::path dir = temp_dir("new-path");
  write_file(dir / "rules" / "lyon.toml", "extends = \"classique\"\n[game]\ntarget = 1500\n");
  write_file(dir / "games" / ".keep", "");
  const fs::path sheet = dir / "games" / "game.toml";
  const RunResult created = run_belote({"sheet", "new", sheet.string(), "--ruleset", (dir / "rules" / "lyon.toml").string()});
  BOOST_TEST_REQUIRE(created.status == 0, created.err);
  BOOST_TEST(read_file(sheet).find("ruleset = \"../rules/lyon.toml\"") != std::string::npos, read_file(sheet));
  const auto j = nlohmann::json::parse(run_belote({"sheet", "show", sheet.string(), "--format", "json"}).out);
  BOOST_TEST(j["target"] == 1500);
}

BOOST_AUTO_TEST_CASE(new_refuses_what_cannot_make_a_sheet) {
  const fs::path dir = temp_dir("new-refused");
  const fs::path sheet = dir / "game.toml";
  const RunResult unknown = run_belote({"sheet", "new", sheet.string(), "--ruleset", "classic"});
  BOOST_TEST(unknown.status == 1);
  // The file is not written, so the message names no line in it.
  BOOST_TEST(unknown.err.starts_with("belote: error: " + sheet.string() +
                                     ": 'ruleset': no ruleset named 'classic' (did you mean 'classique'?)"),
             unknown.err);
  for (const char* points : {"0", "99999999999", "-1"}) {
    const RunResult target = run_belote({"sheet", "new", sheet.string(), "--target", points});
    BOOST_TEST(target.status == 2);
    BOOST_TEST(target.err.find(std::string("--target takes a whole number from 1 to 100000, not '") + points + "'") != std::string::npos,
               target.err);
  }
  const RunResult teams = run_belote({"sheet", "new", sheet.string(), "--teams", "Nous"});
  BOOST_TEST(teams.status == 2);
  BOOST_TEST(teams.err.find("--teams is two names separated by a comma") != std::string::npos, teams.err);
  // A name the sheet could not hold is the option's mistake, not a key's in a file not written.
  for (const std::string& names : {std::string(","), std::string("Nous,"), "Nous," + std::string(41, 'x'), std::string("Nous,E\x1b[2Jux")}) {
    const RunResult bad = run_belote({"sheet", "new", sheet.string(), "--teams", names});
    BOOST_TEST(bad.status == 2, names);
    BOOST_TEST(bad.err.find("--teams: each name has 1 to 40 characters, without control or bidirectional characters") != std::string::npos,
               bad.err);
  }
  const RunResult same = run_belote({"sheet", "new", sheet.string(), "--teams", "Nous,Nous"});
  BOOST_TEST(same.status == 1);
  BOOST_TEST(same.err.find("'teams': both teams are called 'Nous'") != std::string::npos, same.err);
  BOOST_TEST(!fs::exists(sheet));
}

BOOST_AUTO_TEST_CASE(show_and_add_report_a_broken_sheet_at_its_place) {
  const fs::path sheet = temp_dir("broken") / "game.toml";
  const std::string text = "ruleset = \"classique\"\n[[mene]]\ntaker = \"N\"\ntrump = \"H\"\npoints = { NS = 90, EW = 70 }\n";
  write_file(sheet, text);
  const std::string expected = "belote: error: " + sheet.string() +
                               ":5:10: mène 1: 'points' adds up to 160; the card points of a mène add up to 162\n"
                               "  points = { NS = 90, EW = 70 }\n"
                               "           ^\n";
  const RunResult shown = run_belote({"sheet", "show", sheet.string()});
  BOOST_TEST(shown.status == 1);
  BOOST_TEST(shown.err == expected);
  const RunResult added = run_belote(add_args(sheet, {"--taker", "E", "--trump", "S", "--points", "NS=100,EW=62"}));
  BOOST_TEST(added.status == 1);
  BOOST_TEST(added.err == expected);
  BOOST_TEST(read_file(sheet) == text);
  // Undo needs only TOML: it removes the broken mène.
  const RunResult undone = run_belote({"sheet", "undo", sheet.string()});
  BOOST_TEST(undone.status == 0, undone.err);
  BOOST_TEST(read_file(sheet) == "ruleset = \"classique\"\n");
  const RunResult missing = run_belote({"sheet", "show", (sheet.parent_path() / "none.toml").string()});
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(missing.err.find("none.toml: no such file") != std::string::npos, missing.err);
}

BOOST_AUTO_TEST_CASE(usage_errors_exit_with_status_2) {
  const fs::path sheet = temp_dir("usage") / "game.toml";
  BOOST_TEST_REQUIRE(run_belote({"sheet", "new", sheet.string()}).status == 0);
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"sheet"}, "usage: belote sheet ACTION"},
      {{"sheet", "replay", sheet.string()}, "unknown action 'replay' (actions: new, show, add, undo)"},
      {{"sheet", "show", sheet.string(), "--format", "xml"}, "--format is 'text' or 'json', not 'xml'"},
      {{"sheet", "add", sheet.string(), "--trump", "H", "--points", "NS=90,EW=72"}, "missing --taker SEAT: the seat that took: N, E, S or W"},
      {{"sheet", "add", sheet.string(), "--taker", "N", "--trump", "H", "--points", "NS=ninety"},
       "--points: 'NS=ninety' is not TEAM=NUMBER (e.g. --points NS=90,EW=72)"},
      {{"sheet", "add", sheet.string(), "--taker", "N", "--trump", "H", "--capot", "NS", "--announce", "tierce KH"},
       "--announce: 'tierce KH' is not SEAT=ANNOUNCEMENT"},
      // A team writes points: another option.
      {{"sheet", "add", sheet.string(), "--taker", "N", "--trump", "H", "--capot", "NS", "--announce", "NS=tierce KH"},
       "--announce: 'NS=tierce KH' names a team: --announce takes a seat (N, E, S, W); a team's points go with "
       "--team-announcements (e.g. --team-announcements NS=20)"},
      {{"sheet", "add", sheet.string(), "--taker", "N", "--trump", "H", "--points", "NS = 90, EW ="},
       "--points: 'EW =' is not TEAM=NUMBER"},
  };
  for (const auto& [args, message] : cases) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2, message);
    BOOST_TEST((run.err + run.out).find(message) != std::string::npos, "expected: " << message << "\ngot: " << run.err);
  }
  // A name alone holds no cards: the reader says the form expected, the sheet left as it was.
  const std::string before = read_file(sheet);
  for (const auto& [given, message] :
       {std::pair{"N=tierce", "'announcements.N': 'tierce' needs its top card (a sequence is written by its top card, e.g. 'tierce KH')"},
        {"E=Carre", "'announcements.E': 'Carre' needs its rank (a carré is written 'carre RANK', e.g. 'carre J')"}}) {
    const RunResult run = run_belote({"sheet", "add", sheet.string(), "--taker", "N", "--trump", "H", "--capot", "NS", "--announce", given});
    BOOST_TEST(run.status == 1, message);
    BOOST_TEST(run.err.find(message) != std::string::npos, "expected: " << message << "\ngot: " << run.err);
    BOOST_TEST(read_file(sheet) == before);
  }
}

BOOST_AUTO_TEST_CASE(the_example_sheet_reads_to_its_winner) {
  // examples/sheet.toml, by hand: 130/72; E fail, NS 162 + 50 = 212; litige, 81 wait;
  // W make 102 + 50 + 20 and take the 81: 253; N's capot 252. Nous reach 654 of 500.
  const RunResult run = run_belote({"sheet", "show", (source_dir() / "examples" / "sheet.toml").string(), "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["winner"] == "NS");
  BOOST_TEST(j["decided_at"] == 5);
  BOOST_TEST(j["totals"]["NS"] == 654);
  BOOST_TEST(j["totals"]["EW"] == 406);
  BOOST_TEST(j["menes"][3]["written"]["EW"] == 253);
}

// docs/sheet.md shows sessions: each block of "$ command" lines and their
// output is run again, in order, in one directory, and must print the same.
BOOST_AUTO_TEST_CASE(the_documented_sessions_are_what_the_program_prints) {
  const fs::path dir = temp_dir("docs");
  write_file(dir / "examples" / "sheet.toml", read_file(source_dir() / "examples" / "sheet.toml"));
  write_file(dir / "examples" / "played-mene.toml", read_file(source_dir() / "examples" / "played-mene.toml"));
  write_file(dir / "bad.toml",
             "ruleset = \"classique\"\nteams = { NS = \"Nous\", EW = \"Eux\" }\n\n[[mene]]\ntaker = \"N\"\ntrump = \"H\"\n"
             "points = { NS = 162, EW = 0 }\nannouncements = { N = [\"tierce KH\"], E = [\"carre K\"] }\n");
  const std::string doc = read_file(source_dir() / "docs" / "sheet.md");
  const std::string program_dir = fs::path(BELOTE_PROGRAM).parent_path().string();
  int commands = 0;
  std::istringstream lines(doc);
  std::string line, command, expected;
  bool in_block = false;
  const auto run_previous = [&] {
    if (command.empty()) return;
    const std::string shell = "cd '" + dir.string() + "' && PATH='" + program_dir + "':\"$PATH\" " + command + " 2>&1";
    std::string got;
    if (FILE* pipe = popen(shell.c_str(), "r")) {
      char buffer[4096];
      for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) got.append(buffer, n);
      pclose(pipe);
    }
    BOOST_TEST(got == expected, "$ " << command);
    ++commands;
    command.clear();
    expected.clear();
  };
  while (std::getline(lines, line)) {
    if (line.starts_with("```")) {
      run_previous();
      in_block = !in_block;
    } else if (in_block && line.starts_with("$ ")) {
      run_previous();
      command = line.substr(2);
    } else if (in_block && !command.empty()) {
      expected += line + "\n";
    }
  }
  BOOST_TEST(commands >= 12);
}

// Roem comes in the ruleset's runs, stuks and fours of a kind: 15 is none of their sums.
BOOST_AUTO_TEST_CASE(add_refuses_roem_that_no_tricks_hold) {
  const fs::path sheet = play("impossible-roem", "klaverjas", {});
  const std::string before = read_file(sheet);
  const RunResult run = run_belote(add_args(sheet, {"--taker", "N", "--trump", "H", "--points", "NS=100,EW=62", "--roem", "NS=15,EW=0"}));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.find("mène 1 not added: 'roem.NS' is 15, which no tricks hold: roem adds up from roem.runs.3 = 20, "
                          "roem.runs.4 = 50, roem.stuk = 20, roem.four_of_a_kind = 100") != std::string::npos,
             run.err);
  BOOST_TEST(read_file(sheet) == before);
}

BOOST_AUTO_TEST_CASE(add_takes_several_belotes_in_either_form) {
  // All-trumps under bulgare: a belote in every suit, N and E holding one each.
  for (const std::vector<std::string>& belotes : {std::vector<std::string>{"--belote", "N,E"},
                                                   std::vector<std::string>{"--belote", "N", "--belote", "e"}}) {
    std::vector<std::string> options{"--taker", "N", "--kind", "all-trumps", "--points", "NS=150,EW=108"};
    options.insert(options.end(), belotes.begin(), belotes.end());
    const fs::path sheet = play("several-belotes", "bulgare", {{options, 17, 13}});
    BOOST_TEST(read_file(sheet).find("belote = [ \"N\", \"E\" ]") != std::string::npos, read_file(sheet));
    check_show(sheet, {{options, 17, 13}});
  }
}

BOOST_AUTO_TEST_CASE(add_takes_both_teams_announcement_points_in_either_form) {
  for (const std::vector<std::string>& given :
       {std::vector<std::string>{"--team-announcements", "NS=0,EW=50"},
        std::vector<std::string>{"--team-announcements", "NS=0", "--team-announcements", "EW=50"}}) {
    std::vector<std::string> options{"--taker", "W", "--trump", "C", "--points", "NS=60,EW=102"};
    options.insert(options.end(), given.begin(), given.end());
    const fs::path sheet = play("team-announcements", "classique", {{options, 60, 152}});
    check_show(sheet, {{options, 60, 152}});
  }
}

// Blanks around '=' and after ',' are read in every KEY=VALUE option, as in --auction.
BOOST_AUTO_TEST_CASE(add_reads_key_value_options_with_blanks) {
  const std::vector<std::string> spaced{"--taker", "N", "--trump", "H", "--points", "NS = 90, EW = 72", "--tricks",
                                        " NS = 7 , EW = 1 ", "--announce", " n = tierce KH ", "--belote", " N "};
  const fs::path sheet = play("blanks", "classique", {{spaced, 130, 72}});
  check_show(sheet, {{spaced, 130, 72}});
  BOOST_TEST(read_file(sheet).find("announcements = { N = [ \"tierce KH\" ] }") != std::string::npos, read_file(sheet));
  const std::vector<std::string> by_team{"--taker", "W", "--trump", "C", "--points", "NS=60, EW=102",
                                         "--team-announcements", "NS = 0 , EW = 50"};
  check_show(play("blanks-teams", "classique", {{by_team, 60, 152}}), {{by_team, 60, 152}});
  const std::vector<std::string> belotes{"--taker", "N", "--kind", "all-trumps", "--points", "NS=150,EW=108", "--belote", "N, E"};
  check_show(play("blanks-belotes", "bulgare", {{belotes, 17, 13}}), {{belotes, 17, 13}});
}

// As --team-announcements: --roem for one team gives the other none.
BOOST_AUTO_TEST_CASE(add_takes_roem_for_one_team) {
  const std::vector<std::string> options{"--taker", "N", "--trump", "H", "--points", "NS=100,EW=62", "--roem", "NS=20"};
  check_show(play("roem-one-team", "klaverjas", {{options, 120, 62}}), {{options, 120, 62}});
}

// A sheet that is no regular file is refused as every file read whole is, and
// not opened again to see whether it is a game's record: a FIFO with no writer
// would block it, a terminal would wait for a person.
BOOST_AUTO_TEST_CASE(show_refuses_a_fifo_or_a_device_at_once) {
  const fs::path dir = temp_dir("sheet-fifo");
  const fs::path fifo = dir / "game.toml";
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const RunResult run = run_program("timeout", {"10", BELOTE_PROGRAM, "sheet", "show", fifo.string()});
  BOOST_TEST(run.status == 1, run.err);
  BOOST_TEST(run.out.empty());
  BOOST_TEST(run.err == "belote: error: " + fifo.string() + ": is not a regular file (a FIFO), not read\n");
  const RunResult device = run_program("timeout", {"10", BELOTE_PROGRAM, "sheet", "show", "/dev/null"});
  BOOST_TEST(device.status == 1, device.err);
  BOOST_TEST(device.err == "belote: error: /dev/null: is not a regular file (a character device), not read\n");
}

// A game's record in JSON is shown as its TOML form is, under the ruleset it holds or names; given to
// `score`, it is named with the command that shows it, its path quoted for the shell: it runs as printed.
BOOST_AUTO_TEST_CASE(show_reads_a_json_record_as_its_toml_form) {
  const fs::path dir = temp_dir("sheet-record-space");
  write_file(dir / "house rules.toml", "extends = \"coinche\"\n");
  for (const std::string& ruleset : {std::string("classique"), (dir / "house rules.toml").string()}) {
    const std::string record = (dir / "my game's record.json").string(), toml = (dir / "my game's record.toml").string();
    BOOST_TEST_REQUIRE(run_belote({"play", "--ruleset", ruleset, "--seed", "5", "--seat", "none", "--players", "heuristic",
                                   "--menes", "3", "--quiet", "--record", record, "--record", toml})
                           .status == 0);
    for (const std::string format : {"text", "json"}) {
      const RunResult from_json = run_belote({"sheet", "show", "--format", format, record});
      BOOST_TEST_REQUIRE(from_json.status == 0, from_json.err);
      BOOST_TEST(from_json.out == run_belote({"sheet", "show", "--format", format, toml}).out, ruleset << " " << format);
    }
    // A ruleset of one's own is held in the record, and the sheet says so.
    const bool own = ruleset != "classique";
    BOOST_TEST(run_belote({"sheet", "show", record}).out.starts_with(own ? "ruleset house-rules (held in the file) · "
                                                                         : "ruleset classique · "));
    const RunResult scored = run_belote({"score", "--ruleset", "classique", record});
    BOOST_TEST(scored.status == 1);
    const std::string quoted = "'" + (dir / "my game'\\''s record.json").string() + "'";
    BOOST_TEST(scored.err == "belote: error: " + record + ":1:1: a game's record in JSON, not deal lines: `belote sheet show " +
                                 quoted + "` scores it\n");
    // The command as printed, run by the shell with this build's program.
    const std::size_t start = scored.err.find("`belote sheet show ") + 1;
    const std::string command = scored.err.substr(start, scored.err.find('`', start) - start);
    const RunResult shown = run_program("/bin/sh", {"-c", std::string(BELOTE_PROGRAM) + command.substr(std::string("belote").size())});
    BOOST_TEST(shown.status == 0, shown.err);
    BOOST_TEST(shown.out == run_belote({"sheet", "show", toml}).out);
  }
  // A record in JSON is shown, not edited: its TOML form is the one kept as a sheet; the file is left as it was.
  const std::string record = (dir / "my game's record.json").string();
  const std::string before = read_file(record);
  for (const auto& edit : {std::vector<std::string>{"sheet", "undo", record},
                           std::vector<std::string>{"sheet", "add", record, "--taker", "N", "--trump", "H", "--points",
                                                    "NS=90,EW=72"}}) {
    const RunResult refused = run_belote(edit);
    BOOST_TEST(refused.status == 1, edit[1]);
    BOOST_TEST(refused.err == "belote: error: " + record + ": a game's record in JSON is not edited: `belote sheet show '" +
                                  (dir / "my game'\\''s record.json").string() +
                                  "'` shows it; `belote play --record FILE.toml` writes a record as a sheet that `sheet add` and "
                                  "`sheet undo` edit\n",
               edit[1] << ": " << refused.err);
    BOOST_TEST(read_file(record) == before);
  }
  // A record that does not replay is reported at its place, as `advise` reports it.
  std::string text = read_file(record);
  text.replace(text.find("\"seed\": 5"), 9, "\"seed\": \"x\"");
  write_file(dir / "bad.json", text);
  const RunResult bad = run_belote({"sheet", "show", (dir / "bad.json").string()});
  BOOST_TEST(bad.status == 1);
  BOOST_TEST(bad.err.starts_with("belote: error: " + (dir / "bad.json").string() + ":"), bad.err);
  BOOST_TEST(bad.err.find("table.seed") != std::string::npos, bad.err);
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_sheet
