// Hostile input: files far too large, nested far too deep, endless `extends`
// chains, bytes that are not text, numbers that do not fit, a huge batch with
// a bad line, a reader that goes away. Each is answered by a clear message and
// an exit status, in bounded time and memory, and never by a crash.
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "test_support.h"

extern char** environ;

BOOST_AUTO_TEST_SUITE(test_hostile)

namespace fs = std::filesystem;
using namespace belote;
using namespace belote::test;


namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

std::string repeated(const std::string& piece, std::size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

// Messages are text: valid UTF-8, no NUL, whatever bytes the input held.
bool is_clean_text(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (c == 0 || length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += length;
  }
  return true;
}

/// The messages of a ruleset that must not load.
std::vector<std::string> messages(const LoadedRuleset& loaded) {
  std::vector<std::string> out;
  for (const Diagnostic& d : loaded.errors) out.push_back(location_and_message(d));
  BOOST_TEST(!loaded.ok());
  return out;
}

std::string only_message(const LoadedRuleset& loaded) {
  const auto all = messages(loaded);
  BOOST_REQUIRE_MESSAGE(all.size() == 1, "expected one error, got " << all.size());
  return all[0];
}

/// A file of `bytes` bytes, sparse: made at once, whatever its size.
fs::path sparse_file(const fs::path& path, std::uintmax_t bytes) {
  std::ofstream{path};
  fs::resize_file(path, bytes);
  return path;
}

/// A shell pipeline around the program ($BELOTE), for batches too large to hold in memory:
/// standard output is counted line by line, and only its first and last lines are kept.
struct Pipeline {
  int status = -1;  ///< of the pipeline's last command
  std::uint64_t lines = 0;
  std::string first_line, last_line;
};

Pipeline run_pipeline(const std::string& script) {
  setenv("BELOTE", BELOTE_PROGRAM, 1);
  std::FILE* out = popen(script.c_str(), "r");
  BOOST_REQUIRE(out);
  Pipeline result;
  std::string line;
  for (int c; (c = std::getc(out)) != EOF;) {
    if (c != '\n') {
      line.push_back(char(c));
      continue;
    }
    if (result.lines++ == 0) result.first_line = line;
    result.last_line = std::move(line);
    line.clear();
  }
  const int status = pclose(out);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

/// The program, started with its standard output read by a reader that closes it after one line.
struct EarlyClose {
  int status = -1;        ///< exit status, or 128 + signal
  std::string first_line;
  std::string err;
  bool stopped_reading = false;  ///< the program closed its input before the end
};

EarlyClose close_after_one_line(const std::vector<std::string>& args, const std::string& input_line = "",
                                std::uint64_t input_lines = 0) {
  std::signal(SIGPIPE, SIG_IGN);  // this process writes to a pipe the program may close
  int in[2], out[2];
  BOOST_REQUIRE(pipe(in) == 0 && pipe(out) == 0);
  const fs::path err_path = temp_dir("early-close") / "stderr";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int fd : {in[0], in[1], out[0], out[1]}) posix_spawn_file_actions_addclose(&actions, fd);
  std::vector<std::string> words{BELOTE_PROGRAM};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, BELOTE_PROGRAM, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  BOOST_REQUIRE(spawned == 0);

  EarlyClose result;
  // The input is fed from another thread: the program's first line of output may wait
  // for a full buffer. Once the program has stopped, writing fails (EPIPE).
  std::thread feeder([&, fd = in[1]] {
    for (std::uint64_t i = 0; i < input_lines; ++i) {
      if (write(fd, input_line.data(), input_line.size()) < 0) {
        result.stopped_reading = true;
        break;
      }
    }
    close(fd);
  });
  for (char c; read(out[0], &c, 1) == 1 && c != '\n';) result.first_line.push_back(c);
  close(out[0]);
  feeder.join();
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.err = read_file(err_path);
  return result;
}

const std::string kDealLine = random_deal_lines(5, 1);

std::string deal_toml_file(const fs::path& path, const std::string& text) {
  write_file(path, text);
  return path.string();
}

}  // namespace

// ---------------------------------------------------------------- size

