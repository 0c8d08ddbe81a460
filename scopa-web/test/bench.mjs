// Measures, in headless Chromium on 127.0.0.1: time to interactive of the app (from the
// start of navigation to the first playable screen, fresh profile each time), and the
// expert AI's milliseconds per move inside the browser — the same positions as the native
// `cargo run --release -p scopa-web --example ai_speed -- N`. Run: `node test/bench.mjs [N]`
// (N seeds, default 32).
import { DESKTOP, openPage, settle, start } from './lib.mjs';

const n = Number(process.argv[2] || 32);
const env = await start();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const tti = [];
for (let i = 0; i < 7; i++) {
  const ctx = await env.browser.createBrowserContext();
  const page = await openPage({ browser: ctx }, DESKTOP);
  await page.goto(env.url);
  await settle(page);
  tti.push(await page.evaluate(() => {
    const t = performance.getEntriesByName('scopa-interactive')[0];
    return t ? t.startTime : NaN;
  }));
  await ctx.close();
}
console.log(`time to interactive: median ${median(tti).toFixed(0)} ms of ${tti.length} cold loads (${tti.map((x) => x.toFixed(0)).join(', ')})`);

const page = await openPage(env, DESKTOP);
await page.goto(env.url);
await settle(page);
const ms = await page.evaluate(async (count) => {
  const { WebSession } = await import('./session.js');
  const settings = {
    players: 2, deal: 'standard', target: 11, primiera: 'classic', ace: 'none', napola: false,
    re_bello: false, kings_redeal: true, seats: ['expert', 'expert'], lang: 'en',
  };
  const out = [];
  for (let seed = 1; seed <= count; seed++) {
    const g = new WebSession(settings, BigInt(seed));
    // The page's loop, without the delays: fire every due of the first hand, timing the AI's.
    for (;;) {
      const f = g.frame();
      if (f.hand_number !== 0 || !f.next.due) break;
      const t = performance.now();
      g.fire(f.next.due.token);
      if (f.next.due.action === 'ai') out.push(performance.now() - t);
    }
    g.free();
  }
  return out;
}, n);
const total = ms.reduce((a, b) => a + b, 0);
// Chromium rounds performance.now() to 0.1 ms (no cross-origin isolation): the median is
// rounded too; the mean (total / moves) is not biased by it.
console.log(`browser expert: ${ms.length} moves, median ${median(ms).toFixed(3)} ms/move (rounded to 0.1 ms), mean ${(total / ms.length).toFixed(3)} ms/move, total ${total.toFixed(0)} ms`);
await env.close();
