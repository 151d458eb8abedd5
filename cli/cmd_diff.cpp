// belote diff: what changes if a table plays ruleset B instead of A, on deal
// files or on a random sample; with three or more rulesets, a matrix.
#include <algorithm>
#include <array>
#include <atomic>
#include <filesystem>
#include <fmt/format.h>

#include "commands.h"
#include "deal_batch.h"
#include "diff_report.h"
#include "diff_played.h"
#include "diff_solved.h"
#include "progress_bar.h"

namespace belote::cli {

namespace {

// More differing deals than this are not kept for the end of a report.
constexpr std::uint64_t kMaxShownDeals = 1'000'000;

using Rulesets = std::vector<std::shared_ptr<const Ruleset>>;

struct DiffOptions {
  std::vector<std::string> names;
  std::vector<std::string> inputs;
  std::optional<std::uint64_t> random_count;
  std::uint64_t seed = 0;
  unsigned threads = default_threads();
  std::size_t show = 10;
  bool json = false;
  bool ascii = false;
  bool summary_only = false;  ///< list no deal, only the summary
  bool each = false;          ///< with --random, list every differing deal
  bool solved = false;        ///< with --random, compare the deals solved with best play
  std::uint64_t max_nodes = 0;
  std::string played;         ///< with --random, compare the deals played by these players
  RulesetSearchPath search;   ///< for a deal that reads under none of the rulesets
};

// Without --ruleset, the first two words name rulesets, and so does each word
// after them that reads as a ruleset name and is not a file: the rest are deals.
void split_words(const std::vector<std::string>& words, DiffOptions& o) {
  if (!o.names.empty()) {
    o.inputs = words;
    return;
  }
  std::size_t i = 0;
  for (; i < words.size(); ++i) {
    const std::string& word = words[i];
    std::error_code ec;
    const bool ruleset = i < 2 || (word != "-" && is_ruleset_name(word) && !std::filesystem::exists(word, ec));
    if (!ruleset) break;
    o.names.push_back(word);
  }
  o.inputs.assign(words.begin() + std::ptrdiff_t(i), words.end());
}

// The rulesets as the report names them: by name, but by file where two share
// a name (a house ruleset shadowing a shipped one), so that each line says which.
std::vector<std::string> shown_names(const Rulesets& rules, const std::vector<std::string>& given,
                                     const RulesetSearchPath& search) {
  std::vector<std::string> names, files;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    names.push_back(rules[i]->info.name);
    const auto found = is_ruleset_name(given[i]) ? search.find(given[i]) : std::nullopt;
    files.push_back(found ? found->string() : given[i]);
  }
  // Where of the same file (a ruleset compared with itself), the name says enough.
  const auto same_file = [](const std::string& x, const std::string& y) {
    std::error_code ec;
    return x == y || std::filesystem::equivalent(x, y, ec);
  };
  std::vector<std::string> shown = names;
  for (std::size_t i = 0; i < names.size(); ++i)
    for (std::size_t j = 0; j < names.size(); ++j)
      if (j != i && names[j] == names[i] && !same_file(files[j], files[i])) shown[i] = files[i];
  return shown;
}

// The options that find the rulesets as this command found them (--rulesets-dir, --untrusted),
// each followed by a space: a command suggested to the user names the same files.
std::string ruleset_words(const RulesetOptions& rulesets) {
  std::string words;
  for (const std::string& dir : rulesets.dirs) words += fmt::format("--rulesets-dir {} ", shell_word(dir));
  if (rulesets.untrusted) words += "--untrusted ";
  return words;
}

// The index pairs (i < j) of n rulesets, in row order.
std::vector<std::pair<std::size_t, std::size_t>> pairs_of(std::size_t n) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) pairs.emplace_back(i, j);
  return pairs;
}

std::vector<std::vector<std::uint64_t>> matrix_of(std::size_t n, const std::vector<DiffTally>& tallies) {
  std::vector<std::vector<std::uint64_t>> differing(n, std::vector<std::uint64_t>(n, 0));
  const auto pairs = pairs_of(n);
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const auto [i, j] = pairs[p];
    differing[i][j] = differing[j][i] = tallies[p].differing;
  }
  return differing;
}