BOOST_AUTO_TEST_CASE(a_100_mb_ruleset_is_refused_by_its_size_before_it_is_read) {
  const fs::path dir = temp_dir("large");
  const fs::path big = sparse_file(dir / "big.toml", 100u << 20);
  const std::string refused = "file too large (104857600 bytes; the limit is 1048576 bytes)";
  BOOST_TEST(only_message(shipped_loader().load_file(big)) == big.string() + ": " + refused);

  // As a base, the file that names it says so.
  write_file(dir / "child.toml", "extends = \"big.toml\"\n");
  const std::string base = only_message(shipped_loader().load_file(dir / "child.toml"));
  BOOST_TEST(contains(base, "child.toml:1:11: base ruleset 'big.toml'"), base);
  BOOST_TEST(contains(base, refused), base);

  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"rulesets", "check", big.string()}, {"score", "--ruleset", big.string(), "-"}}) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 1);
    BOOST_TEST(run.err == "belote: error: " + big.string() + ": " + refused + "\n");
  }
}

BOOST_AUTO_TEST_CASE(a_ruleset_on_a_pipe_is_not_read_and_one_in_memory_is_cut_off_at_the_limit) {
  // A pipe is no regular file: refused before a byte is read, however much it holds.
  const RunResult run = run_belote({"rulesets", "check", "/dev/stdin"}, std::string(std::size_t(3) << 20, '#'));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err.starts_with("belote: error: /dev/stdin: is not a regular file (a FIFO), not read"), run.err);

  const LoadedRuleset loaded = load_text(std::string(std::size_t(2) << 20, '#'), "large.toml");
  BOOST_TEST(only_message(loaded) == "large.toml: text too large (2097152 bytes; the limit is 1048576 bytes)");
}

