// A whole klaverjas game of 16 mènes entered on the page at 320 px as played
// mènes: each deal file of tests/data/klaverjas-game pasted into the played-mène
// panel as it is, mène 9 with the revoke it states. Every row and running
// total is what `belote score` gives the same file, the revoke is noted on
// its row, and the running score stays in sight to the game's end.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { menesShown, newGame, sheetRows } from './page-driver.mjs';
import { belote, launchBrowser, openPage, outputDir, repository, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

const gameDir = path.join(repository, 'tests', 'data', 'klaverjas-game');
const meneFile = (n) => path.join(gameDir, `mene-${String(n).padStart(2, '0')}.toml`);

const paste = async (page, text) => {
  await page.$eval('#played-text', (e, value) => { e.value = value; }, text);
  await page.click('#played-read');
};

test('at 320 px a klaverjas game of 16 played mènes, one with a revoke, adds up as belote score scores each mène', async () => {
  const scored = Array.from({ length: 16 }, (_, i) =>
    JSON.parse(belote(['score', '--ruleset', 'klaverjas', '-f', 'json', meneFile(i + 1)])));
  assert.deepEqual(scored.map((s, i) => (s.revoke ? i + 1 : null)).filter(Boolean), [9], 'only mène 9 holds a revoke');
  assert.equal(scored[8].revoke.seat, 'N');

  const { page, record } = await openPage(browser, { width: 320, height: 568 });
  assert.equal(await newGame(page, { ruleset: 'klaverjas', ns: 'Wij', ew: 'Zij' }), '');
  await page.click('#played-panel summary');
  const totals = { NS: 0, EW: 0 };
  for (let n = 1; n <= 16; ++n) {
    if (n === 9) {
      // Without its `revoke` key, the illegal card is refused where the pasted text holds it, and nothing is added.
      await paste(page, fs.readFileSync(meneFile(9), 'utf8').replace('revoke = "N"  # N plays 7D in trick 5\n', ''));
      assert.match(await page.$eval('#played-errors', (e) => e.innerText), /mene\.toml:13:10: trick 5, N: 7D is not legal/);
      assert.equal(await menesShown(page), 8);
    }
    // The file as it is, its comments and its `revoke` key included.
    await paste(page, fs.readFileSync(meneFile(n), 'utf8'));
    assert.equal(await page.$eval('#played-errors', (e) => e.innerText), '', `mène ${n}`);
    assert.equal(await menesShown(page), n, `mène ${n}`);
    const { score } = scored[n - 1];
    totals.NS += score.NS;
    totals.EW += score.EW;
    const row = (await sheetRows(page))[n - 1];
    assert.deepEqual(row.slice(4, 8).map(Number), [score.NS, score.EW, totals.NS, totals.EW], `mène ${n}: its points and the running totals`);
    assert.equal(row[8].includes('revoke'), n === 9, `mène ${n}: notes '${row[8]}'`);
    // The running score in sight as the page stands after the mène is added.
    const bar = await page.evaluate(() => {
      const e = document.getElementById('score-bar');
      const box = e.getBoundingClientRect();
      return { hidden: e.hidden, top: box.top, bottom: box.bottom, height: innerHeight, text: e.innerText };
    });
    assert.ok(!bar.hidden && bar.top >= 0 && bar.bottom <= bar.height, `mène ${n}: the score bar is on the screen (${bar.top}–${bar.bottom})`);
    assert.match(bar.text, new RegExp(`Wij ${totals.NS}\\b.*Zij ${totals.EW}\\b`, 's'), `mène ${n}`);
  }
  const rows = await sheetRows(page);
  assert.match(rows[8][8], /\brevoke by N \(Wij\)/);
  assert.deepEqual(rows.at(-1).slice(1, 3).map(Number), [totals.NS, totals.EW], 'the final totals are the sum of belote score of the 16 mènes');
  const winner = totals.NS > totals.EW ? 'Wij' : 'Zij';
  assert.match(await page.$eval('#score-bar', (e) => e.innerText), new RegExp(`${winner} won`));
  // The game is over: a seventeenth mène is refused, in words, and the sheet keeps its 16.
  await paste(page, fs.readFileSync(meneFile(1), 'utf8'));
  assert.match(await page.$eval('#played-errors', (e) => e.innerText), /^The game is over\. The game's 16 mènes are played: \w+ win the game, \d+ to \d+\. Start a new game to add more mènes\.$/);
  assert.equal(await menesShown(page), 16);

  await page.screenshot({ path: path.join(outputDir, 'klaverjas-played-game-320px-end.png') });
  await screenshot(page, 'klaverjas-played-game-320px-sheet', '#sheet-table');
  await screenshot(page, 'klaverjas-played-game-320px-page');
  const revokeRow = (await page.$$('#sheet-table tbody tr:not(.explanation)'))[8];
  await revokeRow.screenshot({ path: path.join(outputDir, 'klaverjas-played-game-320px-mene-9.png') });
  assert.deepEqual(record.errors, []);
  await page.close();
});
