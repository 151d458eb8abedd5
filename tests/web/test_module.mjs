// The engine in WebAssembly against the native program: the same outcomes,
// byte for byte, the same error messages, the same random-deal comparison.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { belote, launchBrowser, openPage, pageDir, repository, screenshot, temporaryDir } from './support.mjs';

let browser;
let page;

before(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser));
});
after(() => browser.close());

const lines = (text) => text.split('\n').slice(0, -1);

// Under coinche the deals are the ruleset's own: each names its kind, bid and doubling.
for (const [ruleset, seed, dealtUnder] of [['classique', 18, 'classique'], ['traditionnelle', 2026, 'classique'], ['coinche', 14, 'coinche']]) {
  test(`10,000 random deals: each outcome is byte for byte belote score --format json (${ruleset})`, async (t) => {
    const deals = belote(['deal', '--random', '10000', '--seed', String(seed), '--ruleset', dealtUnder]);
    const expected = lines(belote(['score', '--ruleset', ruleset, '--format', 'json', '-'], { input: deals }));
    assert.equal(expected.length, 10000);
    const reply = await page.evaluate((name, text) => {
      const started = performance.now();
      const result = window.beloteCounter.belote.score(name, text);
      return Object.assign(result, { seconds: (performance.now() - started) / 1000 });
    }, ruleset, deals);
    assert.deepEqual(reply.errors, []);
    assert.equal(reply.outcomes.length, expected.length);
    const differing = reply.outcomes.findIndex((outcome, i) => outcome !== expected[i]);
    assert.equal(differing, -1, differing < 0 ? '' : `deal ${differing + 1}:\n module ${reply.outcomes[differing]}\n belote ${expected[differing]}`);
    t.diagnostic(`${ruleset}: ${Math.round(10000 / reply.seconds)} deals/s through the module (scored and written as JSON)`);
  });
}

test('a deal that does not read gets the messages of belote score, line and column included', async () => {
  const deals = [
    '{"trump": "X", "taker": "N", "hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}, "result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}}',
    '',
    '{"trump": "H", "taker": "N", "hands": {"N": "9S 8S 7S AH JH KD 9C ZZ", "E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}, "result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}}',
    '{"trump": "H", "taker": "N", "hands": {"N": "9S 8S 7S AH JH KD 9C 7C", "E": "AS 8H 10D 9D 8D 7D QC JC", "S": "JS 10S QH 9H AD QD AC 8C", "W": "KS QS KH 10H 7H JD KC 10C"}, "result": {"points": {"NS": 88, "EW": 74}, "tricks": {"NS": 5, "EW": 3}}}',
    '{"trump": "H",',
  ].join('\n') + '\n';
  const cli = belote(['score', '--ruleset', 'classique', '--format', 'json', '-'], { input: deals, allowFailure: true });
  assert.equal(cli.status, 1);
  const reply = await page.evaluate((text) => window.beloteCounter.belote.score('classique', text, { display: '<stdin>' }), deals);
  assert.deepEqual(reply.outcomes, lines(cli.stdout));
  const written = reply.errors.map((e) => `belote: error: ${e.text}\n${e.caret ? `${e.caret}\n` : ''}`).join('');
  assert.equal(written, cli.stderr);
});

// The module scores a long text a megabyte at a time: a bad line far in
// gets the same message, at the same line, as from belote score.
test('a bad deal past the first megabyte of deals is told at its line, as belote score tells it', async () => {
  const good = belote(['deal', '--random', '6000', '--seed', '3', '--ruleset', 'classique']);
  const deals = `${good}{"trump": "H",\n${good}`;
  const cli = belote(['score', '--ruleset', 'classique', '--format', 'json', '-'], { input: deals, allowFailure: true });
  assert.equal(cli.status, 1);
  const reply = await page.evaluate((text) => {
    const result = window.beloteCounter.belote.score('classique', text, { display: '<stdin>' });
    return { text: result.text, errors: result.errors.map((e) => e.text) };
  }, deals);
  assert.ok(deals.length > 2 * (1 << 20));
  assert.equal(reply.text, cli.stdout);
  assert.deepEqual(reply.errors.map((e) => `belote: error: ${e}`), cli.stderr.split('\n').filter((l) => l.startsWith('belote: error:')));
  assert.match(reply.errors[0], /^<stdin>:6001:/);
});

