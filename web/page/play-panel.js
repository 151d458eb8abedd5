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
      table = new belote.Table(ruleset, { seed, firstDealer: dealer, maxMenes: 1 });
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
  /** `addPlayed(ruleset, mene)`: adds a played mène to the sheet; the errors, or none. */
  constructor(belote, { addPlayed }) {
    this.belote = belote;
    this.addPlayed = addPlayed;
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
  }

  fill(options) {
    Ui.fillSelect(Ui.byId('play-ruleset'), options, Ui.byId('play-ruleset').value || Ui.load('belote.ruleset', 'coinche'));
  }

  /** The dealer the sheet's last auction passed the deal to, so that a mène played here may follow on the sheet. */
  followDealer(dealer) {
    if (dealer) Ui.byId('play-dealer').value = dealer;
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
    this.ruleset = Ui.byId('play-ruleset').value;
    this.you = Ui.byId('play-seat').value;
    this.description = this.belote.describe(this.ruleset);
    this.result = null;
    this.turn = null;
    this.weighing = null;
    this.seed = seed;
    this.players = players;
    Ui.byId('play-board').hidden = false;
    Ui.byId('play-end').hidden = true;
    Ui.byId('play-advice-list').replaceChildren();
    this.showChoices([]);
    Ui.setText(this.status, `Dealing with seed ${seed}…`);
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
        this.showTable(message.observation);
        const { seat, text, redeal } = message.info;
        Ui.setText(this.status, redeal ? `${seat}: pass. Everybody passed: the cards are dealt again.` : `${seat}: ${this.words(text)}`);
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
    return Ui.playerWords(text, { NS: 'NS', EW: 'EW' }, this.description);
  }

  // What the person's seat sees: the deal, the calls, the contract, its hand and the tricks so far.
  showTable(seen) {
    const about = [`Seed ${this.seed}, ${this.ruleset}: ${seen.dealer} deals; you are ${this.you}, against ${this.players}.`];
    if (seen.turned_card) about.push(`Turned card: ${this.words(seen.turned_card)}.`);
    // A suit turned from outside the hands (klaverjas): the one the calls take, the latest.
    else if (seen.phase === 'auction' && seen.proposals.length) about.push(`Turned suit: ${this.suitSymbol(seen.proposals.at(-1))}.`);
    if (seen.contract) about.push(`Contract: ${this.words(seen.contract.text.replace(/\.$/, ''))}.`);
    Ui.setText(Ui.byId('play-about'), about.join(' '));
    Ui.byId('play-calls').replaceChildren(...seen.calls.map(([who, call]) => Ui.el('li', { text: `${who}: ${this.words(call)}` })));
    Ui.byId('play-hand').replaceChildren(...seen.hand.map((card) => Ui.el('li', { class: 'card', text: this.words(card) })));
    // The tricks as they fall: each finished one with its winner, then the one being played.
    const tricks = seen.trick_winners.map((winner, t) => ({ cards: seen.cards.slice(4 * t, 4 * t + 4), winner }));
    if (seen.current.length) tricks.push({ cards: seen.current, winner: null });
    this.showTricks(tricks);
    const points = seen.phase === 'auction' ? '' : `Card points so far: NS ${seen.points.NS}, EW ${seen.points.EW}; tricks NS ${seen.tricks_won.NS}, EW ${seen.tricks_won.EW}.`;
    Ui.setText(Ui.byId('play-points'), points);
    // What was said at the table stays in sight: each announcement declared, and the cards played with the word.
    const said = seen.declared.map((d) => `${d.seat} ${this.words(d.cards.join(' '))} (${d.points})`);
    if (seen.words.length) said.push(`with the word: ${this.words(seen.words.join(' '))}`);
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
      type: 'button', class: extra.class || 'choice-button', 'data-action': action, text: this.words(text),
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
    if (seen.phase === 'auction') {
      box.replaceChildren(label, Ui.el('div', { class: 'choice-grid' }, legal.map((l) => button(l))));
      return;
    }
    const plain = new Map(legal.filter((l) => /^\S+$/.test(l.text)).map((l) => [l.text, l]));
    const cards = seen.hand.map((card) => (plain.has(card) ? button(plain.get(card), { class: 'card-button' })
      : Ui.el('button', { type: 'button', class: 'card-button', disabled: true, text: this.words(card), 'aria-label': `${this.words(card)} (may not be played)` })));
    const said = legal.filter((l) => !plain.has(l.text)).map((l) => button(l));
    box.replaceChildren(label, Ui.el('div', { class: 'card-row' }, cards), ...(said.length ? [Ui.el('div', { class: 'choice-grid' }, said)] : []));
    // The cards to tap are the hand: it is not listed twice.
    Ui.byId('play-hand-part').hidden = true;
    const first = box.querySelector('button:not(:disabled)');
    if (first) first.focus({ preventScroll: true });
  }

  choose(action) {
    this.turn = null;
    this.showChoices([]);
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
    const rows = advice.actions.map((a) => {
      if (!a.valued) return Ui.el('li', { text: `${this.words(a.text)}: always made (not weighed)` });
      const chance = a.make_chance === null ? '' : `; contract made ${Math.round(100 * a.make_chance)}%`;
      return Ui.el('li', { 'data-action': a.action, text: `${this.words(a.text)}: ${a.expected.toFixed(1)} ${measure} expected (± ${a.spread.toFixed(1)})${chance}` });
    });
    Ui.byId('play-advice-list').replaceChildren(...rows);
    Ui.setText(this.status, `Advice over ${advice.worlds} deals the other hands could be: best ${this.words(advice.best_text)}.`);
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
    const score = `NS ${message.totals.NS}, EW ${message.totals.EW}`;
    Ui.setText(this.status, `Mène over (${last.result}): ${score}.`);
    const steps = message.outcome ? message.outcome.explanation.filter((s) => s.step !== 'tricks').map((s) => Ui.el('li', { text: this.words(s.text) })) : [];
    Ui.byId('play-explanation').replaceChildren(...steps);
    Ui.setText(Ui.byId('play-score'), `Scored: ${score} (contract ${last.result}).`);
    Ui.byId('play-end').hidden = false;
    Ui.byId('play-add').disabled = false;
    Ui.byId('play-add').focus({ preventScroll: true });
  }

  /** The mène just played, as the record holds it (a played mène, with its auction). */
  playedMene() {
    return JSON.parse(this.result.record).mene.filter((m) => m.play).at(-1);
  }

  // A mène goes onto the sheet once: the button is disabled when it is there.
  addToSheet() {
    const button = Ui.byId('play-add');
    if (!this.result || button.disabled) return;
    const errors = this.addPlayed(this.ruleset, this.playedMene());
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
