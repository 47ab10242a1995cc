/**
 * `npm test`: type check (`tsc -b`: every project that tsconfig.json references), build (with its size
 * budget), then every uvu suite by group: unit, client (happy-dom), server on PGlite, server on PostgreSQL
 * when TEST_DATABASE_URL is set, browser (Chromium).
 * Ends with one line over everything: `N passed, N failed` (and skipped when a group could not run).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = join(import.meta.dirname, '..');
const only = process.argv.slice(2); // e.g. `npm test -- unit client`
const ci = process.env.CI === 'true';

function find(dir: string, pattern: RegExp): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .flatMap((name) => {
      const path = join(abs, name);
      return statSync(path).isDirectory() ? find(relative(root, path), pattern) : pattern.test(name) ? [relative(root, path)] : [];
    })
    .sort();
}

function exec(cmd: string, args: string[], env: Record<string, string> = {}, quiet = false): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const take = (b: Buffer) => {
      out += b;
      if (!quiet) process.stdout.write(b);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => done({ code: code ?? 1, out }));
  });
}

const tsx = join(root, 'node_modules/.bin/tsx');
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

/** When the group now being run started; record() prints its wall time. */
let groupStarted = Date.now();

function record(name: string, passed: number, failed: number, skipped = 0, note = '') {
  const seconds = ((Date.now() - groupStarted) / 1000).toFixed(1).padStart(6);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${name.padEnd(22)} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed ${seconds} s${skipped ? ` ${skipped} skipped` : ''}${note ? `  ${note}` : ''}`,
  );
}

async function step(name: string, cmd: string, args: string[]) {
  console.log(`\n== ${name}`);
  groupStarted = Date.now();
  const { code } = await exec(cmd, args);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

function parse(out: string, code: number): { passed: number; failed: number; skipped: number } {
  const clean = stripVTControlCharacters(out);
  const total = Number(/Total:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(clean)?.[1] ?? 0);
  // A file that crashes before uvu prints its totals counts as one failure.
  if (Number.isNaN(total) || Number.isNaN(passed)) return { passed: 0, failed: 1, skipped: 0 };
  const failed = total - passed - skipped;
  // A suite that throws outside a test makes uvu exit non-zero without counting it: count it as a failure.
  return { passed, failed: failed > 0 ? failed : code === 0 ? 0 : 1, skipped };
}

/** Runs each file in its own process (no state leaks between suites), `parallel` at a time. */
async function suites(name: string, files: string[], env: Record<string, string> = {}, parallel = 2) {
  console.log(`\n== ${name} (${files.length} files)`);
  groupStarted = Date.now();
  if (!files.length) return record(name, 0, 0, 0, 'no files');
  const sum = { passed: 0, failed: 0, skipped: 0 };
  const failedFiles: string[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const fileStarted = Date.now();
      const { code, out } = await exec(tsx, [join(root, file)], env, true);
      const took = `${((Date.now() - fileStarted) / 1000).toFixed(1)} s`;
      const r = parse(out, code);
      sum.passed += r.passed;
      sum.failed += r.failed;
      sum.skipped += r.skipped;
      if (r.failed) {
        failedFiles.push(file);
        process.stdout.write(`\n-- ${file} failed (${took}):\n${out}\n`);
      } else process.stdout.write(`${file}: ${r.passed} passed (${took})\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, worker));
  record(name, sum.passed, sum.failed, sum.skipped, failedFiles.length ? `failing: ${failedFiles.join(', ')}` : '');
}

const want = (group: string) => only.length === 0 || only.includes(group);
const started = Date.now();
// Databases the suites of this run start from instead of each building its own (test/server/db-templates.ts).
const templates = mkdtempSync(join(tmpdir(), 'walkin-templates-'));
process.env.TEST_DB_TEMPLATES = templates;

// Biome: the recommended lint rules and the formatter's layout, whole tree (biome.jsonc says what is off and why).
if (want('lint')) await step('lint + format', join(root, 'node_modules/.bin/biome'), ['check', root]);
if (want('types')) await step('type check', join(root, 'node_modules/.bin/tsc'), ['-b', root]);
if (want('build') || want('e2e')) await step('build + size budget', tsx, [join(root, 'build.ts'), '--quiet']);
if (want('unit')) await suites('unit', find('test/unit', /\.test\.tsx?$/));
if (want('client')) await suites('client (happy-dom)', find('test/client', /\.test\.tsx?$/));
if (want('server')) await suites('server (PGlite)', find('test/server', /\.test\.ts$/));
if (want('server') && process.env.TEST_DATABASE_URL)
  await suites('server (PostgreSQL)', find('test/server', /\.test\.ts$/), { TEST_DB: 'postgres' });
if (want('e2e')) {
  const files = find('test/e2e', /\.test\.ts$/);
  if (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) await suites('browser (Chromium)', files, {}, 1);
  else if (ci) record('browser (Chromium)', 0, 1, 0, 'Chromium missing in CI');
  else record('browser (Chromium)', 0, 0, files.length, 'skipped: no Chromium (run .ci/run to install it)');
}

rmSync(templates, { recursive: true, force: true });
if (process.env.TEST_DATABASE_URL) await (await import('./server/db-templates.ts')).dropTemplateDatabases();
console.log('\n== summary');
for (const line of lines) console.log(line);
console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
