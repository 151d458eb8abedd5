// (j) The auction: the legal calls of a position of random legal auctions
// under each shipped family (coinche, classique, bulgare, schieber,
// klaverjas), the calls of whole auctions read and applied in process, and
// `belote deal --check` on a file of deals that give their auction (1,000,000;
// 10,000 with --smoke), each auction read from its JSON line and checked call
// by call. The file is written at the first benchmark that reads it, into a
// temporary directory, and removed at the end.
#pragma once

#include <cstdint>

namespace belote::bench {

void register_auction_benchmarks(std::uint64_t seed, std::uint64_t file_auctions);
void remove_auction_file();

}  // namespace belote::bench
