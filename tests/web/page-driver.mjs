// Drives the score-counter page as a person does: choose, type, press the buttons.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { belote } from './support.mjs';

/** Starts a game: ruleset, team names, target. Returns the errors shown, if any. */
export async function newGame(page, { ruleset, ns = 'Nous', ew = 'Eux', target = '' }) {
  await page.select('#ruleset-select', ruleset);
  await setValue(page, '#team-ns', ns);
  await setValue(page, '#team-ew', ew);
  // A game of a number of mènes (klaverjas) has no target to type: the field is hidden.
  if (!(await page.$eval('#target', (e) => e.closest('.field').hidden))) await setValue(page, '#target', String(target));
  else if (target !== '') throw new Error(`${ruleset} has no target to type`);
  await page.click('#new-game');
  return page.$eval('#game-errors', (e) => e.innerText);
}

export async function setValue(page, selector, value) {
  await page.click(selector, { clickCount: 3 });
  await page.$eval(selector, (e) => { e.value = ''; });
  if (value !== '') await page.type(selector, value);
  await page.$eval(selector, (e) => e.dispatchEvent(new Event('input', { bubbles: true })));
}

/**
 * Enters one mène through the form and presses "Add the mène".
 * mene: {taker, trump | kind, bid, doubling, points: [team, n] | undefined, capot (a team or a seat), tricks, first,
 *        declared: {N: ['seq:3 K H', 'carre J']}, teamTotals: {NS: 50}, belote, roem: {NS: 40, EW: 20}}
 * Returns the errors shown ('' when the mène was added).
 */
export async function addMene(page, mene) {
  await page.select('#m-taker', mene.taker);
  // The option of the kind (sans-atout), of the trump suit (♥ (trump H)) or of both, as the form labels it.
  const keys = [mene.kind && `kind ${mene.kind}`, mene.trump && `trump ${mene.trump}`].filter(Boolean).join(', ');
  const contract = await page.$$eval('#m-contract option', (options, { kind, end }) =>
    options.find((o) => o.textContent === kind || o.textContent.endsWith(end)).value,
  { kind: mene.trump ? null : mene.kind, end: `(${keys})` });
  await page.select('#m-contract', contract);
  if (mene.bid !== undefined) {
    const bid = await page.$$eval('#m-bid option', (options, text) =>
      options.find((o) => o.textContent === text || o.textContent.startsWith(`${text} (`)).value, String(mene.bid).replace(/^generale$/, 'générale'));
    await page.select('#m-bid', bid);
  }
  if (mene.doubling) await page.select('#m-doubling', mene.doubling);
  if (mene.points) {
    await page.select('#m-points-team', mene.points[0]);
    await setValue(page, '#m-points', String(mene.points[1]));
  }
  if (mene.capot) await page.select('#m-capot', mene.capot);
  if (mene.tricks !== undefined || mene.first) await page.click('#mene-form details summary');
  if (mene.tricks !== undefined) await setValue(page, '#m-tricks', String(mene.tricks));
  if (mene.first) await page.select('#m-first', mene.first);
  if (mene.teamTotals) {
    await page.click('input[name="m-ann-mode"][value="team"]');
    for (const [team, points] of Object.entries(mene.teamTotals)) await setValue(page, `#m-team-ann-${team}`, String(points));
  }
  for (const [seat, list] of Object.entries(mene.declared || {})) {
    for (const announcement of list) {
      const [kind, rank, suit] = announcement.split(' ');
      await page.select(`#m-ann-${seat}-kind`, kind);
      await page.select(`#m-ann-${seat}-rank`, rank);
      if (suit) await page.select(`#m-ann-${seat}-suit`, suit);
      await page.click(`#m-ann-${seat}-add`);
    }
  }
  if (mene.belote) await page.select('#m-belote', mene.belote);
  for (const [team, roem] of Object.entries(mene.roem || {})) await setValue(page, `#m-roem-${team}`, String(roem));
  const before = await menesShown(page);
  await page.click('#m-submit');
  const errors = await page.$eval('#mene-errors', (e) => e.innerText);
  if (!errors) {
    const after = await menesShown(page);
    if (after !== before + 1) throw new Error(`the mène was not added (${before} → ${after} mènes)`);
  }
  return errors;
}

export async function menesShown(page) {
  return page.$$eval('#sheet-table tbody tr:not(.explanation)', (rows) => rows.length);
}

/** The table as text: one array of cells per row, totals included. */
export async function sheetRows(page, table = '#sheet-table') {
  return page.$$eval(`${table} tbody tr:not(.explanation), ${table} tfoot tr`, (rows) =>
    rows.map((row) => [...row.cells].filter((c) => !c.querySelector('button')).map((c) => c.textContent)));
}

/** Saves the sheet through the page's button, as a browser download, and returns the file's text. */
export async function exportSheet(page, folder) {
  return download(page, folder, '#export');
}

