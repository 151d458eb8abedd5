// The batch commands' engine room: deal files read, checked and worked on
// by every core, with the output in input order, the same bytes on one
// thread or many, and memory flat whatever the size of the input.
//
// A reader thread cuts each input into chunks of whole lines (a TOML file is
// one chunk), workers read the deals of a chunk (JsonLineReader: simdjson,
// with the precise reader for what it does not accept) and do the command's
// work on each, writing its text into the chunk's buffer; the calling thread
// writes the chunks in order, each error between the outputs it fell
// between, and merges the chunk's partial result. At most a few chunks per
// worker are in flight: a slow output holds the reading back.
#pragma once

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "belote/deal_reader.h"
#include "belote/line_batch.h"
#include "belote/line_chunks.h"
#include "belote/worker_threads.h"
#include "cli_support.h"
#include "ruleset_suggestion.h"

namespace belote::cli {

/// Where a deal was read: the input as shown in messages ("<stdin>" for -) and its line (0 for a TOML file).
struct DealPlace {
  std::string_view input;
  long line = 0;
};

/// What a worker wrote for one chunk: text for standard output, and the errors to print between.
struct BatchText {
  struct Errors {
    std::size_t at = 0;                    ///< where in `text` they come
    std::vector<Diagnostic> diagnostics;   ///< printed with print_diagnostic
    std::vector<std::string> messages;     ///< then these, without a place (print_error)
    std::string note;                      ///< then this, if any (print_note)
    std::size_t unkept = 0;                ///< errors found beyond `diagnostics`, only counted
    std::size_t kept = 0;                  ///< the errors `diagnostics` stand for (equal ones are shown once)
  };
  std::string text;
  std::vector<Errors> errors;
  bool invalid = false;  ///< some input was invalid
};

/// One worker's work on a valid deal: `deals` is the deal as each ruleset read
/// it, `place` where it was read; it adds to the chunk's `partial` result and
/// appends what to print to `text`, or adds to `failures` why it could not
/// (a search stopped at its limit): errors in the deal's place, counted with
/// the input's others (at most 100 shown).
template <class Partial>
using DealWork = std::function<void(std::span<const Deal> deals, const DealPlace& place, Partial& partial, std::string& text,
                                    Diagnostics& failures)>;

/// The partial result of a command that keeps none across deals (each deal's text is all).
struct NoPartial {};

/// A batch command: how to make each worker's work (it may keep its own
/// buffers), and what to do with each chunk's partial result, in input order,
/// on the calling thread, once its text and errors are written (false stops).
template <class Partial>
struct BatchCommand {
  std::function<DealWork<Partial>()> make_work;
  std::function<bool(Partial&)> merge = [](Partial&) { return true; };
  /// Called before anything is written (e.g. to clear a progress bar).
  std::function<void()> before_output = [] {};
  /// Written between the outputs of two deals (not before the first).
  std::string separator;
  /// The work appends terminal-safe text only, making it so itself where
  /// needed (make_terminal_safe): the batch does not scan it again.
  bool work_text_is_safe = false;
  /// A deal's work costs far more than reading it (a search: milliseconds
  /// to seconds): the deals are handed to the workers one at a time rather
  /// than a read's worth at once, so that every core has some however few
  /// there are, and more are read ahead so that a long one holds no other
  /// worker back.
  bool dear_deals = false;
};

/// Makes what follows `from` in `text` safe to show on a terminal, as Output::write would make it.
inline void make_terminal_safe(std::string& text, std::size_t from) {
  if (const std::string_view added = std::string_view(text).substr(from); !is_terminal_safe(added)) {
    const std::string safe = terminal_safe(added);
    text.replace(from, std::string::npos, safe);
  }
}

/// Errors of a deal some rulesets reject, each once (when the rulesets
/// disagree, each message says under which rulesets it holds), then how many
/// more were found than kept.
BatchText::Errors merged_rejections(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors);

/// The note after a rejected deal that reads under a ruleset of another deck, or "".
std::string suggestion_note(RulesetSuggestion& suggestion, const RulesetSuggestion::Read& read, const DealPlace& place);

/// Opens an input of lines for reading ("-" is standard input); -1 with `failure`
/// set where it cannot be opened or holds no lines to read (a directory, a device).
int open_input(const std::string& input, std::string& failure);
/// The input as errors name it.
inline std::string input_display(const std::string& input) { return input == "-" ? "<stdin>" : input; }
/// Where the first line of an input's first chunk opens a JSON document written
/// over several lines (a game's record, pretty-printed JSON): the one
/// error to say of the input, read on to the document's end (within the size
/// of a record); "" for JSON Lines. `first` is then spent.
std::string json_document_message(const std::string& display, LineChunk& first, LineChunker& chunker);

/// The most bytes of error messages a chunk keeps before it is written: a
/// worker stops there, and the chunk's other lines are worked on once these
/// are written. Memory stays flat however dense the errors and however many
/// threads: at most this much per chunk of the window.
inline constexpr std::size_t kChunkMessageBytes = 1 << 20;

/// The memory `errors` keep (their text and their records), for the budget above.
inline std::size_t kept_bytes(const BatchText::Errors& errors) {
  std::size_t bytes = sizeof errors + errors.note.size();
  for (const Diagnostic& d : errors.diagnostics)
    bytes += sizeof d + d.file.size() + d.message.size() + d.source_line.size();
  for (const std::string& m : errors.messages) bytes += sizeof m + m.size();
  return bytes;
}

/// One chunk of input on its way: the lines, then what the worker made of them.
template <class Partial>
struct BatchChunk {
  enum class Kind { lines, toml, message };
  Kind kind = Kind::lines;
  std::size_t input = 0;
  LineChunk lines;
  BatchText out;
  Partial partial{};
  bool done = false;
  std::size_t resume = 0;          ///< the first line not worked on yet
  std::size_t message_bytes = 0;   ///< what out.errors keep, against kChunkMessageBytes
  bool unfinished() const { return kind == Kind::lines && resume < lines.lines.size(); }
};

/// What one worker reads and works with, made when it starts.
template <class Partial>
struct BatchWorkerTools {
  BatchWorkerTools(std::span<const Ruleset* const> rules, const RulesetSearchPath& search, const BatchCommand<Partial>& command)
      : json(std::vector<const Ruleset*>(rules.begin(), rules.end())), deals(rules.size()), errors(rules.size()),
        suggestion(search, rules), work(command.make_work()) {
    for (const Ruleset* r : rules) toml.emplace_back(*r);
  }
  JsonLineReader json;
  std::vector<DealReader> toml;
  std::vector<Deal> deals;
  std::vector<Diagnostics> errors;
  RulesetSuggestion suggestion;
  DealWork<Partial> work;
};

/// The message of a batch that could start no thread, for the reason the system gave.
std::string no_thread_message(std::error_code refused);

/// Calls `stop` when it goes out of scope, however it goes.
struct StopOnExit {
  std::function<void()> stop;
  ~StopOnExit() { stop(); }
};

/// Reads every input under every ruleset on `threads` workers, calling the
/// command's work for each valid deal and printing errors for the others; a
/// deal that another ruleset of `search` reads (another deck) is said to read
/// under it. Returns false if any input was invalid; throws ResourceError
/// when the system refuses every thread it could work on.
template <class Partial>
bool run_deal_batch(std::span<const Ruleset* const> rules, const std::vector<std::string>& inputs,
                    const RulesetSearchPath& search, unsigned threads, Output& output, const BatchCommand<Partial>& command) {
  using Chunk = BatchChunk<Partial>;
  threads = std::max(1u, threads);
  // Chunks in flight: a few per worker, many more when each is one dear deal
  // (a worker goes on with the next while an earlier deal is still searched).
  const std::size_t window = (command.dear_deals ? 16 : 2) * std::size_t(threads) + 2;
  // A reader that found the window full waits for it to be half empty, then
  // reads ahead again: one wakeup for several chunks, not one each.
  const std::size_t refill_below = window / 2 + 1;
  std::vector<std::string> displays;
  for (const std::string& input : inputs) displays.push_back(input_display(input));

  std::mutex mutex;
  // Each waits on its own: a wakeup costs a context switch, so each change
  // wakes only whom it concerns (a thread woken for nothing sleeps again).
  std::condition_variable window_space;  // the reader, for room in the window
  std::condition_variable work_ready;    // the workers, for a chunk to work on
  std::condition_variable front_done;    // the calling thread, for the oldest chunk to be done
  std::deque<std::unique_ptr<Chunk>> in_flight;  // in input order
  std::deque<Chunk*> to_work;
  std::vector<std::unique_ptr<Chunk>> spare;
  bool reading_done = false;
  std::size_t coming_back = 0;  // chunks being written that have lines left to work on
  std::atomic<bool> stop{false};
  // Workers start as chunks wait for them, up to `threads`: a short input
  // starts few. The system may refuse one (a limit on processes or memory):
  // the batch goes on with those that started, the same bytes whatever their
  // number, and stops with a message when none could.
  std::size_t started = 0;  // workers started or starting
  std::size_t busy = 0;     // workers on a chunk
  std::size_t most_workers = threads;
  std::error_code refused;  // set when no worker could start
  WorkerThreads workers(threads);

  const auto fresh_chunk = [&] {
    std::unique_lock lock(mutex);
    if (in_flight.size() >= window) window_space.wait(lock, [&] { return in_flight.size() < refill_below || stop; });
    if (spare.empty()) return std::make_unique<Chunk>();
    auto chunk = std::move(spare.back());
    spare.pop_back();
    return chunk;
  };
  const auto wake_everyone = [&] {
    window_space.notify_all();
    work_ready.notify_all();
    front_done.notify_all();
  };
  const auto work_on = [&](Chunk& chunk, BatchWorkerTools<Partial>& tools) {
    JsonLineReader& json = tools.json;
    std::vector<DealReader>& toml = tools.toml;
    std::vector<Deal>& deals = tools.deals;
    std::vector<Diagnostics>& errors = tools.errors;
    RulesetSuggestion& suggestion = tools.suggestion;
    DealWork<Partial>& work = tools.work;
    BatchText& out = chunk.out;
    const std::string& display = displays[chunk.input];
    const auto deal_read = [&](const DealPlace& place) {
      const std::size_t before = out.text.size();
      out.text += command.separator;
      Diagnostics failures;
      work(deals, place, chunk.partial, out.text, failures);
      if (out.text.size() == before + command.separator.size()) out.text.resize(before);
      // Made safe here, on every core.
      else if (!command.work_text_is_safe) make_terminal_safe(out.text, before);
      if (failures.empty()) return;
      BatchText::Errors& e = out.errors.emplace_back();
      e.at = out.text.size();
      e.diagnostics.assign(failures.begin(), failures.end());
      e.kept = failures.size();
      e.unkept = failures.unkept();
      out.invalid = true;
    };
    const auto rejected = [&](const DealPlace& place, const RulesetSuggestion::Read& read) {
      BatchText::Errors& e = out.errors.emplace_back(merged_rejections(rules, errors));
      e.at = out.text.size();
      e.note = suggestion_note(suggestion, read, place);
      out.invalid = true;
    };
    if (chunk.kind == Chunk::Kind::toml) {
      const std::string& file = inputs[chunk.input];
      const auto read = [&](const DealReader& reader, Deal& deal, Diagnostics& e) { return reader.read_toml_file(file, deal, e); };
      bool valid = true;
      for (std::size_t r = 0; r < rules.size(); ++r) {
        errors[r] = Diagnostics{};
        valid = read(toml[r], deals[r], errors[r]) && valid;
      }
      if (valid) deal_read(DealPlace{file, 0});
      else rejected(DealPlace{file, 0}, read);
      return;
    }
    const std::vector<ChunkLine>& lines = chunk.lines.lines;
    for (std::size_t i = chunk.resume; i < lines.size(); ++i) {
      // Past the budget, the rest waits for these messages to be written.
      if (chunk.message_bytes > kChunkMessageBytes) {
        chunk.resume = i;
        return;
      }
      const ChunkLine& line = lines[i];
      const std::size_t errors_before = out.errors.size();
      const auto count_kept = [&] {
        for (std::size_t e = errors_before; e < out.errors.size(); ++e) chunk.message_bytes += kept_bytes(out.errors[e]);
      };
      if (line.too_long) {
        out.errors.push_back({out.text.size(), {line_too_long(display, line.number)}, {}, {}});
        out.invalid = true;
        count_kept();
        continue;
      }
      // Fresh lists: a cleared one would still count the last line's unkept errors.
      for (Diagnostics& e : errors) e = Diagnostics{};
      const std::string_view text = chunk.lines.line(line);
      const DealPlace place{display, line.number};
      if (json.read(text, display, line.number, deals, errors)) {
        deal_read(place);
        count_kept();
      } else {
        rejected(place, [&](const DealReader& reader, Deal& deal, Diagnostics& e) {
          return reader.read_json_line(text, display, line.number, deal, e);
        });
        count_kept();
      }
    }
    chunk.resume = lines.size();
  };

  // Under the lock: a worker that could not start. With none left the batch
  // stops, and the chunks waiting are passed over.
  const auto worker_lost = [&](std::error_code why) {
    most_workers = --started;
    if (started > 0) return;
    refused = why;
    stop = true;
    for (Chunk* chunk : to_work) chunk->done = true;
    to_work.clear();
  };
  const auto worker = [&] {
    std::unique_ptr<BatchWorkerTools<Partial>> tools;
    try {
      tools = std::make_unique<BatchWorkerTools<Partial>>(rules, search, command);
    } catch (const std::bad_alloc&) {
      {
        std::lock_guard lock(mutex);
        worker_lost(std::make_error_code(std::errc::not_enough_memory));
      }
      wake_everyone();
      return;
    }
    for (;;) {
      Chunk* chunk = nullptr;
      {
        std::unique_lock lock(mutex);
        // Read to the end is not done yet: a chunk whose messages filled its
        // budget comes back to be worked on once they are written.
        const auto all_done = [&] { return stop || (reading_done && in_flight.empty() && coming_back == 0); };
        work_ready.wait(lock, [&] { return !to_work.empty() || all_done(); });
        if (to_work.empty()) {
          if (all_done()) return;
          continue;
        }
        chunk = to_work.front();
        to_work.pop_front();
        ++busy;
      }
      if (!stop) work_on(*chunk, *tools);
      bool wake = false;
      {
        std::lock_guard lock(mutex);
        chunk->done = true;
        --busy;
        // The calling thread writes the done chunks at the front, in order.
        // Woken when two wait or all there is is done, it takes a worker's
        // core half as often, and holds nothing back from a slow input.
        std::size_t ready = 0;
        while (ready < in_flight.size() && in_flight[ready]->done) ++ready;
        wake = ready >= 2 || (ready > 0 && ready == in_flight.size());
      }
      if (wake) front_done.notify_one();
    }
  };
  const auto send = [&](std::unique_ptr<Chunk> chunk) {
    bool done = false;
    bool another_worker = false;
    {
      std::lock_guard lock(mutex);
      // Once stopped, the workers may have gone: a chunk read meanwhile is passed over, never left waiting.
      if (chunk->kind == Chunk::Kind::message || stop) {
        done = chunk->done = true;
      } else {
        to_work.push_back(chunk.get());
        // One more worker when more chunks wait than the idle ones take.
        another_worker = started < most_workers && to_work.size() > started - busy;
        if (another_worker) ++started;
      }
      in_flight.push_back(std::move(chunk));
    }
    if (another_worker && !workers.start(worker)) {
      {
        std::lock_guard lock(mutex);
        worker_lost(workers.refused());
      }
      wake_everyone();
      return;
    }
    if (done) front_done.notify_one();
    else work_ready.notify_one();
  };
  const auto message = [&](std::unique_ptr<Chunk> chunk, std::size_t input, std::string text) {
    chunk->kind = Chunk::Kind::message;
    chunk->input = input;
    chunk->out.errors.push_back({0, {}, {std::move(text)}, {}});
    chunk->out.invalid = true;
    send(std::move(chunk));
  };

  const auto read_all = [&] {
    for (std::size_t input = 0; input < inputs.size(); ++input) {
      auto chunk = fresh_chunk();
      if (stop) break;
      if (names_toml_deal_file(inputs[input])) {
        chunk->kind = Chunk::Kind::toml;
        chunk->input = input;
        send(std::move(chunk));
        continue;
      }
      std::string failure;
      const int fd = open_input(inputs[input], failure);
      if (fd < 0) {
        message(std::move(chunk), input, fmt::format("{}: {}", displays[input], failure));
        continue;
      }
      LineChunker chunker(fd);
      bool any_line = false;
      if (command.dear_deals) {
        // What one read brings, handed out a line a chunk.
        LineChunk block;
        while (!stop && chunker.next(block)) {
          if (!any_line) {
            if (std::string refusal = json_document_message(displays[input], block, chunker); !refusal.empty()) {
              if (!chunk) chunk = fresh_chunk();
              message(std::move(chunk), input, std::move(refusal));
              any_line = true;
              break;
            }
          }
          any_line = true;
          for (std::size_t i = 0; i < block.lines.size() && !stop; ++i) {
            if (!chunk) chunk = fresh_chunk();
            if (stop) break;
            chunk->kind = Chunk::Kind::lines;
            chunk->input = input;
            chunk->lines.assign_line(block, block.lines[i]);
            send(std::move(chunk));
          }
        }
      } else {
        for (; !stop; chunk = fresh_chunk()) {
          chunk->kind = Chunk::Kind::lines;
          chunk->input = input;
          if (!chunker.next(chunk->lines)) break;
          if (!any_line) {
            if (std::string refusal = json_document_message(displays[input], chunk->lines, chunker); !refusal.empty()) {
              message(std::move(chunk), input, std::move(refusal));
              any_line = true;
              break;
            }
          }
          any_line = true;
          send(std::move(chunk));
        }
      }
      if (chunker.error() && !stop) message(fresh_chunk(), input, fmt::format("{}: read error", displays[input]));
      else if (!any_line && !stop)
        message(fresh_chunk(), input, fmt::format("{}: holds no deal (the file is empty or only blank lines)", displays[input]));
      if (fd != 0) ::close(fd);
      if (chunk) {
        std::lock_guard lock(mutex);
        spare.push_back(std::move(chunk));
      }
    }
    {
      std::lock_guard lock(mutex);
      reading_done = true;
    }
    wake_everyone();
  };
  WorkerThreads reader(1);
  if (!reader.start(read_all)) throw ResourceError(no_thread_message(reader.refused()));
  // An exception on the way out (no memory left to write) stops the threads before they are waited for.
  const auto stop_everyone = [&] {
    {
      std::lock_guard lock(mutex);
      stop = true;
    }
    wake_everyone();
  };
  const StopOnExit stop_on_exit{stop_everyone};

  bool all_valid = true;
  bool anything_written = false;
  // At most kMaxDiagnostics errors are shown per input, the first by position;
  // the rest are counted and said once the input's last chunk is written.
  std::vector<std::size_t> shown_errors(inputs.size()), unshown_errors(inputs.size());
  std::size_t errors_input = inputs.size();
  const auto close_errors = [&](std::size_t input) {
    if (input >= inputs.size() || unshown_errors[input] == 0) return;
    print_error(more_errors_message(unshown_errors[input], shown_errors[input]));
    unshown_errors[input] = 0;
  };
  for (;;) {
    std::unique_ptr<Chunk> chunk;
    bool refill = false;
    bool comes_back = false;
    {
      std::unique_lock lock(mutex);
      front_done.wait(lock, [&] { return (!in_flight.empty() && in_flight.front()->done) || (reading_done && in_flight.empty()); });
      if (in_flight.empty()) break;
      chunk = std::move(in_flight.front());
      in_flight.pop_front();
      refill = in_flight.size() + 1 == refill_below;
      // Counted while out of the window, so that no worker ends before its last lines are worked on.
      comes_back = chunk->unfinished();
      if (comes_back) ++coming_back;
    }
    if (refill) window_space.notify_one();
    BatchText& out = chunk->out;
    if (!stop) {
      std::string_view text = out.text;
      std::size_t written = 0;
      // The run's first output has no separator before it.
      if (!anything_written && !text.empty()) {
        written = command.separator.size();
        anything_written = true;
      }
      if (!text.empty() || !out.errors.empty()) command.before_output();
      if (chunk->input != errors_input) {
        close_errors(errors_input);
        errors_input = chunk->input;
      }
      for (const BatchText::Errors& e : out.errors) {
        if (e.at > written) output.write_safe(text.substr(written, e.at - written));
        written = std::max(written, e.at);
        // The errors are counted as found: equal ones shown once still count each.
        const std::size_t found = std::max(e.kept, e.diagnostics.size());
        const std::size_t room = kMaxDiagnostics - std::min(kMaxDiagnostics, shown_errors[chunk->input]);
        const std::size_t shown_here = std::min(room, found);
        bool any_shown = e.diagnostics.empty();
        for (std::size_t i = 0; i < e.diagnostics.size() && i < shown_here; ++i) {
          print_diagnostic(e.diagnostics[i]);
          any_shown = true;
        }
        shown_errors[chunk->input] += shown_here;
        unshown_errors[chunk->input] += found - shown_here + e.unkept;
        for (const std::string& m : e.messages) print_error(m);
        // A note goes with the errors it follows: none after errors only counted.
        if (!e.note.empty() && any_shown) print_note(e.note);
      }
      if (text.size() > written) output.write_safe(text.substr(written));
      all_valid = all_valid && !out.invalid;
      if (!command.merge(chunk->partial) || output.closed()) {
        std::lock_guard lock(mutex);
        stop = true;
        wake_everyone();
      }
    }
    out.text.clear();
    out.errors.clear();
    out.invalid = false;
    chunk->partial = Partial{};
    chunk->done = false;
    chunk->message_bytes = 0;
    if (comes_back) {
      // Its first lines are written: the rest is worked on next, still first in line.
      bool back = false;
      {
        std::lock_guard lock(mutex);
        --coming_back;
        if (!stop) {
          to_work.push_front(chunk.get());
          in_flight.push_front(std::move(chunk));
          back = true;
        }
      }
      work_ready.notify_all();
      if (back) continue;
    }
    chunk->resume = 0;
    std::lock_guard lock(mutex);
    spare.push_back(std::move(chunk));
  }
  if (!stop) close_errors(errors_input);
  // Everything is written: the workers waiting for a chunk that could come back end.
  work_ready.notify_all();
  reader.join();
  workers.join();
  if (refused) throw ResourceError(no_thread_message(refused));
  return all_valid;
}

}  // namespace belote::cli
