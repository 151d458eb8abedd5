// A mène played on the page against the engine's players (the play panel), as
// a person plays it on a phone: dealt from a seed, the person's seat played by
// tapping the calls and cards offered, the others by the engine's players in
// the page's worker. Compared with `belote play` of the same seed and players:
// the same record, byte for byte, and the same score; at each turn the page
// offers exactly the legal actions; the advice is `belote advise`'s; the mène
// goes onto the sheet; and the page never freezes while sampled players think.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chooseAction, dealToPlay, download, newGame, nextTurn, offered, menesShown } from './page-driver.mjs';
import { belote, launchBrowser, openPage, pageDir, screenshot, temporaryDir } from './support.mjs';

let browser;
let engine;
before(async () => {
  browser = await launchBrowser();
  engine = await (await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href)).default();
});
after(() => browser.close());

// A club's ruleset, pasted on the page and given to `belote play` as a file.
const clubRuleset = `name = "coinche-du-club"
title = "Coinche du club"
description = "Coinche, the game to 1000."
extends = "coinche"

[game]
target = 1000
`;

/**
 * Every action of the game `belote play` recorded, with the seat that took it
 * and the legal actions there: the record replayed by the module, step by step.
 */
function recordedActions(ruleset, record, { seed, dealer }) {
  const replayed = engine.Table.replay(ruleset, record);
  const actions = replayed.history.flatMap((mene) => mene.actions);
  replayed.dispose();
  const table = new engine.Table(ruleset, { seed, firstDealer: dealer, maxMenes: 1 });
  const steps = actions.map((action) => {
    const step = { seat: table.toAct, action, legal: table.legalActions(), played: table.phase === 'play' };
    table.step(action);
    return step;
  });
  table.dispose();
  return steps;
}

const cases = [
  { ruleset: 'coinche', seat: 'N', players: 'heuristic', seed: 11, dealer: 'N', width: 320, advise: true },
  { ruleset: 'klaverjas', seat: 'E', players: 'random', seed: 4, dealer: 'S', width: 375 },
  { ruleset: 'coinche-du-club', pasted: clubRuleset, seat: 'S', players: 'sampled', worlds: 2, seed: 29, dealer: 'W', width: 320 },
];