BOOST_AUTO_TEST_CASE(a_100_mb_deal_file_or_line_is_refused) {
  const fs::path dir = temp_dir("large-deals");
  const fs::path toml = sparse_file(dir / "deal.toml", 100u << 20);
  RunResult run = run_belote({"score", toml.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + toml.string() + ": file too large (104857600 bytes; the limit is 1048576 bytes)\n");

  // 100 MB of NUL bytes and no line break: one line, read no further than its limit.
  const fs::path jsonl = sparse_file(dir / "deals.jsonl", 100u << 20);
  run = run_belote({"score", jsonl.string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.err == "belote: error: " + jsonl.string() + ":1: line too long (a deal is at most 65536 bytes)\n");
}

// ---------------------------------------------------------------- nesting

BOOST_AUTO_TEST_CASE(nested_arrays_and_inline_tables_in_a_ruleset_stop_at_the_parsers_limit) {
  const std::string arrays = "title = " + repeated("[", 100000) + repeated("]", 100000) + "\n";
  const std::string tables = "title = " + repeated("{a = ", 50000) + "1" + repeated("}", 50000) + "\n";
  for (const std::string& deep : {arrays, tables}) {
    const std::string message = only_message(load_text("extends = \"classique\"\n" + deep, "deep.toml"));
    BOOST_TEST(message.starts_with("deep.toml:2:"), message);
    BOOST_TEST(contains(message, "TOML syntax: Error while parsing value: exceeded maximum nested value depth of 256"), message);
  }
}

BOOST_AUTO_TEST_CASE(dotted_keys_nested_deeper_than_the_parser_can_follow_are_refused) {
  // The parser recurses once per dot with no limit of its own: 30,000 overflow its stack.
  const std::string refused = "nested too deeply: more than 256 dots in one line (keys and table names are refused this deep)";
  const std::string header = fmt::format("[{}a]\n", repeated("a.", 100000));
  const std::string key = fmt::format("a{} = 1\n", repeated(".a", 100000));
  for (const std::string& deep : {header, key}) {
    const std::size_t dot_257 = deep.find('.', deep.find(repeated(".a", 256)) + 2 * 256) + 1;
    BOOST_TEST(only_message(load_text(deep, "deep.toml")) == fmt::format("deep.toml:1:{}: {}", dot_257, refused));
  }
  // 256 dots are still read (and the key is then unknown).
  const std::string at_limit = only_message(load_text("extends = \"classique\"\n[" + repeated("a.", 256) + "a]\n", "ok.toml"));
  BOOST_TEST(at_limit.starts_with("ok.toml:2:2: unknown key 'a'"), at_limit);
  BOOST_TEST(!contains(at_limit, "nested too deeply"), at_limit);

  // A deal file nested as deep: refused, the program keeps running.
  const fs::path dir = temp_dir("deep-deal");
  const std::string deal = deal_toml_file(dir / "deep.toml", "[deal." + repeated("a.", 200000) + "a]\n");
  const RunResult run = run_belote({"score", deal});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(contains(run.err, "belote: error: " + deal + ":1:"), run.err);
  BOOST_TEST(contains(run.err, refused), run.err);
  const std::string rules = deal_toml_file(dir / "deep-ruleset.toml", header);
  BOOST_TEST(run_belote({"rulesets", "check", rules}).status == 1);
}

BOOST_AUTO_TEST_CASE(deeply_nested_json_lines_are_refused_and_the_batch_goes_on) {
  // Within the 64 KiB of a line: 30,000 arrays, 6,000 objects.
  const std::string arrays = "{\"trump\": " + repeated("[", 30000) + repeated("]", 30000) + "}\n";
  const std::string objects = "{\"hands\": " + repeated("{\"N\": ", 6000) + "1" + repeated("}", 6000) + "}\n";
  const RunResult run = run_belote({"score", "--format", "json", "-"}, kDealLine + arrays + kDealLine + objects + kDealLine);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(occurrences(run.out, "\n") == 3u);
  BOOST_TEST(contains(run.err, "<stdin>:2:11: 'trump' must be a string, not an array"), run.err.substr(0, 2000));
  BOOST_TEST(contains(run.err, "<stdin>:4:"), run.err.substr(0, 2000));
  for (const std::string valid : {"<stdin>:1:", "<stdin>:3:", "<stdin>:5:"}) BOOST_TEST(!contains(run.err, valid), valid);
}

// ---------------------------------------------------------------- extends

BOOST_AUTO_TEST_CASE(an_extends_chain_of_1000_files_is_refused_past_the_depth_limit_naming_the_chain) {
  const fs::path dir = temp_dir("chain");
  const auto file = [](int i) { return fmt::format("chain-{:04}.toml", i); };
  for (int i = 0; i < 1000; ++i)
    write_file(dir / file(i), fmt::format("extends = \"{}\"\n", i == 999 ? "classique" : file(i + 1)));
  const std::string message = only_message(shipped_loader().load_file(dir / file(0)));
  const std::string named = fmt::format("extends chain longer than {} files: {} -> {} -> {} -> ... -> ", kMaxExtendsDepth,
                                        (dir / file(0)).string(), (dir / file(1)).string(), (dir / file(2)).string());
  BOOST_TEST(contains(message, named), message);
  BOOST_TEST(message.starts_with((dir / file(kMaxExtendsDepth - 1)).string() + ":1:11: "), message);

  const RunResult run = run_belote({"rulesets", "check", (dir / file(0)).string()});
  BOOST_TEST(run.status == 1);
  BOOST_TEST(contains(run.err, named), run.err);

  // A chain as long as the limit allows loads.
  const fs::path last = dir / file(1000 - kMaxExtendsDepth + 1);
  const LoadedRuleset loaded = shipped_loader().load_file(last);
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_TEST(loaded.ok());
  BOOST_TEST(loaded.files.size() == std::size_t(kMaxExtendsDepth));
}

BOOST_AUTO_TEST_CASE(an_extends_cycle_is_refused_naming_it) {
  const fs::path dir = temp_dir("cycle");
  write_file(dir / "a.toml", "extends = \"b.toml\"\n");
  write_file(dir / "b.toml", "extends = \"c.toml\"\n");
  write_file(dir / "c.toml", "extends = \"a.toml\"\n");
  write_file(dir / "self.toml", "extends = \"self.toml\"\n");
  const std::string message = only_message(shipped_loader().load_file(dir / "a.toml"));
  BOOST_TEST(message == fmt::format("{}:1:11: extends cycle: {} -> {} -> {} -> {}", (dir / "c.toml").string(),
                                    (dir / "a.toml").string(), (dir / "b.toml").string(), (dir / "c.toml").string(),
                                    (dir / "a.toml").string()));
  const std::string self = only_message(shipped_loader().load_file(dir / "self.toml"));
  BOOST_TEST(contains(self, "extends cycle: "), self);
  BOOST_TEST(run_belote({"rulesets", "check", (dir / "a.toml").string()}).status == 1);
  // A file named by a relative path has its bases shown relative as well.
  const fs::path before = fs::current_path();
  fs::current_path(dir.parent_path());
  const std::string relative = only_message(shipped_loader().load_file(dir.filename() / "a.toml"));
  fs::current_path(before);
  const std::string in = dir.filename().string() + "/";
  BOOST_TEST(relative == fmt::format("{0}c.toml:1:11: extends cycle: {0}a.toml -> {0}b.toml -> {0}c.toml -> {0}a.toml", in));
}

// ---------------------------------------------------------------- bytes

BOOST_AUTO_TEST_CASE(bytes_that_are_not_utf8_or_hold_nul_in_a_ruleset_are_syntax_errors) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::string base = "extends = \"classique\"\n";
  const std::vector<Case> cases = {
      {base + "title = \"caf\xe9\"\n", "bad.toml:2:12: TOML syntax: Encountered invalid utf-8 sequence"},
      {base + "title = \"\xc0\xaf\"\n", "bad.toml:2:9: TOML syntax: Encountered invalid utf-8 sequence"},
      {base + "title = \"\xed\xa0\x80\"\n", "bad.toml:2:10: TOML syntax: Encountered invalid utf-8 sequence"},
      {base + "title = \"a" + std::string(1, '\0') + "b\"\n",
       "bad.toml:2:11: TOML syntax: Error while parsing string: unescaped control characters other than TAB (U+0009) are "
       "explicitly prohibited"},
      {base + std::string(1, '\0') + "\n",
       "bad.toml:2:1: TOML syntax: Error while parsing root table: expected keys, tables, whitespace or comments, saw '\\u0000'"},
      // Not white space to TOML, nor part of a bare key (the parser once went astray here).
      {base + "carr\xc3\xa9 = 1\n", "bad.toml:2:5: TOML syntax: Error while parsing key-value pair: expected '=', saw 'é'"},
  };
  for (const Case& c : cases) {
    BOOST_TEST(only_message(load_text(c.text, "bad.toml")) == c.message);
    const auto file = temp_dir("bytes") / "bad.toml";
    write_file(file, c.text);
    const RunResult run = run_belote({"rulesets", "check", file.string()});
    BOOST_TEST(is_clean_text(run.err));
  }
  // Non-ASCII text after a line-ending backslash in a multi-line string is valid.
  const LoadedRuleset loaded = load_text(base + "description = \"\"\"\\\n  \xc2\xa7 x\"\"\"\n", "ok.toml");
  BOOST_REQUIRE(loaded.ok());
  BOOST_TEST(loaded.ruleset->info.description == "\xc2\xa7 x");
}

BOOST_AUTO_TEST_CASE(bytes_that_are_not_utf8_or_hold_nul_in_deals_are_reported_by_line) {
  const auto rules = ruleset("classique");
  Deal deal;
  BOOST_TEST(!toml_deal_errors(*rules, "[deal]\ntrump = \"H\xff\"\n", &deal).empty());
  BOOST_TEST(!toml_deal_errors(*rules, "[deal]\n" + std::string(1, '\0') + "trump = \"H\"\n", &deal).empty());

  const std::string batch = kDealLine + "{\"trump\": \"H\xff\"}\n" + kDealLine + "{\"trump\": " + std::string(1, '\0') +
                            "\"H\"}\n" + kDealLine + "\xff\xfe{}\n" + kDealLine;
  const RunResult run = run_belote({"score", "--format", "json", "-"}, batch);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(occurrences(run.out, "\n") == 4u);
  BOOST_TEST(contains(run.err, "<stdin>:2:"), run.err);
  BOOST_TEST(contains(run.err, "ill-formed UTF-8 byte"), run.err);
  BOOST_TEST(contains(run.err, "<stdin>:4:11: NUL byte: a deal line is JSON text"), run.err);
  BOOST_TEST(contains(run.err, "<stdin>:6:1:"), run.err);
  BOOST_TEST(is_clean_text(run.err));

  const fs::path file = temp_dir("bytes") / "deal.toml";
  write_file(file, "[deal]\ntrump = \"\xff\"\n");
  const RunResult toml = run_belote({"score", file.string()});
  BOOST_TEST(toml.status == 1);
  BOOST_TEST(contains(toml.err, file.string() + ":2:9: TOML syntax: Encountered invalid utf-8 sequence"), toml.err);
  BOOST_TEST(is_clean_text(toml.err));
}

BOOST_AUTO_TEST_CASE(an_id_holding_control_characters_is_refused_and_others_are_echoed_as_given) {
  // An id is written back in text output, where a control character would be invisible
  // or move the cursor; escaping it instead changed the id each time a deal was written.
  const auto rules = ruleset("classique");
  const std::string with_id = "{\"id\": \"a\\u0001b\", " + kDealLine.substr(kDealLine.find("\"trump\""));
  const Diagnostics errors = json_deal_errors(*rules, with_id);
  BOOST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message == "'id' holds a control character: 'a\\x01b'");
  BOOST_TEST(errors[0].column == 8);

  const std::string long_id = repeated("\xc3\xa9", 100);  // 200 bytes of é
  Deal deal;
  BOOST_REQUIRE(json_deal_errors(*rules, "{\"id\": \"" + long_id + "\", " + kDealLine.substr(kDealLine.find("\"trump\"")), &deal).empty());
  BOOST_TEST(deal.id == long_id);
  Deal again;
  BOOST_REQUIRE(json_deal_errors(*rules, deal_json(*rules, deal).dump(), &again).empty());
  BOOST_TEST(again.id == long_id);
}

