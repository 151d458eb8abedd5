#include "belote/outcome_writer.h"

#include <cstring>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "belote/explanation.h"
#include "text_util.h"

namespace belote {

namespace {

// Text that JSON writes as it is, as nlohmann's dump() copies it: valid
// UTF-8 without a control byte (below 0x20), a quote or a backslash. The
// explanation's sentences ("carré", "×", "→") are such text.
bool copied_as_is(std::string_view text) {
  constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
  for (std::size_t i = 0; i < text.size();) {
    if (i + 8 <= text.size()) {
      const std::uint64_t word = word_at(text, i);
      if (((word & kHighBits) | bytes_below(word, 0x20) | bytes_equal(word, '"') | bytes_equal(word, '\\')) == 0) {
        i += 8;
        continue;
      }
    }
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      if (byte < 0x20 || byte == '"' || byte == '\\') return false;
      ++i;
      continue;
    }
    // What the JSON library rejects or replaces (overlong forms, surrogates,
    // beyond U+10FFFF) is left to it.
    const auto [c, length] = code_point(text, i);
    if (length == 1 || (length == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) ||
        (length == 4 && (c < 0x10000 || c > 0x10FFFF)))
      return false;
    i += length;
  }
  return true;
}

// Text to copy is copied; anything to escape, and bytes that are not UTF-8
// (which the library rejects), are written by the JSON library itself.
void append_string(std::string& out, std::string_view text) {
  if (copied_as_is(text)) {
    out += '"';
    out += text;
    out += '"';
  } else {
    out += nlohmann::json(std::string(text)).dump();
  }
}

std::string json_string(std::string_view text) {
  std::string out;
  append_string(out, text);
  return out;
}

void append_number(std::string& out, std::int64_t value) {
  const fmt::format_int digits(value);
  out.append(digits.data(), digits.size());
}

// A JSON object written field by field, in the order outcome_json builds it.
class ObjectText {
 public:
  explicit ObjectText(std::string& out) : out_(out) { out_ += '{'; }
  ~ObjectText() { out_ += '}'; }
  ObjectText(const ObjectText&) = delete;
  ObjectText& operator=(const ObjectText&) = delete;

  /// Writes the key (a plain name); the caller writes the value.
  std::string& key(std::string_view name) {
    out_.append(&",\""[first_], first_ ? 1 : 2);
    first_ = false;
    out_.append(name);
    out_.append("\":", 2);
    return out_;
  }
  void number(std::string_view name, std::int64_t value) { append_number(key(name), value); }
  void boolean(std::string_view name, bool value) { key(name) += value ? "true" : "false"; }
  void string(std::string_view name, std::string_view value) { append_string(key(name), value); }
  /// A value already written as JSON.
  void json(std::string_view name, std::string_view value) { key(name) += value; }
  void null(std::string_view name) { key(name) += "null"; }
  template <class T>
  void name_or_null(std::string_view name, const std::optional<T>& value) {
    if (value) string(name, belote::name(*value));
    else null(name);
  }
  void per_team(std::string_view name, const PerTeam<int>& values) {
    ObjectText teams(key(name));
    for (Team team : kTeams) teams.number(belote::name(team), values[team]);
  }

 private:
  std::string& out_;
  bool first_ = true;
};

// A seat's announcements strongest first, as strongest_first (explanation.h) orders them.
std::array<Announcement, kMaxAnnouncementsPerSeat> strongest_first_in_place(const SeatAnnouncements& seat) {
  std::array<Announcement, kMaxAnnouncementsPerSeat> sorted;
  for (int i = 0; i < seat.count; ++i) {
    // Insertion keeps equal keys in their order, as a stable sort does.
    int j = i;
    for (; j > 0 && sorted[j - 1].key < seat.items[i].key; --j) sorted[j] = sorted[j - 1];
    sorted[j] = seat.items[i];
  }
  return sorted;
}

}  // namespace

OutcomeWriter::OutcomeWriter(const Ruleset& rules, OutcomeDetail detail)
    : rules_(rules), detail_(detail), ruleset_(json_string(rules.info.name)) {
  const Deck& deck = rules.deck;
  for (Suit s = 0; s < kSuitCount; ++s) {
    suits_[s] = json_string(deck.suits[s]);
    for (Rank r = 0; r < deck.rank_count(); ++r) cards_[make_card(s, r)] = json_string(deck.card_name(make_card(s, r)));
  }
  for (Rank r = 0; r < deck.rank_count(); ++r) carres_[r] = json_string(announcement_kind(rules, Announcement{true, 0, r, 4, 0, 0}));
  for (const NamedBid& bid : rules.bids.named) named_bids_.push_back(json_string(bid.name));
  for (const DoublingLevel& level : rules.doubling) doublings_.push_back(json_string(level.name));
  for (int length = 1; length <= deck.rank_count(); ++length)
    sequences_[length] = json_string(announcement_kind(rules, Announcement{false, 0, Rank(length - 1), std::uint8_t(length), 0, 0}));
}

