#include "belote/ruleset.h"

#include <algorithm>

namespace belote {

int SequenceRules::shortest() const {
  for (std::size_t length = 0; length < points_by_length.size(); ++length)
    if (!names_by_length[length].empty()) return int(length);
  return 0;
}

int SequenceRules::longest() const {
  for (std::size_t length = points_by_length.size(); length-- > 0;)
    if (!names_by_length[length].empty()) return int(length);
  return 0;
}

int SequenceRules::entry_for(int length) const {
  if (length < shortest()) return 0;
  return std::min(length, longest());
}

std::string Ruleset::kind_name(AnnouncementKind kind) const {
  if (kind.carre) return "carre-" + deck.rank_name(Rank(kind.value));
  return sequences.names_by_length[kind.value];
}

bool Ruleset::same_conventions(const Ruleset& other) const {
  return deck == other.deck && sequences == other.sequences && carres == other.carres &&
         belote == other.belote && announcements == other.announcements &&
         contract == other.contract && game == other.game;
}

}  // namespace belote
