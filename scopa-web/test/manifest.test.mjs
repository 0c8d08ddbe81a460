// The manifest has what an install and a splash screen need: a name, background_color and
// theme_color (the page's theme-color too), PNG icons of 192 and 512 px for launchers and
// the splash screen, a maskable icon whose picture stays inside the circle every mask keeps;
// the PNGs are what the code draws today (web/tools/icons.mjs), and the service worker
// stores them for offline starts. Chromium's own parse reports no manifest error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { DESKTOP, DIST, ROOT, openPage, settle, start } from './lib.mjs';
import { ICONS, drawIcons } from '../web/tools/icons.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

const hex = (s) => /^#[0-9a-f]{6}$/i.test(s);

test('manifest: colours, name, PNG icons of 192 and 512 px, maskable icons; Chromium parses it without error', async () => {
  const page = await openPage(env, DESKTOP);
  await page.goto(env.url);
  await settle(page);
  const cdp = await page.createCDPSession();
  const { url, errors } = await cdp.send('Page.getAppManifest');
  assert.ok(url.endsWith('manifest.webmanifest'), url);
  assert.deepEqual(errors, []);
  const m = await (await fetch(new URL('manifest.webmanifest', env.url))).json();
  assert.ok(m.name && m.short_name, 'names');
  assert.ok(hex(m.background_color) && hex(m.theme_color), `${m.background_color} ${m.theme_color}`);
  assert.equal(m.display, 'standalone');
  assert.equal(await page.$eval('meta[name=theme-color]', (e) => e.content), m.theme_color);
  const want = [['any', 192], ['any', 512], ['maskable', 192], ['maskable', 512]];
  for (const [purpose, size] of want) {
    const icon = m.icons.find((i) => i.purpose === purpose && i.sizes === `${size}x${size}` && i.type === 'image/png');
    assert.ok(icon, `a ${purpose} PNG icon of ${size} px`);
    const res = await fetch(new URL(icon.src, env.url));
    assert.equal(res.status, 200, icon.src);
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    assert.deepEqual([png.width, png.height], [size, size], `${icon.src}: its real size`);
  }
  // Offline: the service worker stores the icons with the rest.
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  for (const i of m.icons) assert.ok(sw.includes(`"./${i.src}"`), `sw.js stores ${i.src}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('icons: the committed PNGs are what the code draws; the maskable ones keep their picture inside the safe circle', async () => {
  const drawn = await drawIcons(env.browser);
  for (const icon of ICONS) {
    const committed = PNG.sync.read(readFileSync(join(ROOT, 'web', icon.file)));
    const now = PNG.sync.read(drawn[icon.file]);
    assert.deepEqual([committed.width, committed.height], [icon.size, icon.size], icon.file);
    const n = pixelmatch(committed.data, now.data, null, icon.size, icon.size, { threshold: 0.1 });
    assert.ok(n <= 0.005 * icon.size * icon.size, `${icon.file}: ${n} pixels differ from what the code draws (node web/tools/icons.mjs)`);
    if (icon.purpose !== 'maskable') continue;
    // Every pixel outside the circle of radius 0.4 × size is the opaque background (a mask
    // may cut anything there), and the picture inside it is more than background.
    const c = icon.size / 2;
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < icon.size; y++) {
      for (let x = 0; x < icon.size; x++) {
        const k = (y * icon.size + x) * 4;
        const d = now.data;
        const bg = d[k] === 0x1e && d[k + 1] === 0x5b && d[k + 2] === 0x3a && d[k + 3] === 255;
        if (Math.hypot(x + 0.5 - c, y + 0.5 - c) > 0.4 * icon.size) outside += bg ? 0 : 1;
        else inside += bg ? 0 : 1;
      }
    }
    assert.equal(outside, 0, `${icon.file}: pixels of the picture outside the safe circle`);
    assert.ok(inside > 0.1 * icon.size * icon.size, `${icon.file}: the picture (${inside} pixels)`);
  }
});
