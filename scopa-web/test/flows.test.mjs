// Issue 37: the two flows a newcomer meets first, at 390×844 (a tall phone), as golden
// screenshots — a first visit (the welcome, the table of a first match against a level that
// teaches, a first play and the AI's answer, the first hand's summary) and an invite (the
// host waiting for the friend, the friend's first visit through the link: the invite's
// welcome, then the room's table) — and a scripted screen-reader pass: the accessibility
// tree's names (Chromium's, as a screen reader gets them) for every card, play and summary
// line, in English and Italian: cards named in words, never in notation.
//
// The invite flow runs scopa-server (built by .ci/web.sh; SCOPA_SERVER names another) with
// --allow-client-seed, so the room's deal is the same every run; the room's random code is
// written as "CODE" on the screen before each screenshot.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { check } from './golden.mjs';
import { TALL, menu, openPage, playUntil, screen, settle, start, step } from './lib.mjs';
import { createRoom, inRoom, online, startServer } from './server.mjs';

let env;
let server;
let base;
before(async () => {
  env = await start();
  server = await startServer(['--allow-client-seed', '--ai-ms', '0', '--scopa-ms', '0', '--summary-ms', '600000', '--rate', '100']);
  base = server.base;
});
after(async () => {
  await env?.close();
  server?.stop();
});

// A first visit with a fixed random source (the first match's seed is drawn from it).
async function firstVisit(browser, url, lang = 'en-US') {
  const page = await openPage({ browser }, TALL, { welcome: true, lang });
  await page.evaluateOnNewDocument(() => {
    crypto.getRandomValues = (a) => a.fill(7);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__scopa?.ready);
  return page;
}

// The room's code (random) written as CODE on the screen, for the screenshot.
const hideCode = (page) => page.evaluate(() => {
  const bar = document.getElementById('online-bar');
  const code = window.__scopa.online.state()?.code;
  if (code) bar.textContent = bar.textContent.replaceAll(code, 'CODE');
});

test('first visit at 390×844: welcome, a first match against Easy, a play and the answer, the summary (goldens)', async () => {
  const ctx = await env.browser.createBrowserContext();
  const page = await firstVisit(ctx, env.url);
  await page.waitForSelector('#dlg-welcome[open]');
  await check(page, 'flow-first-welcome');
  await page.click('#welcome-play');
  await page.waitForSelector('#dlg-welcome:not([open])');
  // The AI, held behind the welcome, plays first: the table is the person's turn (a bare
  // settle could catch the moment before its delay starts).
  await page.waitForSelector('#hand .card:not(:disabled)', { timeout: 30000 });
  await settle(page);
  assert.match(await page.$eval('.seat[data-seat="1"]', (e) => e.textContent), /Easy/);
  await check(page, 'flow-first-table');
  // A first play, and the AI's answer kept on the status line and at its seat.
  await playUntil(page, (s, c) => c.play >= 1 && s.hand.some((h) => h.enabled));
  await check(page, 'flow-first-answer');
  await playUntil(page, (s) => s.summary);
  await check(page, 'flow-first-summary');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});

test('invite at 390×844: the host waits for the friend; the friend\'s first visit by the link (goldens)', async () => {
  const ctxA = await env.browser.createBrowserContext();
  const ctxB = await env.browser.createBrowserContext();
  const a = await openPage({ browser: ctxA }, TALL);
  await a.goto(base);
  await settle(a);
  await a.evaluate(() => window.__scopa.online.seedNext(5));
  await createRoom(a);
  assert.match((await screen(a)).status, /^Waiting for Player 2 to join/);
  await hideCode(a);
  await check(a, 'flow-invite-waiting');

  const b = await firstVisit(ctxB, (await online(a)).link);
  await b.waitForSelector('#dlg-welcome[open]');
  await inRoom(b);
  await hideCode(b);
  await check(b, 'flow-invite-welcome');
  await b.click('#welcome-play');
  await b.waitForSelector('#dlg-welcome:not([open])');
  await settle(b);
  // The host's table goes on now that the friend is here.
  await a.waitForFunction(() => !/^Waiting for/.test(document.getElementById('status').textContent), { timeout: 10000 });
  await hideCode(b);
  await check(b, 'flow-invite-table');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await ctxA.close();
  await ctxB.close();
});

// Every name in the accessibility tree (role and name), as a screen reader gets them.
async function names(page) {
  const tree = await page.accessibility.snapshot({ interestingOnly: true });
  const out = [];
  const walk = (n) => {
    if (!n) return;
    if (n.name) out.push({ role: n.role, name: n.name });
    for (const c of n.children || []) walk(c);
  };
  walk(tree);
  return out;
}

// A card in notation ("7d", "10b") where words are due.
const NOTATION = /(^|[\s:(,])(10|[1-9])[dcsb](?=$|[\s,.)·])/;

const WORDS = { en: / of (denari|coppe|spade|bastoni)$/, it: / di (denari|coppe|spade|bastoni)$/ };

// Plays on, reading the tree at every screen, until `until(screen)`; counts the hand cards
// and last plays named in words, and collects every name in notation.
async function readAlong(page, lang, until, seen, bad) {
  for (let i = 0; i < 300; i++) {
    const s = await screen(page);
    const all = await names(page);
    for (const n of all) if (NOTATION.test(n.name)) bad.push(n);
    if (until(s)) return all;
    seen.hand += all.filter((n) => n.role === 'button' && WORDS[lang].test(n.name)).length;
    seen.plays += all.filter((n) => n.role === 'image' && /^(Last play|Ultima giocata): /.test(n.name)).length;
    await step(page, { nth: i });
  }
  throw new Error('no end');
}

// The summary's cards named in words of `lang`, and its rows' words.
function summaryNames(all, lang, seen) {
  const cards = all.filter((n) => n.role === 'image' && /\b(denari|coppe|spade|bastoni)$/.test(n.name));
  assert.ok(cards.length > 0, 'the summary names its cards');
  for (const c of cards) assert.match(c.name, WORDS[lang]);
  // Its rows' words (Chromium's tree keeps the table's texts, not its cells).
  seen.summary += all.filter((n) => n.role === 'StaticText').length;
}

// English through a hand to its summary; the summary again in Italian (the session's texts
// change language); then Italian plays into the next hand.
test('screen reader, English and Italian: every card, play and summary line is named in words', async () => {
  const ctx = await env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, TALL);
  await page.goto(env.url);
  await settle(page);
  const seen = { en: { hand: 0, plays: 0, summary: 0 }, it: { hand: 0, plays: 0, summary: 0 } };
  const bad = [];
  summaryNames(await readAlong(page, 'en', (s) => s.summary, seen.en, bad), 'en', seen.en);
  // Italian, from Settings (the summary waits behind it).
  await page.evaluate(() => document.getElementById('dlg-summary').close());
  await menu(page, '#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.select('#set-lang', 'it');
  await page.click('#settings-close');
  await page.waitForSelector('#dlg-summary[open]');
  summaryNames(await names(page), 'it', seen.it);
  await page.click('#summary-continue');
  await readAlong(page, 'it', (s) => s.summary || seen.it.plays >= 3, seen.it, bad);
  for (const l of ['en', 'it']) assert.ok(seen[l].hand > 0 && seen[l].plays > 0 && seen[l].summary > 0, JSON.stringify(seen));
  assert.deepEqual(bad, [], 'names in notation');
  assert.deepEqual(page.errors, []);
  await ctx.close();
});
