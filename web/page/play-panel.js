// A mène to play against the engine: dealt from a seed, one seat played by
// the person (its legal calls and cards offered as buttons to tap), the others
// by the engine's players, the tricks shown as they fall, the engine's advice
// on request, and the finished mène added to the sheet or saved as the record
// `belote play --record` writes. The table and its players live in a Web
// Worker, so that a player who thinks for a second never freezes the page.
'use strict';

// The worker's code. It runs from the text of beloteLibrary and of this
// function, joined into a Blob: a page opened from disk may load no worker file.
function playWorker(scope, createBelote) {
  const ready = createBelote();
  let table = null;
  let players = {};
  let seat = 'N';
  let pace = 0;
  let dealt = 0; // the mène being played, so that a late step of an earlier one is dropped
  let turn = 0; // the person's turn being played, so that advice asked at an earlier one is refused
  const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
  const seen = () => table.observation(seat);
  const send = (type, data) => scope.postMessage({ type, ...data });

  function dispose() {
    for (const player of Object.values(players)) player.dispose();
    players = {};
    if (table) table.dispose();
    table = null;
  }

  // The engine's players act until it is the person's turn or the mène is over.
  async function advance(mene) {
    while (mene === dealt && !table.over && table.toAct !== seat) {
      const acting = table.toAct;
      if (pace) {
        send('thinking', { seat: acting });
        await wait(pace);
        if (mene !== dealt) return;
      }
      const step = table.step(players[acting].choose(table));
      // The mène's last card ends the game: its tricks come with the end.
      if (!table.over) send('acted', { info: step.info, observation: seen() });
    }
    if (mene !== dealt) return;
    if (table.over) {
      const history = table.history;
      send('over', {
        history, outcome: table.lastOutcome, totals: table.totals,
        record: `${table.record('json', { pretty: true })}\n`,
      });
      return;
    }
    send('turn', { observation: seen(), legal: table.legal(), turn: ++turn });
  }

  const handlers = {
    async deal({ ruleset, pasted, seed, dealer, players: name, pace: ms, you }) {
      const belote = await ready;
      for (const p of pasted) belote.loadRulesetText(p.text, { display: p.display, register: true });
      dispose();
      seat = you;
      pace = ms;
      // A pasted ruleset from its text, as `belote play --ruleset FILE` loads one: the record holds it (`rules`).
      const own = pasted.find((p) => p.name === ruleset);
      table = new belote.Table(own ? { text: own.text, display: own.display } : ruleset, { seed, firstDealer: dealer, maxMenes: 1 });
      // Each other seat's player seeded as `belote play --seed` seeds it.
      for (const other of Ui.seats) if (other !== seat) players[other] = new belote.Player(name, { seed, seat: other });
      const mene = ++dealt;
      send('dealt', { observation: seen() });
      await advance(mene);
    },
    async act({ action }) {
      const step = table.step(action);
      const mene = dealt;
      if (!table.over) send('acted', { info: step.info, observation: seen() });
      await advance(mene);
    },
    // Advice only for the person's seat, at the turn it was asked at: never another seat's view of its hand.
    advise({ worlds, turn: asked }) {
      const yours = table && !table.over && table.toAct === seat && asked === turn;
      send('advice', { turn: asked, advice: yours ? table.advise({ worlds, seed: 1 }) : null });
    },
  };

  scope.onmessage = async (event) => {
    try {
      await handlers[event.data.type](event.data);
    } catch (error) {
      send('error', { message: String(error && error.message ? error.message : error) });
    }
  };
}

class PlayPanel {
  /**
   * `addPlayed(ruleset, menes)`: adds the mènes of one deal (its redeals, then the mène played) to the sheet;
   * the errors, or none. `gameOver()`: where the game ended, in words, or null while it goes on.
   * `newGame()`: starts a new game as the game's fields say.
   */
  constructor(belote, { addPlayed, gameOver = () => null, newGame = () => {} }) {
    this.belote = belote;
    this.addPlayed = addPlayed;
    this.gameOver = gameOver;
    this.newGame = newGame;
    /** The deals passed out before the mène being played (everybody passed): [{dealer, calls}]. */
    this.passedOut = [];
    this.seen = null;
    /** Milliseconds between two engine actions, so that the tricks are seen to fall. */
    this.pace = 600;
    /** The person's turn being played (the worker's count; null while others act), and the one the advice is weighed for. */
    this.turn = null;
    this.weighing = null;
    this.status = Ui.byId('play-status');
    this.errors = Ui.byId('play-errors');
    this.playersField = Ui.byId('play-players');
    this.worldsField = Ui.byId('play-worlds');
    this.playersField.addEventListener('change', () => this.showWorlds());
    this.showWorlds();
    Ui.byId('play-deal').addEventListener('click', () => this.deal());
    Ui.byId('play-advice').addEventListener('click', () => this.askAdvice());
    Ui.byId('play-add').addEventListener('click', () => this.addToSheet());
    Ui.byId('play-save').addEventListener('click', () => this.saveRecord());
    Ui.byId('play-new-game').addEventListener('click', () => {
      this.newGame();
      this.showOver();
    });
  }

