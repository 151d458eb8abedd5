// `belote diff` and `belote rulesets diff`, run as a user runs them.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <csignal>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_diff)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;
using Json = nlohmann::json;

namespace {

// 200 deals made by `belote deal --random 200 --seed 3`, kept as a file so the counts below stay put.
std::string deal_file() { return (tests_dir() / "data" / "diff-deals.jsonl").string(); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The JSON summary: the last line of `--format json`.
Json summary_of(const RunResult& run) {
  const auto lines = lines_of(run.out);
  BOOST_TEST_REQUIRE(!lines.empty(), "no output; stderr: " << run.err);
  return Json::parse(lines.back());
}

Json run_json(std::vector<std::string> args) {
  args.insert(args.begin(), "diff");
  args.insert(args.end(), {"--format", "json"});
  const RunResult run = run_belote(args);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  return summary_of(run);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The counts of classique against each ruleset on the fixed deal file.
struct Pinned {
  std::string ruleset;
  int differing, void_changed, winner, contract, score_only;
};

std::ostream& operator<<(std::ostream& out, const Pinned& p) { return out << p.ruleset; }

const std::vector<Pinned> kPinned = {
    {"traditionnelle", 6, 1, 0, 3, 2},
    {"classique-premier-parle", 0, 0, 0, 0, 0},
    {"classique-hors-contrat", 24, 0, 0, 24, 0},
    {"classique-preneur-garde", 16, 0, 0, 0, 16},
    {"classique-preneur-perd-tout", 6, 0, 0, 0, 6},
    {"classique-carres-bas", 2, 0, 2, 0, 0},
};

// Two rulesets of one family, and a convention their differences must be put down to.
struct FamilyPair {
  std::string a, b, convention;
};
std::ostream& operator<<(std::ostream& out, const FamilyPair& p) { return out << p.a << " → " << p.b; }

const std::vector<FamilyPair> kFamilyPairs = {
    {"coinche", "contree", "kinds.couleur.announcements"},
    {"coinche", "coinche-contrat-seul", "scoring.made.takers"},
    {"coinche", "coinche-sans-arrondi", "rounding.step"},
    {"bulgare", "bulgare-deux-concours", "announcements.contests"},
    {"schieber", "schieber-multiplicateurs", "kinds.trumpf-schwarz.score_multiplier"},
    {"schieber", "schieber-weis-simple", "sequences.points"},
};

struct UsageCase {
  std::vector<std::string> args;
  std::string message;
};

std::ostream& operator<<(std::ostream& out, const UsageCase& c) { return out << c.message; }

}  // namespace

BOOST_DATA_TEST_CASE(a_ruleset_compared_with_itself_never_differs, bdata::make(shipped_ruleset_names()), name) {
  const Json random = run_json({name, name, "--random", "3000", "--seed", "4"});
  BOOST_TEST(random["deals"] == 3000);
  BOOST_TEST(random["differing"] == 0);
  BOOST_TEST(random["examples"].empty());
  // Deals of the ruleset's own making (with its kinds and bids).
  const RunResult made = run_belote({"deal", "--random", "200", "--seed", "3", "--ruleset", name});
  BOOST_TEST_REQUIRE(made.status == 0, made.err);
  const auto deals = temp_dir("diff-itself-" + name) / "deals.jsonl";
  write_file(deals, made.out);
  const RunResult file = run_belote({"diff", name, name, deals.string(), "--format", "json"});
  BOOST_TEST_REQUIRE(file.status == 0, file.err);
  BOOST_TEST(lines_of(file.out).size() == 1u, "only the summary, no deal listed");
  BOOST_TEST(summary_of(file)["deals"] == 200);
  BOOST_TEST(summary_of(file)["differing"] == 0);
}

BOOST_DATA_TEST_CASE(counts_on_the_fixed_deal_file_are_stable, bdata::make(kPinned), p) {
  const RunResult run = run_belote({"diff", "classique", p.ruleset, deal_file(), "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const Json s = summary_of(run);
  BOOST_TEST(s["rulesets"] == Json({"classique", p.ruleset}));
  BOOST_TEST(s["deals"] == 200);
  BOOST_TEST(s["differing"] == p.differing);
  BOOST_TEST(s["by_kind"]["void"] == p.void_changed);
  BOOST_TEST(s["by_kind"]["winner"] == p.winner);
  BOOST_TEST(s["by_kind"]["contract"] == p.contract);
  BOOST_TEST(s["by_kind"]["score"] == p.score_only);
  // One listed object per differing deal, then the summary.
  const auto lines = lines_of(run.out);
  BOOST_TEST(lines.size() == std::size_t(p.differing) + 1);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const Json deal = Json::parse(lines[i]);
    BOOST_TEST(!deal["fields"].empty());
    BOOST_TEST(deal["a"]["ruleset"] == "classique");
    BOOST_TEST(deal["b"]["ruleset"] == p.ruleset);
    BOOST_TEST(contains(deal["reason"].get<std::string>(), "classique: "));
    BOOST_TEST(contains(deal["id"].get<std::string>(), "diff-deals.jsonl:"), "the id says where the deal was read");
  }
}

BOOST_AUTO_TEST_CASE(the_text_lists_each_differing_deal_then_the_summary) {
  const RunResult run = run_belote({"diff", "classique", "classique-premier-parle",
                                    (tests_dir() / "cases" / "seed001-equal-tierces-off-trump.toml").string(), "--ascii"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto lines = lines_of(run.out);
  BOOST_TEST_REQUIRE(lines.size() > 4u);
  BOOST_TEST(lines[0] == "seed001-equal-tierces-off-trump (" +
                             (tests_dir() / "cases" / "seed001-equal-tierces-off-trump.toml").string() +
                             "): winner nobody -> EW; contract made -> failed; score NS 90 -> 0, EW 72 -> 182");
  BOOST_TEST(lines[1].find("  classique: Exact tie") == 0u, lines[1]);
  BOOST_TEST(contains(run.out, "deals compared: 1\n"));
  BOOST_TEST(contains(run.out, "differing: 1 (100.00%)\n"));
  BOOST_TEST(contains(run.out, "  winner changed                1  100.00%\n"));
  BOOST_TEST(contains(run.out, "NS  mean -90.00 per deal"));
  BOOST_TEST(contains(run.out, "EW  mean +110.00 per deal"));
  // One deal to show is "the first differing deal", not "the first 1".
  BOOST_TEST(contains(run.out, "\nfirst differing deal (score one again: echo 'LINE' | belote score --ruleset "
                               "classique-premier-parle -):\n"), run.out);
  BOOST_TEST(lines.back().find("{\"id\":\"seed001-equal-tierces-off-trump\"") == 0u, lines.back());
}

BOOST_AUTO_TEST_CASE(the_result_does_not_depend_on_the_thread_count) {
  for (const std::string format : {"text", "json"}) {
    const std::vector<std::string> args{"diff", "classique", "traditionnelle", "--random", "40000", "--seed", "9",
                                        "--format", format};
    auto one = args, two = args;
    one.insert(one.end(), {"--threads", "1"});
    two.insert(two.end(), {"--threads", "2"});
    const RunResult a = run_belote(one);
    const RunResult b = run_belote(two);
    BOOST_TEST_REQUIRE(a.status == 0, a.err);
    BOOST_TEST(a.out == b.out);
  }
  const RunResult each_one = run_belote({"diff", "classique", "classique-hors-contrat", "--random", "40000", "--each",
                                         "--threads", "1", "--format", "json"});
  const RunResult each_two = run_belote({"diff", "classique", "classique-hors-contrat", "--random", "40000", "--each",
                                         "--threads", "2", "--format", "json"});
  BOOST_TEST(each_one.out == each_two.out);
  BOOST_TEST(lines_of(each_one.out).size() == summary_of(each_one)["differing"].get<std::size_t>() + 1);
}

BOOST_AUTO_TEST_CASE(the_json_summary_has_its_keys) {
  const Json s = run_json({"classique", "traditionnelle", "--random", "20000", "--seed", "1", "--show", "3", "--summary"});
  for (const char* key : {"rulesets", "source", "deals", "differing", "share", "by_kind", "by_field", "score_change", "examples"})
    BOOST_TEST(s.contains(key), key);
  BOOST_TEST(s["source"]["random"] == 20000);
  BOOST_TEST(s["source"]["seed"] == 1);
  BOOST_TEST(s["deals"] == 20000);
  BOOST_TEST(s["differing"].get<int>() > 0);
  BOOST_TEST(s["share"].get<double>() == s["differing"].get<double>() / 20000);
  int by_kind = 0;
  for (const char* kind : {"void", "winner", "contract", "score"}) by_kind += s["by_kind"][kind].get<int>();
  BOOST_TEST(by_kind == s["differing"].get<int>());
  for (const char* field : {"void", "winner", "contract", "score.NS", "score.EW", "suspended"})
    BOOST_TEST(s["by_field"].contains(field), field);
  for (const char* team : {"NS", "EW"})
    for (const char* key : {"mean", "moved", "mean_move", "largest", "largest_deal"})
      BOOST_TEST(s["score_change"][team].contains(key), team << "." << key);
  BOOST_TEST(s["examples"].size() == 3u);
  for (const char* key : {"id", "kind", "fields", "reason", "deal", "regenerate"})
    BOOST_TEST(s["examples"][0].contains(key), key);
}

BOOST_AUTO_TEST_CASE(a_shown_deal_can_be_scored_again_and_made_again) {
  const Json s = run_json({"classique", "traditionnelle", "--random", "5000", "--seed", "7", "--show", "2", "--summary"});
  BOOST_TEST_REQUIRE(s["examples"].size() == 2u);
  const Json& example = s["examples"][1];
  const std::string id = example["id"];
  BOOST_TEST(id.find("random-7-") == 0u, id);

  const RunResult scored = run_belote({"score", "--ruleset", "traditionnelle", "--format", "json", "-"},
                                      example["deal"].dump() + "\n");
  BOOST_TEST_REQUIRE(scored.status == 0, scored.err);
  BOOST_TEST(Json::parse(scored.out)["id"] == id);

  // "belote deal --random I+1 --seed 7 --ruleset traditionnelle | tail -n 1" makes the same deal again.
  const std::string index = id.substr(id.rfind('-') + 1);
  BOOST_TEST(example["regenerate"] == "belote deal --random " + std::to_string(std::stoul(index) + 1) +
                                          " --seed 7 --ruleset traditionnelle | tail -n 1");
  const RunResult made = run_belote({"deal", "--random", std::to_string(std::stoul(index) + 1), "--seed", "7"});
  BOOST_TEST(Json::parse(lines_of(made.out).back()) == example["deal"]);
}

// The command that makes a deal again names the ruleset it was made under: it holds whatever
// $BELOTE_RULESET says (a random deal depends on the ruleset's kinds, bids and doublings).
BOOST_AUTO_TEST_CASE(the_command_that_makes_a_deal_again_holds_whatever_the_environment_says) {
  const std::vector<std::string> env{"BELOTE_RULESET=coinche"};
  const RunResult run = run_belote({"diff", "classique", "traditionnelle", "--random", "100", "--seed", "1", "--summary",
                                    "--show", "1", "--threads", "1"}, "", env);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const std::vector<std::string> lines = lines_of(run.out);
  BOOST_TEST(lines.back() == "(make random-1-15 again with: belote deal --random 16 --seed 1 --ruleset traditionnelle | tail -n 1)");
  const RunResult made = run_belote({"deal", "--random", "16", "--seed", "1", "--ruleset", "traditionnelle"}, "", env);
  BOOST_TEST(lines_of(made.out).back() == lines[lines.size() - 2]);
  const Json json = summary_of(run_belote({"diff", "classique", "traditionnelle", "--random", "100", "--seed", "1",
                                           "--summary", "--show", "1", "--format", "json"}, "", env));
  BOOST_TEST(json["examples"][0]["regenerate"] == "belote deal --random 16 --seed 1 --ruleset traditionnelle | tail -n 1");
}

// A word after the two rulesets that is neither a file nor a ruleset is named as such: most likely a deal
// file misspelled, it is not "no deals" nor only "no ruleset named".
BOOST_AUTO_TEST_CASE(a_word_that_is_neither_a_file_nor_a_ruleset_is_named_so) {
  for (const std::vector<std::string>& words : {std::vector<std::string>{"mydeals"}, {"mydeals", deal_file()}}) {
    std::vector<std::string> args{"diff", "classique", "traditionnelle"};
    args.insert(args.end(), words.begin(), words.end());
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.out.empty());
    BOOST_TEST(run.err.starts_with("belote: error: 'mydeals' is neither an existing file nor a ruleset: no such file, and "
                                   "no ruleset named 'mydeals' (searched: "), run.err);
  }
  // A third ruleset is still one.
  BOOST_TEST(run_belote({"diff", "classique", "traditionnelle", "classique-hors-contrat", deal_file()}).status == 0);
}

BOOST_AUTO_TEST_CASE(show_limits_the_deals_printed_at_the_end) {
  const Json none = run_json({"classique", "classique-hors-contrat", deal_file(), "--show", "0", "--summary"});
  BOOST_TEST(none["examples"].empty());
  const Json four = run_json({"classique", "classique-hors-contrat", deal_file(), "--show", "4"});
  BOOST_TEST(four["examples"].size() == 4u);
  const Json all = run_json({"classique", "traditionnelle", deal_file(), "--show", "100"});
  BOOST_TEST(all["examples"].size() == all["differing"].get<std::size_t>());
  // --summary lists no deal: the output is the summary alone.
  const RunResult quiet = run_belote({"diff", "classique", "classique-hors-contrat", deal_file(), "--summary", "--format", "json"});
  BOOST_TEST(lines_of(quiet.out).size() == 1u);
}

BOOST_AUTO_TEST_CASE(three_rulesets_give_a_matrix_of_pairs) {
  const std::vector<std::string> names{"classique", "traditionnelle", "classique-hors-contrat"};
  const Json positional = run_json({names[0], names[1], names[2], deal_file()});
  const Json repeated = run_json({"-r", names[0], "-r", names[1], "--ruleset", names[2], deal_file()});
  BOOST_TEST(positional == repeated);
  BOOST_TEST(positional["rulesets"] == Json(names));
  BOOST_TEST(positional["deals"] == 200);
  const Json& differing = positional["differing"];
  for (std::size_t i = 0; i < 3; ++i) {
    BOOST_TEST(differing[i][i] == 0);
    for (std::size_t j = 0; j < 3; ++j) {
      BOOST_TEST(differing[i][j] == differing[j][i]);
      if (i == j) continue;
      const Json pair = run_json({names[i], names[j], deal_file(), "--summary"});
      BOOST_TEST(differing[i][j] == pair["differing"], names[i] << " / " << names[j]);
      BOOST_TEST(positional["share"][i][j].get<double>() == pair["share"].get<double>());
    }
  }
  const RunResult text = run_belote({"diff", names[0], names[1], names[2], "--random", "1000"});
  BOOST_TEST_REQUIRE(text.status == 0, text.err);
  BOOST_TEST(contains(text.out, "share of deals scored differently, 1000 random deals (seed 0)"));
  BOOST_TEST(lines_of(text.out).size() == 5u);
}

BOOST_AUTO_TEST_CASE(deals_invalid_under_one_ruleset_are_reported_and_the_rest_compared) {
  const auto dir = temp_dir("diff-invalid");
  const std::string shared_card =
      R"({"id":"shared","trump":"S","taker":"N","announcements":{"N":["carre Q","tierce QH"]},"result":{"points":{"NS":100,"EW":62},"tricks":{"NS":5,"EW":3}}})";
  const std::string broken = R"({"id":"broken","trump":"X"})";
  write_file(dir / "deals.jsonl", shared_card + "\n" + broken + "\n" + lines_of(read_file(deal_file()))[0] + "\n");
  const RunResult run = run_belote({"diff", "classique", "traditionnelle", (dir / "deals.jsonl").string(), "--format", "json"});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(summary_of(run)["deals"] == 1);
  // Read under classique, the first deal is fine: the message says which ruleset rejects it.
  BOOST_TEST(contains(run.err, "deals.jsonl:1:72: 'announcements.N': QH serves in a carré and a sequence"), run.err);
  BOOST_TEST(contains(run.err, "(under ruleset traditionnelle)\n"), run.err);
  // Rejected by both alike: said once, with no ruleset named.
  BOOST_TEST(contains(run.err, "deals.jsonl:2:24: 'trump': unknown suit 'X' (suits: S H D C)\n"), run.err);
  BOOST_TEST(run.err.find("unknown suit") == run.err.rfind("unknown suit"));

  const RunResult missing = run_belote({"diff", "classique", "traditionnelle", (dir / "none.jsonl").string()});
  BOOST_TEST(missing.status == 1);
  BOOST_TEST(contains(missing.err, "none.jsonl: no such file"), missing.err);
}

BOOST_AUTO_TEST_CASE(rulesets_with_different_decks_cannot_be_compared_on_random_deals) {
  const auto dir = temp_dir("diff-decks");
  write_file(dir / "sans-der.toml", "extends = \"classique\"\ntitle = \"no last-trick bonus\"\n\n[deck]\nlast_trick = 0\n");
  const RunResult run = run_belote({"diff", "classique", "sans-der", "--random", "100", "--rulesets-dir", dir.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out.empty());
  BOOST_TEST(contains(run.err, "belote: error: classique and sans-der play with different decks"), run.err);
}

BOOST_AUTO_TEST_CASE(an_unknown_ruleset_is_invalid_input) {
  const RunResult run = run_belote({"diff", "classique", "no-such-ruleset", "--random", "10"});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(contains(run.err, "no-such-ruleset"), run.err);
}

BOOST_DATA_TEST_CASE(usage_errors_exit_2,
                     bdata::make(std::vector<UsageCase>{
                         {{}, "give two rulesets to compare"},
                         {{"classique"}, "give two rulesets to compare"},
                         {{"classique", "traditionnelle"}, "no deals: give deal files"},
                         {{"classique", "traditionnelle", "deals.jsonl", "--random", "10"}, "give deal files or --random N, not both"},
                         {{"classique", "traditionnelle", "--random", "10", "--format", "xml"}, "--format is 'text' or 'json', not 'xml'"},
                         {{"classique", "traditionnelle", "--random", "10", "--threads", "0"}, "--threads takes a whole number from 1 to 1024, not '0'"},
                         {{"classique", "traditionnelle", "--random", "10", "--threads=-1"}, "--threads takes a whole number from 1 to 1024, not '-1'"},
                         {{"classique", "traditionnelle", "--random=-5"}, "--random takes a whole number from 1 to 1000000000000, not '-5'"},
                         {{"classique", "traditionnelle", "--random", "10", "--show=-1"}, "--show takes a whole number from 0 to 1000000, not '-1'"},
                         {{"classique", "traditionnelle", "deals.jsonl", "--seed", "3"}, "--seed and --each go with --random N"},
                         {{"classique", "traditionnelle", "--random", "10", "--summary", "--each"}, "--summary and --each contradict"},
                         {{"classique", "traditionnelle", "--random", "ten"}, "--random takes a whole number from 1 to 1000000000000, not 'ten'"},
                         {{"classique", "traditionnelle", "coinche", "--random", "10", "--each"},
                          "--each and --show list the deals two rulesets score differently: with 3 rulesets, diff prints the matrix"},
                         {{"-r", "classique", "-r", "traditionnelle", "-r", "coinche", "--show", "5", "deals.jsonl"},
                          "--each and --show list the deals two rulesets score differently: with 3 rulesets"},
                         {{"classique", "traditionnelle", "--random", "10", "--colour"}, "unknown option '--colour'"},
                     }),
                     c) {
  std::vector<std::string> args{"diff"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  const RunResult run = run_belote(args);
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.out.empty());
  BOOST_TEST(contains(run.err, "belote: error: diff: " + c.message), run.err);
  BOOST_TEST(contains(run.err, "(see 'belote diff --help')"), run.err);
}

BOOST_AUTO_TEST_CASE(help_shows_usage_and_an_example) {
  const RunResult run = run_belote({"diff", "--help"});
  BOOST_TEST(run.status == 0);
  BOOST_TEST(contains(run.out, "usage: belote diff A B [C...] [--ruleset NAME]... [--threads N] "));
  BOOST_TEST(contains(run.out, "--random"));
  BOOST_TEST(contains(run.out, "example:\n  belote diff classique traditionnelle"));
}

BOOST_AUTO_TEST_CASE(no_progress_bar_when_stderr_is_not_a_terminal) {
  // Long enough for the bar to appear if it were drawn on a pipe.
  const RunResult run = run_belote({"diff", "classique", "traditionnelle", "--random", "2000000", "--summary", "--show", "0"});
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.err.empty(), run.err);
}

BOOST_AUTO_TEST_CASE(rulesets_diff_lists_each_convention_with_where_it_is_set) {
  const RunResult run = run_belote({"rulesets", "diff", "classique", "classique-premier-parle"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto overlay = lines_of(read_file(rulesets_dir() / "classique-premier-parle.toml"));
  const auto base = lines_of(read_file(rulesets_dir() / "classique.toml"));
  const auto line_of = [](const std::vector<std::string>& lines, const std::string& text) {
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (lines[i].find(text) == 0) return i + 1;
    BOOST_FAIL("no line starts with " << text);
    return std::size_t(0);
  };
  BOOST_TEST(run.out == "announcements.exact_tie\n"
                        "  classique                \"nobody\"  (classique.toml:" +
                            std::to_string(line_of(base, "exact_tie")) +
                            ")\n"
                            "  classique-premier-parle  \"first-speaker\"  (classique-premier-parle.toml:" +
                            std::to_string(line_of(overlay, "exact_tie")) +
                            ")\n"
                            "1 convention differs\n");
}

BOOST_AUTO_TEST_CASE(rulesets_diff_of_classique_and_traditionnelle) {
  const RunResult run = run_belote({"rulesets", "diff", "classique", "traditionnelle", "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const Json j = Json::parse(run.out);
  BOOST_TEST(j["a"] == "classique");
  BOOST_TEST(j["b"] == "traditionnelle");
  std::map<std::string, Json> by_key;
  for (const Json& d : j["differences"]) by_key[d["key"]] = d;
  for (const char* key : {"carres.void_deal", "announcements.card_reuse", "announcements.min_tricks",
                          "announcements.strength", "contract.on_tie"})
    BOOST_TEST(by_key.count(key), key);
  BOOST_TEST(!by_key.count("title"), "metadata is no convention");
  BOOST_TEST(!by_key.count("sequences.points.3"), "equal values are left out");
  const Json& strength = by_key["announcements.strength"];
  BOOST_TEST(strength["a"]["value"] == "category");  // typed values, not TOML text
  BOOST_TEST(strength["b"]["value"] == "points");
  BOOST_TEST(strength["b"]["toml"] == "\"points\"");  // and the value as the text shows it
  BOOST_TEST(contains(strength["b"]["file"].get<std::string>(), "traditionnelle.toml"));
  BOOST_TEST(strength["b"]["line"].get<int>() > 0);
  // A key one side does not set at all.
  BOOST_TEST(by_key["announcements.categories"]["b"].is_null());
}

BOOST_AUTO_TEST_CASE(rulesets_diff_of_a_ruleset_with_itself) {
  const RunResult run = run_belote({"rulesets", "diff", "traditionnelle", "traditionnelle"});
  BOOST_TEST(run.status == 0);
  BOOST_TEST(run.out == "traditionnelle and traditionnelle have the same conventions\n");
  const RunResult json = run_belote({"rulesets", "diff", "traditionnelle", "traditionnelle", "--format", "json"});
  BOOST_TEST(Json::parse(json.out)["differences"].empty());
}

BOOST_AUTO_TEST_CASE(rulesets_diff_errors) {
  const RunResult one = run_belote({"rulesets", "diff", "classique"});
  BOOST_TEST(one.status == 2);
  BOOST_TEST(contains(one.err, "give two rulesets to compare"), one.err);
  const RunResult format = run_belote({"rulesets", "diff", "classique", "traditionnelle", "--format", "yaml"});
  BOOST_TEST(format.status == 2);
  BOOST_TEST(contains(format.err, "--format is 'text' or 'json', not 'yaml'"), format.err);
  const RunResult unknown = run_belote({"rulesets", "diff", "classique", "no-such-ruleset"});
  BOOST_TEST(unknown.status == 1);
  BOOST_TEST(contains(unknown.err, "no-such-ruleset"), unknown.err);
}

// Every example of docs/diff.md is what the program prints: each ```console
// block starts with "$ belote …" and holds its output (all of it, or its
// first lines when the block ends with "…").
BOOST_AUTO_TEST_CASE(the_examples_in_the_documentation_are_real) {
  const std::string doc = read_file(source_dir() / "docs" / "diff.md");
  int examples = 0;
  for (auto at = doc.find("```console\n$ belote "); at != std::string::npos; at = doc.find("```console\n$ belote ", at + 1)) {
    const auto body = doc.find('\n', at) + 1;
    const auto end = doc.find("\n```", body);
    std::vector<std::string> lines = lines_of(doc.substr(body, end + 1 - body));
    std::istringstream command(lines.front().substr(std::string("$ belote ").size()));
    std::vector<std::string> args;
    for (std::string word; command >> word;)
      args.push_back(word.starts_with("tests/") ? (source_dir() / word).string() : word);
    const RunResult run = run_belote(args);
    BOOST_TEST_REQUIRE(run.status == 0, lines.front() << ": " << run.err);
    std::string out = run.out;
    for (std::string path = source_dir().string() + "/"; out.find(path) != std::string::npos;)
      out.replace(out.find(path), path.size(), "");
    const bool cut = lines.back() == "…";
    const std::vector<std::string> expected(lines.begin() + 1, lines.end() - (cut ? 1 : 0));
    std::vector<std::string> got = lines_of(out);
    if (cut && got.size() > expected.size()) got.resize(expected.size());
    BOOST_TEST(got == expected, lines.front() << "\nprints (paste it into docs/diff.md):\n" << out);
    ++examples;
  }
  BOOST_TEST(examples >= 5);
}

// An announcement one side declares and the other does not (worth nothing
// there, or its cards already used) names no key in its step: the reason
// names the key that decides it.
BOOST_AUTO_TEST_CASE(an_announcement_declared_on_one_side_only_names_its_convention) {
  const auto reason_of = [](const std::vector<std::string>& args, const std::string& id) {
    const RunResult run = run_belote(args);
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    const std::vector<std::string> lines = lines_of(run.out);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
      if (lines[i].starts_with(id + ":")) return lines[i + 1];
    return std::string("(no line for " + id + ")");
  };
  const std::string carre = reason_of({"diff", "classique", "classique-carres-bas", "--random", "300", "--seed", "5", "--each"},
                                      "random-5-121");
  BOOST_TEST(contains(carre, "classique: N declares no announcement; classique-carres-bas: N declares carré of 7"), carre);
  BOOST_TEST(carre.ends_with("(conventions: carres.points)"), carre);
  const std::string reuse = reason_of({"diff", "classique", "traditionnelle", "--random", "200", "--seed", "3", "--each"},
                                      "random-3-3");
  BOOST_TEST(reuse.ends_with("(conventions: announcements.card_reuse)"), reuse);
}

BOOST_DATA_TEST_CASE(rulesets_of_one_family_differ_by_the_conventions_they_dispute, bdata::make(kFamilyPairs), p) {
  // Kinds, bids and doubling drawn per ruleset; every differing deal listed with its conventions.
  const RunResult run = run_belote({"diff", p.a, p.b, "--random", "3000", "--seed", "2", "--threads", "2", "--each"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(run.err.empty(), run.err);
  BOOST_TEST(contains(run.out, p.a + " → " + p.b + ": 3000 random deals (seed 2)"), run.out.substr(0, 400));
  int listed = 0, named = 0;
  for (const std::string& line : lines_of(run.out)) {
    if (!line.starts_with("  " + p.a + ": ") && !line.starts_with("  played as ")) continue;
    ++listed;
    if (contains(line, "(conventions: ") && contains(line, p.convention)) ++named;
  }
  BOOST_TEST(listed > 0);
  BOOST_TEST(named > 0, p.convention << " never named");
  const Json s = run_json({p.a, p.b, "--random", "3000", "--seed", "2", "--threads", "2", "--summary"});
  BOOST_TEST(s["deals"] == 3000);
  BOOST_TEST(s["differing"].get<int>() == listed);
}

// Whether a key a reason names ("kinds.*.announcements") is the key `rulesets diff`
// lists ("kinds.sans-atout.announcements"), one a table entry of the other, or the same.
bool names_the_key(const std::string& named, const std::string& listed) {
  std::istringstream a(named), b(listed);
  std::string x, y;
  while (std::getline(a, x, '.') && std::getline(b, y, '.'))
    if (x != "*" && x != y) return false;
  return true;
}

BOOST_DATA_TEST_CASE(the_conventions_named_are_the_ones_the_rulesets_set_differently, bdata::make(kFamilyPairs), p) {
  // A key both rulesets set alike may explain a number, never a difference.
  std::vector<std::string> differing;
  const RunResult keys = run_belote({"rulesets", "diff", p.a, p.b, "--format", "json"});
  BOOST_TEST_REQUIRE(keys.status == 0, keys.err);
  const Json listed = Json::parse(keys.out);
  for (const Json& d : listed["differences"]) differing.push_back(d["key"].get<std::string>());
  BOOST_TEST_REQUIRE(!differing.empty(), keys.out);
  const RunResult run = run_belote({"diff", p.a, p.b, "--random", "3000", "--seed", "2", "--each"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  int told = 0, checked = 0;
  for (const std::string& line : lines_of(run.out)) {
    // A deal played differently (another kind drawn) may be told by a key of the kind it became.
    const auto open = line.find("(conventions: ");
    if (!line.starts_with("  " + p.a + ": ") || open == std::string::npos) continue;
    ++told;
    std::istringstream named(line.substr(open + 14, line.rfind(')') - open - 14));
    for (std::string key; std::getline(named >> std::ws, key, ',');) {
      ++checked;
      BOOST_TEST(std::any_of(differing.begin(), differing.end(), [&](const std::string& d) { return names_the_key(key, d); }),
                 key << " is set alike in " << p.a << " and " << p.b << ": " << line);
    }
  }
  // (Schieber's overlay draws its kinds from other suits: every deal is played differently.)
  BOOST_TEST(checked >= told);
  BOOST_TEST((told > 0 || p.b == "schieber-multiplicateurs"));
}

namespace {

namespace fs = std::filesystem;

// Club variants of the shipped rulesets, as an organizer writes them.
const std::string kSansBelote = "extends = \"classique\"\n[contract]\nbasis = [\"card-points\", \"announcements\"]\n"
                                "failed_belote = \"defenders\"\n";
const std::string kTieMade = "extends = \"classique\"\n[contract]\non_tie = \"made\"\n";
const std::string kBidsFrom90 = "extends = \"coinche\"\n[bids]\nfrom = 90\n";

// `toml` written as DIR/NAME.toml in a fresh directory; returns its path.
std::string club_ruleset(const std::string& dir, const std::string& name, const std::string& toml) {
  const auto path = temp_dir(dir) / (name + ".toml");
  write_file(path, toml);
  return path.string();
}

}  // namespace

// A played deal is its first mène under both rulesets: where everyone passes under one, that is
// its result there (nobody scores), never the next mène, whose cards are another deal's.
BOOST_AUTO_TEST_CASE(a_played_deal_is_the_same_deal_under_both_rulesets_where_everyone_passes_under_one) {
  const std::string variant = club_ruleset("diff-played-redeal", "club-sans-belote", kSansBelote);
  const std::vector<std::string> args{"diff", "classique", variant, "--random", "30", "--seed", "1", "--played", "heuristic",
                                      "--show", "30"};
  std::vector<std::string> json_args = args;
  json_args.insert(json_args.end(), {"--format", "json"});
  const RunResult run = run_belote(json_args);
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const Json j = Json::parse(run.out);
  BOOST_TEST(j["redealt"]["a"] == 0);
  BOOST_TEST(j["redealt"]["b"] == 1);
  int passed = 0;
  for (const Json& e : j["examples"]) {
    const std::string id = "deal-" + std::to_string(e["deal"].get<int>()) + "-play-1-mene-1";
    for (const char* side : {"a", "b"})
      if (!e[side].is_null()) BOOST_TEST(e[side]["id"] == id);
    if (e["a"].is_null() || e["b"].is_null()) ++passed;
    else BOOST_TEST(e["a"]["auction"]["dealer"] == e["b"]["auction"]["dealer"]);
  }
  BOOST_TEST(passed == 1, "deal 19: everyone passes under the variant");
  const RunResult text = run_belote(args);
  BOOST_TEST(contains(text.out, "  dealt again (everyone passed, or a void deal), nobody scoring: none under classique, "
                                "1 deal under club-sans-belote\n"), text.out);
  BOOST_TEST(contains(text.out, "deal 19, club-sans-belote:\n(everyone passed: dealt again, nobody scores)\n"), text.out);
}

// Both takers fail, and the points move only by what a failed taker keeps: the reason is the
// scoring's convention, not the contract's basis (which changes the totals, not the result).
BOOST_AUTO_TEST_CASE(points_moved_by_what_a_failed_taker_keeps_are_put_down_to_that_convention) {
  const std::string variant = club_ruleset("diff-failed-belote", "club-sans-belote", kSansBelote);
  const RunResult run = run_belote({"diff", "classique", variant, deal_file(), "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  int found = 0;
  for (const std::string& line : lines_of(run.out)) {
    const Json deal = Json::parse(line);
    if (!deal.contains("id") || !deal["id"].get<std::string>().starts_with("random-3-32 (")) continue;
    ++found;
    BOOST_TEST(deal["a"]["contract"] == "failed");
    BOOST_TEST(deal["b"]["contract"] == "failed");
    const std::string reason = deal["reason"];
    BOOST_TEST(reason.ends_with("(conventions: contract.failed_belote)"), reason);
  }
  BOOST_TEST(found == 1);
}

// The commands the summary suggests run as printed: the ruleset as it was given (a path, or a
// name with the --rulesets-dir that finds it).
BOOST_AUTO_TEST_CASE(the_commands_suggested_name_the_ruleset_as_given_and_run_as_printed) {
  const std::string path = club_ruleset("diff-hint-path", "club-sans-belote", kSansBelote);
  const std::vector<std::string> lines =
      lines_of(run_belote({"diff", "classique", path, "--random", "200", "--seed", "3", "--summary", "--show", "1"}).out);
  BOOST_TEST_REQUIRE(lines.size() >= 3u);
  BOOST_TEST(lines[lines.size() - 3].ends_with("(score one again: echo 'LINE' | belote score --ruleset " + path + " -):"));
  BOOST_TEST(lines.back() == "(make random-3-32 again with: belote deal --random 33 --seed 3 --ruleset " + path + " | tail -n 1)");
  const RunResult scored = run_belote({"score", "--ruleset", path, "-"}, lines[lines.size() - 2] + "\n");
  BOOST_TEST(scored.status == 0, scored.err);

  const std::string dir = fs::path(path).parent_path().string();
  const std::vector<std::string> named = lines_of(
      run_belote({"diff", "--rulesets-dir", dir, "classique", "club-sans-belote", "--random", "200", "--seed", "3", "--summary",
                  "--show", "1"}).out);
  BOOST_TEST_REQUIRE(named.size() >= 3u);
  BOOST_TEST(named[named.size() - 3].ends_with(
      "(score one again: echo 'LINE' | belote score --rulesets-dir " + dir + " --ruleset club-sans-belote -):"));
  BOOST_TEST(named.back() == "(make random-3-32 again with: belote deal --random 33 --seed 3 --rulesets-dir " + dir +
                                 " --ruleset club-sans-belote | tail -n 1)");
  const RunResult rescored = run_belote({"score", "--rulesets-dir", dir, "--ruleset", "club-sans-belote", "-"},
                                        named[named.size() - 2] + "\n");
  BOOST_TEST(rescored.status == 0, rescored.err);
  const RunResult made = run_belote({"deal", "--random", "33", "--seed", "3", "--rulesets-dir", dir, "--ruleset", "club-sans-belote"});
  BOOST_TEST(lines_of(made.out).back() == named[named.size() - 2]);
}

// A house ruleset that shadows a shipped name is told apart from it by its file.
BOOST_AUTO_TEST_CASE(two_rulesets_of_one_name_are_told_apart_by_their_files) {
  const std::string house = club_ruleset("diff-shadow", "classique", "extends = \"traditionnelle\"\nname = \"classique\"\n");
  const RunResult run = run_belote({"diff", "classique", house, "--random", "200", "--seed", "3", "--show", "1"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  // The shipped one by the file it was found in, wherever the program is installed.
  const std::string title = " → " + house + ": 200 random deals (seed 3)\n";
  const auto arrow = run.out.find(title);
  BOOST_TEST_REQUIRE(arrow != std::string::npos, run.out);
  const std::string shipped = run.out.substr(run.out.rfind('\n', arrow) + 1, arrow - run.out.rfind('\n', arrow) - 1);
  BOOST_TEST(shipped.ends_with("/classique.toml"), shipped);
  BOOST_TEST(contains(run.out, "  " + shipped + ": "), run.out);
  BOOST_TEST(contains(run.out, "; " + house + ": "), run.out);
  BOOST_TEST(contains(run.out, "belote score --ruleset " + house + " -"), run.out);
}

// Points a litige holds over are left out of a played result, as an arena leaves them out: said,
// and counted, under each ruleset.
BOOST_AUTO_TEST_CASE(points_held_over_in_play_are_said_to_be_left_out) {
  const std::string variant = club_ruleset("diff-played-litige", "club-tie", kTieMade);
  const std::vector<std::string> args{"diff", "classique", variant, "--random", "300", "--seed", "1", "--played", "heuristic"};
  std::vector<std::string> json_args = args;
  json_args.insert(json_args.end(), {"--format", "json"});
  const Json j = Json::parse(run_belote(json_args).out);
  const int deals = j["held_over"]["a"]["deals"], points = j["held_over"]["a"]["points"];
  BOOST_TEST_REQUIRE(deals >= 1);
  BOOST_TEST(points >= 81 * deals);
  BOOST_TEST(j["held_over"]["b"] == Json({{"deals", 0}, {"points", 0}}), "a tie is made under the variant");
  const std::string text = run_belote(args).out;
  BOOST_TEST(contains(text, fmt::format("  points held over by a litige, left out as an arena leaves them: {} on {} under "
                                        "classique, none under club-tie\n",
                                        points, deals == 1 ? std::string("1 deal") : fmt::format("{} deals", deals))),
             text);
}

// Interrupted, a played comparison writes the figures of the deals played whole, as a run of that
// many writes them, says so, and ends as the signal ends it.
BOOST_AUTO_TEST_CASE(an_interrupted_played_diff_writes_the_figures_of_the_deals_played_whole) {
  const std::string variant = club_ruleset("diff-played-interrupted", "club-tie", kTieMade);
  const auto stopped = [&](const std::string& players, const std::string& seconds) {
    return run_program("timeout", {"--preserve-status", "-s", "TERM", seconds, BELOTE_PROGRAM, "diff", "classique", variant,
                                   "--random", "1000000000", "--played", players, "--threads", "2", "--show", "2"});
  };
  // Seconds enough for the program to start and read its rulesets on a loaded machine (the signal
  // ends it at once before then): the signal then comes as the deals are played.
  const RunResult run = stopped("heuristic", "4");
  BOOST_TEST(run.status == 128 + SIGTERM);
  const std::string prefix = "belote: error: interrupted: the figures are those of the ";
  BOOST_TEST_REQUIRE(run.err.starts_with(prefix), run.err);
  const std::uint64_t deals = std::stoull(run.err.substr(prefix.size()));
  BOOST_TEST(run.err == fmt::format("{}{} played whole, 0 to {}\n", prefix,
                                    deals == 1 ? std::string("1 deal") : fmt::format("{} deals", deals), deals - 1));
  const RunResult whole = run_belote({"diff", "classique", variant, "--random", std::to_string(deals), "--played", "heuristic",
                                      "--threads", "2", "--show", "2"});
  BOOST_TEST(whole.out == run.out);
  // Stopped before the first deal is played whole: nothing to write. A signal that comes before the
  // program has started (a loaded machine, a sanitizer's build) ends it at once, saying nothing: the
  // wait then grows (a first deal of sampled:4096 players takes minutes).
  RunResult early;
  for (const char* seconds : {"3", "10", "30"}) {
    early = stopped("sampled:4096", seconds);
    if (!early.err.empty()) break;
  }
  BOOST_TEST(early.status == 128 + SIGTERM);
  BOOST_TEST(early.out.empty());
  BOOST_TEST(early.err == "belote: error: interrupted before a deal was played whole under both rulesets: no result\n");
}

// Scored and solved comparisons keep the deals done when interrupted, as the played one does: the first
// ones, written as a run of that many writes them.
BOOST_AUTO_TEST_CASE(an_interrupted_random_or_solved_diff_writes_the_figures_of_the_first_deals) {
  const std::string variant = club_ruleset("diff-random-interrupted", "club-tie", kTieMade);
  for (const std::string& mode : {std::string("scored"), std::string("solved")}) {
    std::vector<std::string> args{"diff", "classique", variant, "--random", "1000000000", "--threads", "2", "--show", "2"};
    if (mode == "solved") args.push_back("--solved");
    const std::string prefix = "belote: error: interrupted: the figures are those of the ";
    // On a loaded machine (or a sanitizer's build) the first deals may take longer than the signal's wait:
    // then nothing is written, as said, and the wait grows.
    RunResult run;
    for (const char* seconds : {"4", "15", "60"}) {
      std::vector<std::string> timed{"--preserve-status", "-s", "TERM", seconds, BELOTE_PROGRAM};
      timed.insert(timed.end(), args.begin(), args.end());
      run = run_program("timeout", timed);
      BOOST_TEST(run.status == 128 + SIGTERM);
      if (run.err.starts_with(prefix)) break;
      BOOST_TEST(run.err == fmt::format("belote: error: interrupted before a deal was {} under both rulesets: no result\n", mode));
      BOOST_TEST(run.out.empty());
    }
    BOOST_TEST_REQUIRE(run.err.starts_with(prefix), run.err);
    const std::uint64_t deals = std::stoull(run.err.substr(prefix.size()));
    BOOST_TEST(run.err == fmt::format("{}{} {}, 0 to {}\n", prefix,
                                      deals == 1 ? std::string("1 deal") : fmt::format("{} deals", deals), mode, deals - 1));
    args[4] = std::to_string(deals);
    const RunResult whole = run_belote(args);
    BOOST_TEST(whole.status == 0, whole.err);
    BOOST_TEST(whole.out == run.out, mode);
  }
}

// Random deals drawn as two contracts (rulesets of other bids) are counted apart, and their
// reason names the key that draws them otherwise, not keys both rulesets share.
BOOST_AUTO_TEST_CASE(random_deals_drawn_as_different_contracts_are_counted_and_put_down_to_the_key_that_draws_them) {
  const std::string variant = club_ruleset("diff-bids-from", "coinche-90", kBidsFrom90);
  const Json s = run_json({"coinche", variant, "--random", "2000", "--seed", "1", "--summary", "--show", "0"});
  BOOST_TEST(s["drawn_apart"]["deals"].get<int>() > 0);
  BOOST_TEST(s["drawn_apart"]["differing"].get<int>() <= s["differing"].get<int>());
  const RunResult text = run_belote({"diff", "coinche", variant, "--random", "200", "--seed", "1", "--show", "20"});
  int told = 0;
  for (const std::string& line : lines_of(text.out))
    if (line.starts_with("  played as ")) {
      ++told;
      BOOST_TEST(line.ends_with("(conventions: bids.from)"), line);
    }
  BOOST_TEST(told == 20);
  BOOST_TEST(contains(text.out, "\ndrawn as different contracts: "), text.out);
  // Rulesets that draw alike: no such count.
  const Json alike = run_json({"classique", "traditionnelle", "--random", "2000", "--seed", "1", "--summary", "--show", "0"});
  BOOST_TEST(alike["drawn_apart"] == Json({{"deals", 0}, {"differing", 0}}));
  BOOST_TEST(!contains(run_belote({"diff", "classique", "traditionnelle", "--random", "200", "--summary"}).out, "drawn as"));
}

// Every mode writes shares with two decimals and one arrow, → or, with --ascii, ->.
BOOST_AUTO_TEST_CASE(every_mode_writes_shares_and_arrows_alike) {
  for (const std::string mode : {"--solved", "--played"}) {
    std::vector<std::string> args{"diff", "classique", "classique-preneur-garde", "--random", "30", "--seed", "1", mode};
    if (mode == "--played") args.push_back("heuristic");
    const RunResult run = run_belote(args);
    BOOST_TEST_REQUIRE(run.status == 0, run.err);
    BOOST_TEST(run.out.starts_with("classique → classique-preneur-garde: "), run.out);
    BOOST_TEST(std::regex_search(run.out, std::regex(R"(\(\d+\.\d\d%\))")), run.out);
    BOOST_TEST(!std::regex_search(run.out, std::regex(R"(\.\d{3,}%)")), run.out);
    args.push_back("--ascii");
    BOOST_TEST(run_belote(args).out.starts_with("classique -> classique-preneur-garde: "));
  }
}

BOOST_DATA_TEST_CASE(stats_on_random_deals_of_each_family, bdata::make(std::vector<std::string>{"coinche", "bulgare", "schieber"}),
                     name) {
  const RunResult run = run_belote({"stats", "--ruleset", name, "--random", "2000", "--seed", "4", "--threads", "2"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  BOOST_TEST(contains(run.out, name + ": 2000 random deals (seed 4)"), run.out);
  BOOST_TEST(contains(run.out, "NS scores announcements"), run.out);
  // Schieber has no contract: no made or failed count, which would all be 0.
  BOOST_TEST(contains(run.out, "Contract: none (contract.test = \"none\")") == (name == "schieber"), run.out);
  BOOST_TEST(contains(run.out, "  made ") == (name != "schieber"), run.out);
  const Json json = Json::parse(run_belote({"stats", "--ruleset", name, "--random", "2000", "--seed", "4", "--format", "json"}).out);
  BOOST_TEST((json["contract"]["none"]["deals"] == (name == "schieber" ? 2000 - json["void"]["deals"].get<int>() : 0)));
}

BOOST_AUTO_TEST_SUITE_END()  // test_cli_diff