// Scores a deal under every ruleset and counts each pair's differences.
class PairwiseScorer {
 public:
  explicit PairwiseScorer(const Rulesets& rules)
      : rules_(rules), outcomes_(rules.size()), pairs_(pairs_of(rules.size())) {}

  /// `deal_of(i)` is the deal as ruleset i reads it. Returns the difference between the first two rulesets.
  template <class DealOf>
  OutcomeDiff score(const DealOf& deal_of, std::vector<DiffTally>& tallies, std::uint64_t ordinal) {
    for (std::size_t i = 0; i < rules_.size(); ++i) evaluate(*rules_[i], deal_of(i), outcomes_[i]);
    OutcomeDiff first;
    for (std::size_t p = 0; p < pairs_.size(); ++p) {
      const OutcomeDiff diff = diff_outcomes(outcomes_[pairs_[p].first], outcomes_[pairs_[p].second]);
      tallies[p].add(diff, ordinal);
      if (p == 0) first = diff;
    }
    return first;
  }
  const Outcome& outcome(std::size_t i) const { return outcomes_[i]; }
  std::size_t pair_count() const { return pairs_.size(); }

 private:
  const Rulesets& rules_;
  std::vector<Outcome> outcomes_;
  std::vector<std::pair<std::size_t, std::size_t>> pairs_;
};

// What one chunk of a deal file gives: each pair's tally (its ordinals count
// the chunk's deals from 0), for two rulesets the deals it lists and the
// first --show differing ones, and the label of each team's largest change.
struct FileChunk {
  std::vector<DiffTally> tallies;
  std::vector<ShownExample> examples;
  PerTeam<std::string> largest_labels;
};

// A comparison over deal files, streaming, on every core.
int diff_files(const DiffOptions& o, const Rulesets& rules, DiffReport& report, Output& out) {
  std::vector<const Ruleset*> plain;
  for (const auto& r : rules) plain.push_back(r.get());
  const bool two = rules.size() == 2;
  const SuitStyle style = suit_style(o.ascii, o.json);
  const std::size_t pairs = pairs_of(rules.size()).size();

  // Differing deals kept as examples once merged: when they are enough, later chunks keep none.
  std::atomic<std::size_t> examples_merged{0};
  BatchCommand<FileChunk> command;
  command.make_work = [&]() -> DealWork<FileChunk> {
    return [&, scorer = PairwiseScorer(rules)](std::span<const Deal> deals, const DealPlace& place, FileChunk& chunk,
                                               std::string& text, Diagnostics&) mutable {
      if (chunk.tallies.empty()) chunk.tallies.resize(pairs);
      const std::uint64_t current = chunk.tallies[0].deals;
      const OutcomeDiff diff = scorer.score([&](std::size_t i) -> const Deal& { return deals[i]; }, chunk.tallies, current);
      if (!two || !diff.differs()) return;
      std::string label;
      const auto labelled = [&]() -> const std::string& {
        if (label.empty()) {
          const std::string where = place.line ? fmt::format("{}:{}", place.input, place.line) : std::string(place.input);
          label = deals[0].id.empty() ? where : fmt::format("{} ({})", deals[0].id, where);
        }
        return label;
      };
      for (Team team : kTeams)
        if (diff.score_change[team] != 0 && chunk.tallies[0].score_change[team].largest_at == current)
          chunk.largest_labels[team] = labelled();
      const bool listed = !o.summary_only;
      // Kept only while it may still be among the first --show (earlier chunks merged may have enough).
      const bool example = chunk.examples.size() + examples_merged.load(std::memory_order_relaxed) < o.show;
      if (!listed && !example) return;
      const DealDifference d = describe_difference(labelled(), ScoredDeal{*rules[0], deals[0], scorer.outcome(0), report.names()[0]},
                                                   ScoredDeal{*rules[1], deals[1], scorer.outcome(1), report.names()[1]}, diff, style);
      if (listed) text += report.deal_text(d);
      if (example) chunk.examples.push_back(report.shown(d));
    };
  };

  std::vector<DiffTally> tallies(pairs);
  DiffSummary summary;
  std::vector<ShownExample> examples;
  ProgressBar progress("deals");
  command.before_output = [&] { progress.clear(); };
  command.merge = [&](FileChunk& chunk) {
    if (chunk.tallies.empty()) return true;
    // The chunk's ordinals follow the deals merged so far.
    const std::uint64_t offset = tallies[0].deals;
    for (std::size_t p = 0; p < pairs; ++p) {
      for (Team team : kTeams) chunk.tallies[p].score_change[team].largest_at += offset;
      tallies[p].merge(chunk.tallies[p]);
    }
    for (Team team : kTeams) {
      const ScoreChangeTally& mine = chunk.tallies[0].score_change[team];
      if (mine.changed && tallies[0].score_change[team].largest_at == mine.largest_at)
        summary.largest_labels[team] = std::move(chunk.largest_labels[team]);
    }
    for (ShownExample& e : chunk.examples)
      if (examples.size() < o.show) examples.push_back(std::move(e));
    examples_merged = examples.size();
    progress.update(tallies[0].deals);
    return true;
  };
  const bool valid = run_deal_batch(std::span<const Ruleset* const>(plain), o.inputs, o.search, o.threads, out, command);
  progress.clear();
  if (two) {
    summary.tally = tallies[0];
    summary.example_count = examples.size();
    summary.example = [&](std::size_t i) { return std::move(examples[i]); };
    report.summary(summary);
  } else {
    report.matrix(tallies[0].deals, matrix_of(rules.size(), tallies));
  }
  return valid ? kSuccess : kInvalidInput;
}

