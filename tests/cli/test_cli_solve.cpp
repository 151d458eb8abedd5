// `belote solve`: a deal's best play as text and JSON, the same values as the
// library's solver, every contract with --table, the same output on one
// thread or many, and a message for each mistake a user can make.
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_solve)

using namespace belote;
using namespace belote::test;

namespace {

const std::string kHands =
    R"("hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"})";
const std::string kResult = R"("result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}})";

std::string deal_line(const std::string& first) {
  return R"({"trump": "H", "taker": "N", "first": ")" + first + R"(", )" + kHands + ", " + kResult + "}\n";
}

// What the library gives for the deal of deal_line.
SolveResult library_solve(Seat first) {
  const auto rules = ruleset("classique");
  const Deal deal = [&] {
    Deal d;
    BOOST_TEST_REQUIRE(json_deal_errors(*rules, deal_line(std::string(name(first))), &d).empty());
    return d;
  }();
  return solve(PlayContext(*rules, deal.kind, deal.trump), SolvePosition::start(deal.hands, deal.first, Team::NS));
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_deal_is_solved_as_the_library_solves_it) {
  const SolveResult expected = library_solve(Seat::E);
  const RunResult run = run_belote({"solve", "--ruleset", "classique", "--ascii", "--line", "-"}, deal_line("E"));
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(run.out.find("<stdin>:1: suit H, taker N, E leads\n") == 0, run.out);
  BOOST_TEST(run.out.find(fmt::format("  best play: NS take {}\n", expected.takers_points)) != std::string::npos, run.out);
  // A line of eight tricks, the first led by E.
  BOOST_TEST(run.out.find("  1. E ") != std::string::npos, run.out);
  BOOST_TEST(run.out.find("  8. ") != std::string::npos, run.out);

  const RunResult json = run_belote({"solve", "--ruleset", "classique", "--format", "json", "--line", "-"}, deal_line("E"));
  BOOST_TEST(json.status == 0, json.err);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  BOOST_TEST(j["points"].get<int>() == expected.takers_points);
  BOOST_TEST(j["taker"] == "N");
  BOOST_TEST(j["first"] == "E");
  BOOST_TEST(j["line"].size() == 8u);
  BOOST_TEST(j["line"][0]["leader"] == "E");
  CardSet best = 0;
  const auto rules = ruleset("classique");
  for (const auto& card : j["best_cards"]) best |= card_bit(*rules->deck.parse_card(card.get<std::string>()));
  BOOST_TEST(best == expected.best_cards);
}

// A position part-way through a recorded mène: the tricks already played count
// as taken, the player to play is named, and the line goes on from the trick in progress.
BOOST_AUTO_TEST_CASE(a_position_after_some_cards_of_the_recorded_play_is_solved) {
  const auto rules = ruleset("klaverjas");
  const std::string file = (source_dir() / "examples/klaverjas-mene.toml").string();
  const Deal deal = deal_from_toml(*rules, read_file(file));
  for (int after : {4, 6}) {
    const PlayContext play(*rules, deal.kind, deal.trump);
    PlayedMene mene(play, deal.hands, deal.first);
    for (int i = 0; i < after; ++i) mene.play(deal.played[std::size_t(i)]);
    const SolveResult expected = solve(play, SolvePosition::of(mene, team_of(deal.taker)));
    const RunResult run = run_belote({"solve", "--ruleset", "klaverjas", "--format", "json", "--line", "--after", std::to_string(after), file});
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    const nlohmann::json j = nlohmann::json::parse(run.out);
    BOOST_TEST(j["after"] == after);
    BOOST_TEST(j["to_play"] == std::string(name(mene.to_play())));
    BOOST_TEST(j["points"].get<int>() == expected.takers_points);
    BOOST_TEST(j["line"][0]["trick"] == 2);
    // The first trick of the line holds the cards already on the table, then the rest.
    BOOST_TEST(j["line"][0]["cards"].size() == 4u);
    BOOST_TEST(j["line"].size() == 7u);
  }
  const RunResult text = run_belote({"solve", "--ruleset", "klaverjas", "--ascii", "--after", "6", file});
  BOOST_TEST(text.status == 0, text.err);
  BOOST_TEST(text.out.find("  after 6 cards: trick 2, ") != std::string::npos, text.out);
  BOOST_TEST(text.out.find("to play; taken so far NS ") != std::string::npos, text.out);
}