  /** The game's end said where a mène is dealt, with a new game offered; hidden while the game goes on. */
  showOver() {
    const over = this.gameOver();
    Ui.byId('play-over').hidden = !over;
    if (over) Ui.setText(Ui.byId('play-over-text'), `The game is over. ${over} Start a new game to play another mène onto the sheet.`);
    return over;
  }

  fill(options) {
    Ui.fillSelect(Ui.byId('play-ruleset'), options, Ui.byId('play-ruleset').value || Ui.load('belote.ruleset', 'coinche'));
  }

  /** The dealer the sheet's last auction passed the deal to, so that a mène played here may follow on the sheet. */
  followDealer(dealer) {
    if (dealer) Ui.byId('play-dealer').value = dealer;
    this.showOver();
  }

  /** A new game's ruleset: the mène played here goes onto its sheet. */
  followRuleset(name) {
    const select = Ui.byId('play-ruleset');
    if ([...select.options].some((o) => o.value === name)) select.value = name;
  }

  showWorlds() {
    Ui.byId('play-worlds-field').hidden = this.playersField.value !== 'sampled';
  }

  /** The players' name as `belote play --players` takes it: random, heuristic or sampled:N. */
  playersName() {
    if (this.playersField.value !== 'sampled') return this.playersField.value;
    const worlds = this.worldsField.value.trim();
    if (!/^[0-9]{1,4}$/.test(worlds) || Number(worlds) < 1 || Number(worlds) > 4096) return null;
    return `sampled:${Number(worlds)}`;
  }

  worker() {
    if (!this.thread) {
      this.thread = Ui.engineWorker(playWorker, `const Ui = { seats: ${JSON.stringify(Ui.seats)} };\n`);
      this.thread.onmessage = (event) => this.receive(event.data);
    }
    return this.thread;
  }

  deal() {
    const seedField = Ui.byId('play-seed');
    const players = this.playersName();
    const problems = [];
    if (seedField.value.trim() === '') seedField.value = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    const seed = seedField.value.trim();
    // A seed is 0 to 2^64 - 1, as `belote play --seed` reads it.
    if (!/^[0-9]{1,20}$/.test(seed) || BigInt(seed) > 18446744073709551615n) problems.push([seedField, 'Seed: a whole number from 0 to 18,446,744,073,709,551,615.']);
    if (!players) problems.push([this.worldsField, 'Worlds: a whole number from 1 to 4,096.']);
    MeneErrors.mark(seedField, problems.find(([field]) => field === seedField)?.[1] || '');
    MeneErrors.mark(this.worldsField, problems.find(([field]) => field === this.worldsField)?.[1] || '');
    Ui.showErrors(this.errors, problems.map(([, words]) => words));
    if (problems.length) {
      problems[0][0].focus();
      return;
    }
    // A mène dealt after the game's end could go onto no sheet: the end is said first.
    if (this.showOver()) {
      Ui.setText(this.status, 'No mène was dealt.');
      Ui.byId('play-new-game').focus();
      return;
    }
    this.ruleset = Ui.byId('play-ruleset').value;
    this.you = Ui.byId('play-seat').value;
    this.description = this.belote.describe(this.ruleset);
    this.result = null;
    this.turn = null;
    this.weighing = null;
    this.seed = seed;
    this.players = players;
    this.passedOut = [];
    this.seen = null;
    Ui.byId('play-board').hidden = false;
    Ui.byId('play-end').hidden = true;
    Ui.byId('play-advice-list').replaceChildren();
    this.showChoices([]);
    this.showPassedOut();
    Ui.setText(this.status, `Dealing with seed ${seed}…`);
    // Focus leaves the button, so that a second Enter does not deal again; it goes to the choices at the turn.
    Ui.byId('play-about').focus({ preventScroll: true });
    this.worker().postMessage({
      type: 'deal', ruleset: this.ruleset, pasted: Ui.load('belote.pasted', []), seed, players, pace: this.pace,
      dealer: Ui.byId('play-dealer').value, you: this.you,
    });
  }

