// The form for one mène, built from the engine's description of the ruleset
// (belote.describe): what a mène may name to say what it is played in, its
// bid and doubling, the card points of each kind, a capot by team or by seat,
// the announcements by their names in this ruleset, the belote; or, where the
// ruleset states its auction, the contract as the calls that made it
// (AuctionPanel), a redeal included. Reading it gives the keys of a [[mene]]
// table (docs/sheet.md).
'use strict';

class MeneForm {
  /** askAuction(ruleset, auction): the engine's answer for an auction so far (belote.auction). */
  constructor(form, { onSubmit, askAuction }) {
    this.form = form;
    this.onSubmit = onSubmit;
    this.askAuction = askAuction;
    this.byAuction = Ui.load('belote.byAuction', false); // the way the last mène's contract was entered, kept for the next (and across reloads)
    this.declared = { N: [], E: [], S: [], W: [] };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const added = this.addPending();
      this.onSubmit(this.read(), { added, problems: this.problems() });
    });
  }

  /** Builds the form for a ruleset's description and the teams' names; `dealer`: who deals, where the sheet knows it. */
  render(description, teams, { dealer } = {}) {
    this.description = description;
    this.teams = teams;
    const previousTaker = this.form.elements['m-taker'] ? this.form.elements['m-taker'].value : 'N';
    const seatLabel = (seat) => `${seat} — ${teams[Ui.teamOf(seat)]}`;
    const seatOptions = Ui.seats.map((s) => ({ value: s, label: seatLabel(s) }));
    const teamOptions = ['NS', 'EW'].map((t) => ({ value: t, label: `${teams[t]} (${t})` }));
    const select = (id, label, options, attributes) => {
      const node = Ui.el('select', Object.assign({ id, name: id }, attributes));
      Ui.fillSelect(node, options);
      return Ui.el('div', { class: 'field' }, Ui.el('label', { for: id, text: label }), node);
    };
    const number = (id, label, attributes) => Ui.el('div', { class: 'field' }, Ui.el('label', { for: id, text: label }),
      Ui.el('input', Object.assign({ id, name: id, type: 'number', inputmode: 'numeric', min: 0 }, attributes)));

    // What the mène is played in: a trump suit, or a kind the ruleset names (with its trump where it has one).
    // A suit's symbol comes with what the sheet file writes for it (♠ (trump S)); a kind's name says it all.
    const keysText = (c) => Object.entries(c.keys).map(([key, value]) => `${key} ${value}`).join(', ');
    const contractText = (c) => (c.label === c.keys.kind ? c.label : `${c.label} (${keysText(c)})`);
    const contracts = description.contracts.map((c, i) => ({ value: String(i), label: contractText(c) }));
    const onlyTrumps = description.contracts.every((c) => Object.keys(c.keys).join() === 'trump');
    const contractLabel = onlyTrumps ? 'Trump' : 'Played in';
    // The bid and the doubling, each where the ruleset has it; a bid is required then.
    const bid = description.bids.length === 0 ? null
      : select('m-bid', 'Bid', [{ value: '', label: 'choose the bid' },
        ...description.bids.map((b, i) => ({ value: String(i), label: MeneForm.bidLabel(b) }))]);
    const doubling = description.doubling.length === 0 ? null : select('m-doubling', 'Doubling',
      [{ value: '', label: 'not doubled' }, ...description.doubling.map((d) => ({ value: d.name, label: `${d.name} (×${d.factor})` }))]);
    const bidFields = bid || doubling ? Ui.el('div', { class: 'grid2' }, bid, doubling) : null;
    // A capot goes to a team, or to the one player who took every trick where a bid asks for that.
    const bySeat = description.bids.some((b) => b.capot_names_seat);
    const capotOptions = [{ value: '', label: 'no capot' }, ...teamOptions,
      ...(bySeat ? Ui.seats.map((s) => ({ value: s, label: `${seatLabel(s)}, alone` })) : [])];

    this.declared = { N: [], E: [], S: [], W: [] };
    // Where the ruleset states its auction, the contract may be entered as its calls.
    this.auction = description.auction && this.askAuction
      ? new AuctionPanel({ ask: (auction) => this.askAuction(description.name, auction), onChange: () => this.followAuction() })
      : null;
    this.form.replaceChildren(
      this.auction ? this.auction.build(description, teams, dealer) : null,
      Ui.el('div', { class: 'mene-columns', id: 'm-played' },
        Ui.el('div', {},
          Ui.el('div', { class: 'grid2' },
            // Without a contract (Schieber) the taker only chooses what the mène is played in.
            select('m-taker', description.contract_test === 'none' ? 'Chose what is played' : 'Taker', seatOptions),
            select('m-contract', contractLabel, contracts)),
          bidFields,
          Ui.el('div', { class: 'points-row' },
            select('m-points-team', 'Card points of', teamOptions),
            number('m-points', 'Card points (with the last trick)', { max: 1000 })),
          Ui.el('p', { id: 'm-points-other', class: 'computed', 'aria-live': 'polite' }),
          // Roem is counted from each trick's cards, where the ruleset counts it (klaverjas): each team's own.
          description.roem ? Ui.el('fieldset', { id: 'm-roem' }, Ui.el('legend', { text: 'Roem (from the tricks each team won, the pit aside)' }),
            Ui.el('div', { class: 'grid2' }, ['NS', 'EW'].map((t) => number(`m-roem-${t}`, `Roem of ${teams[t]} (${t})`, { max: 2000 })))) : null,
          select('m-capot', bySeat ? 'Capot (every trick to one team, or to one player alone)' : 'Capot (every trick to one team)',
            capotOptions),
          Ui.el('details', {},
            Ui.el('summary', { text: 'Tricks and first speaker (only when they matter)' }),
            number('m-tricks', 'Tricks taken by the team above (empty: from the points)', { max: description.deck.hand_size }),
            select('m-first', 'First to speak (breaks an exact tie where the ruleset says so)', seatOptions))),
        Ui.el('div', {},
          this.announcementFields(description),
          // Where every suit holds a belote (all trumps) several players may each hold one, or one player two.
          select('m-belote', 'Belote', [{ value: '', label: 'nobody' }, ...seatOptions]),
          [2, 3, 4].map((n) => select(`m-belote-${n}`, `Another belote (${MeneForm.ordinal(n)})`,
            [{ value: '', label: 'nobody' }, ...seatOptions])))),
      Ui.el('button', { id: 'm-submit', type: 'submit', text: 'Add the mène' }));

    const elements = this.form.elements;
    elements['m-taker'].value = previousTaker;
    // A choice holding a team's name is written out in full under its select where the select cuts it.
    for (const id of ['m-taker', 'm-points-team', 'm-capot', 'm-first', 'm-belote', 'm-belote-2', 'm-belote-3', 'm-belote-4', 'm-dealer']) {
      if (elements[id] || Ui.byId(id)) Ui.showFullChoice(elements[id] || Ui.byId(id));
    }
    for (const details of this.form.querySelectorAll('details')) details.addEventListener('toggle', () => Ui.showFullChoices(details));
    for (const id of ['m-points', 'm-points-team', 'm-contract', 'm-capot']) elements[id].addEventListener('input', () => this.showOther());
    elements['m-contract'].addEventListener('input', () => this.offerDeclared());
    for (const id of ['m-belote', 'm-belote-2', 'm-belote-3']) elements[id].addEventListener('input', () => this.offerBelotes());
    elements['m-tricks'].addEventListener('input', () => this.checkTricks());
    this.showOther();
    this.offerDeclared();
    if (this.auction && this.byAuction) {
      Ui.byId('m-auction-mode-calls').checked = true;
      this.auction.setMode('calls');
    }
  }

  /** The seat that deals now, where the sheet knows it (after an undo, say). */
  followDealer(dealer) {
    if (this.auction) this.auction.follow(dealer);
  }

  // The contract the auction made is shown in the fields it fills, which the auction alone decides;
  // a redeal has nothing else to enter.
  followAuction() {
    this.followAuctionFields();
    Ui.showFullChoices(this.form);
  }

  followAuctionFields() {
    const e = this.form.elements;
    const entering = this.auction.entering();
    this.byAuction = entering;
    Ui.save('belote.byAuction', entering);
    for (const id of ['m-taker', 'm-contract', 'm-bid', 'm-doubling', 'm-first']) if (e[id]) e[id].disabled = entering;
    const ended = this.auction.ended();
    Ui.byId('m-played').hidden = Boolean(ended && ended.redeal);
    Ui.setText(Ui.byId('m-submit'), ended && ended.redeal ? 'Record the redeal' : 'Add the mène');
    if (!entering) {
      // Back to the contract as taken: a taker left blank by an auction without a bid is N again.
      if (e['m-taker'].selectedIndex < 0) e['m-taker'].value = 'N';
      return;
    }
    if (ended && ended.redeal) return;
    // The locked fields show where the auction stands as it goes on (taker and bid follow each call),
    // then the contract it made.
    const c = ended ? ended.contract : this.auction.standing();
    if (!c) {
      e['m-taker'].selectedIndex = -1;
      if (e['m-bid']) e['m-bid'].value = '';
      if (e['m-doubling']) e['m-doubling'].value = '';
      return;
    }
    e['m-taker'].value = c.taker;
    const contract = c.kind ? this.auction.contractOf(c.kind) : null;
    if (contract !== null && e['m-contract'].value !== String(contract)) {
      e['m-contract'].value = String(contract);
      e['m-contract'].dispatchEvent(new Event('input'));
    }
    if (e['m-bid']) e['m-bid'].value = c.bid === undefined ? '' : String(this.description.bids.findIndex((b) => b.bid === c.bid));
    if (e['m-doubling']) e['m-doubling'].value = c.doubling ? this.description.doubling[c.doubling - 1].name : '';
  }

  static ordinal(n) {
    return { 2: 'second', 3: 'third', 4: 'fourth' }[n];
  }

  /** A bid as the form offers it: a number, or a named bid with its value and what it needs. */
  static bidLabel(bid) {
    if (typeof bid.bid === 'number') return String(bid.bid);
    const needs = { 'every-trick': ': every trick', 'taker-every-trick': ': every trick to the taker alone' }[bid.needs] || '';
    return `${Ui.spoken(bid.bid)} (${bid.value}${needs})`;
  }

  announcementFields(description) {
    const kinds = [
      ...description.announcements.sequences.map((s) => ({ value: `seq:${s.length}`, label: `${s.name} (${s.points})`, name: s.name })),
      ...(description.announcements.carres.length ? [{ value: 'carre', label: 'carré', name: 'carre' }] : []),
    ];
    this.kindNames = Object.fromEntries(kinds.map((k) => [k.value, k.name]));
    const bySeat = Ui.el('div', { id: 'm-by-seat' }, Ui.seats.map((seat) => this.seatPicker(seat, kinds)));
    const byTeam = Ui.el('div', { id: 'm-by-team', class: 'grid2', hidden: true }, ['NS', 'EW'].map((team) =>
      Ui.el('div', { class: 'field' }, Ui.el('label', { for: `m-team-ann-${team}`, text: `${this.teams[team]} (${team}) writes` }),
        Ui.el('input', { id: `m-team-ann-${team}`, type: 'number', min: 0, inputmode: 'numeric' }))));
    const mode = (value, label, checked) => Ui.el('label', { class: 'choice' },
      Ui.el('input', { type: 'radio', name: 'm-ann-mode', value, checked, onchange: () => {
        bySeat.hidden = value !== 'seat';
        byTeam.hidden = value !== 'team';
      } }), ` ${label}`);
    return Ui.el('fieldset', {}, Ui.el('legend', { text: 'Announcements' }),
      Ui.el('div', { class: 'buttons', role: 'radiogroup', 'aria-label': 'Announcements given' },
        mode('seat', 'as declared, by player', true), mode('team', 'as a team total')),
      bySeat, byTeam);
  }

  // One player's announcements: a kind, its top card (or the carré's rank), and "Add".
  seatPicker(seat, kinds) {
    const d = this.description;
    const id = (part) => `m-ann-${seat}-${part}`;
    // Nothing is chosen at first, so that a choice left there is one the player made (see addPending).
    const kind = Ui.el('select', { id: id('kind') });
    Ui.fillSelect(kind, [{ value: '', label: 'none' }, ...kinds]);
    const rank = Ui.el('select', { id: id('rank') });
    const suit = Ui.el('select', { id: id('suit') });
    Ui.fillSelect(suit, d.deck.suits.map((s) => ({ value: s.letter, label: s.symbol })));
    const chips = Ui.el('ul', { class: 'chips', id: id('list'), 'aria-label': `${seat}'s announcements` });
    const rankLabel = Ui.el('label', { for: id('rank'), text: 'Top card' });
    const ranksFor = () => {
      Ui.setText(rankLabel, kind.value === 'carre' ? 'Rank' : 'Top card');
      rank.disabled = kind.value === '';
      if (kind.value === '') {
        suit.disabled = true;
        return [];
      }
      if (kind.value === 'carre') {
        suit.disabled = true;
        return d.announcements.carres.map((c) => ({ value: c.rank, label: `${c.rank} (${c.points}${c.voids_deal ? ', voids the deal' : ''})` }));
      }
      suit.disabled = false;
      const length = Number(kind.value.split(':')[1]);
      return d.deck.ranks.slice(length - 1).map((r) => ({ value: r, label: `to ${r}` }));
    };
    kind.addEventListener('change', () => Ui.fillSelect(rank, ranksFor()));
    Ui.fillSelect(rank, ranksFor());
    const add = Ui.el('button', { type: 'button', class: 'secondary', id: id('add'), text: 'Add',
      'aria-label': `Add to ${seat}'s announcements`, onclick: () => this.addChosen(seat) });
    return Ui.el('div', { class: 'seat-announcements' },
      Ui.el('div', { class: 'announcement-picker' },
        Ui.el('div', { class: 'field' }, Ui.el('label', { for: id('kind'), text: `${seat} (${this.teams[Ui.teamOf(seat)]})` }), kind),
        Ui.el('div', { class: 'field' }, rankLabel, rank),
        Ui.el('div', { class: 'field' }, Ui.el('label', { for: id('suit'), text: 'Suit' }), suit)),
      add, chips);
  }

  /** Adds the announcement chosen for a seat, if any, and sets the picker back to none. Returns its name. */
  addChosen(seat) {
    const kind = Ui.byId(`m-ann-${seat}-kind`);
    if (kind.value === '' || kind.closest('.seat-announcements').hidden) return null;
    const rank = Ui.byId(`m-ann-${seat}-rank`).value;
    const name = kind.value === 'carre' ? `carre ${rank}`
      : `${this.description.announcements.sequences.find((s) => `seq:${s.length}` === kind.value).name} ${rank}${Ui.byId(`m-ann-${seat}-suit`).value}`;
    this.declared[seat].push(name);
    this.showChips(seat, Ui.byId(`m-ann-${seat}-list`));
    kind.value = '';
    kind.dispatchEvent(new Event('change'));
    return name;
  }

  /**
   * An announcement chosen but not "Add"-ed is added with the mène: a player
   * who chose it meant it. Returns what was added, for the page to say so.
   */
  addPending() {
    const byTeam = this.form.querySelector('input[name="m-ann-mode"]:checked').value === 'team';
    if (byTeam) return [];
    return Ui.seats.map((seat) => [seat, this.addChosen(seat)]).filter(([, name]) => name);
  }

  showChips(seat, chips) {
    // Shown with the suit's symbol (tierce K♠), kept as the sheet writes it (tierce KS).
    const shown = (name) => Ui.playerWords(name, this.teams, this.description);
    chips.replaceChildren(...this.declared[seat].map((name, i) => Ui.el('li', {}, shown(name),
      Ui.el('button', { type: 'button', text: '×', 'aria-label': `Remove ${shown(name)} from ${seat}`, onclick: () => {
        this.declared[seat].splice(i, 1);
        this.showChips(seat, chips);
        Ui.byId(`m-ann-${seat}-kind`).focus();
      } }))));
  }

  // Only what the chosen contract declares is offered (no-trumps may declare nothing), and a belote where it has one.
  // Announcements worth nothing (klaverjas counts roem from the tricks instead) are not offered, nor a belote worth nothing.
  offerDeclared() {
    const listed = this.description.contracts[Number(this.form.elements['m-contract'].value)];
    const worth = (name) => this.description.announcements.carres.length > 0 && name === 'carre'
      || this.description.announcements.sequences.some((s) => s.name === name && s.points > 0);
    const contract = Object.assign({}, listed, { declares: listed.declares.filter(worth),
      belote: this.description.belote.points > 0 ? listed.belote : 'nowhere' });
    const bySeat = Ui.byId('m-by-seat');
    let note = Ui.byId('m-none-declared');
    if (!note) {
      note = Ui.el('p', { id: 'm-none-declared', class: 'hint', hidden: true });
      bySeat.before(note);
    }
    note.hidden = contract.declares.length > 0;
    Ui.setText(note, `Nothing is declared in ${contract.label}.`);
    // The belote where the kind has it: in trumps, in any suit (all trumps), or none (no trumps).
    const belote = this.form.elements['m-belote'];
    const { ranks, points } = this.description.belote;
    belote.disabled = contract.belote === 'nowhere';
    if (belote.disabled) belote.value = '';
    Ui.setText(belote.labels[0], belote.disabled ? `Belote (none in ${contract.label})`
      : `Belote (${ranks.join('+')} of ${contract.belote === 'every-suit' ? 'one suit' : 'trumps'}, ${points})`);
    this.offerBelotes();
    for (const seat of Ui.seats) {
      const kind = Ui.byId(`m-ann-${seat}-kind`);
      for (const option of kind.options) option.disabled = option.value !== '' && !contract.declares.includes(this.kindNames[option.value]);
      const picker = kind.closest('.seat-announcements');
      picker.hidden = contract.declares.length === 0;
      if (kind.selectedOptions[0] && kind.selectedOptions[0].disabled) {
        kind.value = '';
        kind.dispatchEvent(new Event('change'));
      }
    }
  }

  // Another belote is offered where every suit holds one, once the one before it is chosen.
  offerBelotes() {
    const contract = this.description.contracts[Number(this.form.elements['m-contract'].value)];
    let previous = this.form.elements['m-belote'];
    for (const n of [2, 3, 4]) {
      const more = this.form.elements[`m-belote-${n}`];
      const offered = contract.belote === 'every-suit' && previous.value !== '' && !previous.closest('.field').hidden;
      more.closest('.field').hidden = !offered;
      if (!offered) more.value = '';
      previous = more;
    }
  }

  /** The card points typed, when they cannot be: a message in the player's words, or ''. */
  pointsProblem() {
    const e = this.form.elements;
    const contract = this.description.contracts[Number(e['m-contract'].value)];
    const typed = e['m-points'].value !== '' || e['m-points'].validity.badInput;
    if (!typed) return '';
    // A capot writes its own card points: points typed beside it are refused, as `belote sheet add` refuses them.
    if (e['m-capot'].value) {
      return `Card points: none with a capot (a capot takes every trick, ${contract.capot} card points); clear the card points or choose no capot.`;
    }
    const points = MeneForm.whole(e['m-points']);
    if (!Number.isInteger(points)) {
      return `Card points: a whole number, digits only, from 0 to ${contract.card_points} in ${contract.label}.`;
    }
    if (points < 0 || points > contract.card_points) {
      return `Card points: from 0 to ${contract.card_points} in ${contract.label} (the two teams' points add up to ${contract.card_points}).`;
    }
    return '';
  }

  tricksProblem() {
    const e = this.form.elements;
    if (e['m-tricks'].value === '' && !e['m-tricks'].validity.badInput) return '';
    const tricks = MeneForm.whole(e['m-tricks']);
    const most = this.description.deck.hand_size;
    return Number.isInteger(tricks) && tricks >= 0 && tricks <= most ? '' : `Tricks: from 0 to ${most}, the tricks of one team.`;
  }

  /**
   * A number field's whole number, or NaN: digits only, as `belote sheet add`
   * reads them ("1e2", "12.5" and "+3" are no card points, though a browser's
   * number field takes them).
   */
  static whole(field) {
    return !field.validity.badInput && /^[0-9]{1,9}$/.test(field.value) ? Number(field.value) : NaN;
  }

  /** Each total no hand can make up from `values` (each as often as wanted), up to `most`: a set of the totals that can. */
  static reachable(values, most) {
    const can = new Uint8Array(most + 1);
    can[0] = 1;
    for (let total = 1; total <= most; ++total) can[total] = values.some((v) => v > 0 && v <= total && can[total - v]) ? 1 : 0;
    return can;
  }

  /** Roem typed that no tricks can hold (roem comes in runs, stuk and four of a kind): a message, or ''. */
  roemProblem(team) {
    const field = this.form.elements[`m-roem-${team}`];
    if (!field || (field.value === '' && !field.validity.badInput)) return '';
    const roem = this.description.roem;
    const name = `Roem of ${this.teams[team]}`;
    const value = MeneForm.whole(field);
    const most = 2000;
    if (!Number.isInteger(value) || value > most) return `${name}: a whole number from 0 to ${most}.`;
    // Four of a kind is worth a number by rank.
    const fours = [...new Set([roem.four_of_a_kind].flat().filter((points) => points > 0))];
    const parts = [['a run of three', roem.runs['3']], ['a run of four', roem.runs['4']], ['the stuk', roem.stuk],
      ...fours.map((points) => ['four of a kind', points])].filter(([, points]) => points > 0);
    if (MeneForm.reachable(parts.map(([, points]) => points), most)[value]) return '';
    return `${name}: ${value} is no roem the tricks can hold (${parts.map(([what, points]) => `${what} ${points}`).join(', ')}).`;
  }

  /** A team's announcements total that no announcements make up: a message, or ''. */
  teamTotalProblem(team) {
    const field = Ui.byId(`m-team-ann-${team}`);
    if (!field || field.closest('[hidden]') || (field.value === '' && !field.validity.badInput)) return '';
    const { sequences, carres } = this.description.announcements;
    const name = `Announcements of ${this.teams[team]}`;
    const value = MeneForm.whole(field);
    const most = 5000;
    if (!Number.isInteger(value) || value > most) return `${name}: a whole number from 0 to ${most}.`;
    const parts = [...sequences.map((q) => [q.name, q.points]), ...carres.map((c) => [`carré of ${c.rank}`, c.points])]
      .filter(([, points]) => points > 0);
    if (MeneForm.reachable(parts.map(([, points]) => points), most)[value]) return '';
    const listed = [...new Map(parts.map(([what, points]) => [points, `${what} ${points}`])).values()].join(', ');
    return `${name}: ${value} is no sum of announcements (${listed}).`;
  }

  checkTricks() {
    MeneErrors.mark(this.form.elements['m-tricks'], this.tricksProblem());
  }

  /** What the form can tell before the engine is asked, as MeneErrors shows it: impossible card points or tricks. */
  problems() {
    const auction = this.auction ? this.auction.problem() : '';
    return [{ field: 'm-auction-state', words: auction }, { field: 'm-points', words: this.pointsProblem() },
      { field: 'm-tricks', words: this.tricksProblem() },
      ...['NS', 'EW'].map((team) => ({ field: `m-roem-${team}`, words: this.roemProblem(team) })),
      ...['NS', 'EW'].map((team) => ({ field: `m-team-ann-${team}`, words: this.teamTotalProblem(team) }))]
      .filter((problem) => problem.words);
  }

  // The other team's card points follow from the deck's total for the chosen contract.
  showOther() {
    const e = this.form.elements;
    const out = Ui.byId('m-points-other');
    const contract = this.description.contracts[Number(e['m-contract'].value)];
    const other = e['m-points-team'].value === 'NS' ? 'EW' : 'NS';
    const capot = e['m-capot'].value;
    if (capot && e['m-points'].value === '') {
      const who = capot.length === 1 ? `${capot} (${this.teams[Ui.teamOf(capot)]}) alone` : this.teams[capot];
      Ui.setText(out, `Capot: ${who} took every trick (${contract.capot} card points); no card points to enter.`);
    } else if (e['m-points'].value === '' || capot) {
      Ui.setText(out, `In ${contract.label} the cards count ${contract.card_points} points with the last trick (a capot ${contract.capot}).`);
    } else {
      Ui.setText(out, `${this.teams[other]} (${other}): ${contract.card_points - MeneForm.whole(e['m-points'])}`);
    }
    // Impossible points are said while typing, at the field, and the other team's are not shown then.
    const problem = this.pointsProblem();
    if (problem) Ui.setText(out, '');
    out.classList.toggle('warning', problem !== '');
    MeneErrors.mark(e['m-points'], problem);
  }

  /** The mène as the keys of a [[mene]] table. */
  read() {
    const e = this.form.elements;
    const contract = this.description.contracts[Number(e['m-contract'].value)];
    let mene;
    if (this.auction && this.auction.entering()) {
      // The auction makes the contract's keys; a redeal is its auction alone.
      mene = { auction: this.auction.value() };
      const ended = this.auction.ended();
      if (ended && ended.redeal) return mene;
    } else {
      mene = Object.assign({ taker: e['m-taker'].value }, contract.keys);
      // Left unchosen, the bid is missing and the engine says so: a forgotten bid is never taken for the lowest.
      if (e['m-bid'] && e['m-bid'].value !== '') mene.bid = this.description.bids[Number(e['m-bid'].value)].bid;
      if (e['m-doubling'] && e['m-doubling'].value) mene.doubling = e['m-doubling'].value;
      if (e['m-first'].value !== 'N') mene.first = e['m-first'].value;
    }
    const team = e['m-points-team'].value;
    const other = team === 'NS' ? 'EW' : 'NS';
    if (e['m-capot'].value) {
      mene.capot = e['m-capot'].value;
    } else {
      // Left empty, the points are missing, and the engine says so.
      if (e['m-points'].value !== '') {
        const points = MeneForm.whole(e['m-points']);
        mene.points = { [team]: points, [other]: contract.card_points - points };
      }
      if (e['m-tricks'].value !== '') {
        const tricks = MeneForm.whole(e['m-tricks']);
        mene.tricks = { [team]: tricks, [other]: this.description.deck.hand_size - tricks };
      }
    }
    // Roem left empty for one team is none: a team that took no trick has none.
    if (e['m-roem-NS'] && (e['m-roem-NS'].value !== '' || e['m-roem-EW'].value !== '')) {
      mene.roem = Object.fromEntries(['NS', 'EW'].map((t) => [t, e[`m-roem-${t}`].value === '' ? 0 : MeneForm.whole(e[`m-roem-${t}`])]));
    }
    const byTeam = this.form.querySelector('input[name="m-ann-mode"]:checked').value === 'team';
    if (byTeam) {
      const totals = {};
      for (const t of ['NS', 'EW']) if (Ui.byId(`m-team-ann-${t}`).value !== '') totals[t] = MeneForm.whole(Ui.byId(`m-team-ann-${t}`));
      if (Object.keys(totals).length) mene.announcements = totals;
    } else {
      const declared = {};
      for (const seat of Ui.seats) if (this.declared[seat].length) declared[seat] = this.declared[seat].slice();
      if (Object.keys(declared).length) mene.announcements = declared;
    }
    const belotes = ['m-belote', 'm-belote-2', 'm-belote-3', 'm-belote-4'].map((id) => e[id].value).filter(Boolean);
    if (belotes.length) mene.belote = belotes.length === 1 ? belotes[0] : belotes;
    return mene;
  }
}