// A played mène whose words were kept (spoken = true, its announcements as said) gives
// its hands by its cards all the same: it is solved as the same mène without its words.
BOOST_AUTO_TEST_CASE(a_played_mene_with_its_words_is_solved_from_its_cards) {
  const std::string file = (source_dir() / "examples/played-mene.toml").string();
  const std::string text = read_file(file);
  BOOST_TEST_REQUIRE(text.find("\nspoken = true\n") != std::string::npos);
  std::string unspoken;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    if (!line.starts_with("spoken") && !line.starts_with("said")) unspoken += line + "\n";
    at = end + 1;
  }
  const RunResult spoken_run = run_belote({"solve", "--ruleset", "classique", "--format", "json", file});
  BOOST_TEST_REQUIRE(spoken_run.status == 0, spoken_run.err);
  const Deal deal = deal_from_toml(*ruleset("classique"), unspoken);
  const PlayContext play(*ruleset("classique"), deal.kind, deal.trump);
  const SolveResult expected = solve(play, SolvePosition::start(deal.hands, deal.first, team_of(deal.taker)));
  const nlohmann::json j = nlohmann::json::parse(spoken_run.out);
  BOOST_TEST(j["points"].get<int>() == expected.takers_points);
  BOOST_TEST(expected.takers_points == 108);
}

BOOST_AUTO_TEST_CASE(the_table_gives_every_contract_for_each_side) {
  const RunResult run = run_belote({"solve", "--ruleset", "classique", "--table", "--format", "json", "-"}, deal_line("N"));
  BOOST_TEST(run.status == 0, run.err);
  const nlohmann::json j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["table"].size() == 8u);  // four trumps, each side
  const SolveResult hearts = library_solve(Seat::N);
  bool found = false;
  for (const auto& row : j["table"]) {
    if (row["trump"] == "H" && row["takers"] == "NS") {
      found = true;
      BOOST_TEST(row["points"].get<int>() == hearts.takers_points);
      // Classique's contract: more than the defenders.
      BOOST_TEST(!row["makes"].empty() == (2 * hearts.takers_points > 162));
    }
  }
  BOOST_TEST(found);
  // Text: one row per trump suit.
  const RunResult text = run_belote({"solve", "--ruleset", "classique", "--table", "--ascii", "-"}, deal_line("N"));
  BOOST_TEST(text.out.find("  suit H:  NS ") != std::string::npos, text.out);
}

BOOST_AUTO_TEST_CASE(many_deals_come_out_in_order_whatever_the_threads) {
  const std::string deals = random_deal_lines(5, 12);
  const RunResult one = run_belote({"solve", "--format", "json", "--threads", "1", "-"}, deals);
  const RunResult four = run_belote({"solve", "--format", "json", "--threads", "4", "-"}, deals);
  BOOST_TEST(one.status == 0, one.err);
  BOOST_TEST(one.out == four.out);
  std::istringstream lines(one.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n)
    BOOST_TEST(nlohmann::json::parse(line)["deal"].get<std::string>().find(fmt::format("<stdin>:{} (", n + 1)) == 0u, line);
  BOOST_TEST(n == 12);
}

BOOST_AUTO_TEST_CASE(a_deals_nodes_and_its_verdict_under_max_nodes_do_not_depend_on_the_deals_before_it) {
  // A no-trump deal of some 400,000 nodes: its solve grows the tables, which
  // the thread's next solve, of the same deal, starts with.
  const std::string deal =
      R"({"kind": "sans-atout", "taker": "E", "first": "S", "bid": "capot", "hands": {"N": "9S AS 10H JH JD 7C 10C QC", )"
      R"("E": "7S 8S 10S JS KS 9H QH KD", "S": "QS 7H KH 9D 10D QD 8C 9C", "W": "8H AH 7D 8D AD JC KC AC"}, )"
      R"("result": {"points": {"NS": 80, "EW": 82}, "tricks": {"NS": 4, "EW": 4}}})"
      "\n";
  const auto nodes_of = [](const std::string& line) { return nlohmann::json::parse(line)["nodes"].get<std::uint64_t>(); };
  const RunResult twice = run_belote({"solve", "--ruleset", "coinche", "--format", "json", "--threads", "1", "-"}, deal + deal);
  BOOST_TEST_REQUIRE(twice.status == 0, twice.err);
  const std::size_t end = twice.out.find('\n');
  const std::uint64_t nodes = nodes_of(twice.out.substr(0, end));
  BOOST_TEST(nodes_of(twice.out.substr(end + 1)) == nodes);
  // A limit one node above its count lets either copy be solved, its count itself neither
  // (the search stops as it reaches its limit).
  const auto verdicts = [&](std::uint64_t limit) {
    return run_belote({"solve", "--ruleset", "coinche", "--format", "json", "--threads", "1", "--max-nodes", std::to_string(limit), "-"},
                      deal + deal);
  };
  const RunResult enough = verdicts(nodes + 1);
  BOOST_TEST(enough.status == 0, enough.err);
  BOOST_TEST(enough.out == twice.out);
  const RunResult at_limit = verdicts(nodes);
  BOOST_TEST(at_limit.status == 1);
  BOOST_TEST(at_limit.out == "");
  const std::string stopped = fmt::format("the search stopped at its limit of nodes ({} searched) before it was solved\n", nodes);
  BOOST_TEST(at_limit.err == "belote: error: <stdin>:1: " + stopped + "belote: error: <stdin>:2: " + stopped, at_limit.err);
}