// ---------------------------------------------------------------- numbers

BOOST_AUTO_TEST_CASE(integers_that_overflow_in_a_ruleset_are_refused) {
  const std::string base = "extends = \"classique\"\n[contract]\n";
  BOOST_TEST(only_message(load_text(base + "capot = 99999999999999999999\n", "big.toml")) ==
             "big.toml:3:9: TOML syntax: Error while parsing decimal integer: '99999999999999999999' is not "
             "representable in 64 bits");
  BOOST_TEST(contains(only_message(load_text(base + "capot = 0xffffffffffffffffff\n", "big.toml")), "TOML syntax"));
  // Values that fit in 64 bits but not in a score are range errors naming the key.
  for (const std::string value : {"9223372036854775807", "-9223372036854775808"}) {
    const std::string message = only_message(load_text(base + "capot = " + value + "\n", "big.toml"));
    BOOST_TEST(message.starts_with("big.toml:3:9: 'contract.capot'"), message);
  }
  const std::string points = only_message(
      load_text("extends = \"classique\"\n[sequences.points]\n3 = 9223372036854775807\n", "big.toml"));
  BOOST_TEST(points.starts_with("big.toml:3:5: 'sequences.points"), points);
}

BOOST_AUTO_TEST_CASE(the_lowest_integer_inside_an_array_or_inline_table_is_only_an_error) {
  // Found by fuzzing: writing such an array back as TOML overflowed in toml++.
  const std::string base = "extends = \"classique\"\n[announcements]\n";
  const LoadedRuleset in_array = load_text(base + "categories = [-9223372036854775808, \"cent\"]\n", "low.toml");
  BOOST_TEST(only_message(in_array).starts_with("low.toml:3:15: 'announcements.categories'"), only_message(in_array));
  BOOST_TEST(in_array.settings.empty());
  const LoadedRuleset in_table =
      load_text("extends = \"classique\"\n[sequences]\npoints = { 3 = -9223372036854775808 }\n", "low.toml");
  BOOST_TEST(only_message(in_table).starts_with("low.toml:3:"), only_message(in_table));
}

