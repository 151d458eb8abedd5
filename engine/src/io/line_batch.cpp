#include "belote/line_batch.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

namespace belote {

namespace {

bool same_place_and_message(const Diagnostic& a, const Diagnostic& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message;
}

}  // namespace

Diagnostic line_too_long(const std::string& display, long line, std::string_view noun) {
  return {display, int(line), 0, fmt::format("line too long (a {} is at most {} bytes)", noun, kMaxDealLineBytes), ""};
}

Diagnostics merged_diagnostics(std::span<const Ruleset* const> rules, std::span<const Diagnostics> errors) {
  std::vector<std::pair<Diagnostic, std::vector<std::string>>> distinct;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    for (const Diagnostic& d : errors[i]) {
      auto it = std::find_if(distinct.begin(), distinct.end(), [&](const auto& e) { return same_place_and_message(e.first, d); });
      if (it == distinct.end()) it = distinct.insert(distinct.end(), {d, {}});
      it->second.push_back(rules[i]->info.name);
    }
  }
  Diagnostics merged;
  for (auto& [diagnostic, names] : distinct) {
    if (names.size() < rules.size()) {
      std::string list;
      for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
      diagnostic.message += fmt::format(" (under {} {})", names.size() == 1 ? "ruleset" : "rulesets", list);
    }
    merged.push_back(std::move(diagnostic));
  }
  std::size_t unkept = 0;
  for (const Diagnostics& e : errors) unkept = std::max(unkept, e.unkept());
  merged.add_unkept(unkept);
  return merged;
}

LineBatch::LineBatch(std::vector<const Ruleset*> rules, unsigned threads) {
  threads = std::max(1u, threads);
  for (unsigned t = 0; t < threads; ++t) {
    readers_.emplace_back(rules);
    deals_.emplace_back(rules.size());
    errors_.emplace_back(rules.size());
  }
}

bool LineBatch::read_blocks(const std::string& path, const std::function<void(std::span<const LineChunk>)>& block,
                            bool* read_error) {
  // A directory or a device is refused as every reader of lines refuses it (errno says which).
  std::string failure;
  const int fd = open_lines(path, failure);
  if (fd < 0) return false;
  // A few chunks per worker: enough to keep each busy, few enough to keep memory small.
  std::vector<LineChunk> chunks(4 * readers_.size());
  LineChunker chunker(fd);
  try {
    for (bool more = true; more;) {
      std::size_t filled = 0;
      while (filled < chunks.size() && (more = chunker.next(chunks[filled]))) ++filled;
      if (filled) block(std::span<const LineChunk>(chunks.data(), filled));
    }
  } catch (...) {
    // A caller's merge may stop the batch by throwing (a Python batch interrupted): the file is closed all the same.
    ::close(fd);
    throw;
  }
  if (read_error) *read_error = chunker.error();
  ::close(fd);
  return true;
}

}  // namespace belote
