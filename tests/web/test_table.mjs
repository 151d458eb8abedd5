// A game at the table through the module in Node (belote.Table, belote.Player):
// whole games played with random legal actions under coinche, klaverjas and
// schieber, the mask against the legal list at every step, the rewards adding
// up to the totals, the record scored by `belote sheet show` to the same
// totals and replayed to the same game; an illegal action's message and rule,
// undo and copies, what a seat sees, players by name, and what is refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { belote, pageDir, temporaryDir } from './support.mjs';

let engine;
let IllegalActionType;
before(async () => {
  const module = await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href);
  engine = await module.default();
  IllegalActionType = module.IllegalAction;
});

/** A small seeded generator (mulberry32): the same game on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The indexes of a mask's ones. */
const ones = (mask) => [...mask.keys()].filter((i) => mask[i] === 1);

/**
 * Plays a game to its end: N and S by the engine's random player, E and W by
 * a generator over the legal list; the mask, the texts and the rewards checked
 * at every step. Returns what the steps added up to.
 */
function playToEnd(table, seed) {
  const pick = generator(seed);
  const players = { N: new engine.Player('random', { seed }), S: new engine.Player('random', { seed: seed + 1 }) };
  const earned = { NS: 0, EW: 0 };
  let steps = 0;
  let menes = 0;
  let redeals = 0;
  for (let done = false; !done; ++steps) {
    assert.ok(steps < 20000, 'the game ends');
    const legal = table.legalActions();
    const mask = table.actionMask();
    assert.equal(mask.length, table.actionCount);
    assert.deepEqual(ones(mask), legal, `step ${steps}: the mask is the legal list`);
    const texts = table.legalTexts();
    assert.equal(texts.length, legal.length);
    if (steps % 7 === 0) {
      // Words and numbers go both ways.
      texts.forEach((text, i) => {
        assert.equal(table.actionText(legal[i]), text);
        assert.equal(table.parseAction(text), legal[i]);
      });
    }
    const seat = table.toAct;
    const action = players[seat] ? players[seat].choose(table) : legal[pick(legal.length)];
    assert.ok(legal.includes(action), `${seat} plays a legal action`);
    const { observation, rewards, info, done: over } = table.step(action);
    done = over;
    assert.equal(done, table.over);
    assert.equal(info.seat, seat);
    assert.equal(info.action, action);
    assert.equal(info.text, texts[legal.indexOf(action)]);
    if (info.mene_over) {
      if (info.redeal) redeals += 1;
      else menes += 1;
    } else {
      assert.deepEqual(rewards, { NS: 0, EW: 0 });
    }
    earned.NS += rewards.NS;
    earned.EW += rewards.EW;
    assert.equal(observation.seat, done ? seat : table.toAct);
  }
  players.N.dispose();
  players.S.dispose();
  return { earned, steps, menes, redeals };
}