// What one chunk of a random sample gives: each pair's tally and, for two
// rulesets, its first differing deals as they are listed (all with --each,
// else as many as may still be among the first --show) and the indices of
// those that may be among the summary's examples (made again when written).
struct SampleChunk {
  std::vector<DiffTally> tallies;
  DrawnApart drawn_apart;
  std::vector<std::string> listed;
  std::vector<std::uint64_t> examples;
};

// A comparison over random deals, on every core, the same whatever the thread count.
int diff_random(const DiffOptions& o, const Rulesets& rules, DiffReport& report, Output& out) {
  const bool two = rules.size() == 2;
  const SuitStyle style = suit_style(o.ascii, o.json);
  // Each ruleset draws the deal its way: the same hands, trump, taker and tricks
  // from the same seed, with the kind, bid and doubling its conventions allow.
  std::vector<RandomDeals> random;
  for (const auto& ruleset : rules) random.emplace_back(*ruleset, o.seed);
  // Rulesets that draw alike share one deal: each deal is made once.
  std::vector<std::size_t> drawn_by(rules.size());
  for (std::size_t r = 0; r < rules.size(); ++r) {
    drawn_by[r] = r;
    for (std::size_t earlier = 0; earlier < r; ++earlier)
      if (drawn_by[earlier] == earlier && random[r].same_draws(random[earlier])) {
        drawn_by[r] = earlier;
        break;
      }
  }
  // Differing deals merged so far, listed and kept as examples: a chunk then keeps only what may still be shown.
  std::atomic<std::size_t> printed_merged{0}, examples_merged{0};
  // The differing deal of index i, as both rulesets read and score it.
  const auto difference = [&](std::uint64_t i, std::vector<Deal>& deals, const PairwiseScorer& scorer) {
    for (std::size_t r = 0; r < rules.size(); ++r) random[r].make(i, deals[r], true);
    DealDifference d = describe_difference(deals[0].id, ScoredDeal{*rules[0], deals[0], scorer.outcome(0), report.names()[0]},
                                           ScoredDeal{*rules[1], deals[1], scorer.outcome(1), report.names()[1]},
                                           diff_outcomes(scorer.outcome(0), scorer.outcome(1)), style);
    d.random_index = i;
    return d;
  };

  const auto work = [&](std::uint64_t begin, std::uint64_t end, SampleChunk& chunk) {
    PairwiseScorer scorer(rules);
    chunk.tallies.resize(scorer.pair_count());
    std::vector<Deal> deals(rules.size());
    const auto deal_of = [&](std::size_t r) -> const Deal& { return deals[drawn_by[r]]; };
    for (std::uint64_t i = begin; i < end; ++i) {
      for (std::size_t r = 0; r < rules.size(); ++r)
        if (drawn_by[r] == r) random[r].make(i, deals[r], false);
      const OutcomeDiff diff = scorer.score(deal_of, chunk.tallies, i);
      if (two && drawn_by[1] != drawn_by[0] && !same_contract(*rules[0], deal_of(0), *rules[1], deal_of(1))) {
        ++chunk.drawn_apart.deals;
        if (diff.differs()) ++chunk.drawn_apart.differing;
      }
      if (!two || !diff.differs()) continue;
      const bool listed = !o.summary_only && (o.each || chunk.listed.size() + printed_merged.load(std::memory_order_relaxed) < o.show);
      if (chunk.examples.size() + examples_merged.load(std::memory_order_relaxed) < o.show) chunk.examples.push_back(i);
      if (listed) chunk.listed.push_back(report.deal_text(difference(i, deals, scorer)));
    }
  };

  std::vector<DiffTally> tallies(pairs_of(rules.size()).size());
  DiffSummary summary;
  std::vector<std::uint64_t> examples;
  std::size_t printed = 0;
  ProgressBar progress("deals");
  DrawnApart drawn_apart;
  const auto merge = [&](SampleChunk& chunk) {
    for (std::size_t p = 0; p < tallies.size(); ++p) tallies[p].merge(chunk.tallies[p]);
    drawn_apart.deals += chunk.drawn_apart.deals;
    drawn_apart.differing += chunk.drawn_apart.differing;
    for (const std::string& text : chunk.listed) {
      if (!o.each && printed >= o.show) break;
      progress.clear();
      out.write(text);
      ++printed;
    }
    for (std::uint64_t i : chunk.examples)
      if (examples.size() < o.show) examples.push_back(i);
    printed_merged = printed;
    examples_merged = examples.size();
  };
  // Ctrl-C (SIGTERM, SIGHUP) keeps the deals scored: the first ones, written as a run of that many would write
  // them, before the program ends as the signal does.
  note_ending_signals();
  sample_in_chunks<SampleChunk>(
      *o.random_count, o.threads, work, merge, [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); },
      [&] { return ending_signal() != 0 || out.closed(); });
  progress.clear();
  say_interrupted(tallies[0].deals, "scored");
  if (ending_signal()) report.cut_to(tallies[0].deals);

  if (!two) {
    report.matrix(tallies[0].deals, matrix_of(rules.size(), tallies));
    return kSuccess;
  }
  summary.tally = tallies[0];
  summary.drawn_apart = drawn_apart;
  summary.example_count = examples.size();
  PairwiseScorer scorer(rules);
  std::vector<Deal> deals(rules.size());
  std::vector<DiffTally> unused(scorer.pair_count());
  summary.example = [&](std::size_t n) {
    const std::uint64_t i = examples[n];
    for (std::size_t r = 0; r < rules.size(); ++r)
      if (drawn_by[r] == r) random[r].make(i, deals[r], false);
    scorer.score([&](std::size_t r) -> const Deal& { return deals[drawn_by[r]]; }, unused, i);
    return report.shown(difference(i, deals, scorer));
  };
  Deal deal;
  for (Team team : kTeams) {
    if (summary.tally.score_change[team].changed == 0) continue;
    random[0].make(summary.tally.score_change[team].largest_at, deal, true);
    summary.largest_labels[team] = deal.id;
  }
  report.summary(summary);
  return kSuccess;
}

}  // namespace

