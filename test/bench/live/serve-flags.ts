/**
 * The Node flags `npm run serve` (and so `npm start`) gives the server, read from package.json, so a bench that
 * starts the server itself measures it as it is run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function serveFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const m = /^tsx((?: --\S+)*) src\/server\/server\.ts$/.exec(pkg.scripts.serve);
  if (!m) throw new Error(`package.json's serve script is not "tsx [--flag …] src/server/server.ts": ${pkg.scripts.serve}`);
  return m[1].split(' ').filter(Boolean);
}