BOOST_AUTO_TEST_CASE(each_mistake_gets_a_message) {
  const auto error = [](const std::vector<std::string>& options, const std::string& input, int status) {
    std::vector<std::string> args{"solve", "--ruleset", "classique"};
    args.insert(args.end(), options.begin(), options.end());
    args.push_back("-");
    const RunResult run = run_belote(args, input);
    BOOST_TEST(run.status == status, run.err);
    return run.err;
  };
  const std::string deal = deal_line("N");
  BOOST_TEST(error({"--max-nodes", "1"}, deal, 1) ==
             "belote: error: <stdin>:1: the search stopped at its limit of nodes (1 searched) before it was solved\n");
  const std::string declared =
      R"({"trump": "H", "taker": "N", "announcements": {"N": ["tierce KH"]}, )" + kResult + "}\n";
  BOOST_TEST(error({}, declared, 1) == "belote: error: <stdin>:1: the deal gives no hands: solving needs the four hands\n");
  BOOST_TEST(error({"--format", "xml"}, deal, 2).find("belote: error: solve: --format is 'text' or 'json', not 'xml'") == 0);
  BOOST_TEST(error({"--table", "--line"}, deal, 2).find("belote: error: solve: --line goes with one contract, not with --table") == 0);
  BOOST_TEST(error({"--table", "--after", "4"}, deal, 2).find("belote: error: solve: --after goes with the deal's contract, not with --table") == 0);
  BOOST_TEST(error({"--after", "64"}, deal, 2).find("belote: error: solve: --after takes a whole number from 0 to 63") == 0);
  BOOST_TEST(error({"--after", "3"}, deal, 1) ==
             "belote: error: <stdin>:1: --after 3 asks for more cards than the deal's play records (0)\n");
  const std::string klaverjas = (source_dir() / "examples/klaverjas-mene.toml").string();
  const RunResult over = run_belote({"solve", "--ruleset", "klaverjas", "--after", "32", klaverjas});
  BOOST_TEST(over.status == 1);
  BOOST_TEST(over.err == fmt::format("belote: error: {}: the mène is over after 32 cards: nothing is left to solve\n", klaverjas));
  BOOST_TEST(error({"--memory", "0"}, deal, 2).find("belote: error: solve: --memory takes a whole number from 1 to 4096") == 0);
  BOOST_TEST(error({"--max-nodes", "-3"}, deal, 2).find("belote: error: solve: --max-nodes takes a whole number") == 0);
  // A deal the reader refuses is reported as by `score`, and the next one still solved.
  const RunResult run = run_belote({"solve", "--format", "json", "-"}, "{\"trump\": \"X\"}\n" + deal);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.find("belote: error: <stdin>:1:") == 0, run.err);
  BOOST_TEST(nlohmann::json::parse(run.out)["deal"] == "<stdin>:2");
}

BOOST_AUTO_TEST_CASE(stats_solved_gives_the_takers_best_points_over_random_deals) {
  const RunResult run = run_belote({"stats", "--ruleset", "classique", "--random", "6", "--solved", "--seed", "2", "--format", "json"});
  BOOST_TEST(run.status == 0, run.err);
  const nlohmann::json j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["mode"] == "solved");
  BOOST_TEST(j["deals"] == 6);
  BOOST_TEST(j["kinds"][0]["deals"] == 6);
  const RunResult text = run_belote({"stats", "--ruleset", "classique", "--random", "6", "--solved", "--seed", "2"});
  BOOST_TEST(text.out.find("classique: 6 random deals (seed 2) solved with best play") == 0u, text.out);
  // One deal is "1 random deal", its kind's count "1 deal".
  const RunResult one = run_belote({"stats", "--ruleset", "coinche", "--random", "1", "--solved"});
  BOOST_TEST(one.out.find("coinche: 1 random deal (seed 0) solved with best play") == 0u, one.out);
  BOOST_TEST(one.out.find("\nKind couleur: 1 deal, mean ") != std::string::npos, one.out);
  BOOST_TEST(run_belote({"stats", "--exhaustive", "--solved"}).err.find("belote: error: stats: --solved goes with --random N") == 0u);
  BOOST_TEST(run_belote({"stats", "--random", "5", "--max-nodes", "9"}).err.find("belote: error: stats: --max-nodes goes with --solved") == 0u);
}

