// The module's pace against the native program's, measured side by side in
// one run: the same deals scored to the same JSON Lines by `belote score
// --threads 1` (its CPU time), by belote.mjs in Node (this process's CPU
// time) and by the page's engine in Chromium (its renderer's CPU time, and
// the call's time on the page's clock), each after a first call of 30,000
// other deals. The figures go to
// build-web/test-output/speed.json and to docs/web.md.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { belote, beloteProgram, launchBrowser, openPage, outputDir, pageDir, temporaryDir } from './support.mjs';

const count = Number(process.env.BELOTE_SPEED_DEALS || 100000);
const ruleset = 'classique';
let browser;
let deals;
let warmUp;
let expected;
before(async () => {
  browser = await launchBrowser();
  deals = belote(['deal', '--random', String(count), '--seed', '5', '--ruleset', ruleset]);
  // Another 30,000 deals scored first: the engine's hot code reaches the
  // browser's optimizing tier (Chromium starts wasm on its baseline compiler) and the memory grows.
  warmUp = belote(['deal', '--random', '30000', '--seed', '6', '--ruleset', ruleset]);
});
after(() => browser.close());

// The program's CPU time (user + system) for the deals, on one thread.
function programSeconds() {
  const file = path.join(temporaryDir('belote-speed-'), 'deals.jsonl');
  fs.writeFileSync(file, deals);
  const times = path.join(path.dirname(file), 'times');
  const out = execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', times, beloteProgram, 'score', '--threads', '1',
    '--ruleset', ruleset, '--format', 'json', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
  expected = out;
  const [user, system] = fs.readFileSync(times, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return user + system;
}

test(`${count.toLocaleString('en')} deals scored by the module in Node and in Chromium, against the program`, async (t) => {
  const program = programSeconds();

  // Node: the ES module imported as a program imports it.
  const { default: createBelote } = await import(pathToFileURL(path.join(pageDir, 'belote.mjs')).href);
  const engine = await createBelote();
  engine.score(ruleset, warmUp); // compiles the engine's hot code and grows its memory once
  const before = process.cpuUsage();
  const inNode = engine.score(ruleset, deals);
  const used = process.cpuUsage(before);
  const node = (used.user + used.system) / 1e6;
  assert.deepEqual(inNode.errors, []);
  assert.equal(inNode.text, expected, 'Node: the JSON Lines of belote score');

  // Chromium: the page's engine, on the page's thread. Its CPU time is the
  // renderer's, as Chromium counts it (the page's one renderer runs the
  // engine, and the others are idle); the call's time on the page's clock is
  // kept beside it, which the machine's other work lengthens.
  const { page } = await openPage(browser);
  const cdp = await browser.target().createCDPSession();
  const rendererSeconds = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  };
  await page.evaluate((name, text, first) => {
    window.beloteCounter.belote.score(name, first);
    window.speedDeals = text;
  }, ruleset, deals, warmUp);
  const cpuBefore = await rendererSeconds();
  const wall = await page.evaluate((name) => {
    const started = performance.now();
    window.speedReply = window.beloteCounter.belote.score(name, window.speedDeals);
    return (performance.now() - started) / 1000;
  }, ruleset);
  const chromium = (await rendererSeconds()) - cpuBefore;
  const inPage = await page.evaluate(async () => {
    const reply = window.speedReply;
    // The text is compared by its digest: 130 MB would cross to the test slowly.
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(reply.text));
    return { digest: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''), errors: reply.errors.length };
  });
  await cdp.detach();
  await page.close();
  assert.equal(inPage.errors, 0);
  assert.equal(inPage.digest, createHash('sha256').update(expected).digest('hex'), 'Chromium: the JSON Lines of belote score');

  const rate = (seconds) => Math.round(count / seconds);
  const figures = {
    deals: count, ruleset,
    program: { seconds: program, rate: rate(program) },
    node: { seconds: node, rate: rate(node), times: node / program },
    chromium: { seconds: chromium, rate: rate(chromium), times: chromium / program, wall, wallTimes: wall / program },
    load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
  fs.writeFileSync(path.join(outputDir, 'speed.json'), `${JSON.stringify(figures, null, 2)}\n`);
  for (const where of ['program', 'node', 'chromium']) {
    const f = figures[where];
    t.diagnostic(`${where}: ${f.rate.toLocaleString('en')} deals/s${f.times ? ` (${f.times.toFixed(2)}× the program's CPU time)` : ''}` +
      (f.wall ? `; the call took ${f.wall.toFixed(2)} s on the page's clock (${f.wallTimes.toFixed(2)}×)` : ''));
  }
  // The target, 5×, holds on an idle machine (docs/web.md gives the run);
  // this bound only catches a return to the JSON tree and the escaped reply
  // (45×), with room for a machine busy with other work: a timed assertion
  // must not fail for a neighbour's load.
  for (const where of ['node', 'chromium']) {
    assert.ok(figures[where].times <= 40, `${where} takes ${figures[where].times.toFixed(2)}× the program's CPU time`);
  }
});
