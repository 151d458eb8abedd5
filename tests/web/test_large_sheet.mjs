// The page's time grows with the sheet no faster than the sheet: a 1 MB file
// of 9,999 mènes (over the sheet's 1,000) is refused at once with its errors,
// and a sheet of 1,000 mènes opens and takes one more mène in about ten
// times the time of a sheet of 100.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { menesShown, setValue } from './page-driver.mjs';
import { belote, launchBrowser, openPage, temporaryDir } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

/** A classique sheet of `count` mènes, each of one of four shapes, padded with comments to `bytes`. */
function sheet(count, bytes = 0) {
  const seats = 'NESW';
  const suits = 'SHDC';
  const lines = ['ruleset = "classique"', 'target = 100000', 'teams = { NS = "Nous", EW = "Eux" }', ''];
  for (let i = 0; i < count; ++i) {
    const points = 20 + ((i * 37) % 120);
    lines.push('[[mene]]', `taker = "${seats[i % 4]}"`, `trump = "${suits[(i >> 2) % 4]}"`, `points = { NS = ${points}, EW = ${162 - points} }`);
    if (i % 7 === 0) lines.push(`announcements = { ${seats[i % 4]} = ["tierce K${suits[(i >> 2) % 4]}"] }`);
    lines.push('');
  }
  let text = lines.join('\n');
  const comment = `# ${'a note kept with the game '.repeat(3)}\n`;
  while (text.length < bytes) text += comment;
  return text;
}

async function open(page, file) {
  const started = Date.now();
  await (await page.$('#import')).uploadFile(file);
  const length = fs.readFileSync(file, 'utf8').length;
  await page.waitForFunction((size) => document.querySelector('#sheet-errors').textContent !== '' ||
    document.querySelector('#sheet-file').textContent.length === size, { timeout: 60000 }, length);
  return (Date.now() - started) / 1000;
}

test('a 1 MB sheet of 9,999 mènes is refused at once, with the errors of belote sheet show', async (t) => {
  const folder = temporaryDir('belote-large-');
  const file = path.join(folder, 'huge.toml');
  // 1 MB, under the 1 MiB a sheet may be: refused for its mènes, not its size.
  fs.writeFileSync(file, sheet(9999, 1000000));
  assert.ok(fs.statSync(file).size >= 1000000);
  const { page } = await openPage(browser);
  const seconds = await open(page, file);
  t.diagnostic(`a 1 MB sheet of 9,999 mènes refused in ${seconds.toFixed(2)} s`);
  assert.match(await page.$eval('#sheet-errors', (e) => e.textContent), /a sheet holds at most 1000 mènes/);
  assert.equal(belote(['sheet', 'show', file], { allowFailure: true }).status, 1);
  assert.ok(seconds < 2, `${seconds} s`);
  await page.close();
});

// The time of one press of "Add the mène", measured in the page: the engine, the sheet's rows, the layout.
async function addTimed(page) {
  await page.select('#m-taker', 'N');
  await page.select('#m-contract', '1');
  await setValue(page, '#m-points', '100');
  return page.evaluate(() => {
    const started = performance.now();
    document.querySelector('#m-submit').click();
    document.body.getBoundingClientRect();
    return (performance.now() - started) / 1000;
  });
}

test('opening a sheet and adding a mène take time in proportion to the sheet: 1,000 mènes against 100', async (t) => {
  const folder = temporaryDir('belote-large-');
  const times = {};
  for (const count of [99, 999]) {
    const file = path.join(folder, `game-${count}.toml`);
    fs.writeFileSync(file, sheet(count));
    const { page } = await openPage(browser);
    const opened = await open(page, file);
    assert.equal(await page.$eval('#sheet-errors', (e) => e.textContent), '');
    assert.equal(await menesShown(page), count);
    const added = await addTimed(page);
    assert.equal(await page.$eval('#mene-errors', (e) => e.textContent), '');
    assert.equal(await menesShown(page), count + 1);
    times[count] = { opened, added };
    t.diagnostic(`a sheet of ${count} mènes (${fs.statSync(file).size} bytes): opened in ${opened.toFixed(2)} s, one more mène added in ${added.toFixed(2)} s`);
    if (count === 999) {
      // The page's totals are those of belote sheet show.
      const totals = (await page.$eval('#sheet-table tfoot tr', (row) => [...row.cells].map((c) => c.textContent))).slice(1, 3).map(Number);
      fs.writeFileSync(file, await page.$eval('#sheet-file', (e) => e.textContent));
      const json = JSON.parse(belote(['sheet', 'show', file, '--format', 'json']));
      assert.deepEqual(totals, [json.totals.NS, json.totals.EW]);
    }
    await page.close();
  }
  // Ten times the mènes: well under a hundred times the time (a page quadratic in the sheet).
  assert.ok(times[999].added < 25 * Math.max(times[99].added, 0.02), JSON.stringify(times));
  assert.ok(times[999].added < 1.5, `a mène added to 999 in ${times[999].added} s`);
  assert.ok(times[999].opened < 5, `999 mènes opened in ${times[999].opened} s`);
});
