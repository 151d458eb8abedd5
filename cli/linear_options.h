// The command line parsed in time linear in its words.
//
// Boost's command-line parser takes each word off the front of a vector, so
// its time grows with the square of the words: 32,000 calls given to `belote
// auction` took 3.6 s, 32,000 `--rulesets-dir` 26 s. The words are cut into
// short slices, each parsed by Boost, at places where parsing them apart
// gives the options parsing them together gives; the operands are then named
// by their place over the whole line, as Boost names them.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace belote::cli {

/// What boost::program_options::command_line_parser(words).options(options)
/// .positional(positional).run() gives, errors included.
boost::program_options::parsed_options parse_words(const std::vector<std::string>& words,
                                                   const boost::program_options::options_description& options,
                                                   const boost::program_options::positional_options_description& positional);

}  // namespace belote::cli
