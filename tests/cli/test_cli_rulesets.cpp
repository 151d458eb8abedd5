// `belote rulesets` and ruleset selection, run as a user runs them.
#include <algorithm>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_cli_rulesets)

namespace bdata = boost::unit_test::data;
namespace fs = std::filesystem;
using namespace belote;
using namespace belote::test;

namespace {

const std::vector<std::string> kOverlays = {"classique-carres-bas", "classique-hors-contrat", "classique-premier-parle",
                                            "classique-preneur-garde", "classique-preneur-perd-tout"};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

fs::path example_deal() { return source_dir() / "examples" / "worked-example.toml"; }

// A ruleset named `name` whose title says where it is. (It cannot extend a ruleset
// of its own name: the name would find the file itself, a cycle.)
void write_probe(const fs::path& dir, const std::string& name, const std::string& where) {
  write_file(dir / (name + ".toml"), fmt::format("extends = \"traditionnelle\"\ntitle = \"from {}\"\n", where));
}

// The title `rulesets show` gives a ruleset, or "" when it fails.
std::string shown_title(const std::string& name, const std::vector<std::string>& args, const std::vector<std::string>& env) {
  std::vector<std::string> all{"rulesets", "show", name, "--no-origins"};
  all.insert(all.end(), args.begin(), args.end());
  const RunResult run = run_belote(all, "", env);
  if (run.status != 0) return "";
  return toml::parse(run.out)["title"].value_or(std::string());
}

}  // namespace