BOOST_AUTO_TEST_CASE(integers_that_overflow_in_deals_are_refused_and_the_batch_goes_on) {
  const auto rules = ruleset("classique");
  const std::string toml = "[deal]\ntrump = \"H\"\ntaker = \"N\"\nannouncements = {}\n"
                           "[deal.result]\npoints = { NS = 99999999999999999999, EW = 0 }\ntricks = { NS = 4, EW = 4 }\n";
  const Diagnostics toml_errors = toml_deal_errors(*rules, toml);
  BOOST_REQUIRE(toml_errors.size() == 1u);
  BOOST_TEST(contains(toml_errors[0].message, "'99999999999999999999' is not representable in 64 bits"));

  const auto line = [](const std::string& ns_points, const std::string& ns_tricks) {
    return fmt::format("{{\"trump\": \"H\", \"taker\": \"N\", \"announcements\": {{}}, \"result\": "
                       "{{\"points\": {{\"NS\": {}, \"EW\": 0}}, \"tricks\": {{\"NS\": {}, \"EW\": 4}}}}}}\n",
                       ns_points, ns_tricks);
  };
  const std::vector<std::string> lines = {
      line("99999999999999999999", "4"), kDealLine, line("-99999999999999999999", "4"), line("162", "18446744073709551615"),
      line("1e400", "4"), line("-1e400", "4"), kDealLine,
      "{\"trump\": \"H\", \"taker\": \"N\", \"announcements\": {\"NS\": 9223372036854775807}}\n"};
  std::string batch;
  for (const std::string& l : lines) batch += l;
  // Each error points at the number.
  const auto at = [&](std::size_t number, const std::string& text) {
    return fmt::format("<stdin>:{}:{}: ", number, lines[number - 1].find(text) + 1);
  };
  const RunResult run = run_belote({"score", "--format", "json", "-"}, batch);
  BOOST_TEST(run.status == 1);
  BOOST_TEST(occurrences(run.out, "\n") == 2u);
  for (const std::string& expected : {
           at(1, "99999999999999999999") + "'result.points.NS' must be an integer from 0 to 162",
           at(3, "-99999999999999999999") + "'result.points.NS' must be an integer from 0 to 162",
           at(4, "18446744073709551615") + "'result.tricks.NS' must be an integer from 0 to 8",
           // The JSON library does not count an overflowing number as a syntax error: it used to escape.
           at(5, "1e400") + "JSON number overflow parsing '1e400'",
           at(6, "-1e400") + "JSON number overflow parsing '-1e400'",
           at(8, "9223372036854775807") + "'announcements.NS' must be an integer from 0 to 700 (the most two hands can declare)",
       })
    BOOST_TEST(contains(run.err, expected), expected << "\n" << run.err);
}