for (const [ruleset, seed, options] of [
  ['coinche', 11, {}],
  ['coinche', 12, { target: 700, teams: { NS: 'Nous', EW: 'Eux' }, firstDealer: 'E' }],
  ['klaverjas', 21, {}],
  ['schieber', 31, { teams: ['Wir', 'Ihr'] }],
]) {
  test(`${ruleset}, seed ${seed}: a random game to its end, its record scored by belote sheet show`, () => {
    const table = new engine.Table(ruleset, { seed, ...options });
    assert.equal(table.phase, 'auction');
    assert.equal(table.seed, BigInt(seed));
    const { earned, steps, menes, redeals } = playToEnd(table, seed);
    assert.equal(table.over, true);
    assert.equal(table.phase, 'over');
    assert.equal(table.toAct, null);
    // No seat acts once the game is over: a view is asked for by seat.
    assert.throws(() => table.observation(), { name: 'BeloteError', message: /^no seat to act: the game is over; pass a seat/ });
    assert.equal(table.observation('E').phase, 'over');
    assert.deepEqual(table.legalActions(), []);
    assert.deepEqual(ones(table.actionMask()), []);
    const { tally } = table;
    assert.deepEqual(tally.totals, earned, 'the rewards add up to the totals');
    assert.equal(tally.played, menes);
    assert.equal(tally.dealt, menes + redeals);
    assert.equal(table.history.length, tally.dealt);
    assert.equal(table.history.filter((m) => m.redeal).length, redeals);
    if (options.target) assert.equal(table.target, options.target);
    assert.ok(table.lastOutcome === null || typeof table.lastOutcome.score === 'object');

    // The record, as a sheet: `belote sheet show` scores it to the same totals and winner.
    const folder = temporaryDir('belote-table-');
    const file = path.join(folder, 'game.toml');
    fs.writeFileSync(file, table.record('toml'));
    const shown = JSON.parse(belote(['sheet', 'show', '--format', 'json', file]));
    assert.deepEqual(shown.totals, tally.totals);
    assert.equal(shown.played, tally.played);
    assert.equal(shown.winner, tally.winner);
    if (options.target) assert.equal(shown.target, options.target);
    if (options.teams) assert.deepEqual(Object.values(shown.teams), Object.values(options.teams));
    fs.rmSync(folder, { recursive: true, force: true });

    // Replayed from its JSON and from its TOML: the same game.
    for (const record of [table.record(), table.record('json', { pretty: true }), table.record('toml'), JSON.parse(table.record())]) {
      const again = engine.Table.replay(ruleset, record);
      assert.deepEqual(again.tally, tally);
      assert.deepEqual(again.history, table.history);
      assert.equal(again.record(), table.record());
      again.dispose();
    }
    // A shipped ruleset is named, not held: the record replays under the one it names.
    assert.equal('rules' in JSON.parse(table.record()), false);
    const own = engine.Table.replay(table.record('toml'));
    assert.equal(own.ruleset, ruleset);
    assert.equal(own.record(), table.record());
    own.dispose();
    // eslint-disable-next-line no-console
    console.log(`# ${ruleset} seed ${seed}: ${steps} actions, ${menes} mènes, ${redeals} redeals, ` +
      `NS ${tally.totals.NS} EW ${tally.totals.EW}, ${tally.winner ?? 'drawn'}`);
    table.dispose();
  });
}

test('what the Python binding shows: coinche seed 1, its action space, the legal calls and the seat\'s view', () => {
  const table = new engine.Table('coinche', { seed: 1 });
  assert.equal(table.actionCount, 151);
  assert.equal(table.actionMask().reduce((a, b) => a + b, 0), 67);
  assert.deepEqual(table.legalTexts().slice(0, 6), ['pass', '80 S', '80 H', '80 D', '80 C', '80 NT']);
  assert.equal(String(table), '<belote.Table coinche: mène 1, auction, W to act; NS 0 EW 0>');
  for (const call of ['80 H', 'pass', 'pass', 'pass']) table.step(call);
  const seen = table.observation('N');
  assert.equal(seen.phase, 'play');
  assert.equal(seen.to_act, 'W');
  assert.deepEqual(seen.hand, ['8S', 'KS', 'AS', '10H', '9D', '10D', 'QD', '7C']);
  assert.deepEqual(seen.calls, [['W', '80 H'], ['S', 'pass'], ['E', 'pass'], ['N', 'pass']]);
  assert.equal(seen.contract.bid, 80);
  assert.equal(seen.contract.trump, 'H');
  assert.deepEqual(table.step('AD').observation.current, [['W', 'AD']]);
  // The keys of a seat's view, as docs/web.md lists them.
  assert.deepEqual(Object.keys(seen), ['seat', 'phase', 'to_act', 'dealer', 'mene', 'played', 'hand', 'dealt',
    'turned_card', 'proposals', 'calls', 'contract', 'cards', 'trick_winners', 'trick', 'current', 'words',
    'declared', 'points', 'tricks_won', 'roem', 'totals', 'held_over', 'target']);
  assert.deepEqual(seen.roem, { NS: 0, EW: 0 });
  // Another seat sees its own hand, not N's.
  assert.notDeepEqual(table.observation('E').hand, seen.hand);
  assert.equal(table.observation().seat, table.toAct);
  table.dispose();
});