  receive(message) {
    const handlers = {
      dealt: () => this.showTable(message.observation),
      thinking: () => Ui.setText(this.status, `${message.seat} is thinking…`),
      acted: () => {
        const { seat, text, redeal } = message.info;
        // A deal passed out stays in sight with its calls; the new deal's follow it.
        if (redeal && this.seen) {
          this.passedOut.push({ dealer: this.seen.dealer, turned: this.seen.turned_card, calls: [...this.seen.calls, [seat, text]] });
          this.showPassedOut();
        }
        this.showTable(message.observation);
        Ui.setText(this.status, redeal ? `${seat}: pass. Everybody passed: the cards are dealt again by ${message.observation.dealer}.`
          : `${seat}: ${this.actedWords(message.info)}${this.shownWords(message.info.shown)}`);
      },
      turn: () => {
        this.turn = message.turn;
        this.showTable(message.observation);
        this.showChoices(message.legal, message.observation);
        const what = message.observation.phase === 'auction' ? 'speak' : 'play';
        Ui.setText(this.status, `Your turn (${this.you}) to ${what}.`);
      },
      over: () => this.finished(message),
      advice: () => this.showAdvice(message),
      error: () => {
        this.turn = null;
        this.showChoices([]);
        Ui.showErrors(this.errors, [message.message]);
        Ui.setText(this.status, 'The mène stopped.');
      },
    };
    handlers[message.type]();
  }

  /** Card tokens in the page's suit symbols (KH: K♥). */
  suitSymbol(letter) {
    const suit = ((this.description && this.description.deck.suits) || []).find((s) => s.letter === letter);
    return suit ? suit.symbol : letter;
  }

  words(text) {
    return Ui.spoken(Ui.playerWords(text, { NS: 'NS', EW: 'EW' }, this.description));
  }

  /** A kind a call names, as the mène form labels the contract it makes (♥, sans-atout). */
  kindLabel(name) {
    return Ui.kindLabel(name, this.description);
  }

  /** A call as the page shows it: "80 ♠", "choose ♥", "♣" (a Bulgarian bid), "sans-atout"; cards with their symbols. */
  callWords(text) {
    const bid = text.match(/^(\S+) (\S+)$/);
    if (bid && bid[1] !== 'declare' && this.kindLabel(bid[2]) !== bid[2]) return this.words(`${bid[1]} ${this.kindLabel(bid[2])}`);
    if (this.kindLabel(text) !== text) return this.kindLabel(text);
    return this.words(text);
  }

  /** The contract in words: "E (EW) takes 80 ♠, coinche; W leads." */
  contractWords(c) {
    return Ui.contractWords(c, this.description);
  }

  /** An action as the status line tells it: another seat's declaration as the table hears it (its name and points). */
  actedWords({ seat, text, heard }) {
    return this.callWords(heard && seat !== this.you ? heard : text);
  }

  /** The sequences shown once trick 1 is played, by team (both where a tie lets both score): ". NS shows S tierce to K♥ (J♥ Q♥ K♥)." */
  shownWords(shown) {
    if (!shown || !shown.length) return '';
    const teams = [...new Set(shown.map((s) => s.team))];
    return `. ${teams.map((team) => `${team} shows ${shown.filter((s) => s.team === team)
      .map((s) => `${s.seat} ${this.words(s.label)} (${this.words(s.cards.join(' '))})`).join(', ')}`).join('; ')}.`;
  }

  /** The deals passed out before this one, each with its dealer and calls. */
  showPassedOut() {
    Ui.byId('play-passed').replaceChildren(...this.passedOut.map(({ dealer, turned, calls }) => Ui.el('li', {
      text: `Dealt by ${dealer}${turned ? ` (turned card ${this.words(turned)})` : ''}, passed out: ${calls.map(([who, call]) => `${who} ${this.callWords(call)}`).join(', ')}; the cards were dealt again.`,
    })));
    Ui.byId('play-passed-part').hidden = this.passedOut.length === 0;
  }

