// A sheet's mène given on the page as its played cards: one played mène
// pasted (a mène of a record `belote play --record` wrote), or a record opened
// as a file and one of its mènes picked. The engine checks it card by card; the
// sheet then scores as `belote sheet show` scores the same mènes, and a mène
// that breaks the rules is refused with the engine's message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { menesShown, newGame, sheetRows } from './page-driver.mjs';
import { belote, launchBrowser, openPage, repository, screenshot, temporaryDir } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

/** A game of `menes` mènes played by the engine's players: its record as JSON and as a sheet, and what `belote sheet show` makes of it. */
function recorded(folder, ruleset, seed, menes) {
  const json = path.join(folder, `game-${seed}.json`);
  const toml = path.join(folder, `game-${seed}.toml`);
  belote(['play', '--ruleset', ruleset, '--seed', String(seed), '--seat', 'none', '--players', 'heuristic', '--menes', String(menes),
    '--record', json, '--record', toml, '--quiet']);
  return { json, toml, record: JSON.parse(fs.readFileSync(json, 'utf8')), shown: JSON.parse(belote(['sheet', 'show', toml, '--format', 'json'])) };
}

const readPlayed = async (page, text) => {
  await page.$eval('#played-text', (e, value) => { e.value = value; }, text);
  await page.click('#played-read');
};
const playedErrors = (page) => page.$eval('#played-errors', (e) => e.innerText);

test('a played mène pasted, and a recorded one picked from a file, score as belote sheet show scores them', async () => {
  const folder = temporaryDir('belote-played-');
  const one = recorded(folder, 'klaverjas', 8, 1);
  const three = recorded(folder, 'klaverjas', 21, 3);
  const { page, record } = await openPage(browser, { width: 375, height: 667 });
  assert.equal(await newGame(page, { ruleset: 'klaverjas', ns: 'Wij', ew: 'Zij' }), '');
  await page.click('#played-panel summary');

  // One played mène, pasted as the record holds it.
  const played = one.record.mene.filter((m) => m.play).at(-1);
  await readPlayed(page, JSON.stringify(played, null, 2));
  assert.equal(await playedErrors(page), '');
  assert.equal(await menesShown(page), 1);
  const first = one.shown.menes.filter((m) => !m.redeal).at(-1);

  // A record opened as a file (the TOML sheet `belote play --record game.toml` writes): its mènes offered, the second picked.
  const input = await page.$('#played-file');
  await input.uploadFile(three.toml);
  await page.waitForSelector('#played-pick-field:not([hidden])');
  const labels = await page.$$eval('#played-pick option', (options) => options.map((o) => o.textContent));
  const playedMenes = three.shown.menes.filter((m) => !m.redeal);
  assert.equal(labels.length, playedMenes.length);
  labels.forEach((label, i) => assert.match(label, new RegExp(`NS ${playedMenes[i].score?.NS ?? playedMenes[i].written.NS}\\b`), label));
  // Each mène's contract as the play panel words one: its taker and team, the trump as its symbol, the first lead.
  labels.forEach((label) => {
    assert.match(label, /^Mène \d+: [NESW] \((NS|EW)\) (takes|chooses) [^;]*[♠♥♦♣][^;]*; [NESW] leads; NS -?\d+, EW -?\d+$/, label);
    assert.doesNotMatch(label, /taker|kind |first lead/, label);
  });
  await page.select('#played-pick', await page.$$eval('#played-pick option', (options) => options[1].value));
  await page.click('#played-add');
  assert.equal(await playedErrors(page), '');
  assert.equal(await menesShown(page), 2);
  const second = playedMenes[1];
  const rows = await sheetRows(page);
  assert.deepEqual(rows[0].slice(4, 6).map(Number), [first.written.NS, first.written.EW], 'the pasted mène');
  assert.deepEqual(rows[1].slice(4, 6).map(Number), [second.written.NS, second.written.EW], 'the picked mène');
  await screenshot(page, 'played-mene-375px', '#mene-section');

  // A card changed: the engine refuses the mène, in the player's words (not the sheet file's place), and the sheet keeps its two mènes.
  const broken = structuredClone(played);
  [broken.play[0].cards[0], broken.play[0].cards[1]] = [broken.play[0].cards[1], broken.play[0].cards[0]];
  await readPlayed(page, JSON.stringify(broken));
  assert.match(await playedErrors(page), /^Trick 1, [NESW]: \S+[♠♥♦♣] is not in [NESW]'s hand \([NESW] holds it\)$/);
  assert.equal(await menesShown(page), 2);
  // A record of another ruleset is refused as such.
  await readPlayed(page, JSON.stringify({ ...one.record, ruleset: 'coinche' }));
  assert.equal(await playedErrors(page), 'This record was played under coinche; the game under way is under klaverjas.');
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('"Why?" of a played mène writes its suits as belote score does: "a trump on a ♣ lead", a seat S left as it is', async () => {
  const cli = belote(['score', '--ruleset', 'classique', path.join(repository, 'examples/played-mene.toml')]);
  const steps = cli.split('\n').filter((line) => /^ +\d+\. /.test(line)).map((line) => line.replace(/^ +\d+\. /, ''));
  assert.ok(steps.some((s) => s.includes('a trump on a ♣ lead')), cli);
  const { page, record } = await openPage(browser, { width: 1024, height: 900 });
  assert.equal(await newGame(page, { ruleset: 'classique', ns: 'NS', ew: 'EW' }), '');
  await page.click('#played-panel summary');
  await readPlayed(page, fs.readFileSync(path.join(repository, 'examples/played-mene.toml'), 'utf8'));
  assert.equal(await playedErrors(page), '');
  await page.click('button[aria-controls="why-1"]');
  const why = await page.$$eval('#why-1 li', (items) => items.map((li) => li.textContent));
  assert.deepEqual(why, steps);
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('a pasted JSON mène with a typo is told as JSON that does not read, at its place, not as TOML', async () => {
  const { page, record } = await openPage(browser, { width: 375, height: 667 });
  assert.equal(await newGame(page, { ruleset: 'klaverjas' }), '');
  await page.click('#played-panel summary');
  await readPlayed(page, '{"not": json');
  const shown = await playedErrors(page);
  assert.match(shown, /^mene\.json:1:9: JSON syntax: /, shown);
  assert.doesNotMatch(shown, /TOML|mene\.toml/);
  assert.equal(await page.$eval('#played-errors pre', (e) => e.textContent), '  {"not": json\n          ^');
  await readPlayed(page, '{\n  "play": [],\n  "hands" {}\n}');
  assert.match(await playedErrors(page), /^mene\.json:3:11: JSON syntax: /);
  assert.equal(await menesShown(page), 0);
  assert.deepEqual(record.errors, []);
  await page.close();
});
