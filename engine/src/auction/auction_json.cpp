// An auction as JSON, through nlohmann::json.
#include "belote/auction_json.h"

#include <nlohmann/json.hpp>

#include "belote/auction_text.h"
#include "belote/json_text.h"
#include "belote/ruleset.h"

namespace belote {

namespace {

using nlohmann::json;

json call_object(const Ruleset& rules, const Call& call) {
  const AuctionRules& a = rules.auction;
  static constexpr std::string_view kTypes[] = {"pass", "bid", "double", "redouble", "take", "choose", "schieben", "unknown"};
  json out = {{"seat", std::string(name(call.seat))}, {"call", std::string(kTypes[std::size_t(call.type)])}};
  if (call.type == CallType::bid && call.bid >= 0 && call.bid < int(a.ladder.size())) {
    const LadderBid& bid = a.ladder[std::size_t(call.bid)];
    if (bid.named_bid >= 0) out["bid"] = rules.bids.named[std::size_t(bid.named_bid)].name;
    else out["bid"] = bid.value;
  }
  if ((call.type == CallType::bid || call.type == CallType::choose) && call.kind >= 0 && call.kind < int(a.kinds.size()))
    out["kind"] = a.kinds[std::size_t(call.kind)].name;
  if (call.type == CallType::double_ || call.type == CallType::redouble || call.type == CallType::take)
    out["name"] = call_text(rules, call);
  return out;
}

json legal_array(const Ruleset& rules, const LegalCalls& legal) {
  json out = json::array();
  for (const Call& call : legal.list(rules.auction)) out.push_back(call_object(rules, call));
  return out;
}

}  // namespace

std::string call_json(const Ruleset& rules, const Call& call) { return json_text(call_object(rules, call)); }

std::string auction_state_json(const Ruleset& rules, const Auction& auction) {
  json out = {{"dealer", std::string(name(auction.dealer()))},
              {"first", std::string(name(auction.first()))},
              {"calls", auction.calls()},
              {"ended", auction.ended()}};
  if (const auto outcome = auction.outcome()) {
    if (outcome->redeal) {
      out["redeal"] = {{"next_dealer", std::string(name(outcome->next_dealer))}};
    } else {
      const AuctionKind& kind = rules.auction.kinds[std::size_t(outcome->kind)];
      json contract = {{"taker", std::string(name(outcome->taker))},
                       {"team", std::string(name(team_of(outcome->taker)))},
                       {"kind", kind.name},
                       {"doubling", outcome->doubling},
                       {"forced", outcome->forced},
                       {"first_lead", std::string(name(outcome->first_lead))},
                       {"next_dealer", std::string(name(outcome->next_dealer))}};
      if (outcome->bid >= 0) {
        const LadderBid& bid = rules.auction.ladder[std::size_t(outcome->bid)];
        if (bid.named_bid >= 0) contract["bid"] = rules.bids.named[std::size_t(bid.named_bid)].name;
        else contract["bid"] = bid.value;
      }
      out["contract"] = contract;
    }
    out["legal"] = json::array();
  } else {
    out["to_speak"] = std::string(name(auction.to_speak()));
    out["legal"] = legal_array(rules, auction.legal());
    out["legal_text"] = legal_calls_text(rules, auction.legal());
  }
  return json_text(out);
}

std::string auction_error_json(const Ruleset& rules, const Auction& before, int position, const Call& call,
                               std::string_view given, AuctionRule rule) {
  json out = {{"error", "auction"}, {"position", position}, {"rule", std::string(rule_id(rule))},
              {"message", rule_sentence(rules, before, call, rule)}, {"legal", legal_array(rules, before.legal())}};
  if (rule != AuctionRule::unfinished) {
    out["call"] = call_object(rules, call);
    out["given"] = std::string(given);
  }
  return json_text(out);
}

std::string auction_answer_json(const Ruleset& rules, const AuctionReplay& replay) {
  if (replay.all_applied() || !replay.broken) return auction_state_json(rules, replay.auction);
  return auction_error_json(rules, replay.auction, replay.stopped_at, replay.call, replay.given, *replay.broken);
}

}  // namespace belote