test('an illegal action: IllegalAction with the engine\'s message and rule, the table unchanged', () => {
  const table = new engine.Table('coinche', { seed: 1 });
  const before = table.observation('W');
  const refused = (action, message, rule) => {
    assert.throws(() => table.step(action), (error) => {
      assert.ok(error instanceof engine.IllegalAction);
      assert.ok(error instanceof IllegalActionType);
      assert.ok(error instanceof engine.BeloteError);
      assert.equal(error.name, 'IllegalAction');
      if (message instanceof RegExp) assert.match(error.message, message);
      else assert.equal(error.message, message);
      assert.equal(error.rule, rule);
      return true;
    });
    assert.deepEqual(table.observation('W'), before, 'the table is left as it was');
  };
  refused('JH', 'W: JH is a card, but the auction goes on: W to speak', 'phase');
  refused(table.parseAction('JH'), 'W: JH is a card, but the auction goes on: W to speak', 'phase');
  refused('hello', "'hello' is no action of ruleset 'coinche' here", 'action');
  refused(151, "action 151 is not an action of ruleset 'coinche' (0 to 150)", 'action');
  refused(-1, "action -1 is not an action of ruleset 'coinche' (0 to 150)", 'action');
  // A bid below the last: the auction's own rule.
  table.step('90 H');
  const low = table.observation('W');
  assert.throws(() => table.apply('80 S'), (error) => error instanceof engine.IllegalAction && error.rule !== '' &&
    /80 S/.test(error.message));
  assert.deepEqual(table.observation('W'), low);
  assert.throws(() => table.parseAction('nothing'), engine.IllegalAction);
  assert.throws(() => table.step(1.5), { name: 'BeloteError', message: /an action is a number/ });
  table.dispose();
});

test('undo, across mènes, and copies that go their own way', () => {
  const table = new engine.Table('coinche', { seed: 5 });
  const start = table.observation('N');
  const pick = generator(5);
  // Play until the first mène is over, remembering each step's view.
  const views = [];
  let finished = false;
  while (!finished) {
    views.push({ seen: table.observation(table.toAct), legal: table.legalActions() });
    const legal = table.legalActions();
    finished = table.step(legal[pick(legal.length)]).info.mene_over;
  }
  const after = table.tally;
  const copy = table.copy();
  // Undo takes back the mène's last action, the tally with it, then every action before.
  assert.equal(table.undo(), true);
  assert.deepEqual(table.observation(views.at(-1).seen.seat), views.at(-1).seen);
  assert.deepEqual(table.legalActions(), views.at(-1).legal);
  assert.deepEqual(table.tally.totals, { NS: 0, EW: 0 });
  for (let i = views.length - 2; i >= 0; --i) {
    assert.equal(table.undo(), true);
    assert.deepEqual(table.observation(views[i].seen.seat), views[i].seen);
  }
  assert.equal(table.undo(), false, 'nothing before the first action');
  assert.deepEqual(table.observation('N'), start);
  // The copy kept the game where it was; a clone of it goes on without it.
  assert.deepEqual(copy.tally, after);
  const clone = copy.clone();
  const legal = clone.legalActions();
  clone.step(legal[0]);
  assert.notDeepEqual(clone.observation('N'), copy.observation('N'));
  assert.deepEqual(copy.tally, after);
  // reset deals the game again, from a new seed when given.
  assert.deepEqual(copy.reset(), table.observation(table.toAct));
  assert.deepEqual(copy.tally, table.tally);
  copy.reset({ seed: 6 });
  assert.equal(copy.seed, 6n);
  for (const t of [table, copy, clone]) t.dispose();
});

