// Benchmarks that run the `belote` program itself, one run an iteration, its
// output thrown away: the wall clock of the run, with the program's own CPU
// time an item (all its threads) as the counter cpu_ns_per_deal.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace belote::bench {

/// Runs the program with `args`; its CPU time in seconds, or a negative number if it failed.
double run_program(const std::vector<std::string>& args);

/// One run of the program an iteration over `items` items (deals, auctions);
/// `prepare` (optional) runs before the first, to write the file it reads.
void register_program(std::string_view name, std::vector<std::string> args, std::uint64_t items,
                      std::function<void()> prepare = {});

}  // namespace belote::bench
