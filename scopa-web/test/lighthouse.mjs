// Lighthouse on the built app (dist/), served by the bundled server (web/tools/serve.mjs)
// on 127.0.0.1, in Debian's headless Chromium, with Lighthouse's default settings: the
// phone preset (mobile emulation, simulated slow 4G and 4x CPU throttling), a first visit
// (storage cleared). Prints Performance, Accessibility, CLS, LCP and TBT for each run and
// fails unless every run has Performance >= 90, Accessibility 100 and CLS <= 0.1.
//   node test/lighthouse.mjs [RUNS]      (default 1; CHROMIUM=/path/to/chromium)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, DIST } from './lib.mjs';
import { serve } from '../web/tools/serve.mjs';

const runs = Number(process.argv[2] || 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node test/lighthouse.mjs [RUNS]');
  process.exit(2);
}
const MIN_PERFORMANCE = 90;
const MIN_ACCESSIBILITY = 100;
const MAX_CLS = 0.1;

const server = await serve(DIST, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
let failed = false;
for (let run = 1; run <= runs; run++) {
  // A fresh browser and profile per run: every run is a first visit.
  const profile = mkdtempSync(join(tmpdir(), 'scopa-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--remote-debugging-port=0'],
  });
  try {
    const port = Number(new URL(browser.wsEndpoint()).port);
    const t0 = Date.now();
    const result = await lighthouse(url, {
      port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'],
    });
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse: ${runtimeError.code}: ${runtimeError.message}`);
    const perf = Math.round(categories.performance.score * 100);
    const a11y = Math.round(categories.accessibility.score * 100);
    const cls = audits['cumulative-layout-shift'].numericValue;
    const lcp = audits['largest-contentful-paint'].numericValue;
    const tbt = audits['total-blocking-time'].numericValue;
    console.log(`lighthouse run ${run}/${runs}: Performance ${perf}, Accessibility ${a11y}, `
      + `CLS ${cls.toFixed(3)}, LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms `
      + `(${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    for (const w of runWarnings) console.log(`  warning: ${w}`);
    // Which elements moved, when anything did.
    for (const item of (cls > 0 && audits['layout-shifts']?.details?.items) || []) {
      console.log(`  layout shift ${item.score?.toFixed(3)}: ${item.node?.selector || item.node?.snippet || '?'}`);
    }
    // What keeps a score down, so that a failure says what to fix.
    for (const [name, cat] of Object.entries(categories)) {
      for (const ref of cat.auditRefs) {
        const a = audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 0.9) {
          console.log(`  ${name}: ${a.id} ${a.score} ${a.displayValue || ''}`.trimEnd());
        }
      }
    }
    const bad = [];
    if (perf < MIN_PERFORMANCE) bad.push(`Performance ${perf} < ${MIN_PERFORMANCE}`);
    if (a11y < MIN_ACCESSIBILITY) bad.push(`Accessibility ${a11y} < ${MIN_ACCESSIBILITY}`);
    if (cls > MAX_CLS) bad.push(`CLS ${cls.toFixed(3)} > ${MAX_CLS}`);
    if (bad.length) {
      failed = true;
      console.log(`  FAILED: ${bad.join(', ')}`);
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
await new Promise((r) => server.close(r));
console.log(failed ? 'lighthouse: FAILED' : `lighthouse: all ${runs} run(s) passed`);
process.exit(failed ? 1 : 0);
