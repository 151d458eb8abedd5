// The module's solve(ruleset, deal, options) against `belote solve --format json`:
// random deals under five families (suit, no-trump, all-trump, klaverjas roem),
// with the line of best play, part-way through a played mène, the table of every
// contract, and the deals and requests it refuses.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { belote, pageDir, temporaryDir } from './support.mjs';

let engine;
before(async () => {
  const { default: createBelote } = await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href);
  engine = await createBelote();
});

const folder = temporaryDir('belote-solve-');

/** Random deals of a ruleset, as `belote deal --random` writes them. */
function randomDeals(ruleset, count, seed, played = false) {
  const args = ['deal', '--random', String(count), '--seed', String(seed), '--ruleset', ruleset];
  if (played) args.push('--played');
  return belote(args).trimEnd().split('\n');
}

/** `belote solve --format json` on one deal written to deal.jsonl: its line, or {status, stderr}. */
function program(ruleset, line, options = []) {
  const file = path.join(folder, 'deal.jsonl');
  fs.writeFileSync(file, `${line}\n`);
  const run = belote(['solve', '--ruleset', ruleset, '--format', 'json', '--threads', '1', ...options, 'deal.jsonl'],
    { allowFailure: true, cwd: folder });
  return typeof run === 'string' ? run.trimEnd() : { status: run.status, stderr: run.stderr };
}

const families = [['classique', 1], ['coinche', 2], ['bulgare', 3], ['klaverjas', 4], ['schieber', 5]];

for (const [ruleset, seed] of families) {
  test(`${ruleset}: each deal's best play and line as belote solve --line writes them`, () => {
    for (const line of randomDeals(ruleset, 3, seed)) {
      const expected = program(ruleset, line, ['--line']);
      assert.equal(typeof expected, 'string', expected.stderr);
      const reply = engine.solve(ruleset, line, { display: 'deal.jsonl', line: true });
      assert.equal(reply.done, true, JSON.stringify(reply.errors));
      assert.equal(reply.text, expected);
      assert.deepEqual(reply.answer, JSON.parse(expected));
      // The same deal given as an object.
      assert.equal(engine.solve(ruleset, JSON.parse(line), { display: 'deal.jsonl', line: true }).text, expected);
    }
  });
}

test('a played klaverjas mène solved after 6 and after 13 cards, as belote solve --after does', () => {
  const [line] = randomDeals('klaverjas', 1, 9, true);
  for (const after of [6, 13]) {
    const expected = program('klaverjas', line, ['--after', String(after), '--line']);
    const reply = engine.solve('klaverjas', line, { display: 'deal.jsonl', after, line: true });
    assert.equal(reply.text, expected, `after ${after}`);
    assert.equal(reply.answer.after, after);
  }
});

test('the table of every contract, with the bids each would make, as belote solve --table writes it', () => {
  for (const ruleset of ['coinche', 'classique']) {
    const [line] = randomDeals(ruleset, 1, 11);
    const expected = program(ruleset, line, ['--table']);
    const reply = engine.solve(ruleset, line, { display: 'deal.jsonl', table: true });
    assert.equal(reply.text, expected, ruleset);
    assert.ok(reply.answer.table.length >= 8, ruleset);
  }
});

test('deals that cannot be solved: done false, with the program\'s message', () => {
  const noHands = '{"taker":"N","trump":"H","announcements":{},"result":{"points":{"NS":90,"EW":72},"tricks":{"NS":5,"EW":3}}}';
  const refused = engine.solve('classique', noHands, { display: 'deal.jsonl' });
  assert.equal(refused.done, false);
  assert.equal(refused.answer, null);
  const cli = program('classique', noHands);
  assert.equal(cli.status, 1);
  assert.equal(`belote: error: ${refused.errors[0].text}\n`, cli.stderr);
  assert.equal(refused.errors[0].text, 'deal.jsonl:1: the deal gives no hands: solving needs the four hands');
  // A search stopped at its limit.
  const [line] = randomDeals('classique', 1, 12);
  const stopped = engine.solve('classique', line, { display: 'deal.jsonl', maxNodes: 10 });
  assert.equal(stopped.done, false);
  assert.equal(`belote: error: ${stopped.errors[0].text}\n`, program('classique', line, ['--max-nodes', '10']).stderr);
  // A position past the deal's recorded play.
  const [played] = randomDeals('klaverjas', 1, 14, true);
  const past = engine.solve('klaverjas', played, { display: 'deal.jsonl', after: 63 });
  assert.equal(past.done, false);
  assert.equal(past.errors[0].text,
    'deal.jsonl:1 (random-14-0): the position after 63 cards asks for more cards than the deal\'s play records (32)');
  // A deal that does not read gives the reader's error at its line.
  const broken = engine.solve('classique', '{"taker":"N","trump":"X"}', { display: 'deal.jsonl' });
  assert.equal(broken.done, false);
  assert.match(broken.errors[0].text, /^deal\.jsonl:1:\d+: /);
});

test('requests it refuses, as the program refuses their options', () => {
  const [line] = randomDeals('classique', 1, 13);
  assert.throws(() => engine.solve('classique', line, { table: true, line: true }), /'line' goes with one contract, not with 'table'/);
  assert.throws(() => engine.solve('classique', line, { table: true, after: 4 }), /'after' goes with the deal's contract/);
  assert.throws(() => engine.solve('classique', line, { after: 64 }), /'after' must be a whole number from 0 to 63/);
  assert.throws(() => engine.solve('classique', `${line}\n${line}`), /one deal: one JSON line/);
  assert.throws(() => engine.solve('classique'), /'deal' is missing/);
});