for (const c of cases) {
  const name = `${c.players}${c.worlds ? `:${c.worlds}` : ''}`;
  test(`a mène played at ${c.width} px as ${c.seat} against ${name} under ${c.ruleset} (seed ${c.seed}) is belote play's`, async (t) => {
    const folder = temporaryDir('belote-play-');
    // A pasted ruleset is the program's file: the record of each holds it (`rules`).
    const rulesetFile = path.join(folder, `${c.ruleset}.toml`);
    if (c.pasted) fs.writeFileSync(rulesetFile, c.pasted);
    const cliRecord = path.join(folder, 'cli.json');
    const cliSheet = path.join(folder, 'cli.toml');
    const out = belote(['play', '--ruleset', c.pasted ? rulesetFile : c.ruleset, '--seed', String(c.seed), '--seat', 'none', '--players', name,
      '--menes', '1', '--first-dealer', c.dealer, '--record', cliRecord, '--record', cliSheet, '--quiet']);
    const record = fs.readFileSync(cliRecord, 'utf8');
    assert.equal('rules' in JSON.parse(record), Boolean(c.pasted));
    const moduleRuleset = c.pasted ? { text: c.pasted, display: `${c.ruleset}.toml` } : c.ruleset;
    const steps = recordedActions(moduleRuleset, record, c);
    const mine = steps.filter((s) => s.seat === c.seat);
    assert.ok(mine.length > 8, 'the person has calls and cards to play');

    const { page, record: seen } = await openPage(browser, { width: c.width, height: 640 });
    if (c.pasted) {
      await page.click('#paste-panel summary');
      await page.$eval('#ruleset-text', (e, text) => { e.value = text; }, c.pasted);
      await page.click('#ruleset-use');
    }
    // A game under the same ruleset, for the mène to go onto its sheet.
    assert.equal(await newGame(page, { ruleset: c.ruleset }), '');
    await dealToPlay(page, { ...c, players: c.players });
    let turns = 0;
    let advised = false;
    for (const step of mine) {
      assert.equal(await nextTurn(page), 'turn', `turn ${turns + 1}`);
      const buttons = await offered(page);
      const enabled = buttons.filter((b) => b.enabled).map((b) => b.action).sort((a, b) => a - b);
      assert.deepEqual(enabled, [...step.legal].sort((a, b) => a - b), `turn ${turns + 1}: the legal actions, and only they, can be tapped`);
      // Each target a finger taps is 44 px high and wide at least, and the buttons fit the screen.
      const sizes = await page.$$eval('#play-choices button', (all) => all.map((b) => b.getBoundingClientRect()).map((r) => [r.width, r.height, r.right]));
      for (const [w, h, right] of sizes) assert.ok(w >= 44 && h >= 44 && right <= c.width, `a ${w}×${h} button ending at ${right} px`);
      if (c.advise && step.played && step.legal.length > 2 && !advised) {
        advised = true;
        await checkAdvice(page, t, { cliRecord, step, steps, c });
        await screenshot(page, `play-advice-${c.width}px`, '#play-section');
      }
      if (turns === 0) {
        // Where the suit is turned from outside the hands, the person is told which the calls take.
        const turned = JSON.parse(record).mene[0].auction.turned;
        const about = await page.$eval('#play-about', (e) => e.textContent);
        if (c.ruleset === 'klaverjas') assert.ok(about.includes(`Turned suit: ${{ S: '♠', H: '♥', D: '♦', C: '♣' }[turned]}.`), about);
        await screenshot(page, `play-auction-${c.ruleset}-${c.width}px`, '#play-section');
      }
      await chooseAction(page, step.action);
      turns += 1;
    }
    assert.ok(!c.advise || advised, 'the advice was asked at a card with a choice');
    assert.equal(await nextTurn(page), 'over');
    await screenshot(page, `play-over-${c.ruleset}-${c.width}px`, '#play-section');
    const saved = await download(page, folder, '#play-save');
    assert.equal(saved.text, record, 'the record saved is belote play\'s, byte for byte');
    // Every announcement declared stays in sight to the mène's end, with its seat, as the person's seat knows it
    // before the last card: a sequence by its name, with its cards where they are known, a carré by its cards.
    const declared = await page.$eval('#play-declared', (e) => e.textContent);
    const symbols = { S: '♠', H: '♥', D: '♦', C: '♣' };
    const inSymbols = (cards) => cards.join(' ').replace(/[SHDC](?= |$)/g, (s) => symbols[s]);
    const known = new engine.Table(moduleRuleset, { seed: c.seed, firstDealer: c.dealer, maxMenes: 1 });
    for (const step of steps.slice(0, -1)) known.step(step.action);
    const seenDeclared = known.observation(c.seat).declared;
    known.dispose();
    assert.equal(seenDeclared.length, Object.values(JSON.parse(record).mene.at(-1).said || {}).flat().length);
    for (const d of seenDeclared) {
      const words = d.kind === 'carre' ? inSymbols(d.cards) : `${d.announcement}${d.cards ? ` ${inSymbols(d.cards)}` : ''}`;
      assert.ok(declared.includes(`${d.seat} ${words} (${d.points})`), `${d.seat} ${words}: ${declared}`);
    }
    // Every trick is shown with who took it: the next trick's leader, as the record has it.
    const tricks = await page.$$eval('#play-tricks li', (items) => items.map((li) => li.textContent));
    const play = JSON.parse(record).mene.filter((m) => m.play).at(-1).play;
    assert.equal(tricks.length, play.length);
    play.forEach((trick, i) => {
      assert.ok(tricks[i].startsWith(`Trick ${i + 1}: ${trick.leader} `), tricks[i]);
      if (i + 1 < play.length) assert.ok(tricks[i].endsWith(`; ${play[i + 1].leader} takes it.`), tricks[i]);
    });
    const totals = out.match(/^Totals: NS (\d+), EW (\d+)$/m);
    assert.ok(totals, out);
    assert.equal(await page.$eval('#play-score', (e) => e.textContent.match(/NS \d+, EW \d+/)[0]), `NS ${totals[1]}, EW ${totals[2]}`);
    // Added to the sheet, the mène scores what `belote sheet show` gives the record.
    await page.click('#play-add');
    assert.equal(await page.$eval('#play-errors', (e) => e.textContent), '');
    assert.equal(await menesShown(page), 1);
    // Added once: the button is disabled, and a second press adds nothing and says nothing else.
    assert.equal(await page.$eval('#play-add', (e) => e.disabled), true);
    await page.$eval('#play-add', (e) => e.click());
    assert.equal(await page.$eval('#play-errors', (e) => e.textContent), '');
    assert.equal(await page.$eval('#play-status', (e) => e.textContent), 'The mène was added to the sheet.');
    assert.equal(await menesShown(page), 1);
    if (c.pasted) fs.rmSync(rulesetFile);
    // The record saved holds its ruleset: the program reads it without the ruleset's file.
    const shown = JSON.parse(belote(['sheet', 'show', cliSheet, '--format', 'json']));
    fs.writeFileSync(path.join(folder, 'saved.json'), saved.text);
    assert.equal(JSON.parse(belote(['advise', '--format', 'json', '--worlds', '1', '--threads', '1', '--mene', '1',
      path.join(folder, 'saved.json')])).mene, 1);
    const played = shown.menes.filter((m) => !m.redeal).at(-1);
    const totalsShown = await page.$$eval('#sheet-table tfoot td[data-label]', (cells) => cells.map((cell) => Number(cell.textContent)));
    assert.deepEqual(totalsShown, [played.written.NS, played.written.EW]);
    assert.deepEqual(seen.errors, []);
    t.diagnostic(`${turns} turns played by taps; ${steps.length} actions in all`);
    await page.close();
  });
}

