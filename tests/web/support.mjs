// What the browser tests share: Debian's Chromium started headless with no
// network, the page opened from disk with every request recorded, the
// `belote` program to compare with, and a folder for screenshots.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

export const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The page's folder (scripts/build-web), the native program, and where screenshots go. */
export const pageDir = path.resolve(repository, process.env.BELOTE_PAGE_DIR || 'build-web/page');
export const beloteProgram = path.resolve(repository, process.env.BELOTE_PROGRAM || 'build/bin/belote');
export const outputDir = path.resolve(repository, process.env.BELOTE_WEB_OUTPUT || 'build-web/test-output');
export const pageUrl = `file://${pageDir}/index.html`;
fs.mkdirSync(outputDir, { recursive: true });

/** Chromium as the machine allows it: headless, no sandbox (root), no background traffic, a fresh profile. */
export async function launchBrowser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'belote-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
  browser.on('disconnected', () => {
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch {
      // Chromium may still be writing its profile as it exits: a leftover in the temporary folder.
    }
  });
  return browser;
}

/**
 * A request that stays on this device: a file of the page, the engine's wasm
 * (a data: URL inside belote.js) or the worker made from the page's own text (blob:).
 */
export function isLocal(url) {
  return url.startsWith('file://') || url.startsWith('data:application/octet-stream;base64,') || url.startsWith('blob:null/');
}

/** The page opened from disk at a width, its requests and errors recorded. */
export async function openPage(browser, { width = 1024, height = 900, clearStorage = true } = {}) {
  const page = await browser.newPage();
  const record = { requests: [], errors: [] };
  page.on('request', (request) => record.requests.push(request.url()));
  page.on('pageerror', (error) => record.errors.push(String(error)));
  page.on('console', (message) => { if (message.type() === 'error') record.errors.push(message.text()); });
  await page.setViewport({ width, height });
  const started = Date.now();
  await page.goto(pageUrl);
  if (clearStorage) {
    await page.evaluate(() => localStorage.clear());
    await page.reload();
  }
  await page.waitForFunction(() => window.beloteCounter, { timeout: 30000 });
  record.loadMs = await page.evaluate(() => window.beloteCounter.readyAt);
  record.wallMs = Date.now() - started;
  return { page, record };
}

/** The page's files: index.html and every script and style sheet it names. */
export function pageFiles() {
  const html = fs.readFileSync(path.join(pageDir, 'index.html'), 'utf8');
  return ['index.html', ...[...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])].map((f) => path.join(pageDir, f));
}

/** Requests that left the device (none should). */
export function networkRequests(record) {
  return record.requests.filter((url) => !isLocal(url));
}

/** A screenshot of the whole page, or of one element of it. */
export async function screenshot(page, name, selector) {
  const file = path.join(outputDir, `${name}.png`);
  if (selector) await (await page.$(selector)).screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs `belote ARGS`, returning its standard output; `input` goes to its standard input. */
export function belote(args, { input, cwd, allowFailure = false } = {}) {
  try {
    return execFileSync(beloteProgram, args, { input, cwd, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    if (allowFailure) return { status: error.status, stdout: error.stdout, stderr: error.stderr };
    throw error;
  }
}

/** A fresh temporary folder. */
export function temporaryDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