  /** The cards said with the belote's word, with the seat that said it: "N Q♠ K♠". */
  wordsBySeat(seen) {
    const by = new Map();
    for (const card of seen.words) {
      const played = seen.cards.find(([, c]) => c === card);
      const seat = played ? played[0] : '';
      by.set(seat, [...(by.get(seat) || []), card]);
    }
    return [...by].map(([seat, cards]) => `${seat ? `${seat} ` : ''}${this.words(cards.join(' '))}`).join('; ');
  }

  // What the person's seat sees: the deal, the calls, the contract, its hand and the tricks so far.
  showTable(seen) {
    this.seen = seen;
    const about = [`Seed ${this.seed}, ${this.ruleset}: ${seen.dealer} deals; you are ${this.you}, against ${this.players}.`];
    if (seen.turned_card) about.push(`Turned card: ${this.words(seen.turned_card)}.`);
    // A suit turned from outside the hands (klaverjas): the one the calls take, the latest.
    else if (seen.phase === 'auction' && seen.proposals.length) about.push(`Turned suit: ${this.suitSymbol(seen.proposals.at(-1))}.`);
    if (seen.contract) about.push(`Contract: ${this.contractWords(seen.contract)}.`);
    Ui.setText(Ui.byId('play-about'), about.join(' '));
    Ui.byId('play-calls').replaceChildren(...seen.calls.map(([who, call]) => Ui.el('li', { text: `${who}: ${this.callWords(call)}` })));
    Ui.byId('play-hand').replaceChildren(...seen.hand.map((card) => Ui.el('li', { class: 'card', text: this.words(card) })));
    // The tricks as they fall: each finished one with its winner, then the one being played.
    const tricks = seen.trick_winners.map((winner, t) => ({ cards: seen.cards.slice(4 * t, 4 * t + 4), winner }));
    if (seen.current.length) tricks.push({ cards: seen.current, winner: null });
    this.showTricks(tricks);
    // The trick being played, beside the cards to choose from (on a phone the list of tricks is further down).
    const current = seen.phase === 'play' ? `Trick ${seen.trick}: ${seen.current.length ? seen.current.map(([who, card]) => `${who} ${this.words(card)}`).join(', ') : 'nobody has played yet'}.` : '';
    Ui.setText(Ui.byId('play-current'), current);
    Ui.byId('play-current').hidden = !current;
    const points = seen.phase === 'auction' ? '' : `Card points so far: NS ${seen.points.NS}, EW ${seen.points.EW}; tricks NS ${seen.tricks_won.NS}, EW ${seen.tricks_won.EW}.`;
    Ui.setText(Ui.byId('play-points'), points);
    // What was said at the table stays in sight: each announcement declared, and the cards played with the word.
    // Another seat's sequence is known by its name and points until its team shows it (from trick 2); a carré by its cards.
    const said = seen.declared.map((d) => {
      const what = [d.kind === 'carre' && d.cards ? '' : d.announcement, d.cards ? this.words(d.cards.join(' ')) : ''].filter(Boolean);
      return `${d.seat} ${what.join(' ')} (${d.points})`;
    });
    if (seen.words.length) said.push(`with the word: ${this.wordsBySeat(seen)}`);
    Ui.setText(Ui.byId('play-declared'), said.length ? `Announced: ${said.join('; ')}.` : '');
  }

  /** [{cards: [[seat, card]], winner}]: the trick being played has no winner yet. */
  showTricks(tricks) {
    Ui.byId('play-tricks').replaceChildren(...tricks.map(({ cards, winner }, t) => {
      const played = cards.map(([who, card]) => `${who} ${this.words(card)}`).join(', ');
      return winner ? Ui.el('li', { text: `Trick ${t + 1}: ${played}; ${winner} takes it.` })
        : Ui.el('li', { class: 'current', text: `Trick ${t + 1}: ${played}` });
    }));
  }