// The advice at the person's first card with a choice: each legal card with the expected
// card points and the chance of the contract, as `belote advise` gives them
// at the same place of the same record (32 worlds, seed 1).
async function checkAdvice(page, t, { cliRecord, step, steps }) {
  await page.click('#play-advice');
  await page.waitForSelector('#play-advice-list li', { timeout: 120000 });
  const rows = await page.$$eval('#play-advice-list li', (items) => items.map((li) => li.textContent));
  // The position: the actions of this mène before the person's card (a redeal's start a new mène).
  const index = steps.indexOf(step);
  const replayed = engine.Table.replay('coinche', fs.readFileSync(cliRecord, 'utf8'));
  const history = replayed.history;
  replayed.dispose();
  let before = index;
  let mene = 1;
  for (const m of history) {
    if (before < m.actions.length) break;
    before -= m.actions.length;
    mene += 1;
  }
  const advice = JSON.parse(belote(['advise', '--mene', String(mene), '--action', String(before), '--worlds', '32', '--seed', '1',
    '--format', 'json', cliRecord]));
  assert.equal(rows.length, advice.actions.length);
  advice.actions.forEach((a, i) => {
    assert.ok(rows[i].includes(`${a.expected.toFixed(1)} card points expected (± ${a.spread.toFixed(1)})`), `${rows[i]} against ${JSON.stringify(a)}`);
    if (a.make_chance != null) assert.ok(rows[i].endsWith(`contract made ${Math.round(100 * a.make_chance)}%`), rows[i]);
  });
  t.diagnostic(`advice: ${rows.join(' | ')}`);
}

/** Plays the person's seat by tapping the first card or call offered, to the mène's end: the person's turns. */
async function playToTheEnd(page) {
  let turns = 0;
  while (await nextTurn(page, 300000) === 'turn') {
    turns += 1;
    await page.click('#play-choices button:not(:disabled)');
  }
  return turns;
}

