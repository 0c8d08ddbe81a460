// Shared by the browser tests: Debian's Chromium driven over the DevTools protocol
// (puppeteer-core, no browser download), the app served from dist/ on 127.0.0.1, and a
// page that fails the test on any console error or uncaught exception.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { serve } from '../web/tools/serve.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const PHONE = { width: 360, height: 640, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
export const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1 };

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

// A page that records every console error and uncaught exception into `errors`.
export async function openPage(env, viewport = DESKTOP, { lang = 'en-US', reducedMotion = true } = {}) {
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
  if (reducedMotion) await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  page.errors = errors;
  return page;
}

// Waits until the app has started and nothing is animating or thinking.
export async function settle(page, timeout = 60000) {
  await page.waitForFunction(() => window.__scopa && window.__scopa.ready && !window.__scopa.busy(), { timeout, polling: 20 });
}
