// Work over many deals on every core, with a result that does not depend on
// the number of threads.
//
// The index range [0, count) is cut into fixed chunks; workers take chunks in
// any order, each fills its own partial result, and the partials are merged
// strictly in chunk order. With deals made from (seed, index) (see
// random_deals.h), the merged result is the same on 1 thread or 64.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "belote/worker_threads.h"

namespace belote {

inline constexpr std::uint64_t kSampleChunk = 1 << 14;
/// Chunks of work that takes milliseconds to seconds a deal (solving with
/// best play): a deal each, so that every core gets some however few deals
/// there are, and a long one holds no other core back.
inline constexpr std::uint64_t kSlowSampleChunk = 1;

/// Threads to use by default: every core the machine reports (at least one).
inline unsigned default_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

/// For each chunk, `work(begin, end, partial)` fills a fresh Partial; then
/// `merge(partial)` is called once per chunk, in chunk order, on one thread at
/// a time. `progress(done, count)` (optional) is called after each merge.
/// `stop()` (optional) may end the run early; chunks after it are not merged.
/// `chunk_size`: fewer deals a chunk for slow work, so that every core has some.
template <class Partial>
void sample_in_chunks(std::uint64_t count, unsigned threads,
                      const std::function<void(std::uint64_t, std::uint64_t, Partial&)>& work,
                      const std::function<void(Partial&)>& merge,
                      const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
                      const std::function<bool()>& stop = {}, std::uint64_t chunk_size = kSampleChunk) {
  const std::uint64_t chunks = (count + chunk_size - 1) / chunk_size;
  threads = unsigned(std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, chunks)));
  std::atomic<std::uint64_t> next_chunk{0};
  std::atomic<bool> stopped{false};
  std::mutex mutex;
  std::condition_variable room;
  std::map<std::uint64_t, Partial> finished;  // chunks done but not yet merged
  std::uint64_t next_to_merge = 0;
  // Bound the chunks waiting for a slow earlier one, so memory stays small:
  // four a worker, and at least 64 deals a worker when the chunks are small
  // (their deals are dear, and a long one should not leave the others idle).
  const std::uint64_t window = threads * std::max<std::uint64_t>(4, 64 / chunk_size);

  const auto worker = [&] {
    for (;;) {
      const std::uint64_t chunk = next_chunk.fetch_add(1);
      if (chunk >= chunks || stopped) return;
      {
        std::unique_lock lock(mutex);
        room.wait(lock, [&] { return chunk < next_to_merge + window || stopped; });
        if (stopped) return;
      }
      Partial partial{};
      const std::uint64_t begin = chunk * chunk_size;
      work(begin, std::min(count, begin + chunk_size), partial);
      std::unique_lock lock(mutex);
      finished.emplace(chunk, std::move(partial));
      while (!stopped && !finished.empty() && finished.begin()->first == next_to_merge) {
        merge(finished.begin()->second);
        finished.erase(finished.begin());
        ++next_to_merge;
        if (progress) progress(std::min(count, next_to_merge * chunk_size), count);
        if (stop && stop()) stopped = true;
      }
      room.notify_all();
    }
  };
  // The calling thread is a worker too, so the run needs no thread the system
  // may refuse; the others help as far as they could start.
  WorkerThreads helpers(threads - 1);
  for (unsigned t = 1; t < threads; ++t)
    if (!helpers.start(worker)) break;
  worker();
  helpers.join();
}

}  // namespace belote