BOOST_AUTO_TEST_CASE(stats_solved_shares_are_of_the_deals_solved) {
  // A node limit leaves deals out: the shares of each bid reached count only the others, as the kinds' do.
  const RunResult run = run_belote({"stats", "--ruleset", "coinche", "--random", "60", "--seed", "2", "--solved",
                                    "--max-nodes", "15000", "--format", "json"});
  BOOST_TEST(run.status == 0, run.err);
  const nlohmann::json j = nlohmann::json::parse(run.out);
  const auto solved = j["deals"].get<std::uint64_t>() - j["unsolved"].get<std::uint64_t>();
  BOOST_TEST_REQUIRE(j["unsolved"].get<std::uint64_t>() > 0u);
  std::uint64_t in_kinds = 0;
  for (const auto& kind : j["kinds"]) in_kinds += kind["deals"].get<std::uint64_t>();
  BOOST_TEST(in_kinds == solved);
  BOOST_TEST_REQUIRE(!j["bids_reached"].empty());
  for (const auto& bid : j["bids_reached"])
    BOOST_TEST(bid["probability"].get<double>() == double(bid["deals"].get<std::uint64_t>()) / double(solved), bid.dump());
}

BOOST_AUTO_TEST_CASE(diff_solved_compares_two_rulesets_best_points) {
  const RunResult run = run_belote({"diff", "coinche", "coinche-sans-sous-coupe", "--random", "8", "--solved", "--format", "json"});
  BOOST_TEST(run.status == 0, run.err);
  const nlohmann::json j = nlohmann::json::parse(run.out);
  BOOST_TEST(j["mode"] == "solved");
  BOOST_TEST(j["deals"] == 8);
  BOOST_TEST(j["examples"].size() == j["differing"].get<std::size_t>());
  // The JSON gives what the text gives: the share of deals solved that differ, and the largest change's deal.
  const RunResult with_limit = run_belote({"diff", "coinche", "coinche-partenaire-libre", "--random", "300", "--seed", "2",
                                           "--solved", "--max-nodes", "30000", "--show", "0", "--format", "json"});
  const nlohmann::json l = nlohmann::json::parse(with_limit.out);
  BOOST_TEST_REQUIRE(l["differing"].get<std::uint64_t>() > 0u);
  BOOST_TEST_REQUIRE(l["unsolved"].get<std::uint64_t>() > 0u);  // so that the share's whole is not the deals drawn
  BOOST_TEST(l["share"].get<double>() == l["differing"].get<double>() / (l["deals"].get<double>() - l["unsolved"].get<double>()));
  const RunResult same_text = run_belote({"diff", "coinche", "coinche-partenaire-libre", "--random", "300", "--seed", "2",
                                          "--solved", "--max-nodes", "30000", "--show", "0"});
  BOOST_TEST(same_text.out.find(fmt::format("largest change: {:+d} points (deal {})", l["largest"].get<int>(),
                                            l["largest_deal"].get<std::string>())) != std::string::npos,
             same_text.out << l.dump());
  // The count of examples reads right for one and for more.
  const auto text = [](const std::string& show) {
    return run_belote({"diff", "coinche", "coinche-sans-sous-coupe", "--random", "8", "--solved", "--show", show}).out;
  };
  BOOST_TEST(text("1").find("\nThe first differing deal, to replay with `belote solve --ruleset NAME -`:\n") != std::string::npos);
  BOOST_TEST(text("2").find("\nThe first 2 differing deals, to replay with `belote solve --ruleset NAME -`:\n") != std::string::npos);
  const auto error = [](const std::vector<std::string>& args) { return run_belote(args).err; };
  BOOST_TEST(error({"diff", "classique", "coinche", "--solved", "x.toml"}).find("belote: error: diff: --solved compares two rulesets on --random N deals") == 0u);
  BOOST_TEST(error({"diff", "classique", "coinche", "--random", "3", "--max-nodes", "5"}).find("belote: error: diff: --max-nodes goes with --solved") == 0u);
  BOOST_TEST(error({"diff", "classique", "coinche", "--random", "3", "--solved", "--each"}).find("belote: error: diff: --each and --summary do not go with --solved") == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
