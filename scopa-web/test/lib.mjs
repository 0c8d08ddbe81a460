// Shared by the browser tests: Debian's Chromium driven over the DevTools protocol
// (puppeteer-core, no browser download), the app served from dist/ on 127.0.0.1, and a
// page that fails the test on any console error or uncaught exception.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as httpServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import puppeteer from 'puppeteer-core';
import { serve } from '../web/tools/serve.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const PHONE = { width: 360, height: 640, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
export const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1 };
export const TALL = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

// A browser with a fresh profile and a server for dist/; `close()` ends both.
export async function start() {
  const profile = mkdtempSync(join(tmpdir(), 'scopa-chromium-'));
  const server = await serve(DIST, 0);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--font-render-hinting=none', '--force-color-profile=srgb', '--hide-scrollbars'],
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    browser, url,
    async close() {
      await browser.close();
      await new Promise((r) => server.close(r));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// The browser and server of a test file: started before its first test, closed after its
// last. Returns `{ env }`, filled once started.
export function perFile() {
  const file = { env: null };
  before(async () => {
    file.env = await start();
  });
  after(async () => {
    await file.env?.close();
  });
  return file;
}

// A page that records every console error and uncaught exception into `errors`.
// Unless `welcome` is set, the page is not a first visit (the welcome was seen).
export async function openPage(env, viewport = DESKTOP, { lang = 'en-US', reducedMotion = true, welcome = false } = {}) {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  await page.setViewport(viewport);
  await page.setExtraHTTPHeaders({ 'accept-language': lang });
  await page.evaluateOnNewDocument((l) => {
    Object.defineProperty(navigator, 'languages', { get: () => [l] });
    Object.defineProperty(navigator, 'language', { get: () => l });
  }, lang);
  if (!welcome) {
    await page.evaluateOnNewDocument(() => {
      try {
        localStorage.setItem('scopa.v1.welcomed', '1');
      } catch {
        // not the app's origin (about:blank)
      }
    });
  }
  if (reducedMotion) await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  page.errors = errors;
  return page;
}

// A page of its own (a new browser context: empty storage) on the app, settled.
export async function freshPage(env, viewport = DESKTOP, opts = {}) {
  const ctx = await env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, viewport, opts);
  await page.goto(env.url);
  await settle(page);
  return page;
}

// Waits until the app has started and nothing is animating or thinking.
export async function settle(page, timeout = 60000) {
  await page.waitForFunction(() => window.__scopa && window.__scopa.ready && !window.__scopa.busy(), { timeout, polling: 20 });
}

const isOpen = (page, id) => page.$eval(`#${id}`, (d) => d.open);

// Taps a menu entry (`#btn-settings`, `#btn-new`, `#btn-stats`, `#btn-rules`,
// `#btn-online`) as a person would: on a narrow screen the menu opens first.
export async function menu(page, selector) {
  if (!(await page.$eval(selector, (e) => e.checkVisibility()))) {
    await page.click('#btn-menu');
    await page.waitForSelector('#menu:popover-open');
  }
  await page.click(selector);
}

// Opens Settings and starts a match as a person would: picks each option in the form (the
// game first: the form shows that game's options; Briscola's are `hand_size` and `hands`).
export async function startMatch(page, { game = 'scopa', players = 2, deal = 'standard', target = 11, seats = ['human', 'expert'],
  seed = '1', pace = 'instant', deck = 'italian', ace = 'none', primiera = 'classic', napola = false,
  re_bello = false, kings_redeal = true, undo = false, lang = null, hand_size = 3, hands = 2, names = [] } = {}) {
  await settle(page);
  const over = await page.$eval('#dlg-over', (d) => d.open);
  if (over) await page.click('#over-settings');
  else await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-game', game);
  await page.select('#set-players', String(players));
  if (game === 'briscola') {
    await page.select('#set-handsize', String(hand_size));
    await page.select('#set-hands', String(hands));
  } else {
    await page.select('#set-deal', deal);
    await page.select('#set-target', String(target));
    await page.select('#set-ace', ace);
    await page.select('#set-primiera', primiera);
  }
  // The seats first: choosing them redraws the form (undo depends on them).
  for (let i = 0; i < players; i++) await page.select(`#set-seat-${i}`, seats[i]);
  for (const [i, name] of names.entries()) {
    await page.$eval(`#set-name-${i}`, (e) => { e.value = ''; });
    await page.type(`#set-name-${i}`, name);
  }
  const checks = game === 'briscola' ? [['#set-undo', undo]]
    : [['#set-napola', napola], ['#set-rebello', re_bello], ['#set-kings', kings_redeal], ['#set-undo', undo]];
  for (const [id, on] of checks) {
    if ((await page.$eval(id, (e) => e.checked)) !== on) await page.click(id);
  }
  await page.select('#set-pace', pace);
  await page.select('#set-deck', deck);
  if (lang) await page.select('#set-lang', lang);
  await page.$eval('#set-replay', (e) => { e.open = true; });
  await page.$eval('#set-seed', (e) => { e.value = ''; });
  await page.type('#set-seed', String(seed));
  await page.click('#settings-start');
  // A match in progress: the page asks first.
  await page.waitForFunction(() => !document.getElementById('dlg-settings').open || document.getElementById('dlg-confirm').open);
  if (await isOpen(page, 'dlg-confirm')) await page.click('#confirm-yes');
  await page.waitForSelector('#dlg-settings:not([open])');
  await settle(page);
}

// What the screen offers now.
export async function screen(page) {
  await settle(page);
  return page.evaluate(() => ({
    summary: document.getElementById('dlg-summary').open,
    over: document.getElementById('dlg-over').open,
    handoff: document.getElementById('dlg-handoff').open,
    message: document.getElementById('dlg-message').open,
    choice: !document.getElementById('choice').hidden,
    options: [...document.querySelectorAll('#choice [data-option]')].length,
    hand: [...document.querySelectorAll('#hand button.card')].map((b) => ({ card: Number(b.dataset.card), enabled: !b.disabled })),
    table: [...document.querySelectorAll('#table .card')].map((b) => Number(b.dataset.card)),
    status: document.getElementById('status').textContent,
    score: document.getElementById('score').textContent,
  }));
}

// One step of a person: acknowledge a dialog, choose a capture (option `pick`), or tap a
// card (the `nth` playable one). Returns what was done. A dialog's 'close' event comes a task
// after it closes and redraws the table, so the button read from the screen can be replaced
// before the click lands ("Node is detached"): the screen is then read again, at most 5 times.
// With `dialogs: false` it never presses a dialog's button: a summary or the match's end
// that opened since the caller read the screen is "nothing to do" (for tests that stop there).
export async function step(page, options = {}, tries = 5) {
  try {
    return await stepOnce(page, options);
  } catch (e) {
    if (tries <= 1 || !/detached|not clickable|no node found/i.test(String(e && e.message))) throw e;
    return step(page, options, tries - 1);
  }
}

async function stepOnce(page, { nth = 0, pick = 0, dialogs = true } = {}) {
  const s = await screen(page);
  if (!dialogs && (s.over || s.summary || s.handoff)) throw new Error(`nothing to do on screen: a dialog is open: ${JSON.stringify(s)}`);
  if (s.over) return 'over';
  if (s.summary) {
    await page.click('#summary-continue');
    return 'summary';
  }
  if (s.handoff) {
    await page.click('#handoff-ready');
    return 'handoff';
  }
  if (s.choice) {
    await page.click(`#choice [data-option="${Math.min(pick, s.options - 1)}"]`);
    return 'choice';
  }
  const playable = s.hand.filter((h) => h.enabled);
  if (playable.length === 0) throw new Error(`nothing to do on screen: ${JSON.stringify(s)}`);
  const card = playable[nth % playable.length].card;
  await page.click(`#hand [data-card="${card}"]`);
  return 'play';
}

export { isOpen };

// Plays until `until(what, screen)` is true or the match is over; returns the counts of
// each kind of step. `nth` varies the card a person taps.
export async function playUntil(page, until = () => false, { limit = 4000, pick = (i) => i % 2 } = {}) {
  const counts = { play: 0, choice: 0, summary: 0, handoff: 0, over: 0 };
  for (let i = 0; i < limit; i++) {
    const s = await screen(page);
    if (until(s, counts)) return counts;
    const what = await step(page, { nth: i * 7, pick: pick(i) });
    counts[what] += 1;
    if (what === 'over') return counts;
  }
  throw new Error(`no end after ${limit} steps`);
}

// What the page recorded since it loaded: the seed, its action script, its transcript.
export async function record(page) {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__scopa.record)));
}

