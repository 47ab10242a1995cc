/**
 * All screens' styles share one sheet (build.ts bundles every .css under src/client), so a class defined in
 * two places styles both: the history's receipt total once took the tracking screen's flex layout. A class
 * may be defined in one file, plus base.css, unless it is listed as deliberately shared.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');
/** Classes that one file defines and another extends on purpose. */
const SHARED: Record<string, string[]> = {
  dialog: ['src/client/components/LoginDialog/style.css', 'src/client/components/dialog.css'],
  service: ['src/client/screens/Shop/order.css', 'src/client/screens/Shop/style.css'],
  'service-items': ['src/client/screens/Shop/order.css', 'src/client/screens/Shop/style.css'],
};

function sheets(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sheets(path) : path.endsWith('.css') ? [path] : [];
  });
}

test('no class is defined in two stylesheets by accident', () => {
  const owners = new Map<string, Set<string>>();
  for (const file of sheets(join(root, 'src/client'))) {
    const rel = relative(root, file);
    if (rel.endsWith('styles/base.css')) continue; // base classes are meant to be extended
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selectors] of css.matchAll(/([^{}]+)\{/g)) {
      for (const sel of selectors.split(',')) {
        const m = /^\s*\.([\w-]+)/.exec(sel);
        if (m && !sel.trim().startsWith('@')) (owners.get(m[1]) ?? owners.set(m[1], new Set()).get(m[1])!).add(rel);
      }
    }
  }
  const clashes = [...owners]
    .filter(([cls, files]) => files.size > 1 && JSON.stringify([...files].sort()) !== JSON.stringify(SHARED[cls]))
    .map(([cls, files]) => `.${cls}: ${[...files].sort().join(', ')}`);
  assert.equal(clashes, []);
  assert.ok(owners.size > 100, `classes read: ${owners.size}`);
});

test.run();