BOOST_AUTO_TEST_CASE(list_shows_the_shipped_rulesets_and_their_bases) {
  const RunResult run = run_belote({"rulesets", "list"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto lines = lines_of(run.out);
  BOOST_TEST_REQUIRE(lines.size() == shipped_ruleset_names().size() + 1);
  BOOST_TEST(words_of(lines[0])[0] == "NAME");
  std::map<std::string, std::string> base;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto words = words_of(lines[i]);
    base[words[0]] = words[1];
    BOOST_TEST(lines[i].ends_with(fmt::format("{}.toml (installed)", words[0])), lines[i]);
  }
  // Each file's base, as the file itself says.
  std::map<std::string, std::string> expected;
  for (const auto& name : shipped_ruleset_names())
    expected[name] = toml::parse_file((rulesets_dir() / (name + ".toml")).string())["extends"].value_or(std::string("-"));
  for (const auto& overlay : kOverlays) BOOST_TEST(expected[overlay] == "classique");
  BOOST_TEST(base == expected);
}

BOOST_AUTO_TEST_CASE(list_aligns_its_columns_however_long_the_titles_and_accents) {
  // Each column starts where its header does, counted in characters (titles hold "é").
  const auto lines = lines_of(run_belote({"rulesets", "list"}).out);
  BOOST_TEST_REQUIRE(lines.size() == shipped_ruleset_names().size() + 1);
  const auto column_of = [](const std::string& line, std::size_t byte) {
    return std::count_if(line.begin(), line.begin() + std::ptrdiff_t(byte), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
  };
  const auto where = column_of(lines[0], lines[0].find("WHERE"));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::size_t path = lines[i].rfind(' ', lines[i].rfind(" (installed)") - 1) + 1;
    BOOST_TEST(column_of(lines[i], path) == where, lines[i]);
  }
}

BOOST_AUTO_TEST_CASE(search_order_dirs_then_path_variable_then_user_then_installed) {
  const fs::path root = temp_dir("search-order");
  const fs::path a = root / "a", b = root / "b", p1 = root / "p1", p2 = root / "p2";
  const fs::path xdg = root / "xdg", home = root / "home";
  const fs::path xdg_dir = xdg / "belote" / "rulesets", home_dir = home / ".config" / "belote" / "rulesets";
  const std::vector<std::pair<fs::path, std::string>> places = {
      {a, "a"}, {b, "b"}, {p1, "p1"}, {p2, "p2"}, {xdg_dir, "xdg"}, {home_dir, "home"}};
  for (const auto& [dir, where] : places) write_probe(dir, "probe", where);
  const std::vector<std::string> dirs = {"--rulesets-dir", a.string(), "--rulesets-dir", b.string()};
  const std::vector<std::string> env = {"BELOTE_RULESETS_PATH=" + p1.string() + ":" + p2.string(),
                                        "XDG_CONFIG_HOME=" + xdg.string(), "HOME=" + home.string()};

  // Each place wins over the ones after it; remove it and the next one shows.
  BOOST_TEST(shown_title("probe", dirs, env) == "from a");
  fs::remove(a / "probe.toml");
  BOOST_TEST(shown_title("probe", dirs, env) == "from b");
  fs::remove(b / "probe.toml");
  BOOST_TEST(shown_title("probe", dirs, env) == "from p1");
  fs::remove(p1 / "probe.toml");
  BOOST_TEST(shown_title("probe", dirs, env) == "from p2");
  fs::remove(p2 / "probe.toml");
  BOOST_TEST(shown_title("probe", dirs, env) == "from xdg");
  // With XDG_CONFIG_HOME set, ~/.config is not searched.
  fs::remove(xdg_dir / "probe.toml");
  BOOST_TEST(shown_title("probe", dirs, env).empty());
  // Unset (or empty), the user's directory is ~/.config/belote/rulesets.
  const std::vector<std::string> no_xdg = {env[0], "XDG_CONFIG_HOME=", env[2]};
  BOOST_TEST(shown_title("probe", dirs, no_xdg) == "from home");

  // The user's directory comes before the installed rulesets.
  write_probe(home_dir, "classique", "home");
  BOOST_TEST(shown_title("classique", {}, no_xdg) == "from home");
  fs::remove(home_dir / "classique.toml");
  BOOST_TEST(shown_title("classique", {}, no_xdg).starts_with("Belote classique"));

  // `list` says where each was found, the first of a name only.
  write_probe(p2, "classique", "p2");
  const RunResult list = run_belote({"rulesets", "list", "--rulesets-dir", a.string()}, "", no_xdg);
  BOOST_TEST_REQUIRE(list.status == 0, list.err);
  std::map<std::string, std::string> where;
  for (const auto& line : lines_of(list.out)) where[words_of(line)[0]] = words_of(line).back();
  BOOST_TEST(where["probe"] == "(user)");
  BOOST_TEST(where["classique"] == "(BELOTE_RULESETS_PATH)");
  BOOST_TEST(where["traditionnelle"] == "(installed)");
  BOOST_TEST(lines_of(list.out).size() == shipped_ruleset_names().size() + 2);  // the header, the shipped ones and probe
}

BOOST_AUTO_TEST_CASE(rulesets_dir_works_with_every_command_that_takes_a_ruleset) {
  const fs::path dir = temp_dir("rulesets-dir");
  write_file(dir / "lyon.toml", "extends = \"classique\"\ntitle = \"Lyon\"\n[contract]\nbasis = [\"card-points\"]\n");
  const std::string d = dir.string();

  const RunResult score = run_belote({"score", "--rulesets-dir", d, "--ruleset", "lyon", "--format", "json", example_deal().string()});
  BOOST_TEST_REQUIRE(score.status == 0, score.err);
  const auto json = nlohmann::json::parse(score.out);
  BOOST_TEST(json["ruleset"] == "lyon");
  // The worked example: on card points alone (88 against 74) the takers make it.
  BOOST_TEST(json["contract"] == "made");

  const RunResult show = run_belote({"rulesets", "show", "--rulesets-dir", d, "lyon"});
  BOOST_TEST_REQUIRE(show.status == 0, show.err);
  BOOST_TEST(show.out.find("title = \"Lyon\"") != std::string::npos);

  BOOST_TEST(run_belote({"rulesets", "check", "--rulesets-dir", d, "lyon"}).status == 0);
  const RunResult diff = run_belote({"rulesets", "diff", "--rulesets-dir", d, "classique", "lyon"});
  BOOST_TEST(diff.status == 0, diff.err);
  BOOST_TEST(diff.out.starts_with("contract.basis\n"));
  const RunResult create = run_belote({"rulesets", "new", "--rulesets-dir", d, "lyon2", "--extends", "lyon", "--output", "-"});
  BOOST_TEST(create.status == 0, create.err);
  BOOST_TEST(create.out.find("extends = \"lyon\"") != std::string::npos);

  // Without the directory, the name is unknown.
  const RunResult unknown = run_belote({"score", "--ruleset", "lyon", example_deal().string()});
  BOOST_TEST(unknown.status == 1);
  BOOST_TEST(unknown.err.starts_with("belote: error: no ruleset named 'lyon'"));
}

BOOST_AUTO_TEST_CASE(a_file_named_with_capitals_is_found_by_its_name_in_any_case) {
  // `rulesets list` shows MyClub.toml as `myclub`: that name, and any spelling of it, finds the file.
  const fs::path dir = temp_dir("capitals");
  write_file(dir / "MyClub.toml", "extends = \"classique\"\ntitle = \"My club\"\n");
  const std::string d = dir.string();
  const RunResult list = run_belote({"rulesets", "list", "--rulesets-dir", d});
  BOOST_TEST_REQUIRE(list.status == 0, list.err);
  BOOST_TEST(list.out.find("myclub") != std::string::npos);
  for (const std::string name : {"myclub", "MyClub", "MYCLUB"}) {
    const RunResult check = run_belote({"rulesets", "check", "--rulesets-dir", d, name});
    BOOST_TEST(check.status == 0, name << ": " << check.err);
    const RunResult score = run_belote({"score", "--rulesets-dir", d, "--ruleset", name, "--format", "json", example_deal().string()});
    BOOST_TEST_REQUIRE(score.status == 0, score.err);
    BOOST_TEST(nlohmann::json::parse(score.out)["ruleset"] == "myclub");
  }
}

BOOST_AUTO_TEST_CASE(a_ruleset_name_cannot_reach_outside_the_search_path) {
  const RunResult dots = run_belote({"score", "--ruleset", "..classique", example_deal().string()});
  BOOST_TEST(dots.status == 1);
  BOOST_TEST(dots.err == "belote: error: '..classique' is not a ruleset name (letters, digits and '-') nor a path ending in .toml\n");
  // With a '/', it is a path, relative to where the program runs: never a name.
  const RunResult slash = run_belote({"score", "--ruleset", "../classique", example_deal().string()});
  BOOST_TEST(slash.status == 1);
  BOOST_TEST(slash.err == "belote: error: ../classique: no such file (it holds '/', so it is read as a path; a ruleset "
                          "name has only letters, digits and '-')\n");
  BOOST_TEST(slash.out.empty());
}

namespace {

struct ShownLine {
  std::string key;     // dotted
  std::string origin;  // as the comment gives it: "file.toml:12", "<built-in classic deck>:5"...
};

// The key lines of `rulesets show`, with their full dotted keys.
std::vector<ShownLine> shown_lines(const std::string& text) {
  std::vector<ShownLine> out;
  std::string table;
  for (const std::string& line : lines_of(text)) {
    if (line.starts_with("[")) {
      table = line.substr(1, line.find(']') - 1);
      continue;
    }
    const auto equals = line.find(" = ");
    const auto comment = line.rfind(" # ");
    if (line.starts_with("#") || equals == std::string::npos || comment == std::string::npos) continue;
    out.push_back({table.empty() ? line.substr(0, equals) : table + "." + line.substr(0, equals), line.substr(comment + 3)});
  }
  return out;
}

// The file of `chain` (base first) that last sets a key, and the key's line there, found by parsing the files.
std::string expected_origin(const std::vector<fs::path>& chain, const std::string& key) {
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const toml::table file = toml::parse_file(it->string());
    if (const auto node = file.at_path(key))
      return fmt::format("{}:{}", it->filename().string(), node.node()->source().begin.line);
  }
  return "";
}

}  // namespace

