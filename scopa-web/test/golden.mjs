// The golden-image check shared by the screen tests (screens.test.mjs, flows.test.mjs): a
// screenshot compared with test/goldens/NAME.png (a tolerance for anti-aliasing), the page
// checked to fit without scrolling, and axe-core's serious or critical violations.
// `UPDATE_GOLDENS=1` rewrites the goldens; a failure leaves test/out/NAME.diff.png.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { ROOT } from './lib.mjs';

export const GOLDENS = join(ROOT, 'test', 'goldens');
const OUT = join(ROOT, 'test', 'out');
const UPDATE = process.env.UPDATE_GOLDENS === '1';
// A pixel differs when its colour distance passes 0.1 (pixelmatch's scale); a screen
// matches when at most 0.5 % of its pixels differ.
const MAX_DIFF = 0.005;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axe(page) {
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function check(page, name) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const fits = await page.evaluate(() => ({
    w: document.documentElement.scrollWidth <= window.innerWidth,
    h: document.documentElement.scrollHeight <= window.innerHeight,
  }));
  assert.deepEqual(fits, { w: true, h: true }, `${name} scrolls`);
  mkdirSync(OUT, { recursive: true });
  const shot = PNG.sync.read(Buffer.from(await page.screenshot({ type: 'png' })));
  const file = join(GOLDENS, `${name}.png`);
  if (UPDATE || !existsSync(file)) {
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(file, PNG.sync.write(shot));
  } else {
    const golden = PNG.sync.read(readFileSync(file));
    assert.deepEqual([shot.width, shot.height], [golden.width, golden.height], `${name}: size`);
    const diff = new PNG({ width: shot.width, height: shot.height });
    const n = pixelmatch(shot.data, golden.data, diff.data, shot.width, shot.height, { threshold: 0.1 });
    if (n > MAX_DIFF * shot.width * shot.height) {
      writeFileSync(join(OUT, `${name}.actual.png`), PNG.sync.write(shot));
      writeFileSync(join(OUT, `${name}.diff.png`), PNG.sync.write(diff));
      assert.fail(`${name}: ${n} pixels differ from the golden (see test/out/${name}.diff.png)`);
    }
  }
  assert.deepEqual(await axe(page), [], `${name}: serious or critical accessibility violations`);
}

