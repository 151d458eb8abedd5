// Seats, teams and the order of play.
//
// Four seats N E S W in two teams, NS and EW. Play, dealing and speaking go
// counter-clockwise: N -> W -> S -> E -> N.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace belote {

enum class Seat : std::uint8_t { N = 0, E = 1, S = 2, W = 3 };
enum class Team : std::uint8_t { NS = 0, EW = 1 };

inline constexpr std::array<Seat, 4> kSeats{Seat::N, Seat::E, Seat::S, Seat::W};
inline constexpr std::array<Team, 2> kTeams{Team::NS, Team::EW};

constexpr int index(Seat seat) { return static_cast<int>(seat); }
constexpr int index(Team team) { return static_cast<int>(team); }
constexpr Team team_of(Seat seat) { return Team(index(seat) & 1); }
constexpr Team other(Team team) { return Team(index(team) ^ 1); }
/// The seat that plays (or speaks) after `seat`.
constexpr Seat next_in_play(Seat seat) { return Seat((index(seat) + 3) & 3); }

constexpr std::string_view name(Seat seat) {
  constexpr std::array<std::string_view, 4> names{"N", "E", "S", "W"};
  return names[index(seat)];
}
constexpr std::string_view name(Team team) { return team == Team::NS ? "NS" : "EW"; }

std::optional<Seat> parse_seat(std::string_view text);
std::optional<Team> parse_team(std::string_view text);

/// A value per team, indexed by Team.
template <class T>
struct PerTeam {
  std::array<T, 2> values{};
  constexpr T& operator[](Team team) { return values[index(team)]; }
  constexpr const T& operator[](Team team) const { return values[index(team)]; }
  friend constexpr bool operator==(const PerTeam&, const PerTeam&) = default;
};

/// A value per seat, indexed by Seat.
template <class T>
struct PerSeat {
  std::array<T, 4> values{};
  constexpr T& operator[](Seat seat) { return values[index(seat)]; }
  constexpr const T& operator[](Seat seat) const { return values[index(seat)]; }
  friend constexpr bool operator==(const PerSeat&, const PerSeat&) = default;
};

}  // namespace belote