// Outcomes cross to JavaScript in Latin-1 where each of their characters is
// one, else in UTF-8, piece by piece: ids of every kind, in the first
// megabyte of deals and past it, come back as belote score writes them.
test('ids in any script come back as belote score writes them, in every piece of the text', async () => {
  // The euro sign is byte 0x80 to the browsers' "latin1" decoder (windows-1252).
  const ids = ['carré à la française', 'nbsp\u00a0ÿ', 'pique ♠ 日本', 'euro €', 'emoji 🂡', 'plain'];
  const good = belote(['deal', '--random', '6000', '--seed', '4', '--ruleset', 'classique']).split('\n');
  // The first piece only Latin-1 ids; the later ones every kind.
  const renamed = good.map((line, i) => {
    const id = i === 10 ? ids[0] : i === 20 ? ids[1] : i > 5000 && i % 100 === 0 ? ids[(i / 100) % ids.length] : null;
    return id === null ? line : line.replace(/"id":"[^"]*"/, `"id":${JSON.stringify(id)}`);
  }).join('\n');
  const cli = belote(['score', '--ruleset', 'classique', '--format', 'json', '-'], { input: renamed });
  for (const id of ids) assert.ok(cli.includes(id), id);
  const text = await page.evaluate((deals) => window.beloteCounter.belote.score('classique', deals).text, renamed);
  assert.equal(text, cli);
});

// A house variant of coinche (no rounding, sans-atout bids count double, a
// générale disabled), given to both the module and the program.
const coincheVariant = 'name = "coinche-maison"\nextends = "coinche"\ntitle = "Coinche, chez nous"\nsource = "our table"\n' +
  'description = "Exact points; a sans-atout contract counts its bid twice."\n\n[rounding]\nstep = 1\nup_from = 1\n\n' +
  '[kinds.sans-atout]\nbid_multiplier = 2\n\n[bids.named.generale]\nenabled = false\n';

for (const [a, b, pasted] of [['classique', 'traditionnelle', null], ['coinche', 'coinche-maison', coincheVariant]]) {
  test(`random deals compared in the module count what belote diff --random counts (${a}, ${b})`, async () => {
    const folder = temporaryDir('belote-diff-');
    if (pasted) fs.writeFileSync(path.join(folder, `${b}.toml`), pasted);
    const cli = JSON.parse(belote(['diff', a, b, '--random', '50000', '--seed', '7', '--summary', '--format', 'json', '--rulesets-dir', folder]));
    const summary = await page.evaluate((a, b, text) => {
      const module = window.beloteCounter.belote;
      if (text && !module.loadRulesetText(text, { register: true }).loaded) return null;
      return module.diffRandom(a, b, { seed: 7, count: 50000 });
    }, a, b, pasted);
    assert.ok(summary, 'the variant loads');
    assert.ok(summary.differing > 0, 'the rulesets differ on some deals');
    assert.equal(summary.deals, cli.deals);
    assert.equal(summary.differing, cli.differing);
    assert.deepEqual(summary.by_kind, cli.by_kind);
    assert.deepEqual(summary.by_field, cli.by_field);
    for (const team of ['NS', 'EW']) {
      assert.equal(summary.score_change[team].moved, cli.score_change[team].moved);
      assert.equal(summary.score_change[team].largest, cli.score_change[team].largest);
      const moves = summary.moves[team].reduce((a, b) => a + b, 0);
      assert.equal(moves, cli.score_change[team].moved, 'the histogram counts every deal whose score moved');
    }
  });
}

test('a ruleset that does not exist is refused with the engine\'s message', async () => {
  const message = await page.evaluate(() => {
    try {
      window.beloteCounter.belote.describe('lyon');
      return 'described';
    } catch (error) {
      return `${error.name}: ${error.message}`;
    }
  });
  assert.match(message, /^BeloteError: no ruleset named 'lyon'/);
});

