// Draws the app's PNG icons from the same code as the cards (cards.js: iconSvg,
// maskableIconSvg) in Chromium, for the manifest: a launcher, an install prompt and the
// splash screen Android draws while the app starts (the manifest's background_color and
// its largest icon) want PNGs of 192 and 512 px, and a maskable icon to crop to its shape.
// The PNGs are committed in web/ (build.sh copies them; serving needs no browser);
// test/manifest.test.mjs draws them again and fails if they no longer match the code.
//   node web/tools/icons.mjs          (needs puppeteer-core from npm ci and Chromium;
//                                      CHROMIUM=/path/to/chromium)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { iconSvg, maskableIconSvg } from '../cards.js';

export const ICONS = [
  { file: 'icon-192.png', size: 192, svg: iconSvg, purpose: 'any' },
  { file: 'icon-512.png', size: 512, svg: iconSvg, purpose: 'any' },
  { file: 'icon-maskable-192.png', size: 192, svg: maskableIconSvg, purpose: 'maskable' },
  { file: 'icon-maskable-512.png', size: 512, svg: maskableIconSvg, purpose: 'maskable' },
];

// The PNG bytes of each icon, drawn in `browser` (a puppeteer Browser).
export async function drawIcons(browser) {
  const page = await browser.newPage();
  const out = {};
  try {
    for (const icon of ICONS) {
      await page.setViewport({ width: icon.size, height: icon.size, deviceScaleFactor: 1 });
      const svg = icon.svg().replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
      await page.setContent(`<!doctype html><body style="margin:0;background:transparent">${svg}</body>`);
      out[icon.file] = Buffer.from(await page.screenshot({ type: 'png', omitBackground: true }));
    }
  } finally {
    await page.close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none', '--force-color-profile=srgb'],
  });
  try {
    const web = join(dirname(fileURLToPath(import.meta.url)), '..');
    for (const [file, png] of Object.entries(await drawIcons(browser))) {
      writeFileSync(join(web, file), png);
      console.log(`icons.mjs: ${file} ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}
