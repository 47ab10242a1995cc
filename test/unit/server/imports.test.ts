/**
 * The server's imports run one way: only app.ts registers routes (nothing else under src/server imports routes/),
 * and routes reach the database only through the domain (no route imports repos/).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const server = join(import.meta.dirname, '../../../src/server');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file imports (static, dynamic and type-only), relative to src/server. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => relative(server, resolve(dirname(file), s)));
}

const all = files(server).map((f) => ({ file: relative(server, f), imports: importsOf(f) }));

test('the walk finds the server modules and their imports', () => {
  assert.ok(all.length > 50);
  assert.ok(all.find((f) => f.file === 'app.ts')!.imports.includes('routes/orders.ts'));
});

test('nothing under src/server imports routes/ except app.ts (and the routes themselves)', () => {
  const bad = all.filter((f) => f.file !== 'app.ts' && !f.file.startsWith('routes/')).flatMap((f) => f.imports.filter((i) => i.startsWith('routes/')).map((i) => `${f.file} → ${i}`));
  assert.equal(bad, []);
});

test('routes never import repos/', () => {
  const bad = all.filter((f) => f.file.startsWith('routes/')).flatMap((f) => f.imports.filter((i) => i.startsWith('repos/')).map((i) => `${f.file} → ${i}`));
  assert.equal(bad, []);
});

test.run();