test('a table made from pasted TOML, with a seed past 2^53, a first dealer and a limit of mènes', () => {
  const text = 'name = "club-coinche"\nextends = "coinche"\n[game]\ntarget = 500\n';
  const table = new engine.Table({ text, display: 'club.toml' }, { seed: 2n ** 64n - 1n, firstDealer: 'S', maxMenes: 2 });
  assert.equal(table.ruleset, 'club-coinche');
  assert.equal(table.target, 500);
  assert.equal(table.seed, 2n ** 64n - 1n);
  assert.equal(table.observation().dealer, 'S');
  const pick = generator(3);
  while (!table.over) {
    const legal = table.legalActions();
    table.apply(legal[pick(legal.length)]);
  }
  assert.ok(table.tally.played <= 2);
  const record = JSON.parse(table.record());
  assert.equal(record.table.seed, 18446744073709551615);
  assert.deepEqual(engine.Table.replay({ text, display: 'club.toml' }, table.record('toml')).tally, table.tally);
  assert.throws(() => new engine.Table({ text: 'name = "x"\nextends = "/etc/passwd"\n' }), { name: 'BeloteError' });
  table.dispose();
});

// A ruleset pasted on the page goes with the game's record, whole (`rules`): the record replays without it,
// here and in the program, and under another ruleset it is refused by the first key whose meaning differs.
test('a record of a game under a pasted ruleset holds it, and replays under it alone', () => {
  const text = 'name = "club-coinche"\nextends = "coinche"\n[game]\ntarget = 500\n';
  const table = new engine.Table({ text, display: 'club.toml' }, { seed: 7, maxMenes: 3 });
  const pick = generator(7);
  while (!table.over) {
    const legal = table.legalActions();
    table.apply(legal[pick(legal.length)]);
  }
  const json = table.record();
  const record = JSON.parse(json);
  assert.equal(record.ruleset, 'club-coinche');
  // In JSON the ruleset's text, in TOML its tables under [rules]: every key resolved, no base named.
  assert.match(record.rules, /^target = 500$/m);
  assert.doesNotMatch(record.rules, /extends|^name/m);
  assert.match(table.record('toml'), /^\[rules\.game\]$/m);
  for (const given of [json, table.record('json', { pretty: true }), table.record('toml'), record]) {
    const again = engine.Table.replay(given);
    assert.equal(again.ruleset, 'club-coinche');
    assert.equal(again.target, 500);
    assert.deepEqual(again.history, table.history);
    assert.equal(again.record(), json, 'the same record, its ruleset held again');
    again.dispose();
  }
  // The same conventions given: the record replays under them.
  const same = engine.Table.replay({ text, display: 'club.toml' }, table.record('toml'));
  assert.equal(same.record(), json);
  same.dispose();
  // Another ruleset given: refused, at the record's 'ruleset', naming the key.
  assert.throws(() => engine.Table.replay('coinche', json),
    { name: 'BeloteError', message: /^record: 1:12: the record holds its ruleset \('rules'\), which differs from ruleset 'coinche' at 'game\.target'/ });
  assert.throws(() => engine.Table.replay('coinche', table.record('toml')), { message: /^record: 1:11: .* at 'game\.target'/ });

  // The program reads the record with no ruleset file: `belote sheet show` scores it, `belote advise` replays it.
  const folder = temporaryDir('belote-own-ruleset-');
  for (const [name, form] of [['game.json', json], ['game.toml', table.record('toml')]]) {
    const file = path.join(folder, name);
    fs.writeFileSync(file, form);
    if (name.endsWith('.toml')) {
      const shown = JSON.parse(belote(['sheet', 'show', '--format', 'json', file]));
      assert.deepEqual(shown.totals, table.totals);
      assert.equal(shown.target, 500);
    }
    const advised = JSON.parse(belote(['advise', '--format', 'json', '--worlds', '1', '--threads', '1', '--mene', '1', file]));
    assert.ok(advised.actions.length > 0);
  }
  fs.rmSync(folder, { recursive: true, force: true });
  table.dispose();
});

