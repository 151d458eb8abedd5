// JSON lines of deals for the tests that compare two ways of doing one thing
// (the fast and the precise JSON Lines readers, the outcome writers, the
// batch commands and the reference path): valid deals in every form and
// spelling a user may write, and broken copies of them.
#pragma once

#include <cstdint>
#include <string>

#include <belote/belote.h>

namespace belote::test {

/// Valid deal number `index` of a seed, as a JSON line, in one of the forms
/// and spellings the readers accept: the four hands (as strings or arrays,
/// tokens in any case, T or 10, letters or symbols, keys in any order, with
/// or without id and first), the announcements as declared (by kind and top
/// card or by cards) with the belote's seats, or the points each team scores
/// for its announcements; the contract's kind, bid and doubling in any case,
/// a kind by an alias or by its trump alone, held-over points at times.
std::string deal_line_in_any_form(const Ruleset& rules, std::uint64_t seed, std::uint64_t index);

/// Deal number `index` of a seed that gives its auction and not its contract:
/// the hands (spelt in any way) and the result of a random deal, its card
/// points those of the contract's kind, and a random auction of legal calls
/// under the ruleset's [auction] (a dealer, at times a first speaker, the
/// turned suits where it turns a card, calls in any case, at times with
/// their seat). At times the auction ends in a redeal or is left unfinished,
/// or the line also gives a key of the contract. The ruleset states an auction.
std::string deal_line_with_auction(const Ruleset& rules, std::uint64_t seed, std::uint64_t index);

/// `line` broken in one of many ways (a byte cut, added, changed or moved, a
/// key repeated or renamed, a value of another type, a bad card, sums off,
/// an escape...), drawn from the seed and index. It may still be valid.
std::string mutated_line(const std::string& line, std::uint64_t seed, std::uint64_t index);

}  // namespace belote::test
