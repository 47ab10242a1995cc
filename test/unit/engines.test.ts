/**
 * `npm install` on the Node we declare prints no engine warning: every package the lockfile installs admits
 * every Node version package.json's `engines.node` allows (semver's subset check, the rule npm warns by).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
// semver comes with npm's own tree (fastify, autocannon); untyped here, so only the one call it needs.
const semver = createRequire(import.meta.url)('semver') as { subset(sub: string, dom: string): boolean };

type Lock = { packages: Record<string, { engines?: { node?: string } | string[] }> };

test('every locked package admits the Node versions package.json declares', () => {
  const declared = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
  const narrower: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path && wanted && !semver.subset(declared, wanted)) narrower.push(`${path} wants node ${wanted}`);
  }
  assert.equal(narrower, [], `package.json declares node ${declared}`);
});

test.run();