test('the page never freezes while sampled players think in the worker (no task over 100 ms)', async (t) => {
  const { page } = await openPage(browser, { width: 375, height: 667 });
  // A first mène against random players starts the worker and its engine (the page's one task of some 20 ms).
  await dealToPlay(page, { ruleset: 'coinche', seat: 'S', players: 'random', seed: 1 });
  await playToTheEnd(page);
  // The page's own observers: long tasks, and the gaps between frames.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    window.frameGaps = [];
    let last = performance.now();
    const frame = (now) => {
      window.frameGaps.push(now - last);
      last = now;
      if (!window.framesDone) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  // The observer sees a task that blocks the page: 150 ms of work on the main thread.
  await page.evaluate(() => setTimeout(() => { const end = performance.now() + 150; while (performance.now() < end); }, 0));
  await page.waitForFunction(() => window.longTasks.some((d) => d >= 150));
  await page.evaluate(() => { window.longTasks = []; window.frameGaps = []; });
  // 128 worlds a decision: some seconds of thought on any machine, so that the page is tried.
  const started = Date.now();
  await dealToPlay(page, { ruleset: 'coinche', seat: 'S', players: 'sampled', worlds: 128, seed: 5 });
  const turns = await playToTheEnd(page);
  const seconds = (Date.now() - started) / 1000;
  assert.equal(await nextTurn(page), 'over');
  const { tasks, gaps } = await page.evaluate(() => {
    window.framesDone = true;
    return { tasks: window.longTasks, gaps: window.frameGaps };
  });
  const longest = Math.max(0, ...tasks);
  t.diagnostic(`a mène against sampled:128 in ${seconds.toFixed(1)} s (${turns} turns of the person): ${tasks.length} long tasks, the longest ${longest.toFixed(0)} ms; ${gaps.length} frames, the longest gap ${Math.max(...gaps).toFixed(0)} ms`);
  assert.ok(seconds > 2, 'the players thought long enough for the page to be tried');
  assert.ok(longest <= 100, `a task of ${longest.toFixed(0)} ms held the page`);
  await page.close();
});

/** Taps the first call offered until the person's first card: the auction played. */
async function toFirstCard(page) {
  for (;;) {
    assert.equal(await nextTurn(page), 'turn');
    if (await page.$('#play-choices .card-button:not(:disabled)')) return;
    await page.click('#play-choices button:not(:disabled)');
  }
}

test('advice is only ever the person\'s, at the person\'s turn: the cards wait for it, and advice for a turn passed is dropped', async () => {
  const { page, record } = await openPage(browser, { width: 375, height: 667 });
  await dealToPlay(page, { ruleset: 'coinche', seat: 'N', players: 'random', seed: 7, pace: 200 });
  // Each advice the worker sends, with what the page shows once it has taken it.
  await page.evaluate(() => {
    window.advices = [];
    window.beloteCounter.play.worker().addEventListener('message', ({ data }) => {
      if (data.type !== 'advice') return;
      window.advices.push({
        seat: data.advice && data.advice.seat, rows: document.querySelectorAll('#play-advice-list li').length,
        adviceEnabled: !document.getElementById('play-advice').disabled,
      });
    });
  });
  await toFirstCard(page);
  const hand = await page.$$eval('#play-choices .card-button', (buttons) => buttons.map((b) => b.textContent));
  // Advice and a card tapped at once: the card waits, visibly, for the advice (never a tap held unseen).
  const weighing = await page.evaluate(() => {
    const card = document.querySelector('#play-choices .card-button:not(:disabled)');
    document.querySelector('#play-advice').click();
    card.click();
    return {
      cards: [...document.querySelectorAll('#play-choices .card-button')].map((b) => b.disabled),
      status: document.getElementById('play-status').textContent,
    };
  });
  assert.deepEqual(weighing.cards, hand.map(() => true), 'the cards are shown, disabled, while the advice is weighed');
  assert.match(weighing.status, /^Weighing each choice…/);
  await page.waitForFunction(() => window.advices.length === 1, { timeout: 120000 });
  const rows = await page.$$eval('#play-advice-list li', (items) => items.map((li) => li.textContent.split(':')[0]));
  // Each card advised is N's (the rest are N's announcements, "declare tierce …").
  const cards = rows.filter((row) => !/\s/.test(row));
  assert.ok(cards.length > 0 && cards.every((card) => hand.includes(card)), `the advice is on N's own cards: ${rows} (hand ${hand})`);
  assert.ok(await page.$('#play-choices .card-button:not(:disabled)'), 'the cards take a tap again once the advice is in');
  // A card played, and the advice asked at once for the turn it ended: the worker refuses it (E is to act).
  await page.evaluate(() => {
    const play = window.beloteCounter.play;
    const turn = play.turn;
    document.querySelector('#play-choices .card-button:not(:disabled)').click();
    document.querySelector('#play-advice').click();
    play.worker().postMessage({ type: 'advise', worlds: 32, turn });
  });
  await page.waitForFunction(() => window.advices.length === 2, { timeout: 120000 });
  assert.deepEqual(await page.evaluate(() => window.advices[1]), { seat: null, rows: 0, adviceEnabled: false }, 'no advice on another seat\'s hand');
  // At the next turn, advice weighed there but arriving once the card is played: dropped, and the button follows the turn.
  assert.equal(await nextTurn(page), 'turn');
  await page.evaluate(() => {
    const play = window.beloteCounter.play;
    play.worker().postMessage({ type: 'advise', worlds: 32, turn: play.turn });
    document.querySelector('#play-choices .card-button:not(:disabled)').click();
  });
  await page.waitForFunction(() => window.advices.length === 3, { timeout: 120000 });
  assert.deepEqual(await page.evaluate(() => window.advices[2]), { seat: 'N', rows: 0, adviceEnabled: false }, 'advice for a turn passed is not shown');
  assert.deepEqual(record.errors, []);
  await page.close();
});

test('a played mène the sheet refuses is said so in the status line, and may be added once a game takes it', async () => {
  const { page, record } = await openPage(browser, { width: 375, height: 667 });
  assert.equal(await newGame(page, { ruleset: 'coinche' }), '');
  await dealToPlay(page, { ruleset: 'klaverjas', seat: 'E', players: 'random', seed: 4, dealer: 'S' });
  await playToTheEnd(page);
  assert.equal(await nextTurn(page), 'over');
  await page.click('#play-add');
  assert.equal(await page.$eval('#play-status', (e) => e.textContent), 'The mène was not added to the sheet: the reason is below.');
  assert.match(await page.$eval('#play-errors', (e) => e.textContent), /^This mène was played under klaverjas; the game under way is under coinche\./);
  assert.equal(await page.$eval('#play-add', (e) => e.disabled), false, 'it may be added to a game under klaverjas');
  assert.equal(await menesShown(page), 0);
  assert.deepEqual(record.errors, []);
  await page.close();
});