/** What pressing the button `selector` downloads into `folder`: {file, text}. */
export async function download(page, folder, selector) {
  const session = await page.createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder });
  const before = new Set(fs.readdirSync(folder));
  await page.click(selector);
  // Chromium may name the file before it has written it (an empty file beside
  // the .crdownload): the download is done when no .crdownload is left and
  // the file holds the sheet, which is never empty.
  for (let i = 0; i < 100; ++i) {
    const names = fs.readdirSync(folder);
    const fresh = names.filter((f) => !before.has(f) && !f.endsWith('.crdownload'));
    const writing = names.some((f) => !before.has(f) && f.endsWith('.crdownload'));
    if (fresh.length && !writing) {
      const text = fs.readFileSync(path.join(folder, fresh[0]), 'utf8');
      if (text.length) return { file: path.join(folder, fresh[0]), text };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no file was saved');
}

/** The sheet the page saved, read by the program: its text is the page's, mène for mène. */
export async function compareWithProgram(page, folder, { rulesetsDir } = {}) {
  const saved = await exportSheet(page, folder);
  assert.equal(saved.text, await page.$eval('#sheet-file', (e) => e.textContent), 'the saved file is the sheet shown');
  const extra = rulesetsDir ? ['--rulesets-dir', rulesetsDir] : [];
  const text = belote(['sheet', 'show', saved.file, ...extra]);
  assert.equal(await page.$eval('#sheet-text', (e) => e.textContent), text, 'the page shows what belote sheet show prints');
  const json = JSON.parse(belote(['sheet', 'show', saved.file, '--format', 'json', ...extra]));
  const rows = await sheetRows(page);
  assert.equal(rows.length, json.menes.length + 1);
  json.menes.forEach((mene, i) => {
    assert.deepEqual(rows[i].slice(4, 8).map(Number), [mene.written.NS, mene.written.EW, mene.totals.NS, mene.totals.EW], `mène ${i + 1}`);
  });
  assert.deepEqual(rows.at(-1).slice(1, 3).map(Number), [json.totals.NS, json.totals.EW], 'totals');
  // Each row says what the program's row says: taker, what it was played in (bid and doubling included), the notes.
  const programRows = text.split('\n').filter((line) => /^ +\d+  /.test(line)).map((line) => line.trim().split(/ {2,}/));
  assert.equal(programRows.length, json.menes.length);
  programRows.forEach((row, i) => {
    assert.deepEqual([rows[i][1], rows[i][2], rows[i][3]], row.slice(1, 4), `mène ${i + 1}`);
    assert.equal(rows[i][8], row[8] || '', `mène ${i + 1}: notes`);
  });
  return { saved, json, text };
}

/**
 * Deals a mène in the play panel: the ruleset, the person's seat, the engine's
 * players (random, heuristic or sampled with `worlds`), the dealer and the
 * seed; the engine's actions follow each other without a pause (or `pace` ms apart).
 */
export async function dealToPlay(page, { ruleset, seat = 'N', players = 'random', worlds, dealer = 'N', seed, pace = 0 }) {
  await page.evaluate((ms) => { window.beloteCounter.play.pace = ms; }, pace);
  await page.select('#play-ruleset', ruleset);
  await page.select('#play-seat', seat);
  await page.select('#play-players', players);
  if (worlds !== undefined) await setValue(page, '#play-worlds', String(worlds));
  await page.select('#play-dealer', dealer);
  await setValue(page, '#play-seed', String(seed));
  await page.click('#play-deal');
}

/** Waits for the person's turn ('turn'), the mène's end ('over') or an error shown ('error'). */
export async function nextTurn(page, timeout = 120000) {
  await page.waitForFunction(() => document.querySelector('#play-choices button:not(:disabled)')
    || !document.getElementById('play-end').hidden || document.getElementById('play-errors').textContent, { timeout });
  return page.evaluate(() => {
    if (document.getElementById('play-errors').textContent) return 'error';
    return document.getElementById('play-end').hidden ? 'turn' : 'over';
  });
}

/**
 * The actions offered to the person: [{action, text, enabled}], a button each,
 * and the bids of the list beside the "Bid" button where bids are many.
 */
export async function offered(page) {
  return page.$$eval('#play-choices button[data-action], #play-choices option[data-action]', (items) => items.map((b) => ({
    action: Number(b.dataset.action), text: b.textContent, enabled: !b.disabled,
  })));
}

/** Takes an action as a person does: taps its button, or picks the bid in the list and taps "Bid". */
export async function chooseAction(page, action) {
  if (await page.$(`#play-choices button[data-action="${action}"]`)) {
    await page.click(`#play-choices button[data-action="${action}"]`);
    return;
  }
  await page.select('#play-bid', String(action));
  await page.click('#play-bid-submit');
}
