// The module's auction(ruleset, auction) against `belote auction --format json`:
// open and ended auctions under the coinche, bulgare, schieber, classique and
// klaverjas families, line for line, an illegal call with its position and
// the program's message, and the requests it refuses.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { belote, pageDir } from './support.mjs';

let engine;
before(async () => {
  const { default: createBelote } = await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href);
  engine = await createBelote();
});

/** `belote auction --format json` on the same auction: {status, line, stderr}. */
function program(ruleset, { dealer, first, turned, calls = [] }, format = 'json') {
  const args = ['auction', '--ruleset', ruleset, '--format', format];
  if (dealer) args.push('--dealer', dealer);
  if (first) args.push('--first', first);
  for (const suit of [turned ?? []].flat()) args.push('--turned', suit);
  const run = belote([...args, ...calls], { allowFailure: true });
  return typeof run === 'string' ? { status: 0, line: run.trimEnd(), stderr: '' }
    : { status: run.status, line: run.stdout.trimEnd(), stderr: run.stderr };
}

const auctions = [
  ['coinche', { dealer: 'N', calls: ['80 H', 'pass', '90 S'] }, 'open: N to speak'],
  ['coinche', { dealer: 'N', calls: ['80 H', 'pass', '90 S', 'coinche', 'surcoinche'] }, 'ended by the surcoinche'],
  ['coinche', { dealer: 'E', calls: ['pass', 'pass', 'pass', 'pass'] }, 'a redeal'],
  ['coinche', { dealer: 'W', calls: ['100 NT', 'pass', 'capot AT', 'pass', 'pass', 'pass'] }, 'a named bid'],
  ['bulgare', { dealer: 'N', calls: ['C', 'pass', 'H', 'kontra'] }, 'open after a kontra'],
  ['bulgare', { dealer: 'S', calls: ['C', 'pass', 'AT', 'pass', 'pass', 'pass'] }, 'all-trump'],
  ['schieber', { dealer: 'N', calls: ['schieben', 'choose obenabe'] }, 'shoved, then chosen'],
  ['schieber', { dealer: 'E', calls: [] }, 'the first speaker\'s choice'],
  ['schieber', { dealer: 'E', first: 'W', calls: ['choose H'] }, 'a first speaker named'],
  ['classique', { dealer: 'E', turned: 'D', calls: ['pass', 'pass', 'pass', 'pass'] }, 'second round'],
  ['classique', { dealer: 'E', turned: 'D', calls: ['pass', 'take'] }, 'the turned suit taken'],
  ['klaverjas', { dealer: 'N', turned: 'S', calls: ['pass', 'pass'] }, 'open'],
  ['klaverjas', { dealer: 'N', turned: 'S', calls: ['pass', 'pass', 'pass', 'pass', 'choose C'] }, 'forced first speaker'],
  ['classique', { dealer: 'E', turned: 'JD', calls: ['pass', 'take'] }, 'the card turned up, as a record writes it'],
];

for (const [ruleset, auction, what] of auctions) {
  test(`${ruleset}, ${what}: the line of belote auction --format json`, () => {
    const expected = program(ruleset, auction);
    assert.equal(expected.status, 0, expected.stderr);
    const reply = engine.auction(ruleset, auction);
    assert.equal(reply.done, true);
    assert.deepEqual(reply.errors, []);
    assert.equal(reply.text, expected.line);
    assert.deepEqual(reply.answer, JSON.parse(expected.line));
    // The same auction given as one JSON line.
    assert.equal(engine.auction(ruleset, JSON.stringify(auction)).text, expected.line);
  });
}

test('the states the answers give: legal calls while open, the contract or the redeal once ended', () => {
  const open = engine.auction('coinche', auctions[0][1]).answer;
  assert.equal(open.to_speak, 'N');
  assert.equal(open.ended, false);
  assert.ok(open.legal.some((c) => c.call === 'double' && c.name === 'coinche'));
  assert.match(open.legal_text, /^pass; bid \{100–160, capot, generale\}/);
  const ended = engine.auction('coinche', auctions[1][1]).answer;
  assert.deepEqual(ended.contract, { taker: 'E', team: 'EW', kind: 'S', doubling: 2, forced: false, first_lead: 'W',
    next_dealer: 'W', bid: 90 });
  assert.deepEqual(ended.legal, []);
  assert.deepEqual(engine.auction('coinche', auctions[2][1]).answer.redeal, { next_dealer: 'N' });
  assert.equal(engine.auction('klaverjas', auctions[12][1]).answer.contract.forced, true);
});

for (const [ruleset, auction] of [
  ['coinche', { dealer: 'E', calls: ['90 H', 'coinche', '100 H'] }],
  ['coinche', { dealer: 'N', calls: ['90 H', '90 S'] }],
  ['bulgare', { dealer: 'N', calls: ['H', 'C'] }],
  ['schieber', { dealer: 'N', calls: ['pass'] }],
  ['klaverjas', { dealer: 'N', turned: 'S', calls: ['pass', 'E:play'] }],
]) {
  test(`an illegal call under ${ruleset}: the program's error object, its position and its message`, () => {
    const expected = program(ruleset, auction);
    assert.equal(expected.status, 1);
    const reply = engine.auction(ruleset, auction);
    assert.equal(reply.done, false);
    assert.equal(reply.text, expected.line);
    assert.equal(reply.answer.error, 'auction');
    assert.equal(reply.answer.position, JSON.parse(expected.line).position);
    // The program's text mode says the same on its standard error.
    const text = program(ruleset, auction, 'text');
    assert.equal(text.status, 1);
    assert.equal(reply.errors.map((e) => `belote: error: ${e.text}\n`).join(''), text.stderr);
  });
}

test('the bid after a coinche: call 3, rule bid-after-double, and what could be said there', () => {
  const reply = engine.auction('coinche', { dealer: 'E', calls: ['90 H', 'coinche', '100 H'] });
  assert.equal(reply.answer.position, 3);
  assert.equal(reply.answer.rule, 'bid-after-double');
  assert.equal(reply.answer.given, '100 H');
  assert.deepEqual(reply.answer.legal.map((c) => c.call), ['pass', 'redouble']);
  assert.equal(reply.errors[0].message,
    'call 3 (S 100 H): bid-after-double: after a coinche nobody may bid. Legal calls there: pass; surcoinche.');
});

test('requests the module refuses, as belote auction refuses them', () => {
  assert.throws(() => engine.auction('no-such-ruleset', { calls: [] }), { name: 'BeloteError' });
  assert.throws(() => engine.auction('coinche', { dealer: 'X', calls: [] }), /seat/);
  assert.throws(() => engine.auction('classique', { calls: ['pass'] }), /turns a card/);
  assert.throws(() => engine.auction('klaverjas', { turned: 'JD', calls: [] }),
    { message: /'turned': JD is a card, but ruleset 'klaverjas' turns only a suit \(dealing.turned = "suit"\): give its suit, D/ });
  assert.throws(() => engine.auction('coinche', { calls: ['Q:coinche'] }), /SEAT:CALL/);
  assert.throws(() => engine.auction('coinche', { calls: [80] }), /a call is a string/);
  assert.throws(() => engine.auction('coinche', { bids: [] }), /no key 'bids'/);
  assert.throws(() => engine.auction('coinche', '{"calls": []}\n{"calls": []}'), /one JSON line/);
});
