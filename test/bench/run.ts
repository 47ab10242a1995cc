/**
 * `npm run bench`: runs every benchmark under test/bench/ named `*.bench.ts` (any depth), plus the files listed
 * in EXTRA, one after the other in their own process so they do not disturb each other's timings. Each prints
 * its own figures under a header. Exits non-zero only when a benchmark crashes (non-zero exit); a benchmark
 * that misses its target says so in its output and still exits 0.
 *
 *   npm run bench                 every benchmark
 *   npm run bench -- accuracy     only those whose path contains one of the words given
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const here = import.meta.dirname;
const root = join(here, '..', '..');
/** Benchmarks not named *.bench.ts, relative to test/bench/. */
const EXTRA: string[] = [];

function find(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : find(path);
    return /\.bench\.tsx?$/.test(name) ? [path] : [];
  });
}

const only = process.argv.slice(2);
const files = [...new Set([...find(here), ...EXTRA.map((f) => join(here, f))])]
  .filter((f) => only.length === 0 || only.some((w) => relative(here, f).includes(w)))
  .sort();

const tsx = join(root, 'node_modules/.bin/tsx');
const results: { name: string; code: number; seconds: number }[] = [];

function exec(file: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn(tsx, [file], { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    child.on('error', (err) => {
      console.error(err);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

if (!files.length) console.log(only.length ? `no benchmark matches ${only.join(', ')}` : 'no benchmarks found');
for (const file of files) {
  const name = relative(here, file);
  console.log(`\n== ${name}`);
  if (!existsSync(file)) {
    console.log(`missing: ${name}`);
    results.push({ name, code: 1, seconds: 0 });
    continue;
  }
  const t0 = performance.now();
  const code = await exec(file);
  results.push({ name, code, seconds: (performance.now() - t0) / 1000 });
}

console.log('\n== summary');
for (const r of results)
  console.log(`${r.name.padEnd(34)} ${r.code === 0 ? 'ran' : `CRASHED (exit ${r.code})`}  ${r.seconds.toFixed(1)} s`);
const crashed = results.filter((r) => r.code !== 0).length;
console.log(`${results.length} benchmarks, ${crashed} crashed`);
process.exit(crashed ? 1 : 0);