  // The person's legal actions as buttons: the calls, or the hand's cards (those that may not be played disabled).
  showChoices(legal, seen) {
    const box = Ui.byId('play-choices');
    const button = ({ action, text }, extra = {}) => Ui.el('button', {
      type: 'button', class: extra.class || 'choice-button', 'data-action': action, text: this.callWords(text),
      onclick: () => this.choose(action),
    });
    Ui.byId('play-advice').disabled = legal.length === 0;
    Ui.byId('play-advice-list').replaceChildren();
    Ui.byId('play-hand-part').hidden = false;
    if (!legal.length) {
      box.replaceChildren();
      return;
    }
    const label = Ui.el('p', { class: 'choices-label', text: seen.phase === 'auction' ? 'Your call:' : 'Your card:' });
    const focusFirst = () => {
      const first = box.querySelector('button:not(:disabled)');
      if (first) first.focus({ preventScroll: true });
    };
    if (seen.phase === 'auction') {
      // Bids, where they are many (coinche: 9 values × 6 kinds), in one list with a "Bid" button, as in the mène form.
      const bids = legal.filter((l) => /^\S+ \S+$/.test(l.text) && this.kindLabel(l.text.split(' ')[1]) !== l.text.split(' ')[1]);
      const listed = bids.length > 8 ? bids : [];
      const calls = legal.filter((l) => !listed.includes(l));
      const parts = [label, Ui.el('div', { class: 'choice-grid' }, calls.map((l) => button(l)))];
      if (listed.length) {
        const list = Ui.el('select', { id: 'play-bid' }, listed.map((l) => Ui.el('option', { value: String(l.action), 'data-action': l.action, text: this.callWords(l.text) })));
        parts.push(Ui.el('div', { class: 'bid-row' },
          Ui.el('label', { for: 'play-bid', text: 'Bid' }), list,
          Ui.el('button', { type: 'button', id: 'play-bid-submit', class: 'choice-button', text: 'Bid', onclick: () => this.choose(Number(list.value)) })));
      }
      // What the advice weighs in the auction: a call as if everybody passed after it.
      parts.push(Ui.el('p', { class: 'hint', text: 'The advice values each call as if everybody passed after it.' }));
      box.replaceChildren(...parts);
      focusFirst();
      return;
    }
    const plain = new Map(legal.filter((l) => /^\S+$/.test(l.text)).map((l) => [l.text, l]));
    const cards = seen.hand.map((card) => (plain.has(card) ? button(plain.get(card), { class: 'card-button' })
      : Ui.el('button', { type: 'button', class: 'card-button', disabled: true, text: this.words(card), 'aria-label': `${this.words(card)} (may not be played)` })));
    const said = legal.filter((l) => !plain.has(l.text)).map((l) => button(l));
    // An announcement is declared before one's first card: a card tapped first lets it go.
    const before = said.length ? [Ui.el('p', { class: 'hint', text: 'Declare your announcements before your first card: once a card is played they can no longer be declared.' }),
      Ui.el('div', { class: 'choice-grid' }, said)] : [];
    box.replaceChildren(label, ...before, Ui.el('div', { class: 'card-row' }, cards));
    // The cards to tap are the hand: it is not listed twice.
    Ui.byId('play-hand-part').hidden = true;
    focusFirst();
  }

  choose(action) {
    this.turn = null;
    this.showChoices([]);
    // Focus stays in the panel while the others act (not on the page's body); the next turn takes it to its choices.
    Ui.byId('play-about').focus({ preventScroll: true });
    this.worker().postMessage({ type: 'act', action });
  }

  // The choices wait for the advice (seconds, a minute under schieber): a tap would only wait behind it, unseen.
  askAdvice() {
    if (this.turn === null || this.weighing) return;
    this.weighing = this.turn;
    Ui.setText(this.status, 'Weighing each choice… your cards and calls wait for the advice.');
    Ui.byId('play-advice').disabled = true;
    for (const b of Ui.byId('play-choices').querySelectorAll('button:not(:disabled)')) {
      b.disabled = true;
      b.dataset.weighing = '';
    }
    this.worker().postMessage({ type: 'advise', worlds: 32, turn: this.turn });
  }

