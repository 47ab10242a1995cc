import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, startServer } from '../browser.ts';
const root = join(import.meta.dirname, '../../..');
const server = await startServer({ DEVELOPMENT: '0' });
const browser = await launch();
const shared = process.env.SHARED
  ? await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      serviceWorkers: 'block',
    })
  : null;
for (const path of (process.argv[2] ?? '/home,/barbershop/2').split(',')) {
  const ctx =
    shared ??
    (await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      serviceWorkers: 'block',
    }));
  const page = await ctx.newPage();
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  const scripts = asked.filter((u) => u.endsWith('.js'));
  let total = 0;
  for (const u of scripts) {
    const n = gzipSync(readFileSync(join(root, 'dist', u)), { level: 9 }).length;
    total += n;
    console.log(`  ${u.padEnd(50)} ${(n / 1024).toFixed(1)}`);
  }
  console.log(`${path}: ${scripts.length} scripts ${(total / 1024).toFixed(2)} KB gzip (${total} B)`);
  if (!shared) await ctx.close();
  else await page.close();
}
await browser.close();
await server.stop();
