// A mène entered as its auction, call by call, where the ruleset states one
// (belote.describe's `auction`): the dealer (the seat the sheet's last
// auction passed the deal to), the turned card in a turned-card auction,
// the calls made so far, and buttons for the legal calls only, as the
// engine answers them (belote.auction, `belote auction --format json`).
// Once the auction has ended it says the contract, or the redeal.
'use strict';

class AuctionPanel {
  /**
   * ask(auction): the engine's answer for {dealer, turned, calls};
   * onChange(): called when the auction's end changes (contract, redeal, none yet).
   */
  constructor({ ask, onChange }) {
    this.ask = ask;
    this.onChange = onChange;
    this.calls = [];   // as the engine reads them
    this.labels = [];  // as the page shows them, with the seat that called
    this.made = [];    // as the engine offered them: {seat, call, kind, bid, name}
    this.answer = null;
  }

  /** The fieldset for a ruleset's description; `dealer` is the seat that deals, where the sheet knows it. */
  build(description, teams, dealer) {
    this.description = description;
    this.teams = teams;
    this.calls = [];
    this.labels = [];
    this.made = [];
    this.answer = null;
    const seatOptions = Ui.seats.map((s) => ({ value: s, label: `${s} — ${teams[Ui.teamOf(s)]}` }));
    const mode = (value, label, checked) => Ui.el('label', { class: 'choice' },
      Ui.el('input', { type: 'radio', name: 'm-auction-mode', id: `m-auction-mode-${value}`, value, checked,
        onchange: () => this.setMode(value) }), ` ${label}`);
    const dealerSelect = Ui.el('select', { id: 'm-dealer', onchange: () => this.restart() });
    Ui.fillSelect(dealerSelect, seatOptions, dealer || 'N');
    const turnedCard = description.auction.style === 'turned-card';
    const turnedSelect = turnedCard ? Ui.el('select', { id: 'm-turned', onchange: () => this.restart() }) : null;
    if (turnedSelect) Ui.fillSelect(turnedSelect, description.deck.suits.map((s) => ({ value: s.letter, label: s.symbol })));
    this.body = Ui.el('div', { id: 'm-auction-calls', hidden: true },
      Ui.el('div', { class: 'grid2' },
        Ui.el('div', { class: 'field' }, Ui.el('label', { for: 'm-dealer', text: 'Dealer' }), dealerSelect),
        turnedSelect ? Ui.el('div', { class: 'field' }, Ui.el('label', { for: 'm-turned', text: 'Turned card' }), turnedSelect) : null),
      Ui.el('ol', { id: 'm-calls', class: 'calls', 'aria-label': 'Calls made' }),
      Ui.el('p', { id: 'm-auction-state', class: 'computed', 'aria-live': 'polite' }),
      Ui.el('div', { id: 'm-call-buttons', class: 'buttons', role: 'group', 'aria-label': 'Legal calls' }),
      Ui.el('div', { class: 'buttons' },
        Ui.el('button', { type: 'button', class: 'secondary', id: 'm-call-undo', text: 'Undo the last call', onclick: () => this.undo() })));
    this.fieldset = Ui.el('fieldset', { id: 'm-auction' }, Ui.el('legend', { text: 'Contract' }),
      Ui.el('div', { class: 'buttons', role: 'radiogroup', 'aria-label': 'How the contract is entered' },
        mode('contract', 'as taken', true), mode('calls', 'as its auction, call by call')),
      this.body);
    return this.fieldset;
  }

  /** The seat that deals now (the sheet changed): taken while no call is made. */
  follow(dealer) {
    const select = Ui.byId('m-dealer');
    if (!dealer || !select || this.calls.length || select.value === dealer) return;
    select.value = dealer;
    if (this.entering()) this.refresh();
  }

  /** Whether the mène is entered as its auction. */
  entering() {
    return Boolean(this.fieldset) && !this.body.hidden;
  }

  setMode(value) {
    this.body.hidden = value !== 'calls';
    if (this.entering()) this.refresh();
    else this.onChange();
  }

  /** The auction as a mène gives it: {dealer, turned, calls}. */
  value() {
    const auction = { dealer: Ui.byId('m-dealer').value, calls: this.calls.slice() };
    if (Ui.byId('m-turned')) auction.turned = Ui.byId('m-turned').value;
    return auction;
  }

  /** How the auction ended: {contract} or {redeal}, or null while it goes on. */
  ended() {
    if (!this.entering() || !this.answer || !this.answer.ended) return null;
    return this.answer.contract ? { contract: this.answer.contract } : { redeal: this.answer.redeal };
  }

  /** What keeps the mène from being added, in the player's words, or ''. */
  problem() {
    if (!this.entering() || this.ended()) return '';
    const toSpeak = this.answer && this.answer.to_speak;
    return `The auction has not ended${toSpeak ? `: ${toSpeak} (${this.teams[Ui.teamOf(toSpeak)]}) to speak` : ''}.`;
  }

  restart() {
    this.calls = [];
    this.labels = [];
    this.made = [];
    this.refresh();
  }

  undo() {
    this.calls.pop();
    this.labels.pop();
    this.made.pop();
    this.refresh();
  }