test('what a record replayed under its own ruleset is refused for', () => {
  const table = new engine.Table({ text: 'name = "club"\nextends = "coinche"\n[game]\ntarget = 300\n' }, { seed: 3, maxMenes: 1 });
  const pick = generator(3);
  while (!table.over) {
    const legal = table.legalActions();
    table.apply(legal[pick(legal.length)]);
  }
  const record = JSON.parse(table.record());
  const toml = table.record('toml');
  table.dispose();
  // A key of the ruleset held that no ruleset has: at 'rules', with its line in the ruleset's text, naming it.
  const broken = JSON.stringify({ ...record, rules: record.rules.replace('target = 300', 'target = 300\ngoal = 1') });
  assert.throws(() => engine.Table.replay(broken), { name: 'BeloteError', message: /^record: 1:\d+: 'rules', line \d+, column 1: .*'game\.goal'/ });
  // In TOML, at the value itself.
  const line = toml.split('\n').indexOf('target = 300') + 1;
  assert.ok(line > 0);
  assert.throws(() => engine.Table.replay(toml.replace('target = 300', 'target = "many"')),
    { message: new RegExp(`^record: ${line}:10: 'game\\.target' must be an integer`) });
  // A ruleset by name that the search path does not have, at the record's 'ruleset'.
  assert.throws(() => engine.Table.replay({ ...record, rules: undefined, ruleset: 'no-such-ruleset' }), { message: /^record: .*no-such-ruleset/ });
  // An untrusted record names no path.
  assert.throws(() => engine.Table.replay('ruleset = "/etc/passwd"\n'), { message: /^record: 1:11: 'ruleset': '\/etc\/passwd' is a path/ });
  // No ruleset named, none given; and text that does not parse, told where.
  assert.throws(() => engine.Table.replay({ table: record.table, mene: record.mene }), { message: /^record: it names no ruleset/ });
  assert.throws(() => engine.Table.replay('not toml ['), { message: /^record: 1:\d+: TOML syntax/ });
  assert.throws(() => engine.Table.replay('{"ruleset": "coinche",'), { message: /^record: 1:\d+: JSON/ });
});

test('players by name, as make_player reads them', () => {
  const player = new engine.Player('random', { seed: 4 });
  assert.equal(player.name, 'random');
  const table = new engine.Table('schieber', { seed: 4 });
  const chosen = player.choose(table);
  assert.ok(table.legalActions().includes(chosen));
  assert.deepEqual(table.observation().calls, [], 'choosing changes nothing');
  // The same seed, the same choice.
  assert.equal(new engine.Player('random', { seed: 4 }).choose(table), chosen);
  assert.throws(() => new engine.Player('grandmaster'), { name: 'BeloteError', message: /unknown player 'grandmaster'/ });
  assert.throws(() => player.choose({}), /takes a Table/);
  player.dispose();
  assert.throws(() => player.choose(table), /disposed/);
  table.dispose();
  assert.throws(() => table.legalActions(), /disposed/);
});