// ---------------------------------------------------------------- batches

BOOST_AUTO_TEST_CASE(many_deals_with_a_bad_line_in_the_middle_are_all_scored_but_it) {
  // Streamed through a pipe, never held in memory: the program reads and writes line by line.
  const std::uint64_t half = scaled(50'000) / 2;
  const fs::path err = temp_dir("many") / "stderr";
  const Pipeline run = run_pipeline(fmt::format(
      "{{ \"$BELOTE\" deal --random {0} --seed 1; echo '{{\"trump\": \"H\", oops}}'; \"$BELOTE\" deal --random {1} --seed 2; }}"
      " | \"$BELOTE\" score --format json - 2>'{2}'",
      half, half - 1, err.string()));
  BOOST_TEST(run.status == 1);
  BOOST_TEST(run.lines == 2 * half - 1);
  BOOST_TEST(run.first_line.starts_with("{\"id\":\"random-1-0\","), run.first_line.substr(0, 100));
  BOOST_TEST(run.last_line.starts_with(fmt::format("{{\"id\":\"random-2-{}\",", half - 2)), run.last_line.substr(0, 100));
  const std::string errors = read_file(err);
  BOOST_TEST(errors.starts_with(fmt::format("belote: error: <stdin>:{}:16: JSON syntax error", half + 1)), errors);
  BOOST_TEST(occurrences(errors, "belote: error:") == 1u, errors);
}

// ---------------------------------------------------------------- output

BOOST_AUTO_TEST_CASE(a_reader_that_closes_after_one_line_ends_the_program_quietly) {
  // 100 million deals would take hours: the program stops when its output is closed.
  const EarlyClose deal = close_after_one_line({"deal", "--random", "100000000"});
  BOOST_TEST(deal.status == 0);
  BOOST_TEST(deal.first_line.starts_with("{\"id\":\"random-0-0\""), deal.first_line);
  BOOST_TEST(deal.err == "");

  // Scoring stops reading its input too: feeding it more fails once it has gone.
  const EarlyClose score = close_after_one_line({"score", "--format", "json", "-"}, kDealLine, 1'000'000);
  BOOST_TEST(score.status == 0);
  BOOST_TEST(score.stopped_reading);
  BOOST_TEST(score.first_line.starts_with("{\"id\":\"random-5-0\""), score.first_line);
  BOOST_TEST(score.err == "");

  const EarlyClose text = close_after_one_line({"score", "-"}, kDealLine, 1'000'000);
  BOOST_TEST(text.status == 0);
  BOOST_TEST(text.stopped_reading);
  BOOST_TEST(text.err == "");
}

BOOST_AUTO_TEST_CASE(output_that_cannot_be_written_exits_3) {
  const fs::path err = temp_dir("full") / "stderr";
  for (const std::string command : {"deal --random 100000", "score examples/worked-example.toml"}) {
    const Pipeline run = run_pipeline(fmt::format("cd '{}' && \"$BELOTE\" {} > /dev/full 2>'{}'", source_dir().string(),
                                                  command, err.string()));
    BOOST_TEST(run.status == 3, command);
    BOOST_TEST(read_file(err) == "belote: error: cannot write the output: No space left on device\n", command);
  }
}

// ---------------------------------------------------------------- counts

BOOST_AUTO_TEST_CASE(negative_or_absurd_counts_are_usage_errors) {
  const std::string max = "18446744073709551615";
  const std::vector<std::pair<std::vector<std::string>, std::string>> misuses = {
      {{"deal", "--random", "-5"}, "deal: --random takes a whole number from 0 to 1000000000000, not '-5'"},
      {{"deal", "--random", "99999999999999999999999"}, "deal: --random takes a whole number from 0 to 1000000000000"},
      {{"stats", "--random", "-5"}, "stats: --random takes a whole number from 1 to 1000000000000, not '-5'"},
      {{"stats", "--random", "5", "--seed", "-1"}, "stats: --seed takes a whole number from 0 to " + max + ", not '-1'"},
      {{"stats", "--random", "5", "--threads", "-1"}, "stats: --threads takes a whole number from 1 to 1024, not '-1'"},
      {{"stats", "--random", "5", "--threads", "5000"}, "stats: --threads takes a whole number from 1 to 1024, not '5000'"},
      {{"diff", "classique", "traditionnelle", "--random", "5", "--seed", "-1"},
       "diff: --seed takes a whole number from 0 to " + max + ", not '-1'"},
      {{"diff", "classique", "traditionnelle", "--random", "-5"},
       "diff: --random takes a whole number from 1 to 1000000000000, not '-5'"},
  };
  for (const auto& [args, message] : misuses) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2, message);
    BOOST_TEST(run.out == "", message);
    BOOST_TEST(run.err.starts_with("belote: error: " + message), run.err);
  }
}

