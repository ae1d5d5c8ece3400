// `bun run covers:previews`: draws each theme cover (web/public/covers/{theme}.svg) as the PNG a
// shared list's link preview shows (web/public/previews/{theme}.png, 1200x630, the size
// WhatsApp, iMessage and Slack show large). Link previews do not show SVG images. Run it after
// adding or changing a cover and commit the PNGs (server/test/api/share-preview.test.ts checks
// that every theme's preview is there, a 1200x630 PNG).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { COVER_PREVIEW_SIZE } from '@wishwell/server/site/share-preview';

const publicDir = join(import.meta.dir, '..', 'web', 'public');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: COVER_PREVIEW_SIZE, deviceScaleFactor: 1 });
  for (const name of readdirSync(join(publicDir, 'covers')).filter((file) => file.endsWith('.svg'))) {
    const svg = readFileSync(join(publicDir, 'covers', name), 'utf8');
    // The cover fills the box and is cropped to it, as the share page's banner does (slice).
    await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${COVER_PREVIEW_SIZE.width}" height="${COVER_PREVIEW_SIZE.height}" `)}</body>`);
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...COVER_PREVIEW_SIZE } });
    writeFileSync(join(publicDir, 'previews', name.replace(/\.svg$/, '.png')), png);
    console.log(`previews/${name.replace(/\.svg$/, '.png')}: ${(png.length / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}