test('what a table refuses to be made from', () => {
  assert.throws(() => new engine.Table('no-such-ruleset'), { name: 'BeloteError' });
  assert.throws(() => new engine.Table('coinche', { seed: -1 }), /'seed' must be a whole number/);
  assert.throws(() => new engine.Table('coinche', { seed: 1.5 }), /'seed' must be a whole number/);
  assert.throws(() => new engine.Table('coinche', { firstDealer: 'X' }), /'first_dealer' must be one of N, E, S, W/);
  assert.throws(() => new engine.Table('coinche', { target: -5 }), /'target' is a whole number/);
  assert.throws(() => new engine.Table('coinche', { maxMenes: -1 }), /'max_menes'/);
  assert.throws(() => new engine.Table('coinche', { teams: { XY: 'a' } }), /no team 'XY'/);
  assert.throws(() => new engine.Table(42), /a ruleset is a name/);
  assert.throws(() => engine.Table.replay('coinche', 'ruleset = "coinche"\n[[mene]]\nhands = 3\n'), /record/);
  assert.throws(() => engine.Table.replay('coinche', 'not toml ['), /record: 1:/);
});

// Coinche seed 4, dealt by N, the engine's heuristic players at each seat (as `belote play --seed 4 --players heuristic`):
// E declares a tierce to Q♦, then N a tierce to 9♣; E's wins the contest.
test('another seat\'s declared sequence: its name and points in trick 1, shown from trick 2 by the team that wins, the other never', () => {
  const table = new engine.Table('coinche', { seed: 4, firstDealer: 'N', maxMenes: 1 });
  const players = Object.fromEntries(['N', 'E', 'S', 'W'].map((seat) => [seat, new engine.Player('heuristic', { seed: 4, seat })]));
  const steps = [];
  let inTrick1 = null;
  while (table.phase !== 'play' || table.observation('S').trick === 1) {
    const step = table.step(players[table.toAct].choose(table));
    steps.push(step);
    if (step.info.seat === 'E' && /^declare /.test(step.info.text)) inTrick1 = { S: table.observation('S'), E: table.observation('E') };
  }
  const declares = steps.filter((s) => /^declare /.test(s.info.text));
  assert.deepEqual(declares.map((s) => [s.info.seat, s.info.text, s.info.heard]), [
    ['E', 'declare tierce QD (10D JD QD)', 'declare tierce (20 points)'],
    ['N', 'declare tierce 9C (7C 8C 9C)', 'declare tierce (20 points)'],
  ]);
  // The calls and cards carry no words for the other seats.
  assert.ok(steps.filter((s) => !/^declare /.test(s.info.text)).every((s) => !('heard' in s.info)));
  // In trick 1, once E has declared: S knows E's sequence by its name and points; E knows its cards.
  assert.deepEqual(inTrick1.S.declared, [{ seat: 'E', kind: 'sequence', announcement: 'tierce', points: 20 }]);
  assert.deepEqual(inTrick1.E.declared, [{ seat: 'E', kind: 'sequence', announcement: 'tierce', points: 20, cards: ['10D', 'JD', 'QD'] }]);
  // The last card of trick 1: EW shows E's tierce, NS's is not shown.
  const last = steps.at(-1);
  assert.deepEqual(last.info.shown, [{ seat: 'E', team: 'EW', announcement: 'tierce', label: 'tierce to QD', points: 20, cards: ['10D', 'JD', 'QD'] }]);
  assert.ok(steps.slice(0, -1).every((s) => !('shown' in s.info)), 'only the card that ends trick 1 shows');
  const shownE = { seat: 'E', kind: 'sequence', announcement: 'tierce', points: 20, cards: ['10D', 'JD', 'QD'] };
  const hiddenN = { seat: 'N', kind: 'sequence', announcement: 'tierce', points: 20 };
  const ownN = { ...hiddenN, cards: ['7C', '8C', '9C'] };
  for (const seat of ['S', 'E', 'W']) assert.deepEqual(table.observation(seat).declared, [shownE, hiddenN], seat);
  assert.deepEqual(table.observation('N').declared, [shownE, ownN]);
  // To the mène's last card, N's cards stay unshown.
  while (!table.over && table.observation(table.toAct).cards.length < 31) table.step(players[table.toAct].choose(table));
  assert.deepEqual(table.observation('W').declared, [shownE, hiddenN]);
  for (const player of Object.values(players)) player.dispose();
  table.dispose();
});