  // Each legal action with what it is worth to the person's team and the chance the contract is made.
  // Advice for a turn already passed, or refused by the worker, is dropped.
  showAdvice({ turn, advice }) {
    if (turn !== this.weighing) return;
    this.weighing = null;
    for (const b of Ui.byId('play-choices').querySelectorAll('button[data-weighing]')) {
      b.disabled = false;
      delete b.dataset.weighing;
    }
    Ui.byId('play-advice').disabled = turn !== this.turn;
    if (turn !== this.turn || !advice || advice.seat !== this.you) return;
    const measure = advice.measure === 'points' ? 'card points' : 'points of score over the other team';
    const row = (a) => {
      if (!a.valued) return Ui.el('li', { text: `${this.callWords(a.text)}: not weighed${/^declare /.test(a.text) ? ' (declare it before your first card)' : ''}` });
      const chance = a.make_chance === null ? '' : `; contract made ${Math.round(100 * a.make_chance)}%`;
      return Ui.el('li', { 'data-action': a.action, text: `${this.callWords(a.text)}: ${a.expected.toFixed(1)} ${measure} expected (± ${a.spread.toFixed(1)})${chance}` });
    };
    // The best is among the choices weighed: an announcement is not weighed, but declared beside the card.
    const weighed = advice.actions.filter((a) => a.valued);
    const best = weighed.length ? weighed.reduce((b, a) => (a.expected > b.expected ? a : b)) : null;
    const list = Ui.byId('play-advice-list');
    if (advice.actions.length > 12) {
      // A long list of calls: the best few first, every call folded under them.
      const top = [...weighed].sort((a, b) => b.expected - a.expected).slice(0, 5);
      list.replaceChildren(...top.map(row), Ui.el('li', { class: 'advice-all' }, Ui.el('details', {},
        Ui.el('summary', { text: `Every call (${advice.actions.length})` }), Ui.el('ul', {}, advice.actions.map(row)))));
    } else {
      list.replaceChildren(...advice.actions.map(row));
    }
    const assumes = advice.measure === 'points' ? '' : ' (each call as if everybody passed after it)';
    Ui.setText(this.status, `Advice over ${advice.worlds} deals the other hands could be: best ${best ? this.callWords(best.text) : this.callWords(advice.best_text)}${assumes}.`);
  }

  finished(message) {
    this.turn = null;
    this.showChoices([]);
    Ui.byId('play-hand-part').hidden = true;
    // The table has moved past the mène: its calls stay as shown, its tricks come from the history.
    const tricks = message.history.at(-1).tricks;
    this.showTricks(tricks);
    const won = (team) => tricks.filter((t) => Ui.teamOf(t.winner) === team);
    const points = (team) => won(team).reduce((sum, t) => sum + t.points, 0);
    Ui.setText(Ui.byId('play-points'), `Card points: NS ${points('NS')}, EW ${points('EW')}; tricks NS ${won('NS').length}, EW ${won('EW').length}.`);
    this.result = message;
    const last = message.history.at(-1);
    // The board counts in tens under some rulesets (bulgare): the unit is said.
    const unit = this.description.game.unit;
    const units = unit === 1 ? '' : unit === 10 ? ' (in tens of points)' : ` (in units of ${unit} points)`;
    const score = `NS ${message.totals.NS}, EW ${message.totals.EW}${units}`;
    const results = { made: 'the contract is made', failed: 'the contract failed', litige: 'a tie (litige): the takers\' points are held over' };
    const result = last.result && last.result !== 'none' ? results[last.result] || `the contract: ${last.result}` : 'no contract to make or fail: each team scores its own';
    Ui.setText(this.status, `Mène over, ${result}: ${score}.`);
    const steps = message.outcome ? message.outcome.explanation.filter((s) => s.step !== 'tricks').map((s) => Ui.el('li', { text: this.words(s.text) })) : [];
    Ui.byId('play-explanation').replaceChildren(...steps);
    Ui.setText(Ui.byId('play-score'), `Scored: ${score}; ${result}.`);
    Ui.byId('play-end').hidden = false;
    Ui.byId('play-add').disabled = false;
    Ui.byId('play-add').focus({ preventScroll: true });
  }

  /** The deal's mènes, as the record holds them: each redeal (its calls), then the mène played. */
  playedMenes() {
    return JSON.parse(this.result.record).mene;
  }

  // A mène goes onto the sheet once: the button is disabled when it is there.
  addToSheet() {
    const button = Ui.byId('play-add');
    if (!this.result || button.disabled) return;
    const errors = this.addPlayed(this.ruleset, this.playedMenes());
    Ui.showErrors(this.errors, errors);
    button.disabled = !errors.length;
    Ui.setText(this.status, errors.length ? 'The mène was not added to the sheet: the reason is below.' : 'The mène was added to the sheet.');
    if (button.disabled) Ui.byId('play-save').focus({ preventScroll: true });
  }

  saveRecord() {
    if (!this.result) return;
    Ui.download(this.result.record, `mene-${this.seed}.json`, 'application/json');
  }
}