int run_diff(const Args& args) {
  po::options_description options("options");
  DiffOptions o;
  std::vector<std::string> words;
  std::string format = "text";
  // Read as text, so that every command reads counts alike (whole_number).
  std::string random_text, nodes_text = "0", show_text = "10", threads_text = std::to_string(default_threads()), seed_text;
  RulesetOptions rulesets;
  options.add_options()
      ("ruleset,r", po::value(&o.names)->composing()->value_name("NAME"),
       "a ruleset to compare (repeat: two or more); then every other word is a deal file")
      ("random", po::value(&random_text)->value_name("N"), "compare on N random deals instead of deal files")
      ("seed", po::value(&seed_text)->value_name("N"), "seed of the random deals: same seed, same deals (default: 0)")
      ("threads", po::value(&threads_text)->value_name("N"),
       "threads, 1 to 1024; the result is the same (default: every core)")
      ("show", po::value(&show_text)->value_name("N"),
       "how many differing deals to print as deal lines at the end (default: 10; 0 with --summary)")
      ("summary", po::bool_switch(&o.summary_only),
       "print only the summary: no deal by deal list, and no deal lines at the end unless --show N")
      ("solved", po::bool_switch(&o.solved), "with --random and two rulesets: compare the takers' best points with best play under each")
      ("max-nodes", po::value(&nodes_text)->value_name("N"), "with --solved: stop a deal's search after N nodes, leaving it out (default: 0, no limit)")
      ("played", po::value(&o.played)->value_name("PLAYERS"),
       "with --random and two rulesets: compare the deals played by these players under each, one mène a deal: one "
       "player for every seat, or two, N-S,E-W (random, heuristic, sampled:N)")
      ("each", po::bool_switch(&o.each), "with --random, list every differing deal, not only the first --show")
      ("format,f", po::value(&format)->value_name("text|json"),
       "text for a person, or json: one object per listed deal, then the summary (default: text)")
      ("ascii", po::bool_switch(&o.ascii), "write suits as letters and arrows as ->");
  rulesets.add_dirs(options);
  Operands operands;
  operands.add("words", po::value(&words), -1, "A B [C...] DEAL...",
               "the rulesets to compare (names or paths), then the deal files (TOML, JSON Lines or -)");
  po::variables_map vm;
  if (!parse_options(args, options, operands, vm,
                     "belote diff A B [C...] [--ruleset NAME]... [--threads N] [--summary] [--show N] [--format text|json] [--ascii] "
                     "[--rulesets-dir DIR]... [--untrusted] DEAL... | "
                     "belote diff A B [C...] --random N [--seed N] [--threads N] [--each] [--summary] [--show N] "
                     "[--format text|json] [--ascii] [--rulesets-dir DIR]... [--untrusted] | "
                     "belote diff A B --random N --solved [--max-nodes N] [--seed N] [--threads N] [--show N] [--format text|json] "
                     "[--ascii] [--rulesets-dir DIR]... [--untrusted] | "
                     "belote diff A B --random N --played PLAYERS [--seed N] [--threads N] [--show N] [--format text|json] "
                     "[--ascii] [--rulesets-dir DIR]... [--untrusted]",
                     "belote diff classique traditionnelle --random 100000 --seed 1"))
    return kSuccess;
  require_text_or_json(format);
  o.json = format == "json";
  split_words(words, o);
  if (vm.count("random")) o.random_count = whole_number(random_text, "random", 1, kMaxRandomDeals);
  // --summary prints the summary alone: deal lines only when --show asks for them.
  if (o.summary_only && !vm.count("show")) show_text = "0";
  o.show = std::size_t(whole_number(show_text, "show", 0, kMaxShownDeals));
  o.threads = unsigned(whole_number(threads_text, "threads", 1, kMaxThreads));
  if (vm.count("seed")) o.seed = whole_number(seed_text, "seed", 0, UINT64_MAX);
  if (o.names.size() < 2) throw UsageError("give two rulesets to compare, A and B (or more, for a matrix)");
  if (o.random_count && !o.inputs.empty())
    throw UsageError(fmt::format("give deal files or --random N, not both ('{}' is not a ruleset name)", shown(o.inputs.front())));
  const RulesetLoader loader = rulesets.loader();
  // A word after the first two that names no file and no ruleset was most likely meant as a deal file:
  // said so, rather than "no deals" or "no ruleset named".
  if (!vm.count("ruleset"))
    for (std::size_t i = 2; i < o.names.size(); ++i)
      if (!loader.search().find(o.names[i])) {
        const LoadedRuleset unfound = loader.load(o.names[i]);
        print_error(fmt::format("'{}' is neither an existing file nor a ruleset: no such file, and {}", shown(o.names[i]),
                                unfound.errors.empty() ? "no ruleset of that name" : unfound.errors.front().message));
        return kInvalidInput;
      }
  if (!o.random_count && o.inputs.empty())
    throw UsageError("no deals: give deal files (TOML, JSON Lines or - for standard input) or --random N");
  if (!o.random_count && (vm.count("seed") || o.each)) throw UsageError("--seed and --each go with --random N");
  if (o.summary_only && o.each) throw UsageError("--summary and --each contradict each other");
  if (o.names.size() > 2 && (o.each || vm.count("show")))
    throw UsageError(fmt::format("--each and --show list the deals two rulesets score differently: with {} rulesets, diff "
                                 "prints the matrix of shares (compare two of them for the deals)", o.names.size()));
  if (o.solved && (!o.random_count || o.names.size() != 2)) throw UsageError("--solved compares two rulesets on --random N deals");
  if (o.solved && (o.each || o.summary_only)) throw UsageError("--each and --summary do not go with --solved");
  if (!o.solved && vm.count("max-nodes")) throw UsageError("--max-nodes goes with --solved");
  const bool played = vm.count("played") > 0;
  if (played && (!o.random_count || o.names.size() != 2)) throw UsageError("--played compares two rulesets on --random N deals");
  if (played && (o.solved || o.each || o.summary_only))
    throw UsageError("--solved, --each and --summary do not go with --played");
  o.max_nodes = whole_number(nodes_text, "max-nodes", 0, std::uint64_t{1} << 62);

  o.search = loader.search();
  Rulesets rules;
  bool loaded = true;
  for (const std::string& name : o.names) {
    rules.push_back(load_ruleset(loader, name));
    loaded = loaded && rules.back();
  }
  if (!loaded) return kInvalidInput;
  const std::vector<std::string> names = shown_names(rules, o.names, o.search);

  Output& out = Output::standard();
  DiffReport report(out, names, *rules.back(),
                    DiffSource{o.random_count, o.seed, o.inputs, o.names.back(), ruleset_words(rulesets)}, o.json, o.ascii);
  int status = kSuccess;
  if (o.random_count) {
    for (const auto& r : rules) {
      if (r->deck == rules[0]->deck) continue;
      print_error(fmt::format("{} and {} play with different decks: a random deal of one is no deal of the other, so "
                              "they cannot be compared on random deals (compare them on deal files both can read)",
                              names[0], r->info.name));
      return kInvalidInput;
    }
    const std::array<std::string, 2> pair{names[0], names[1]};
    status = played ? diff_played(*rules[0], *rules[1],
                                  {o.played, *o.random_count, o.seed, o.threads, o.show, o.json, o.ascii, pair}, out)
             : o.solved
                 ? diff_solved(*rules[0], *rules[1],
                               {*o.random_count, o.seed, o.threads, o.show, o.max_nodes, o.json, o.ascii, pair}, out)
                 : diff_random(o, rules, report, out);
  } else {
    status = diff_files(o, rules, report, out);
  }
  const int written = out.finish();
  // A sample cut short by a signal has written the figures of its deals done: the program ends as the signal ends it.
  end_by_ending_signal();
  return written != kSuccess ? written : status;
}

}  // namespace belote::cli
