/**
 * Bundles the server for Node into dist-server/ (never inside dist/, which is served): one server.mjs, and beside
 * it what it loads at run time by path: the SQL migrations, the PGlite and password-hashing worker threads, and
 * the locales' dictionaries (the server's SMS and push texts). Packages stay in node_modules (imported as they
 * are). Production runs `node dist-server/server.mjs`: no tsx, no compile at start (see docs/operations.md).
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_OUT = 'dist-server';

export async function buildServer(root: string): Promise<string> {
  const out = join(root, SERVER_OUT);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(root, 'src/server/server.ts')],
    outfile: join(out, 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  cpSync(join(root, 'src/server/db/pglite-worker.mjs'), join(out, 'pglite-worker.mjs'));
  cpSync(join(root, 'src/server/auth/scrypt-worker.mjs'), join(out, 'scrypt-worker.mjs'));
  cpSync(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true });
  cpSync(join(root, 'locales'), join(out, 'locales'), { recursive: true });
  return join(out, 'server.mjs');
}

// `tsx scripts/build-server.ts`: the server alone (build.ts builds it after the client).
if (import.meta.url === `file://${process.argv[1]}`) {
  const file = await buildServer(join(import.meta.dirname, '..'));
  console.log(`Server bundle: ${file}`);
}