test('the example page of docs/web.md, served over HTTP, scores the worked example with belote.mjs', async () => {
  const doc = fs.readFileSync(path.join(repository, 'docs/web.md'), 'utf8');
  const html = doc.match(/```html\n([\s\S]*?)```/)[1];
  // The page and the module are answered from memory: nothing leaves the machine.
  // belote.mjs imports the engine from belote.js beside it: the engine is shipped once.
  const files = Object.fromEntries([['/example.html', ['text/html', html]],
    ...['belote.mjs', 'belote.js'].map((f) => [`/${f}`, ['text/javascript', fs.readFileSync(path.join(pageDir, f))]])]);
  const example = await browser.newPage();
  const errors = [];
  example.on('pageerror', (error) => errors.push(String(error)));
  await example.setRequestInterception(true);
  example.on('request', (request) => {
    const url = new URL(request.url());
    const file = url.origin === 'http://belote.test' && files[url.pathname];
    if (file) request.respond({ status: 200, contentType: file[0], body: file[1] });
    else request.abort();
  });
  await example.goto('http://belote.test/example.html');
  await example.waitForFunction(() => document.getElementById('out').textContent !== 'scoring…', { timeout: 30000 });
  const shown = await example.$eval('#out', (e) => e.textContent);
  const expected = JSON.parse(belote(['score', '--ruleset', 'classique', '--format', 'json', path.join(repository, 'examples/worked-example.toml')]));
  assert.equal(shown, [`contract failed: NS 0, EW 212`, ...expected.explanation.map((s) => s.text)].join('\n'));
  assert.deepEqual(errors, []);
  await screenshot(example, 'example-page');
  await example.close();
});

// What sheetAdd writes for a mène is what `belote sheet add` writes for the same mène given as options.
for (const { what, ruleset, options, mene, written } of [
  { what: 'several belotes given to sheetAdd are the sheet belote sheet add writes with --belote N,E', ruleset: 'coinche',
    options: ['--taker', 'N', '--kind', 'tout-atout', '--bid', '100', '--points', 'NS=150,EW=12', '--belote', 'N,E'],
    mene: { taker: 'N', kind: 'tout-atout', bid: 100, points: { NS: 150, EW: 12 }, belote: ['N', 'E'] },
    written: /belote = \[ "N", "E" \]/ },
  { what: 'roem given to sheetAdd is the sheet belote sheet add writes with --roem NS=40,EW=20', ruleset: 'klaverjas',
    options: ['--taker', 'W', '--trump', 'D', '--points', 'NS=71,EW=91', '--roem', 'NS=40,EW=20'],
    mene: { taker: 'W', trump: 'D', points: { NS: 71, EW: 91 }, roem: { NS: 40, EW: 20 } },
    written: /^roem = \{ EW = 20, NS = 40 \}$/m },
  { what: 'an auction given to sheetAdd is the sheet belote sheet add writes with --auction and --turned', ruleset: 'classique',
    options: ['--auction', 'pass, pass, pass, pass, choose S', '--dealer', 'E', '--turned', 'H', '--points', 'NS=100,EW=62'],
    mene: { auction: { dealer: 'E', turned: 'H', calls: ['pass', 'pass', 'pass', 'pass', 'choose S'] }, points: { NS: 100, EW: 62 } },
    written: /^auction = \{ calls = \[ "pass", "pass", "pass", "pass", "choose S" \], dealer = "E", turned = "H" \}$/m },
  { what: 'a redeal given to sheetAdd is the sheet belote sheet add writes with four passes', ruleset: 'coinche',
    options: ['--auction', 'pass,pass,pass,pass', '--dealer', 'S'],
    mene: { auction: { dealer: 'S', calls: ['pass', 'pass', 'pass', 'pass'] } },
    written: /^auction = \{ calls = \[ "pass", "pass", "pass", "pass" \], dealer = "S" \}\n$/m },
]) {
  test(what, async () => {
    const file = path.join(temporaryDir('belote-add-'), 'sheet.toml');
    belote(['sheet', 'new', file, '--ruleset', ruleset, '--teams', 'Nous,Eux']);
    belote(['sheet', 'add', file, ...options]);
    const reply = await page.evaluate((name, given) => {
      const b = window.beloteCounter.belote;
      return b.sheetAdd(b.sheetNew({ ruleset: name, teams: { NS: 'Nous', EW: 'Eux' } }).text, given, { show: true });
    }, ruleset, mene);
    assert.deepEqual(reply.errors, []);
    assert.equal(reply.text, fs.readFileSync(file, 'utf8'));
    assert.match(reply.text, written);
    assert.equal(reply.shown.text, belote(['sheet', 'show', file]));
  });
}