// Joins what a page recorded before and after a reload.
export function joinRecords(before, after) {
  return { seed: before.seed, script: [...before.script, ...after.script], transcript: [...before.transcript, ...after.transcript] };
}

// A card's index (0 … 39) from its notation (`7d`): the order of cards.js and the frames.
export const toIndex = (n) => 'dcsb'.indexOf(n.slice(-1)) * 10 + Number(n.slice(0, -1)) - 1;

// The piles of the hand that just ended, from the transcript: its plays that take and the
// table's last cards ("collect SIDE CARDS…"), up to its "score" lines; a side is
// `seat % sides`.
export function finishedPiles(lines, sides) {
  const end = lines.findLastIndex((l) => l.startsWith('score '));
  const start = lines.slice(0, end).findLastIndex((l) => l.startsWith('hand '));
  const piles = Array.from({ length: sides }, () => []);
  for (const l of lines.slice(start, end)) {
    const [kind, who, ...cards] = l.split(' ');
    if (kind === 'play' && cards.length > 1) piles[Number(who) % sides].push(...cards);
    if (kind === 'collect') piles[Number(who)].push(...cards);
  }
  return piles;
}

// Each seat's last play of the current hand from the transcript (`play SEAT CARD TAKEN…`
// lines since its "hand" line): seat → `{ card, taken }` in notation.
export function lastPlays(lines) {
  const start = lines.findLastIndex((l) => l.startsWith('hand '));
  const last = {};
  for (const l of lines.slice(start)) {
    const [kind, seat, card, ...taken] = l.split(' ');
    if (kind === 'play') last[seat] = { card, taken };
  }
  return last;
}