BOOST_DATA_TEST_CASE(show_round_trips_every_shipped_ruleset, bdata::make(shipped_ruleset_names()), name) {
  const RunResult run = run_belote({"rulesets", "show", name});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const fs::path file = temp_dir("show-" + name) / "resolved.toml";
  write_file(file, run.out);

  // Loaded back as a path, it is the same ruleset, with no base left to find,
  // named after the file it was saved as (a ruleset is named by its file).
  const LoadedRuleset again = RulesetLoader().load(file.string());
  for (const auto& e : again.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST_REQUIRE(again.ok());
  BOOST_TEST(again.ruleset->same_conventions(*ruleset(name)));
  BOOST_TEST(again.ruleset->info.name == "resolved");
  BOOST_TEST(again.ruleset->info.title == ruleset(name)->info.title);
  BOOST_TEST(again.files.size() == 1u);

  // Every key line names the file and line that set it, as the files themselves say.
  std::vector<fs::path> chain;
  for (const std::string& line : lines_of(run.out))
    if (line.starts_with("#   ")) chain.emplace_back(line.substr(4));
  BOOST_TEST_REQUIRE(!chain.empty());
  BOOST_TEST(chain.back().filename() == name + ".toml");
  const auto lines = shown_lines(run.out);
  BOOST_TEST(lines.size() >= 40u);
  for (const ShownLine& line : lines) {
    BOOST_TEST(line.key != "name");
    std::string expected = expected_origin(chain, line.key);
    if (expected.empty())  // in no file: from the built-in deck (engine/data/classic-deck.toml)
      expected = fmt::format("<built-in classic deck>:{}", expected_origin({source_dir() / "engine" / "data" / "classic-deck.toml"}, line.key)
                                                             .substr(std::string("classic-deck.toml:").size()));
    BOOST_TEST(line.origin == expected, line.key);
  }
}

namespace {

// The caret line stands under the column the message names.
void check_error_block(const std::vector<std::string>& lines, std::size_t i, const fs::path& file) {
  static const std::regex error(R"(belote: error: (.+):(\d+):(\d+): (.+))");
  std::smatch m;
  BOOST_TEST_REQUIRE(std::regex_match(lines[i], m, error), lines[i]);
  BOOST_TEST(m[1].str() == file.string());
  const int line = std::stoi(m[2]), column = std::stoi(m[3]);
  BOOST_TEST_REQUIRE(i + 2 < lines.size());
  BOOST_TEST(lines[i + 1] == "  " + lines_of(read_file(file))[std::size_t(line - 1)]);
  BOOST_TEST(lines[i + 2] == "  " + std::string(std::size_t(column - 1), ' ') + "^");
}

}  // namespace

BOOST_AUTO_TEST_CASE(check_passes_good_files_and_reports_every_error_of_bad_ones) {
  std::vector<std::string> good{"check"};
  for (const auto& name : shipped_ruleset_names()) good.push_back((rulesets_dir() / (name + ".toml")).string());
  good.insert(good.begin(), "rulesets");
  const RunResult ok = run_belote(good);
  BOOST_TEST(ok.status == 0, ok.err);
  BOOST_TEST(ok.err.empty());
  BOOST_TEST(lines_of(ok.out).size() == shipped_ruleset_names().size());

  const fs::path bad = tests_dir() / "rulesets" / "invalid" / "many-errors.toml";
  const RunResult run = run_belote({"rulesets", "check", bad.string(), "classique"});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.out == fmt::format("{}: 8 errors\nclassique: ok\n", bad.string()));
  const auto lines = lines_of(run.err);
  BOOST_TEST_REQUIRE(lines.size() == 8u * 3);
  for (std::size_t i = 0; i < lines.size(); i += 3) check_error_block(lines, i, bad);

  // A syntax error, the same way.
  const fs::path syntax = tests_dir() / "rulesets" / "invalid" / "syntax-missing-equals.toml";
  const RunResult syntax_run = run_belote({"rulesets", "check", "--quiet", syntax.string()});
  BOOST_TEST(syntax_run.status == 1);
  BOOST_TEST(syntax_run.out.empty());
  BOOST_TEST_REQUIRE(lines_of(syntax_run.err).size() == 3u);
  check_error_block(lines_of(syntax_run.err), 0, syntax);
}