  call(legal) {
    this.calls.push(AuctionPanel.text(legal));
    this.labels.push(`${legal.seat} ${this.callLabel(legal)}`);
    this.made.push(legal);
    this.refresh();
  }

  /**
   * Where the auction stands while it goes on: the seat holding the highest
   * call so far, what it names, its bid and the doubling on it
   * ({taker, kind, bid, doubling}), or null before anyone has bid or taken.
   */
  standing() {
    let held = null;
    for (const call of this.made) {
      if (call.call === 'bid') held = { taker: call.seat, kind: call.kind, bid: call.bid, doubling: 0 };
      else if (call.call === 'take') held = { taker: call.seat, kind: Ui.byId('m-turned') ? Ui.byId('m-turned').value : null, doubling: 0 };
      else if (call.call === 'choose') held = { taker: call.seat, kind: call.kind, doubling: 0 };
      else if (held && call.call === 'double') held.doubling = 1;
      else if (held && call.call === 'redouble') held.doubling = 2;
    }
    return held;
  }

  // Asks the engine where the auction stands and shows it: the calls, then the legal ones or its end.
  refresh() {
    let reply = this.ask(this.value());
    if (!reply.done) {
      // Calls that no longer hold are dropped (only legal calls are offered, so this is a safeguard).
      this.calls = [];
      this.labels = [];
      this.made = [];
      reply = this.ask(this.value());
    }
    this.answer = reply.answer;
    Ui.byId('m-calls').replaceChildren(...this.labels.map((label) => Ui.el('li', { text: label })));
    Ui.byId('m-call-undo').disabled = this.calls.length === 0;
    Ui.setText(Ui.byId('m-auction-state'), this.stateText());
    this.showLegal(this.answer.ended ? [] : this.answer.legal);
    MeneErrors.mark(Ui.byId('m-auction-state'), '');
    this.onChange();
  }

  stateText() {
    const a = this.answer;
    const seat = (s) => `${s} (${this.teams[Ui.teamOf(s)]})`;
    if (!a.ended) return `${seat(a.to_speak)} to speak.`;
    if (a.redeal) return `Everybody passed: the cards are dealt again; ${seat(a.redeal.next_dealer)} deals next.`;
    const c = a.contract;
    const doubling = c.doubling ? `, ${this.description.doubling[c.doubling - 1].name}` : '';
    const bid = c.bid === undefined ? '' : `${Ui.spoken(c.bid)} `;
    const forced = c.forced ? ' (everybody passed: the choice was forced)' : '';
    return `Contract: ${seat(c.taker)} takes ${bid}${this.kindLabel(c.kind)}${doubling}${forced}; ${c.first_lead} leads; `
      + `${c.next_dealer} deals next.`;
  }

  // The legal calls: a button each, but bids, which are many (coinche: 8 values × 6 kinds), in one list.
  showLegal(legal) {
    const bids = legal.filter((c) => c.call === 'bid');
    const others = legal.filter((c) => c.call !== 'bid');
    const buttons = others.map((c) => Ui.el('button', { type: 'button', class: 'secondary call', 'data-call': AuctionPanel.text(c),
      text: this.callLabel(c), onclick: () => this.call(c) }));
    const holder = Ui.byId('m-call-buttons');
    holder.replaceChildren(...buttons);
    if (bids.length === 0) return;
    const list = Ui.el('select', { id: 'm-bid-call', 'aria-label': 'Bid' });
    Ui.fillSelect(list, bids.map((c, i) => ({ value: String(i), label: this.callLabel(c) })));
    [...list.options].forEach((option, i) => { option.dataset.call = AuctionPanel.text(bids[i]); });
    holder.append(list, Ui.el('button', { type: 'button', class: 'secondary call', id: 'm-bid-call-submit', text: 'Bid',
      onclick: () => this.call(bids[Number(list.value)]) }));
  }

  /** A call as `belote auction` reads it: "pass", "100 H", "capot S", "H" (Bulgarian), "coinche", "choose S". */
  static text(call) {
    switch (call.call) {
      case 'bid': return call.bid === undefined ? call.kind : `${call.bid} ${call.kind}`;
      case 'double': case 'redouble': return call.name;
      case 'choose': return `choose ${call.kind}`;
      default: return call.call;
    }
  }

  /** A call as the page shows it: suits with their symbols. */
  callLabel(call) {
    switch (call.call) {
      case 'bid': return call.bid === undefined ? this.kindLabel(call.kind) : `${Ui.spoken(call.bid)} ${this.kindLabel(call.kind)}`;
      case 'double': case 'redouble': return call.name;
      case 'choose': return `choose ${this.kindLabel(call.kind)}`;
      default: return call.call;
    }
  }

  /** The place in the description's contracts of the contract a kind of call makes, or null. */
  contractOf(name) {
    const kind = this.description.auction.kinds.find((k) => k.name === name);
    return kind ? kind.contract : null;
  }

  /** A kind a call names, as the form labels the contract it makes (♥, sans-atout). */
  kindLabel(name) {
    const contract = this.contractOf(name);
    return contract !== null ? this.description.contracts[contract].label : name;
  }
}