BOOST_AUTO_TEST_CASE(every_help_gives_the_exit_statuses) {
  const RunResult main_help = run_belote({"--help"});
  for (const std::string line : {"  0  success", "  1  invalid input", "  2  usage error", "  3  the output could not be written"})
    BOOST_TEST(contains(main_help.out, line), line);
  for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
           {"score"}, {"deal"}, {"diff"}, {"stats"}, {"rulesets"}, {"rulesets", "check"}, {"sheet"}, {"sheet", "add"}}) {
    std::vector<std::string> args = command;
    args.push_back("--help");
    const RunResult run = run_belote(args);
    BOOST_TEST(contains(run.out, "\nexit status: 0 success, 1 invalid input"), run.out);
  }
}

// ---------------------------------------------------------------- small ones

BOOST_AUTO_TEST_CASE(every_command_reads_its_counts_alike) {
  // One reader of counts: a sign, a space or an exponent is refused the same way by each.
  const std::string deals = "1000000000000";
  const std::vector<std::pair<std::vector<std::string>, std::string>> misuses = {
      {{"deal", "--random", "+5"}, "deal: --random takes a whole number from 0 to " + deals + ", not '+5'"},
      {{"stats", "--random", "+5"}, "stats: --random takes a whole number from 1 to " + deals + ", not '+5'"},
      {{"diff", "classique", "traditionnelle", "--random", "+5"},
       "diff: --random takes a whole number from 1 to " + deals + ", not '+5'"},
      {{"diff", "classique", "traditionnelle", "--random", "5", "--threads", "+2"},
       "diff: --threads takes a whole number from 1 to 1024, not '+2'"},
      {{"diff", "classique", "traditionnelle", "--random", "5", "--show", " 3"},
       "diff: --show takes a whole number from 0 to 1000000, not ' 3'"},
      {{"deal", "--random", "1000000000001"}, "deal: --random takes a whole number from 0 to " + deals + ", not '1000000000001'"},
      {{"stats", "--random", "0"}, "stats: --random takes a whole number from 1 to " + deals + ", not '0'"},
  };
  for (const auto& [args, message] : misuses) {
    const RunResult run = run_belote(args);
    BOOST_TEST(run.status == 2, message);
    BOOST_TEST(run.err.starts_with("belote: error: " + message), run.err);
  }
  BOOST_TEST(run_belote({"deal", "--random", "5"}).status == 0);
  BOOST_TEST(run_belote({"diff", "classique", "traditionnelle", "--random", "5", "--summary"}).status == 0);
}

