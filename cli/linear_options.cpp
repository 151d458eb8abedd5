#include "linear_options.h"

#include <climits>

namespace belote::cli {

namespace po = boost::program_options;

namespace {

// Words parsed together at the least: a slice's cost is the square of its words.
constexpr std::size_t kSliceWords = 64;

// A word Boost reads as an operand (or as an option's value), not as an option: "-" is standard input.
bool operand_like(const std::string& word) { return word.size() < 2 || word[0] != '-'; }

// The option a word names, as Boost finds it (a long option by a prefix of its name), or nullptr
// for a value, an unknown or ambiguous name, or short options grouped in one word.
const po::option_description* named_option(const std::string& word, const po::options_description& options) {
  try {
    if (word.starts_with("--")) return options.find_nothrow(word.substr(2, word.find('=') - 2), true);
    if (word.size() == 2) return options.find_nothrow(word, false);
  } catch (const po::error&) {
  }
  return nullptr;
}

}  // namespace

po::parsed_options parse_words(const std::vector<std::string>& words, const po::options_description& options,
                               const po::positional_options_description& positional) {
  // Boost's own result for no word, for what it says of the style (the prefix its messages give options).
  po::parsed_options all = po::command_line_parser(std::vector<std::string>{}).options(options).run();
  std::vector<std::string> slice;
  const auto parse_slice = [&] {
    if (slice.empty()) return;
    po::parsed_options part = po::command_line_parser(slice).options(options).run();
    for (po::option& option : part.options) all.options.push_back(std::move(option));
    slice.clear();
  };
  // A cut is safe before a word naming an option (never taken as a value:
  // Boost would refuse it as missing its value either way), and between two
  // operands when the last option named takes a fixed count of at most one
  // value (an option taking more would take the operands after it). After
  // "--" every word is an operand, and nothing is cut.
  bool operands_cut = true;
  bool terminated = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    const po::option_description* option = operand_like(word) ? nullptr : named_option(word, options);
    if (slice.size() >= kSliceWords && !terminated &&
        (option || (operands_cut && operand_like(word) && operand_like(words[i - 1]))))
      parse_slice();
    slice.push_back(word);
    if (word == "--") terminated = true;
    if (!operand_like(word)) {
      const po::value_semantic* semantic = option ? option->semantic().get() : nullptr;
      operands_cut = semantic && semantic->min_tokens() == semantic->max_tokens() && semantic->max_tokens() <= 1;
    }
  }
  parse_slice();
  // Each slice numbered its operands from 0: named here by their place on the whole line.
  unsigned position = 0;
  for (po::option& option : all.options) {
    if (!option.string_key.empty()) continue;
    if (position >= positional.max_total_count()) throw po::too_many_positional_options_error();
    option.string_key = positional.name_for_position(position);
    option.position_key = int(position++);
  }
  return all;
}

}  // namespace belote::cli
