// Lighthouse on the built app (dist/), served on 127.0.0.1 by the bundled static server
// (web/tools/serve.mjs) or by `scopa-server --web dist/`, in Debian's headless Chromium,
// with Lighthouse's default settings: the phone preset (mobile emulation, simulated slow 4G
// and 4x CPU throttling), a first visit (storage cleared). Prints Performance,
// Accessibility, CLS, LCP and TBT for each run, and the wasm's downloads (how many, bytes
// sent and bytes of the file), and fails unless every run has Performance >= 90,
// Accessibility 100, CLS <= 0.1 and one download of the wasm — compressed, with
// `--compressed` (issue 37).
//   node test/lighthouse.mjs [RUNS] [serve|scopa-server] [--compressed]
//   (default 1 run, serve; CHROMIUM=/path/to/chromium; SCOPA_SERVER=/path/to/scopa-server)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, DIST } from './lib.mjs';
import { serve } from '../web/tools/serve.mjs';
import { startServer } from './server.mjs';

const args = process.argv.slice(2);
const compressed = args.includes('--compressed');
const [runsArg = '1', host = 'serve'] = args.filter((a) => a !== '--compressed');
const runs = Number(runsArg);
if (!Number.isInteger(runs) || runs < 1 || !['serve', 'scopa-server'].includes(host)) {
  console.error('usage: node test/lighthouse.mjs [RUNS] [serve|scopa-server] [--compressed]');
  process.exit(2);
}
const MIN_PERFORMANCE = 90;
const MIN_ACCESSIBILITY = 100;
const MAX_CLS = 0.1;

let url;
let stop;
if (host === 'serve') {
  const server = await serve(DIST, 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  stop = () => new Promise((r) => server.close(r));
} else {
  const server = await startServer();
  url = server.base;
  stop = () => server.stop();
}
console.log(`lighthouse: ${url} served by ${host === 'serve' ? 'serve.mjs' : 'scopa-server --web'}`);
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
    // The wasm's downloads in this first visit (the page's, the worker's, the service
    // worker's): one, and compressed.
    const wasm = (audits['network-requests']?.details?.items || []).filter((r) => /\.wasm(\?|$)/.test(r.url));
    console.log(`  wasm: ${wasm.length} download(s): ${wasm.map((r) => `${r.transferSize} bytes sent for ${r.resourceSize}`).join(', ')}`);
    const bad = [];
    if (wasm.length !== 1) bad.push(`${wasm.length} downloads of the wasm`);
    if (compressed && wasm.some((r) => !(r.transferSize < r.resourceSize * 0.7))) bad.push('the wasm sent uncompressed');
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
await stop();
console.log(failed ? 'lighthouse: FAILED' : `lighthouse: all ${runs} run(s) passed`);
process.exit(failed ? 1 : 0);