BOOST_AUTO_TEST_CASE(rulesets_new_without_a_home_is_refused) {
  const RunResult run = run_program("env", {"-u", "HOME", "-u", "XDG_CONFIG_HOME", BELOTE_PROGRAM, "rulesets", "new", "lyon",
                                            "--extends", "classique"});
  BOOST_TEST(run.status == 2);
  BOOST_TEST(run.err == "belote: error: no directory for your rulesets: HOME is not set (set HOME or XDG_CONFIG_HOME, or "
                        "give --output FILE)\n");
  BOOST_TEST(!std::filesystem::exists("/.config/belote/rulesets/lyon.toml"));
  BOOST_TEST(user_rulesets_dir().string() != "/.config/belote/rulesets");
}

BOOST_AUTO_TEST_CASE(an_id_is_one_to_200_characters_counted_as_characters) {
  const auto rules = ruleset("classique");
  const std::string rest = R"(, "trump": "H", "taker": "N"})";
  const Diagnostics empty = json_deal_errors(*rules, R"({"id": "")" + rest);
  BOOST_REQUIRE(!empty.empty());
  BOOST_TEST(location_and_message(empty[0]) == "deals.jsonl:1:8: 'id' must be a string of 1 to 200 characters or an integer from -9223372036854775808 to 9223372036854775807");
  std::string accents;
  for (int i = 0; i < 200; ++i) accents += "é";  // 400 bytes, 200 characters
  Deal deal;
  const Diagnostics long_accents = json_deal_errors(*rules, R"({"id": ")" + accents + "\"" + rest, &deal);
  for (const Diagnostic& d : long_accents) BOOST_TEST(!contains(d.message, "'id'"), d.message);
  const Diagnostics too_long = json_deal_errors(*rules, R"({"id": ")" + accents + "é\"" + rest);
  BOOST_REQUIRE(!too_long.empty());
  BOOST_TEST(too_long[0].message == "'id' must be a string of 1 to 200 characters or an integer from -9223372036854775808 to 9223372036854775807");
  // An integer id past 64 bits is told the range it missed, not only that it should be an integer.
  const Diagnostics too_large = json_deal_errors(*rules, R"({"id": 9223372036854775808)" + rest);
  BOOST_REQUIRE(!too_large.empty());
  BOOST_TEST(location_and_message(too_large[0]) == "deals.jsonl:1:8: 'id' must be a string of 1 to 200 characters or an integer from -9223372036854775808 to 9223372036854775807");
  for (const Diagnostic& d : json_deal_errors(*rules, R"({"id": 9223372036854775807)" + rest)) BOOST_TEST(!contains(d.message, "'id'"), d.message);
}

BOOST_AUTO_TEST_SUITE_END()  // test_hostile