BOOST_AUTO_TEST_CASE(a_key_without_effect_is_a_warning_and_the_ruleset_still_works) {
  const fs::path dir = temp_dir("warning");
  const fs::path file = dir / "ronde.toml";
  write_file(file, "extends = \"coinche\"\n[rounding]\nkeep_nonzero = true\n");
  const std::string warning = fmt::format("belote: warning: {}:3:1: 'rounding.keep_nonzero' has no effect: 'rounding.sides' is \"each\"",
                                          file.string());
  // `rulesets check` says ok, with the warning, its line and a caret, and exits with 0.
  const RunResult check = run_belote({"rulesets", "check", file.string()});
  BOOST_TEST(check.status == 0, check.err);
  BOOST_TEST(check.out == fmt::format("{}: ok (ronde)\n", file.string()));
  const auto lines = lines_of(check.err);
  BOOST_TEST_REQUIRE(lines.size() == 3u, check.err);
  BOOST_TEST(lines[0].starts_with(warning), lines[0]);
  BOOST_TEST(lines[1] == "  keep_nonzero = true");
  BOOST_TEST(lines[2] == "  ^");
  // Every command that loads it says so too, and does its work.
  const RunResult score = run_belote({"score", "--ruleset", file.string(), "--format", "json", "-"},
                                     R"({"trump":"H","taker":"N","bid":80,"announcements":{},)"
                                     R"("result":{"points":{"NS":100,"EW":62},"tricks":{"NS":5,"EW":3}}})" "\n");
  BOOST_TEST(score.status == 0, score.err);
  BOOST_TEST(score.err.starts_with(warning), score.err);
  const RunResult show = run_belote({"rulesets", "show", file.string()});
  BOOST_TEST(show.status == 0);
  BOOST_TEST(show.err.starts_with(warning), show.err);
  const RunResult diff = run_belote({"rulesets", "diff", "coinche", file.string()});
  BOOST_TEST(diff.status == 0);
  BOOST_TEST(diff.err.starts_with(warning), diff.err);
  // --quiet prints the problems only: a warning is one.
  BOOST_TEST(run_belote({"rulesets", "check", "--quiet", file.string()}).err.starts_with(warning));
}