// A proxy in front of a server (`target`, a URL ending in /) that logs the path of every
// request it passes on: what the page, its workers and the service worker ask for (the
// tests of one download per file, issue 37).
export function countingProxy(target) {
  const log = [];
  const proxy = httpServer((req, res) => {
    log.push(new URL(req.url, 'http://x').pathname);
    const up = httpRequest(`${target}${req.url.slice(1)}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve({ proxy, log, url: `http://127.0.0.1:${proxy.address().port}/` })));
}

// A first visit through a counting proxy (`countingProxy`) in front of `target`, in a
// browser context of its own, until the service worker controls the page; `close()`
// closes the context and the proxy.
export async function proxiedVisit(env, target, viewport = DESKTOP) {
  const { proxy, log, url } = await countingProxy(target);
  const ctx = await env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, viewport);
  await page.goto(url);
  await settle(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20000 });
  const close = async () => {
    await ctx.close();
    await new Promise((r) => proxy.close(r));
  };
  return { page, log, close };
}

// Reloads the page offline (the service worker's store serves it) and checks that the same
// hand and table come back; returns the screen after. The page stays offline.
export async function reloadOffline(page) {
  const before = await screen(page);
  await page.setOfflineMode(true);
  await page.reload();
  await settle(page);
  const after = await screen(page);
  assert.deepEqual(after.hand, before.hand);
  assert.deepEqual(after.table, before.table);
  return after;
}
