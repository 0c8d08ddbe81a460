// The cross-front-end check: every committed session script (tests/sessions/*.script,
// tests/sessions/briscola/*.script and tests/sessions/big/*.script, see
// docs/session.md) is played in the browser as a person would — the settings chosen in the
// Settings screen, each human move tapped (and its capture tapped when the page asks),
// every hand-over and summary acknowledged — and the page's transcript must equal the
// reference transcript line for line (the one the terminal, the apps and the handheld must
// also write). The page's save at the script's `save` line must equal the reference save
// byte for byte, and the reference save, put in the browser's storage, must resume and
// finish with the reference transcript's tail.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, ROOT, openPage, record, screen, settle, start, startMatch } from './lib.mjs';

const SESSIONS = join(ROOT, '..', 'tests', 'sessions');
const SUITS = 'dcsb';
const cardIndex = (text) => SUITS.indexOf(text.slice(-1)) * 10 + Number(text.slice(0, -1)) - 1;

// Reads a script: its seed, its settings (as the Settings screen takes them), its moves.
function parseScript(text) {
  const out = { seed: null, settings: null, moves: [] };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const words = line.split(/\s+/);
    if (words[0] === 'seed') {
      out.seed = words[1];
    } else if (words[0] === 'session') {
      const at = (key) => words[words.indexOf(key) + 1];
      if (words[1] === 'briscola') {
        out.settings = {
          game: 'briscola', players: Number(at('players')), hand_size: Number(at('hand_size')),
          hands: Number(at('target')), undo: at('undo') === '1', seats: words.slice(words.indexOf('seats') + 1),
        };
        continue;
      }
      out.settings = {
        players: Number(at('players')), deal: at('deal'), target: Number(at('target')),
        primiera: at('primiera'), ace: at('ace'), napola: at('napola') === '1', re_bello: at('re_bello') === '1',
        kings_redeal: at('kings_redeal') === '1', undo: at('undo') === '1',
        seats: words.slice(words.indexOf('seats') + 1),
      };
    } else if (words[0] === 'save') {
      out.moves.push('save');
    } else {
      out.moves.push({ card: cardIndex(words[0]), capture: words.slice(1).map(cardIndex).sort((a, b) => a - b) });
    }
  }
  return out;
}

// Acknowledges whatever the page shows until a person is to play (or the match is over).
async function toHumanTurn(page) {
  for (;;) {
    const s = await screen(page);
    if (s.over || s.hand.some((h) => h.enabled)) return s;
    if (s.summary) await page.click('#summary-continue');
    else if (s.handoff) {
      assert.equal(s.hand.length, 0, 'no face-up card while the device changes hands');
      await page.click('#handoff-ready');
    }
    else throw new Error(`stuck: ${JSON.stringify(s)}`);
  }
}

async function tap(page, mv) {
  await page.click(`#hand [data-card="${mv.card}"]`);
  const s = await screen(page);
  if (s.choice) await page.click(`#choice [data-cards="${mv.capture.join(' ')}"]`);
}

const savedBytes = (page) => page.evaluate(() => localStorage.getItem('scopa.v1.save'));
const lines = (text) => text.split('\n').filter((l) => l !== '');

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

// Scopa's scripts, then Briscola's (tests/sessions/briscola/), then the tables of 6 and 8
// (tests/sessions/big/: two decks, so a card may be in the hand or a capture twice).
const scripts = (dir) => readdirSync(join(SESSIONS, dir)).filter((f) => f.endsWith('.script')).map((f) => join(dir, f.slice(0, -7))).sort();
const names = [...scripts('.'), ...scripts('briscola'), ...scripts('big')];
assert.ok(names.filter((n) => n.startsWith('big/')).length >= 2, `the scripts of tables of 6 and 8 in ${SESSIONS}/big`);
assert.ok(names.length >= 5, `scripts in ${SESSIONS}`);
assert.ok(names.filter((n) => n.startsWith('briscola/')).length >= 2, `Briscola's scripts in ${SESSIONS}/briscola`);

names.forEach((name, i) => {
  const script = parseScript(readFileSync(join(SESSIONS, `${name}.script`), 'utf8'));
  const reference = lines(readFileSync(join(SESSIONS, `${name}.transcript`), 'utf8'));
  const afterSave = lines(readFileSync(join(SESSIONS, `${name}.after-save`), 'utf8'));
  const save = readFileSync(join(SESSIONS, `${name}.save`)).toString('base64');
  const viewport = i % 2 ? PHONE : DESKTOP;

  test(`script ${name}: tapped in the browser, the transcript and the save are the reference's`, async () => {
    const ctx = await env.browser.createBrowserContext();
    const page = await openPage({ browser: ctx }, viewport);
    await page.goto(env.url);
    await settle(page);
    await startMatch(page, { ...script.settings, seed: script.seed });
    let saved = false;
    for (const mv of script.moves) {
      await toHumanTurn(page);
      if (mv === 'save') {
        assert.equal(await savedBytes(page), save, 'the page saved the reference bytes');
        saved = true;
      } else {
        await tap(page, mv);
      }
    }
    assert.ok(saved);
    assert.equal((await toHumanTurn(page)).over, true);
    assert.deepEqual((await record(page)).transcript, reference);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });

  test(`script ${name}: the reference save resumes in the browser and finishes identically`, async () => {
    const ctx = await env.browser.createBrowserContext();
    const page = await openPage({ browser: ctx }, viewport);
    await page.goto(env.url);
    await settle(page);
    await page.evaluate((b64) => {
      localStorage.setItem('scopa.v1.save', b64);
      localStorage.setItem('scopa.v1.prefs', JSON.stringify({ pace: 'instant', lang: 'en' }));
    }, save);
    await page.reload();
    await settle(page);
    for (const mv of script.moves.slice(script.moves.indexOf('save') + 1)) {
      await toHumanTurn(page);
      await tap(page, mv);
    }
    assert.equal((await toHumanTurn(page)).over, true);
    assert.deepEqual((await record(page)).transcript, afterSave);
    assert.deepEqual(page.errors, []);
    await ctx.close();
  });
});