// Warnings are found section by section, but told in the order of the file, as errors are.
BOOST_AUTO_TEST_CASE(warnings_come_in_the_order_of_their_lines) {
  const fs::path dir = temp_dir("warnings-order");
  const fs::path file = dir / "w.toml";
  write_file(file, "extends = \"classique\"\n[rounding]\nkeep_nonzero = true\n[contract]\ntest = \"none\"\non_tie = \"made\"\n");
  const RunResult check = run_belote({"rulesets", "check", file.string()});
  BOOST_TEST(check.status == 0, check.err);
  std::vector<std::string> places;
  for (const std::string& line : lines_of(check.err))
    if (line.starts_with("belote: warning: ")) places.push_back(line.substr(17, line.find(": '", 17) - 17));
  BOOST_TEST(places == (std::vector<std::string>{file.string() + ":3:1", file.string() + ":6:1"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(show_names_the_auctions_double_and_redouble) {
  // The two lowest factors, whatever the order written: a level of factor 3 over coinche is the redouble.
  const fs::path dir = temp_dir("show-doubles");
  const fs::path file = dir / "triple.toml";
  write_file(file, "extends = \"coinche\"\n[doubling]\nlevels = { triple = 3 }\n");
  const RunResult coinche = run_belote({"rulesets", "show", "coinche"});
  BOOST_TEST(coinche.out.find("[doubling.levels]\n# The auction's double is 'coinche' and its redouble 'surcoinche': the levels "
                              "of the two lowest factors.\n") != std::string::npos, coinche.out);
  const RunResult triple = run_belote({"rulesets", "show", file.string()});
  BOOST_TEST(triple.out.find("# The auction's double is 'coinche' and its redouble 'triple'") != std::string::npos, triple.out);
}

BOOST_AUTO_TEST_CASE(new_writes_a_starter_that_checks_and_diffs_by_the_key_changed) {
  const fs::path dir = temp_dir("new");
  const fs::path file = dir / "lyon.toml";
  const RunResult create = run_belote({"rulesets", "new", "lyon", "--extends", "classique", "--output", file.string()});
  BOOST_TEST_REQUIRE(create.status == 0, create.err);
  BOOST_TEST(create.err == fmt::format("belote: wrote {}\n", file.string()));
  const std::string starter = read_file(file);
  BOOST_TEST(run_belote({"rulesets", "check", file.string()}).status == 0);
  // As written, it is its base.
  const RunResult same = run_belote({"rulesets", "diff", "classique", file.string()});
  BOOST_TEST(same.out == "classique and lyon have the same conventions\n");
  // Every key of the base is there, commented, on one line each.
  for (const Setting& s : shipped_loader().load("classique").settings) {
    if (find_key(s.key) && find_key(s.key)->metadata) continue;
    const auto dot = s.key.rfind('.');
    BOOST_TEST(starter.find(fmt::format("# {} = {}", s.key.substr(dot + 1), s.value)) != std::string::npos, s.key);
  }
  // A second time, the file is not replaced without --force.
  const RunResult again = run_belote({"rulesets", "new", "lyon", "--extends", "classique", "--output", file.string()});
  BOOST_TEST(again.status == 1);
  BOOST_TEST(again.err.find("already exists (use --force to replace it)") != std::string::npos);

  // Uncomment one key (and its section), change it: diff names exactly that key.
  std::string edited = std::regex_replace(starter, std::regex("\n# \\[contract\\]\n"), "\n[contract]\n");
  edited = std::regex_replace(edited, std::regex("\n# capot = 252 "), "\ncapot = 300 ");
  BOOST_TEST_REQUIRE(edited != starter);
  write_file(file, edited);
  BOOST_TEST(run_belote({"rulesets", "check", file.string()}).status == 0);
  const RunResult diff = run_belote({"rulesets", "diff", "classique", file.string()});
  BOOST_TEST_REQUIRE(diff.status == 0, diff.err);
  const auto lines = lines_of(diff.out);
  BOOST_TEST_REQUIRE(lines.size() == 4u, diff.out);
  BOOST_TEST(lines[0] == "contract.capot");
  const toml::table classique = toml::parse_file((rulesets_dir() / "classique.toml").string());
  const auto capot = classique.at_path("contract.capot");
  BOOST_TEST(words_of(lines[1]) == (std::vector<std::string>{"classique", "252",
                                                              fmt::format("(classique.toml:{})", capot.node()->source().begin.line)}),
             boost::test_tools::per_element());
  BOOST_TEST(words_of(lines[2])[1] == "300");
  BOOST_TEST(lines[3] == "1 convention differs");
}

BOOST_AUTO_TEST_CASE(new_writes_to_the_users_directory_by_default) {
  const fs::path home = temp_dir("new-home");
  const std::vector<std::string> env = {"HOME=" + home.string(), "XDG_CONFIG_HOME="};
  const RunResult create = run_belote({"rulesets", "new", "Lyon", "--extends", "classique-carres-bas"}, "", env);
  BOOST_TEST_REQUIRE(create.status == 0, create.err);
  const fs::path written = home / ".config" / "belote" / "rulesets" / "lyon.toml";
  BOOST_TEST(fs::is_regular_file(written));
  const RunResult check = run_belote({"rulesets", "check", "lyon"}, "", env);
  BOOST_TEST(check.status == 0, check.err);
  const RunResult list = run_belote({"rulesets", "list"}, "", env);
  BOOST_TEST(list.out.find("lyon ") != std::string::npos);
  BOOST_TEST(list.out.find("(user)") != std::string::npos);
}

// A mistyped --rulesets-dir would leave its rulesets unfound without a word: refused.
BOOST_AUTO_TEST_CASE(a_rulesets_dir_that_is_no_directory_is_a_usage_error) {
  const fs::path missing = temp_dir("no-such-dir") / "missing";
  const RunResult run = run_belote({"rulesets", "list", "--rulesets-dir", missing.string()});
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.err.find("--rulesets-dir " + missing.string() + ": no such directory") != std::string::npos, run.err);
}

// A program with no ruleset in reach says so on one line, then where it looked.
BOOST_AUTO_TEST_CASE(list_with_no_ruleset_in_reach_names_each_place_searched) {
  const fs::path root = temp_dir("no-rulesets");
  fs::create_directories(root / "bin");
  fs::copy_file(BELOTE_PROGRAM, root / "bin" / "belote");
  const std::vector<std::string> env = {"HOME=" + (root / "home").string(), "XDG_CONFIG_HOME=", "BELOTE_RULESETS_PATH=",
                                        "NO_COLOR=1"};
  const RunResult run = run_program((root / "bin" / "belote").string(), {"rulesets", "list"}, "", env);
  if (run.status == 0) {
    BOOST_TEST_MESSAGE("rulesets are installed on this machine: nothing to check");
    return;
  }
  BOOST_TEST(run.status == 1);
  const std::vector<std::string> lines = lines_of(run.err);
  BOOST_TEST_REQUIRE(lines.size() >= 3, run.err);
  BOOST_TEST(lines[0] ==
             "belote: error: no rulesets found; add a directory with --rulesets-dir or BELOTE_RULESETS_PATH");
  BOOST_TEST(lines[1] == "belote: note: searched " + (root / "home" / ".config" / "belote" / "rulesets").string() +
                             " (user)");
  BOOST_TEST(lines[2] == "belote: note: searched " + (root / "share" / "belote" / "rulesets").string() +
                             " (installed)");
}

// A ruleset read from a file is named by the file: a starter titled otherwise would mislead.
BOOST_AUTO_TEST_CASE(new_refuses_an_output_file_of_another_name) {
  const fs::path dir = temp_dir("new-other-name");
  const RunResult other = run_belote({"rulesets", "new", "y", "--extends", "classique", "--output", (dir / "zzz.toml").string()});
  BOOST_TEST(other.status == 2);
  BOOST_TEST(other.err.find("a ruleset is named by its file ('zzz'), not 'y': write it to " + (dir / "y").string() +
                            ".toml or name it 'zzz'") != std::string::npos,
             other.err);
  BOOST_TEST(!fs::exists(dir / "zzz.toml"));
  BOOST_TEST(run_belote({"rulesets", "new", "ZZZ", "--extends", "classique", "--output", (dir / "zzz.toml").string()}).status == 0);
}

// Written over a file of its base's chain, a new ruleset would extend itself: refused, the file kept.
BOOST_AUTO_TEST_CASE(new_refuses_to_replace_a_file_its_base_reads) {
  const fs::path home = temp_dir("new-itself");
  const std::vector<std::string> env = {"HOME=" + home.string(), "XDG_CONFIG_HOME="};
  BOOST_TEST_REQUIRE(run_belote({"rulesets", "new", "lyon", "--extends", "classique"}, "", env).status == 0);
  const fs::path user = home / ".config" / "belote" / "rulesets" / "lyon.toml";
  const std::string before = read_file(user);
  const RunResult by_name = run_belote({"rulesets", "new", "lyon", "--extends", "lyon", "--force"}, "", env);
  BOOST_TEST(by_name.status == 1);
  BOOST_TEST(by_name.err == fmt::format("belote: error: {} is a file of lyon's chain: written there, the new ruleset would "
                                        "extend itself (give it another name or --output FILE)\n",
                                        user.string()),
             by_name.err);
  const RunResult by_path = run_belote({"rulesets", "new", "lyon", "--extends", user.string(), "--output", user.string(), "--force"});
  BOOST_TEST(by_path.status == 1);
  BOOST_TEST(by_path.err.find("would extend itself") != std::string::npos, by_path.err);
  BOOST_TEST(read_file(user) == before);
  // Elsewhere it may extend the file (a user's directory file may even shadow its base).
  BOOST_TEST(run_belote({"rulesets", "new", "paris", "--extends", user.string(), "--output", (home / "paris.toml").string()}).status == 0);
}

// A base given by path is extended by a path relative to the new file's folder, as the loader reads it:
// the two files move together to another machine.
BOOST_AUTO_TEST_CASE(new_extends_a_base_given_by_path_relative_to_the_new_file) {
  const fs::path dir = temp_dir("new-relative");
  fs::create_directories(dir / "rs");
  fs::create_directories(dir / "club" / "variants");
  write_file(dir / "rs" / "club-sans-belote.toml", "extends = \"classique\"\n[belote]\npoints = 0\n");
  const auto extends_of = [](const fs::path& file) {
    const std::string text = read_file(file);
    const std::size_t at = text.find("\nextends = ");
    return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
  };
  // Given from the folder above, as the club's members type it.
  const RunResult beside = run_program("sh", {"-c", "cd \"$0\" && exec \"$1\" rulesets new y --extends rs/club-sans-belote.toml "
                                                    "--output rs/y.toml", dir.string(), BELOTE_PROGRAM});
  BOOST_TEST_REQUIRE(beside.status == 0, beside.err);
  BOOST_TEST(extends_of(dir / "rs" / "y.toml") == "extends = \"club-sans-belote.toml\"");
  const fs::path deeper = dir / "club" / "variants" / "z.toml";
  BOOST_TEST_REQUIRE(run_belote({"rulesets", "new", "z", "--extends", (dir / "rs" / "club-sans-belote.toml").string(), "--output",
                                 deeper.string()}).status == 0);
  BOOST_TEST(extends_of(deeper) == "extends = \"../../rs/club-sans-belote.toml\"");
  // Both load from anywhere, and moved together, as to another machine, they still do.
  BOOST_TEST(run_belote({"rulesets", "check", (dir / "rs" / "y.toml").string(), deeper.string()}).status == 0);
  const fs::path moved = dir.string() + "-moved";
  fs::remove_all(moved);
  fs::rename(dir, moved);
  const RunResult check = run_belote({"rulesets", "check", (moved / "rs" / "y.toml").string(),
                                      (moved / "club" / "variants" / "z.toml").string()});
  BOOST_TEST(check.status == 0, check.err);
  fs::create_directories(dir);
  // A base given by name is extended by name.
  BOOST_TEST_REQUIRE(run_belote({"rulesets", "new", "w", "--extends", "classique", "--output", (dir / "w.toml").string()}).status == 0);
  BOOST_TEST(extends_of(dir / "w.toml") == "extends = \"classique\"");
}

// A file given by --output goes into a directory that exists: none is made for it.
BOOST_AUTO_TEST_CASE(new_makes_no_directory_for_an_output_file) {
  const fs::path dir = temp_dir("new-no-dir");
  const fs::path file = dir / "missing" / "lyon.toml";
  const RunResult run = run_belote({"rulesets", "new", "lyon", "--extends", "classique", "--output", file.string()});
  BOOST_TEST(run.status == 3, run.err);
  BOOST_TEST(!fs::exists(dir / "missing"));
}

// A key left out means its default: setting it to that is no difference, and
// a key whose default is another key's value follows that key.
BOOST_AUTO_TEST_CASE(diff_takes_a_key_left_out_for_its_default) {
  const fs::path dir = temp_dir("diff-default");
  write_file(dir / "same.toml", "extends = \"coinche\"\n[kinds.tout-atout]\nenabled = true\n[play]\nrebelote_required = false\n");
  const RunResult same = run_belote({"rulesets", "diff", "coinche", (dir / "same.toml").string()});
  BOOST_TEST(same.out == "coinche and same have the same conventions\n", same.out + same.err);
  write_file(dir / "other.toml", "extends = \"coinche\"\n[kinds.tout-atout]\nenabled = false\nrounding_up_from = 5\n");
  const RunResult other = run_belote({"rulesets", "diff", "coinche", (dir / "other.toml").string()});
  BOOST_TEST(other.out.find("kinds.tout-atout.enabled\n  coinche  (not set)\n  other    false") != std::string::npos, other.out);
  // coinche's rounding.up_from is 5: the kind's own 5 changes nothing.
  BOOST_TEST(other.out.find("rounding_up_from") == std::string::npos, other.out);
  BOOST_TEST(other.out.find("1 convention differs") != std::string::npos, other.out);
}

BOOST_DATA_TEST_CASE(diff_of_a_ruleset_with_itself_is_empty, bdata::make(shipped_ruleset_names()), name) {
  const RunResult run = run_belote({"rulesets", "diff", name, name});
  BOOST_TEST(run.status == 0, run.err);
  BOOST_TEST(run.out == fmt::format("{0} and {0} have the same conventions\n", name));
}

BOOST_DATA_TEST_CASE(each_overlay_differs_from_classique_in_exactly_its_own_keys, bdata::make(kOverlays), overlay) {
  // The keys the overlay sets, and those whose value differs from classique's, read from the files.
  const toml::table base = toml::parse_file((rulesets_dir() / "classique.toml").string());
  const toml::table file = toml::parse_file((rulesets_dir() / (overlay + ".toml")).string());
  std::set<std::string> own, changed;
  const std::function<void(const toml::table&, const std::string&)> walk = [&](const toml::table& table, const std::string& prefix) {
    for (auto&& [key, node] : table) {
      const std::string path = prefix.empty() ? std::string(key.str()) : prefix + "." + std::string(key.str());
      const KeySpec* spec = find_key(path);
      if (node.is_table() && !(spec && spec->shape == KeyShape::scalar)) {
        walk(*node.as_table(), path);
        continue;
      }
      if (spec && spec->metadata) continue;
      own.insert(path);
      const auto in_base = base.at_path(path);
      if (in_base != toml::node_view<const toml::node>(node)) changed.insert(path);
    }
  };
  walk(file, "");
  BOOST_TEST_REQUIRE(!changed.empty());

  const RunResult run = run_belote({"rulesets", "diff", "classique", overlay});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  std::set<std::string> reported;
  const auto lines = lines_of(run.out);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    if (!lines[i].starts_with(" ")) reported.insert(lines[i]);
  BOOST_TEST(reported == changed, boost::test_tools::per_element());
  // An overlay holds only the keys it changes.
  BOOST_TEST(own == changed, boost::test_tools::per_element());
  BOOST_TEST(lines.back() == fmt::format("{} convention{}", changed.size(), changed.size() == 1 ? " differs" : "s differ"));
}

BOOST_AUTO_TEST_CASE(show_then_diff_of_the_copy_finds_nothing) {
  // `rulesets show FILE > copy.toml`, then `rulesets diff FILE copy.toml`, for a
  // user's file that names itself.
  const fs::path dir = temp_dir("show-then-diff");
  write_file(dir / "lyon.toml", "extends = \"classique\"\nname = \"lyon\"\n[carres.points]\nT = 150\n[deck]\nlast_trick = 20\n");
  const RunResult shown = run_belote({"rulesets", "show", (dir / "lyon.toml").string()});
  BOOST_TEST_REQUIRE(shown.status == 0, shown.err);
  write_file(dir / "copy.toml", shown.out);
  const RunResult diff = run_belote({"rulesets", "diff", (dir / "lyon.toml").string(), (dir / "copy.toml").string()});
  BOOST_TEST(diff.status == 0, diff.err);
  BOOST_TEST(diff.out == "lyon and copy have the same conventions\n");
}

BOOST_AUTO_TEST_CASE(diff_compares_meaning_not_spelling) {
  const fs::path dir = temp_dir("diff-meaning");
  // classique's conventions, spelt otherwise: a tier's names in another order, a
  // rank by its alias, a choice in capitals, the basis in another order, carré-.
  write_file(dir / "respelt.toml", R"(extends = "classique"
[carres.points]
T = 100
[announcements]
exact_tie = "NOBODY"
categories = ["carré-J", "carre-9", ["carre-Q", "carre-K", "carre-10", "carre-A"], "Cent", "cinquante", "tierce"]
[contract]
basis = ["belote", "card-points", "announcements"]
)");
  const RunResult same = run_belote({"rulesets", "diff", "classique", (dir / "respelt.toml").string()});
  BOOST_TEST(same.status == 0, same.err);
  BOOST_TEST(same.out == "classique and respelt have the same conventions\n");

  // Moving a kind from one tier to another is a difference.
  write_file(dir / "moved.toml", R"(extends = "classique"
[announcements]
categories = ["carre-J", ["carre-9", "carre-A"], ["carre-10", "carre-K", "carre-Q"], "cent", "cinquante", "tierce"]
)");
  const RunResult moved = run_belote({"rulesets", "diff", "classique", (dir / "moved.toml").string()});
  BOOST_TEST(moved.out.starts_with("announcements.categories\n"), moved.out);
}

BOOST_AUTO_TEST_CASE(diff_as_json_gives_typed_values) {
  const fs::path dir = temp_dir("diff-json");
  write_file(dir / "capot.toml", "extends = \"classique\"\n[contract]\ncapot = 250\n[carres]\nvoid_deal = [\"8\"]\n");
  const RunResult run = run_belote({"rulesets", "diff", "classique", (dir / "capot.toml").string(), "--format", "json"});
  BOOST_TEST_REQUIRE(run.status == 0, run.err);
  const auto json = nlohmann::json::parse(run.out);
  BOOST_TEST(json["a"] == "classique");
  BOOST_TEST(json["b"] == "capot");
  const auto differences = json["differences"];
  BOOST_TEST_REQUIRE(differences.size() == 2u, run.out);
  BOOST_TEST(differences[0]["key"] == "carres.void_deal");
  BOOST_TEST(differences[0]["a"]["value"] == nlohmann::json::array());
  BOOST_TEST(differences[0]["b"]["value"] == nlohmann::json::parse(R"(["8"])"));
  BOOST_TEST(differences[1]["key"] == "contract.capot");
  BOOST_TEST(differences[1]["a"]["value"] == 252);
  BOOST_TEST(differences[1]["b"]["value"] == 250);
  BOOST_TEST(differences[1]["b"]["line"] == 3);
  // A choice is a string, not TOML text with its quotes.
  const RunResult tie = run_belote({"rulesets", "diff", "classique", "classique-premier-parle", "--format", "json"});
  BOOST_TEST(nlohmann::json::parse(tie.out)["differences"][0]["b"]["value"] == "first-speaker");
}

BOOST_AUTO_TEST_CASE(show_of_every_ruleset_loads_back_to_the_same_conventions) {
  // Every shipped ruleset, every example ruleset, the docs' overlay that sets
  // `compare` over a base that sets `strength`, and every valid ruleset of the tests.
  const fs::path dir = temp_dir("show-every-ruleset");
  std::vector<fs::path> files;
  for (const std::string& name : shipped_ruleset_names()) files.push_back(rulesets_dir() / (name + ".toml"));
  for (const auto& entry : fs::directory_iterator(source_dir() / "examples")) {
    const std::string text = entry.path().extension() == ".toml" ? read_file(entry.path()) : "";
    if (text.find("extends") != std::string::npos && text.find("[deal") == std::string::npos &&
        text.find("[[mene]]") == std::string::npos && entry.path().filename() != "lyon-mistakes.toml")
      files.push_back(entry.path());
  }
  write_file(dir / "points-puis-hauteur.toml", "extends = \"classique\"\n[announcements]\ncompare = [\"points\", \"kind\", \"height\"]\n");
  files.push_back(dir / "points-puis-hauteur.toml");
  for (const auto& entry : fs::recursive_directory_iterator(tests_dir() / "rulesets"))
    if (entry.path().extension() == ".toml" && entry.path().string().find("invalid") == std::string::npos) files.push_back(entry.path());
  BOOST_TEST(files.size() > shipped_ruleset_names().size() + 1);
  for (const fs::path& file : files) {
    const RunResult shown = run_belote({"rulesets", "show", file.string()});
    BOOST_TEST_REQUIRE(shown.status == 0, file << ": " << shown.err);
    const fs::path copy = dir / ("copy-of-" + file.filename().string());
    write_file(copy, shown.out);
    const RunResult checked = run_belote({"rulesets", "check", copy.string()});
    BOOST_TEST(checked.status == 0, "the copy of " << file << " does not load:\n" << checked.err);
    const RunResult diff = run_belote({"rulesets", "diff", file.string(), copy.string()});
    BOOST_TEST(diff.status == 0, diff.err);
    BOOST_TEST(diff.out.ends_with("have the same conventions\n"), file << ":\n" << diff.out);
  }
}

BOOST_AUTO_TEST_CASE(check_of_a_deal_or_a_sheet_says_what_the_file_is_in_one_error) {
  for (const auto& [file, what] : {std::pair{"worked-example.toml", "this file is a deal ([deal]), not a ruleset"},
                                   {"sheet.toml", "this file is a score sheet ([[mene]]), not a ruleset"}}) {
    const RunResult run = run_belote({"rulesets", "check", (source_dir() / "examples" / file).string()});
    BOOST_TEST(run.status == 1);
    std::size_t errors = 0;
    for (const std::string& line : lines_of(run.err)) errors += line.starts_with("belote: error: ");
    BOOST_TEST(errors == 1u, run.err);
    BOOST_TEST(run.err.find(what) != std::string::npos, run.err);
  }
}
BOOST_AUTO_TEST_SUITE_END()  // test_cli_rulesets
