// The module's legal(ruleset, position) against `belote legal --format json`:
// the rule book's positions (tests/data/play/legal-examples.jsonl) and random
// ones under the French and Dutch rulesets, line for line; a position that
// does not read gets the program's messages.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { belote, pageDir, repository, temporaryDir } from './support.mjs';

let engine;
before(async () => {
  const { default: createBelote } = await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href);
  engine = await createBelote();
});

/** `belote legal --ruleset R FILE` on positions written to a file: its lines. */
function programAnswers(ruleset, positions) {
  const file = path.join(temporaryDir('belote-legal-'), 'positions.jsonl');
  fs.writeFileSync(file, positions.map((p) => JSON.stringify(p)).join('\n') + '\n');
  return belote(['legal', '--ruleset', ruleset, file]).split('\n').slice(0, -1);
}

test('the rule book\'s positions: the cards it names, and the lines belote legal writes', () => {
  const examples = fs.readFileSync(path.join(repository, 'tests/data/play/legal-examples.jsonl'), 'utf8')
    .split('\n').filter(Boolean).map((line) => JSON.parse(line));
  assert.ok(examples.length >= 30);
  const byRuleset = new Map();
  for (const example of examples) {
    const { id, ruleset, legal, ...position } = example;
    if (!byRuleset.has(ruleset)) byRuleset.set(ruleset, []);
    byRuleset.get(ruleset).push({ id, legal, position });
  }
  assert.ok(byRuleset.has('klaverjas') && byRuleset.has('klaverjas-amsterdam'), 'the Dutch rules are among them');
  for (const [ruleset, list] of byRuleset) {
    const expected = programAnswers(ruleset, list.map((e) => e.position));
    assert.equal(expected.length, list.length);
    list.forEach(({ id, legal, position }, i) => {
      const reply = engine.legal(ruleset, position);
      assert.deepEqual(reply.errors, [], id);
      assert.equal(reply.done, true, id);
      assert.equal(reply.text, expected[i], `${id} (${ruleset})`);
      assert.equal(reply.answer.legal.join(' '), legal, `${id}: the rule book's cards`);
      if (position.seat) assert.equal(reply.answer.seat, position.seat, id);
      // The same position given as one JSON line.
      assert.equal(engine.legal(ruleset, JSON.stringify(position)).text, expected[i], id);
    });
  }
});

// A small seeded generator, so that a failure can be run again.
function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

/** Random positions: a hand of 1 to 8 cards, and 0 to 3 cards of the trick from the other players. */
function randomPositions(seed, count) {
  const next = random(seed);
  const seats = ['N', 'W', 'S', 'E']; // in play order: W plays after N
  const suits = ['S', 'H', 'D', 'C'];
  const cards = ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'].flatMap((rank) => suits.map((suit) => rank + suit));
  const positions = [];
  for (let i = 0; i < count; ++i) {
    const deck = cards.slice();
    for (let j = deck.length - 1; j > 0; --j) {
      const k = next(j + 1);
      [deck[j], deck[k]] = [deck[k], deck[j]];
    }
    const size = 1 + next(8);
    const played = next(4);
    const leader = next(4);
    const trick = deck.slice(size, size + played).map((card, j) => `${seats[(leader + j) % 4]} ${card}`);
    positions.push({ trump: suits[next(4)], hand: deck.slice(0, size).join(' '), trick, seat: seats[(leader + played) % 4] });
  }
  return positions;
}

for (const [ruleset, seed] of [['classique', 1], ['klaverjas', 2], ['klaverjas-amsterdam', 3], ['klaverjas-geen-ondertroef', 4]]) {
  test(`2,000 random positions under ${ruleset}: each answer is the line of belote legal`, () => {
    const positions = randomPositions(seed, 2000);
    const expected = programAnswers(ruleset, positions);
    assert.equal(expected.length, positions.length);
    const rules = new Set();
    positions.forEach((position, i) => {
      const reply = engine.legal(ruleset, position);
      assert.equal(reply.text, expected[i], `position ${i + 1}: ${JSON.stringify(position)}`);
      // Every legal card is in the hand, and there is always one.
      const hand = position.hand.split(' ');
      assert.ok(reply.answer.legal.length > 0 && reply.answer.legal.every((card) => hand.includes(card)), `position ${i + 1}`);
      if (reply.answer.rule) rules.add(reply.answer.rule);
    });
    // The duties the positions met: following, trumping, overtrumping at least.
    assert.ok(rules.size >= 3, `rules met: ${[...rules].join(', ')}`);
  });
}

test('a position that does not read: the messages of belote legal, and no answer', () => {
  const folder = temporaryDir('belote-legal-bad-');
  const line = '{"trump": "H", "hand": "AS 7S JH 9H 8D", "trick": ["N KS", "E 7S"], "colour": "red"}';
  fs.writeFileSync(path.join(folder, 'positions.jsonl'), `${line}\n`);
  const run = belote(['legal', '--ruleset', 'klaverjas', 'positions.jsonl'], { cwd: folder, allowFailure: true });
  assert.notEqual(run.status, 0);
  const reply = engine.legal('klaverjas', line, { display: 'positions.jsonl' });
  assert.equal(reply.done, false);
  assert.equal(reply.answer, null);
  assert.ok(reply.errors.length >= 2, 'the unknown key and the seat out of turn');
  assert.equal(reply.errors.map((e) => `belote: error: ${e.text}\n${e.caret ? `${e.caret}\n` : ''}`).join(''), run.stderr);
  assert.throws(() => engine.legal('no-such-ruleset', JSON.parse(line)), { name: 'BeloteError' });
  assert.throws(() => engine.legal('klaverjas', `${line}\n${line}`), /one JSON line/);
});
