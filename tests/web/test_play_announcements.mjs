// The announcements declared in a mène played on the page, as the person's
// seat may know them (docs/table.md, "What a declaration tells"): another
// seat's sequence by its name and points in trick 1, its cards from trick 2
// once its team wins the contest and shows it, a losing team's never; the
// person's own with its cards.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chooseAction, dealToPlay, newGame, nextTurn } from './page-driver.mjs';
import { belote, launchBrowser, openPage, pageDir, temporaryDir } from './support.mjs';

let browser;
let engine;
before(async () => {
  browser = await launchBrowser();
  engine = await (await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href)).default();
});
after(() => browser.close());

/** The person's actions in `belote play`'s mène of the same seed and players, and the record. */
function personActions({ seed, dealer, seat }) {
  const folder = temporaryDir('belote-announced-');
  const file = path.join(folder, 'mene.json');
  belote(['play', '--ruleset', 'coinche', '--seed', String(seed), '--seat', 'none', '--players', 'heuristic',
    '--menes', '1', '--first-dealer', dealer, '--record', file, '--quiet']);
  const record = fs.readFileSync(file, 'utf8');
  const replayed = engine.Table.replay('coinche', record);
  const actions = replayed.history.flatMap((mene) => mene.actions);
  replayed.dispose();
  const table = new engine.Table('coinche', { seed, firstDealer: dealer, maxMenes: 1 });
  const mine = [];
  for (const action of actions) {
    if (table.toAct === seat) mine.push(action);
    table.step(action);
  }
  table.dispose();
  return mine;
}

/** Plays the person's actions, and gives every text the status and the announced line showed, in order. */
async function playWatched(page, c) {
  await page.evaluate(() => {
    window.shownTexts = { 'play-status': [], 'play-declared': [] };
    const setText = Ui.setText;
    Ui.setText = function watched(node, text) {
      if (node && node.id in window.shownTexts) window.shownTexts[node.id].push(text);
      return setText.call(this, node, text);
    };
  });
  await dealToPlay(page, { ruleset: 'coinche', seat: c.seat, players: 'heuristic', dealer: c.dealer, seed: c.seed });
  for (const action of personActions(c)) {
    assert.equal(await nextTurn(page), 'turn');
    await chooseAction(page, action);
  }
  assert.equal(await nextTurn(page), 'over');
  return page.evaluate(() => window.shownTexts);
}

// Coinche seed 4, dealt by N: E declares a tierce to Q♦, N a tierce to 9♣; E's wins the contest.
test('another seat\'s sequence in the play panel: its name and points in trick 1, its cards once its team shows it, a losing team\'s never', async () => {
  const { page } = await openPage(browser, { width: 375, height: 667 });
  assert.equal(await newGame(page, { ruleset: 'coinche' }), '');
  const shown = await playWatched(page, { seed: 4, dealer: 'N', seat: 'S' });
  const statuses = shown['play-status'];
  const declared = shown['play-declared'].filter(Boolean);
  // The declarations as the table hears them: by name and points.
  assert.ok(statuses.includes('E: declare tierce (20 points)'), statuses.join('\n'));
  assert.ok(statuses.includes('N: declare tierce (20 points)'), statuses.join('\n'));
  // The last card of trick 1: EW shows E's tierce.
  const afterTrick1 = statuses.find((s) => / shows /.test(s));
  assert.match(afterTrick1, /^[NESW]: \S+\. EW shows E tierce to Q♦ \(10♦ J♦ Q♦\)\.$/);
  assert.equal(statuses.filter((s) => / shows /.test(s)).length, 1);
  // The announced line: E's tierce without its cards in trick 1, with them from trick 2; N's cards never.
  assert.equal(declared[0], 'Announced: E tierce (20).');
  assert.ok(declared.includes('Announced: E tierce (20); N tierce (20).'), declared.join('\n'));
  assert.equal(declared.at(-1), 'Announced: E tierce 10♦ J♦ Q♦ (20); N tierce (20).');
  for (const text of [...statuses, ...declared]) assert.doesNotMatch(text, /7♣ 8♣ 9♣/);
  assert.ok(declared.indexOf('Announced: E tierce 10♦ J♦ Q♦ (20); N tierce (20).') > declared.indexOf('Announced: E tierce (20); N tierce (20).'));
  await page.close();
});

// Coinche seed 4 again, the person at N: its own tierce with its cards, E's heard by name and points.
test('the person\'s own declaration in the play panel: with its cards, in the status line and the announced line', async () => {
  const { page } = await openPage(browser, { width: 375, height: 667 });
  assert.equal(await newGame(page, { ruleset: 'coinche' }), '');
  const shown = await playWatched(page, { seed: 4, dealer: 'N', seat: 'N' });
  const statuses = shown['play-status'];
  assert.ok(statuses.includes('N: declare tierce 9♣ (7♣ 8♣ 9♣)'), statuses.join('\n'));
  assert.ok(statuses.includes('E: declare tierce (20 points)'), statuses.join('\n'));
  assert.ok(shown['play-declared'].includes('Announced: E tierce (20); N tierce 7♣ 8♣ 9♣ (20).'), shown['play-declared'].join('\n'));
  await page.close();
});