void OutcomeWriter::append(std::string& out, const Deal& deal, const Outcome& outcome) const {
  out.reserve(out.size() + (detail_ == OutcomeDetail::full ? 4096 : 1024));
  ObjectText j(out);
  if (deal.id.empty()) j.null("id");
  else j.string("id", deal.id);
  j.json("ruleset", ruleset_);
  j.boolean("void", outcome.is_void);
  j.string("taker", name(deal.taker));
  const ContractKind& kind = rules_.kinds[deal.kind];
  j.string("kind", kind.name);
  if (kind.trumps == Trumps::one_suit) j.json("trump", suits_[deal.trump]);
  else j.null("trump");
  if (!rules_.bids.any()) j.null("bid");
  else if (deal.named_bid >= 0) j.json("bid", named_bids_[std::size_t(deal.named_bid)]);
  else j.number("bid", deal.bid);
  if (deal.doubling) j.json("doubling", doublings_[deal.doubling - 1u]);
  else j.null("doubling");
  if (outcome.is_void) j.null("winner");
  else j.name_or_null("winner", outcome.winner);
  if (outcome.contract == ContractResult::none) j.null("contract");
  else j.string("contract", contract_name(outcome.contract));
  j.per_team("score", outcome.score);
  j.number("suspended", outcome.suspended);
  j.number("held_over_in", outcome.held_in);
  j.name_or_null("held_over_to", outcome.held_to);
  j.name_or_null("belote", outcome.belote_seat);
  j.name_or_null("belote_team", outcome.belote_team);
  {
    std::string& seats = j.key("belotes");
    seats += '[';
    bool first = true;
    for (Seat seat : kSeats)
      for (int k = 0; k < outcome.belotes[seat]; ++k) {
        if (!first) seats += ',';
        first = false;
        append_string(seats, name(seat));
      }
    seats += ']';
  }
  {
    ObjectText seats(j.key("announcements"));
    for (Seat seat : kSeats) {
      const SeatAnnouncements& mine = outcome.announcements[seat];
      std::string& list = seats.key(name(seat));
      list += '[';
      const auto sorted = strongest_first_in_place(mine);
      for (int i = 0; i < mine.count; ++i) {
        const Announcement& a = sorted[i];
        if (i) list += ',';
        ObjectText item(list);
        item.json("name", a.carre ? carres_[a.top] : sequences_[a.length]);
        std::string& cards = item.key("cards");
        cards += '[';
        for (CardSet set = a.cards(); set;) {
          cards += cards_[pop_lowest(set)];
          if (set) cards += ',';
        }
        cards += ']';
        item.number("points", a.points);
      }
      list += ']';
    }
  }
  {
    ObjectText seats(j.key("announced"));
    for (Seat seat : kSeats) seats.number(name(seat), outcome.announcements[seat].points);
  }
  j.per_team("scored_announcements", outcome.scored_announcements);
  j.per_team("card_points", outcome.card_points);
  j.name_or_null("capot", outcome.capot);
  j.per_team("contract_totals", outcome.contract_totals);
  j.number("contract_value", outcome.contract_value);
  j.number("factor", outcome.factor);
  j.per_team("before_rounding", outcome.written_raw);
  if (detail_ == OutcomeDetail::compact) return;
  std::string& steps = j.key("explanation");
  steps += '[';
  // Reused from outcome to outcome on each thread: the steps' texts cost no allocation.
  thread_local StepBuffer explained;
  explained.clear();
  explain_into(rules_, deal, outcome, SuitStyle::letter, explained);
  for (std::size_t i = 0; i < explained.size(); ++i) {
    if (i) steps += ',';
    ObjectText item(steps);
    item.string("step", step_name(explained.kind(i)));
    item.string("text", explained.text(i));
  }
  steps += ']';
}

void append_outcome_json(std::string& out, const Ruleset& rules, const Deal& deal, const Outcome& outcome,
                         OutcomeDetail detail) {
  OutcomeWriter(rules, detail).append(out, deal, outcome);
}

}  // namespace belote
