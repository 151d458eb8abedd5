// How engine values print in test failure messages (Boost.Test needs operator<<).
#pragma once

#include <belote/belote.h>

#include <optional>
#include <ostream>

namespace belote {

inline std::ostream& operator<<(std::ostream& out, Seat seat) { return out << name(seat); }
inline std::ostream& operator<<(std::ostream& out, Team team) { return out << name(team); }
inline std::ostream& operator<<(std::ostream& out, ContractResult result) { return out << contract_name(result); }
inline std::ostream& operator<<(std::ostream& out, const PerTeam<int>& points) {
  return out << "NS " << points[Team::NS] << ", EW " << points[Team::EW];
}
inline std::ostream& operator<<(std::ostream& out, GameDecision decision) { return out << int(decision); }
inline std::ostream& operator<<(std::ostream& out, const std::optional<Seat>& seat) {
  return seat ? out << *seat : out << "nobody";
}
inline std::ostream& operator<<(std::ostream& out, const std::optional<Team>& team) {
  return team ? out << *team : out << "nobody";
}

}  // namespace belote