test('the engine is shipped once: belote.mjs imports belote.js', () => {
  const module = fs.readFileSync(path.join(pageDir, 'belote.mjs'), 'utf8');
  assert.ok(module.length < 1000, `belote.mjs is ${module.length} bytes`);
  assert.match(module, /^import '\.\/belote\.js';$/m);
  const html = fs.readFileSync(path.join(pageDir, 'index.html'), 'utf8');
  assert.deepEqual([...html.matchAll(/<script src="(belote[^"]*)"/g)].map((m) => m[1]), ['belote.js']);
});

test('arguments the module cannot use are refused with a message, and the module goes on', async () => {
  const messages = await page.evaluate(() => {
    const b = window.beloteCounter.belote;
    const refused = (call) => {
      try {
        call();
        return 'accepted';
      } catch (error) {
        return `${error.name}: ${error.message}`;
      }
    };
    const sheet = b.sheetNew({ ruleset: 'classique' }).text;
    return [
      refused(() => b.sheetAdd(sheet, { taker: 'N', trump: 'H', points: { NS: 'ninety', EW: 72 } })),
      refused(() => b.diffBegin('classique', 'traditionnelle', { seed: '-1' })),
      refused(() => b.loadRulesetText(42)),
      refused(() => b.sheetAdd(sheet, { taker: 'N', trump: 'H', points: { NS: 90, EW: 72 }, held_over: 80 })),
      refused(() => b.sheetAdd(sheet, { taker: 'N', trump: 'H', points: { NS: 90, EW: 72 }, bid: -80 })),
      refused(() => b.sheetAdd(sheet, { auction: 'pass pass', points: { NS: 90, EW: 72 } })),
      refused(() => b.sheetAdd(sheet, { auction: { dealer: 'N', calls: ['take'], deal: 'N' } })),
      refused(() => b.sheetAdd(sheet, { auction: { dealer: 'N', calls: [] } })),
      refused(() => b.sheetAdd(sheet, { auction: { dealer: 'N', turned: 'H', calls: ['take', 7] } })),
      refused(() => b.sheetAdd(sheet, { first: 'E', auction: { dealer: 'N', first: 'E', turned: 'H', calls: ['take'] } })),
      refused(() => b.sheetAddPlayed(sheet, 42)),
      b.score('classique', '').outcomes.length,
    ];
  });
  assert.deepEqual(messages, [
    "BeloteError: 'points.NS' must be an integer",
    "BeloteError: 'seed' must be a whole number from 0 to 2^64 - 1",
    "BeloteError: 'text' must be given as a string",
    "BeloteError: 'held_over' is not a key of a mène (a mène holds taker, kind, trump, bid, doubling, first, points, tricks, capot, roem, announcements, belote and auction)",
    "BeloteError: 'bid' must be a number or a named bid",
    "BeloteError: 'auction' must be an object: {dealer, first, turned, calls}",
    "BeloteError: 'auction.deal' is not a key of an auction (dealer, first, turned and calls)",
    "BeloteError: 'auction.calls' must hold the auction's calls",
    "BeloteError: 'auction.calls' must be a list of strings",
    "BeloteError: 'first' and 'auction.first' are the same seat: give one",
    "BeloteError: 'mene' must be an object: a played mène, as a game's record holds it (auction, hands, play...), or the text of a deal file with its play",
    0,
  ]);
});
