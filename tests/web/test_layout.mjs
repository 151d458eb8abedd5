// The page laid out on a phone (375×812) and on a desk (1280×900), with the
// longest team names a sheet takes: measured, element by element and line of
// text by line of text, against the viewport. A box that scrolls sideways
// hides what runs past it, so it counts as running past.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addMene, newGame } from './page-driver.mjs';
import { launchBrowser, openPage, screenshot } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser.close());

// 40 characters, the most a team's name may have, and a long name with spaces.
const longest = 'Amicale des Beloteurs du Vieux Port Nord';
const long = 'Les Anciens du Café de la Gare';
assert.equal(longest.length, 40);

// A capot, a générale, a coinche, tout-atout: the notes and the longest "played in" cells.
const coinche = [
  { taker: 'N', trump: 'H', bid: 100, points: ['NS', 110], belote: 'N' },
  { taker: 'E', kind: 'sans-atout', bid: 120, doubling: 'coinche', points: ['NS', 90] },
  { taker: 'S', kind: 'tout-atout', bid: 'generale', capot: 'S' },
  { taker: 'W', trump: 'C', bid: 'capot', capot: 'EW' },
];
// A litige (81 held over) and announcements whose explanation is long.
const classique = [
  { taker: 'N', trump: 'H', points: ['NS', 90], declared: { N: ['seq:3 K H'] }, belote: 'N' },
  { taker: 'S', trump: 'D', points: ['NS', 81] },
  { taker: 'E', trump: 'H', points: ['EW', 100], declared: { E: ['seq:4 10 D'], S: ['seq:3 A S'] } },
];

/**
 * What extends past the viewport's sides in the page's sections: elements,
 * and text measured line by line (text may run out of its box); and boxes
 * whose content is wider than they are (a sideways scroll hides it).
 * The CLI's printout (pre.sheet-text) is a fixed-width table by design, kept in closed details.
 */
function outside() {
  const width = document.documentElement.clientWidth;
  const shown = (el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden, pre.sheet-text');
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}`;
  const found = [];
  const elements = [...document.querySelectorAll('main section *')].filter(shown);
  for (const el of elements) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5)) found.push(`${name(el)} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    if (el.scrollWidth > el.clientWidth + 1 && !['SELECT', 'INPUT', 'TEXTAREA', 'svg'].includes(el.tagName) && getComputedStyle(el).overflowX !== 'visible') {
      found.push(`${name(el)} scrolls: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
  }
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || !shown(node.parentElement)) continue;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      if (line.left < -0.5 || line.right > width + 0.5) found.push(`text "${node.textContent.trim().slice(0, 40)}" spans ${Math.round(line.left)}–${Math.round(line.right)} px`);
    }
  }
  return [...new Set(found)];
}

for (const [width, height] of [[375, 812], [1280, 900]]) {
  for (const [ruleset, menes, names] of [['coinche', coinche, [long, longest]], ['classique', classique, [longest, long]]]) {
    test(`at ${width}×${height} under ${ruleset}, with 40-character team names, the sheet, the form and an opened explanation stay in view`, async () => {
      const { page } = await openPage(browser, { width, height });
      assert.equal(await newGame(page, { ruleset, ns: names[0], ew: names[1] }), '');
      for (const mene of menes) assert.equal(await addMene(page, mene), '');
      await page.click('button[aria-controls="why-1"]');
      await page.click(`button[aria-controls="why-${menes.length}"]`);
      // Choosing a team in the form puts its long name in the select beside the card points.
      await page.select('#m-points-team', 'EW');
      assert.deepEqual(await page.evaluate(outside), []);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no sideways scrolling');

      // The card-points box keeps room to type in, whatever the name beside it.
      const pointsWidth = await page.$eval('#m-points', (e) => e.getBoundingClientRect().width);
      assert.ok(pointsWidth >= 100, `the card-points box is ${pointsWidth} px wide`);
      // "Why?" and the notes are in view, and the explanation is as wide as the sheet at most.
      const inView = (selector) => page.$eval(selector, (e) => {
        const box = e.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
      });
      assert.ok(await inView('button[aria-controls="why-2"]'), 'Why? is in view');
      const notes = await page.$$eval('#sheet-table td.notes', (cells) => cells.filter((c) => c.textContent).map((c) => {
        const box = c.getBoundingClientRect();
        return [c.textContent, box.width > 0 && box.right <= document.documentElement.clientWidth];
      }));
      assert.ok(notes.length > 0 && notes.every(([, seen]) => seen), `notes in view: ${JSON.stringify(notes)}`);
      assert.ok(await inView('#why-1 li'), 'the explanation is in view');
      const shot = `layout-${width}px-${ruleset}-long-names`;
      await screenshot(page, shot);
      await screenshot(page, `${shot}-sheet`, '#sheet-section');
      await screenshot(page, `${shot}-form`, '#mene-section');
      await page.close();
    });
  }

  test(`at ${width}×${height} the comparison chart's text is read at 11 px or more`, async () => {
    const { page } = await openPage(browser, { width, height });
    await page.$eval('#diff-count', (e) => { e.value = '5000'; });
    await page.click('#diff-run');
    await page.waitForSelector('#diff-headline', { timeout: 60000 });
    const sizes = await page.$$eval('#diff-result svg text', (texts) => texts.map((t) => {
      const svg = t.ownerSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return parseFloat(getComputedStyle(t).fontSize) * scale;
    }));
    assert.ok(sizes.length > 10);
    assert.ok(Math.min(...sizes) >= 11, `the chart's smallest text is ${Math.min(...sizes).toFixed(1)} px`);
    assert.deepEqual(await page.evaluate(outside), []);
    // No label of the chart runs into another or out of the chart.
    const overlaps = await page.$$eval('#diff-result svg', (svgs) => svgs.flatMap((svg) => {
      const chart = svg.getBoundingClientRect();
      const boxes = [...svg.querySelectorAll('text')].map((t) => [t.textContent, t.getBoundingClientRect()]);
      const out = boxes.filter(([, b]) => b.left < chart.left - 0.5 || b.right > chart.right + 0.5).map(([text]) => `${text} leaves the chart`);
      boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
        if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) out.push(`${a} overlaps ${b}`);
      }));
      return out;
    }));
    assert.deepEqual(overlaps, []);
    await screenshot(page, `layout-${width}px-comparison`, '#diff-section');
    await page.close();
  });
}
