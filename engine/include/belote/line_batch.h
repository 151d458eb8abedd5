// Deals of JSON Lines read and worked on by every core, for a program that
// keeps results rather than printing them (the Python module's batches).
//
//   LineBatch batch({&rules}, threads);
//   LineBatchWork<Rows> work;
//   work.deal = [&](std::span<const Deal> deals, long line, Rows& rows) { ... };
//   work.rejected = [&](std::span<const Diagnostics> errors, long line, Rows& rows) { ... };
//   batch.run_file("deals.jsonl", "deals.jsonl", work, [&](Rows& rows) { ... });
//
// Lines come in chunks (line_chunks.h); a block of chunks is shared among the
// workers, each reading its lines with its own JsonLineReader (simdjson, the
// precise reader for the lines it does not accept), then each chunk's partial
// result is merged on the calling thread in input order. The results are
// therefore the same on one thread or many.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/json_line_reader.h"
#include "belote/line_chunks.h"
#include "belote/ruleset.h"
#include "belote/worker_threads.h"

namespace belote {

/// What a batch does with each line. Both are called on worker threads.
template <class Partial>
struct LineBatchWork {
  /// A deal every ruleset accepts: `deals[i]` as ruleset i reads it; `line` is its line number.
  std::function<void(std::span<const Deal> deals, long line, Partial& partial)> deal{};
  /// A line some ruleset rejects: `errors[i]` is what ruleset i finds wrong.
  std::function<void(std::span<const Diagnostics> errors, long line, Partial& partial)> rejected{};
};

/// The error of a line longer than a deal (or what `noun` names) may be (kMaxDealLineBytes).
Diagnostic line_too_long(const std::string& display, long line, std::string_view noun = "deal");

/// The errors of a line some rulesets reject, each once: when the rulesets
/// disagree, a message says under which rulesets it holds. Counts as unkept
/// the most errors any ruleset found but did not keep.
Diagnostics merged_diagnostics(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors);

class LineBatch {
 public:
  /// Each line is read under every ruleset of `rules` (one, most often), on `threads` workers.
  LineBatch(std::vector<const Ruleset*> rules, unsigned threads);

  unsigned threads() const { return unsigned(readers_.size()); }

  /// Works on every line of `chunks` (named `display` in errors), then calls
  /// `merge(partial)` for each chunk, in order, on the calling thread.
  template <class Partial, class Merge>
  void run(std::span<const LineChunk> chunks, const std::string& display, const LineBatchWork<Partial>& work,
           Merge&& merge) {
    std::vector<Partial> partials(chunks.size());
    std::atomic<std::size_t> next{0};
    const auto worker = [&](std::size_t slot) {
      for (std::size_t c = next++; c < chunks.size(); c = next++)
        work_on(chunks[c], display, slot, work, partials[c]);
    };
    const std::size_t busy = std::min<std::size_t>(readers_.size(), chunks.size());
    if (busy <= 1) {
      worker(0);
    } else {
      // Slots whose thread the system refused stay unused: the others share their chunks.
      WorkerThreads helpers(busy - 1);
      for (std::size_t slot = 1; slot < busy; ++slot)
        if (!helpers.start([&worker, slot] { worker(slot); })) break;
      worker(0);
      helpers.join();
    }
    for (Partial& partial : partials) merge(partial);
  }

  /// The same over a JSON Lines file read block by block, so that memory
  /// stays flat. False, with errno set, when the file cannot be opened or
  /// holds no lines to read (a directory, a device: open_lines in
  /// line_chunks.h); `read_error` is set when reading it failed part way.
  template <class Partial, class Merge>
  bool run_file(const std::string& path, const std::string& display, const LineBatchWork<Partial>& work, Merge&& merge,
                bool* read_error = nullptr) {
    return read_blocks(path, [&](std::span<const LineChunk> block) { run(block, display, work, merge); }, read_error);
  }

 private:
  bool read_blocks(const std::string& path, const std::function<void(std::span<const LineChunk>)>& block,
                   bool* read_error);

  template <class Partial>
  void work_on(const LineChunk& chunk, const std::string& display, std::size_t slot, const LineBatchWork<Partial>& work,
               Partial& partial) {
    std::vector<Deal>& deals = deals_[slot];
    std::vector<Diagnostics>& errors = errors_[slot];
    for (const ChunkLine& line : chunk.lines) {
      // Fresh lists: a cleared one would still count the last line's unkept errors.
      for (Diagnostics& e : errors) e = Diagnostics{};
      if (line.too_long) {
        for (Diagnostics& e : errors) e.push_back(line_too_long(display, line.number));
        work.rejected(errors, line.number, partial);
      } else if (readers_[slot].read(chunk.line(line), display, line.number, deals, errors)) {
        work.deal(deals, line.number, partial);
      } else {
        work.rejected(errors, line.number, partial);
      }
    }
  }

  std::vector<JsonLineReader> readers_;  ///< one per worker
  std::vector<std::vector<Deal>> deals_;
  std::vector<std::vector<Diagnostics>> errors_;
};

}  // namespace belote
