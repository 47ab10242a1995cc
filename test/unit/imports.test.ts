/**
 * Who may import whom (docs/architecture.md), checked over every source file with no exception list: client and
 * server never import each other, shared imports neither, routes never import repos nor db, only routes and the
 * wiring reach live/, notify/ imports neither queue/ nor live/, nothing under src/server imports routes/ except
 * app.ts, no value import runs up the server's floors, and screens/components never import services/.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every relative module a file imports (static, re-exports and dynamic imports), as paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm),
  ];
  return specs
    .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(src, resolve(dirname(file), s))
        .split(sep)
        .join('/'),
    );
}

const all = files(src).map((f) => ({ path: relative(src, f).split(sep).join('/'), imports: importsOf(f) }));

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** The imports of files under `from` that reach into `to`, as "file → import" lines. */
function crossings(from: (path: string) => boolean, to: (path: string) => boolean): string[] {
  return all.filter((f) => from(f.path)).flatMap((f) => f.imports.filter(to).map((i) => `${f.path} → ${i}`));
}

test('the rule finder sees imports (a test of the test)', () => {
  const app = all.find((f) => f.path === 'server/app.ts');
  assert.ok(app, 'src/server/app.ts is read');
  assert.ok(
    app!.imports.some((i) => under(i, 'server/routes')),
    'app.ts imports routes',
  );
  assert.ok(all.filter((f) => f.path.startsWith('client/')).length > 50, 'the client files are read');
});

test('client never imports server', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'client'),
      (i) => under(i, 'server'),
    ),
    [],
  );
});

test('server never imports client', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server'),
      (i) => under(i, 'client'),
    ),
    [],
  );
});

test('shared imports neither side', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'shared'),
      (i) => under(i, 'client') || under(i, 'server'),
    ),
    [],
  );
});

test('routes never import repos nor db (a route calls the domain, ops/ or the deps)', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server/routes'),
      (i) => under(i, 'server/repos') || under(i, 'server/db'),
    ),
    [],
  );
});

/** The wiring at the server's root: it builds the services and the app, and may reach every folder. */
const WIRING = ['server/app.ts', 'server/build-deps.ts', 'server/deps.ts', 'server/server.ts'];

test('only routes, the app and the wiring reach live/ (the read side is read through them)', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server') && !under(p, 'server/live') && !under(p, 'server/routes') && !WIRING.includes(p),
      (i) => under(i, 'server/live'),
    ),
    [],
  );
});

test('notify/ only sends: it imports neither queue/ (the turn policy) nor live/', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server/notify'),
      (i) => under(i, 'server/queue') || under(i, 'server/live'),
    ),
    [],
  );
});

test('the settings hand providers their values: config.ts and config-values.ts import no other server file', () => {
  assert.equal(
    crossings(
      (p) => p === 'server/config.ts' || p === 'server/config-values.ts',
      (i) => under(i, 'server') && i !== 'server/config.ts' && i !== 'server/config-values.ts',
    ),
    [],
  );
});

test("the server's root holds the entry points, the wiring and the settings: at most 8 files", () => {
  const loose = readdirSync(join(src, 'server')).filter((name) => !statSync(join(src, 'server', name)).isDirectory());
  assert.ok(loose.length <= 8, `src/server holds ${loose.length} files: ${loose.join(', ')}`);
});

test('nothing under src/server imports routes/ except app.ts and other routes', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server') && !under(p, 'server/routes') && p !== 'server/app.ts',
      (i) => under(i, 'server/routes'),
    ),
    [],
  );
});

test('a route never imports another route', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server/routes'),
      (i) => under(i, 'server/routes') && !under(i, 'server/routes/schemas'),
    ).filter((line) => {
      const [from] = line.split(' → ');
      return !under(from!, 'server/routes/schemas');
    }),
    [],
  );
});

test('screens and components never import services', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'client/screens') || under(p, 'client/components'),
      (i) => under(i, 'client/services'),
    ),
    [],
  );
});

/** The node: modules a file imports. */
const builtins = (path: string) => [...readFileSync(join(src, path), 'utf8').matchAll(/from\s*['"](node:[^'"]+)['"]/g)].map((m) => m[1]);

test('the engine is pure: it imports nothing but the engine and shared (no db, no repos)', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server/queue/engine'),
      (i) => !under(i, 'server/queue/engine') && !under(i, 'shared'),
    ),
    [],
  );
  assert.equal(
    all.filter((f) => under(f.path, 'server/queue/engine')).flatMap((f) => builtins(f.path).map((b) => `${f.path} → ${b}`)),
    [],
  );
});

test("the engine's assignment and floor plan share lanes.ts and never import each other", () => {
  const pair = (a: string, b: string) =>
    crossings(
      (p) => p === `server/queue/engine/${a}`,
      (i) => i === `server/queue/engine/${b}`,
    );
  assert.equal([...pair('assign.ts', 'floor.ts'), ...pair('floor.ts', 'assign.ts')], []);
});

test("the operator's keys and devices never import its floor actions; its key files are the demo's (no node:fs)", () => {
  assert.equal(
    crossings(
      (p) => p === 'server/operator/keys.ts' || p === 'server/operator/devices.ts',
      (i) => i === 'server/operator/actions.ts',
    ),
    [],
  );
  assert.equal(
    crossings(
      (p) => p === 'server/operator/keys.ts',
      (i) => i === 'server/operator/devices.ts',
    ),
    [],
  );
  assert.equal(
    ['keys.ts', 'devices.ts', 'actions.ts'].flatMap((f) =>
      builtins(`server/operator/${f}`)
        .filter((b) => b === 'node:fs')
        .map((b) => `server/operator/${f} → ${b}`),
    ),
    [],
  );
});

test('queue/ never imports domain/ nor input/ (domain and the request parsers build on the queue)', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'server/queue'),
      (i) => under(i, 'server/domain') || under(i, 'server/input'),
    ),
    [],
  );
});

test('what deps.ts names never imports deps.ts (the notifiers take the slice of Deps they use)', () => {
  const named = all.find((f) => f.path === 'server/deps.ts')!.imports;
  assert.ok(named.includes('server/queue/turn-notifier.ts'), 'deps.ts names the turn notifier');
  assert.equal(
    crossings(
      (p) => named.includes(p) || under(p, 'server/notify'),
      (i) => i === 'server/deps.ts',
    ).filter((line) => !line.startsWith('server/notify/ended.ts ')),
    [],
  );
});

test("only the console's screens and state reach state/console/ (the console stays a chunk customers never load)", () => {
  assert.equal(
    crossings(
      (p) => under(p, 'client') && !under(p, 'client/state/console') && !under(p, 'client/screens/Operator'),
      (i) => under(i, 'client/state/console'),
    ),
    [],
  );
});

test('screens import ScreenProps from the route names, never app/screens.ts (which loads them)', () => {
  assert.equal(
    crossings(
      (p) => under(p, 'client/screens') || under(p, 'client/components'),
      (i) => under(i, 'client/app'),
    ),
    [],
  );
});

test('the event sender never imports the reporter that loads it; client services never read state/', () => {
  assert.equal(
    crossings(
      (p) => p === 'client/services/client-events.ts',
      (i) => i === 'client/services/reporting.ts',
    ),
    [],
  );
  assert.equal(
    crossings(
      (p) => under(p, 'client/services'),
      (i) => under(i, 'client/state'),
    ),
    [],
  );
});

/**
 * The server's floors, lowest first: a file may import its own floor and those below it, never one above. Type-only
 * imports do not count (they run nothing: the notifiers declare the slice of Deps they use as types).
 */
const FLOORS: [floor: number, holds: (path: string) => boolean][] = [
  // lib/, the settings, the instruments every layer logs and counts with
  [
    0,
    (p) =>
      under(p, 'server/lib') || ['server/config.ts', 'server/config-values.ts', 'server/ops/log.ts', 'server/ops/metrics.ts'].includes(p),
  ],
  [2, (p) => under(p, 'server/queue/engine')],
  [1, (p) => under(p, 'server/db') || under(p, 'server/input')],
  [2, (p) => under(p, 'server/repos')],
  [3, (p) => under(p, 'server/notify')],
  [4, (p) => under(p, 'server/auth')],
  [5, (p) => under(p, 'server/queue')],
  [6, (p) => under(p, 'server/domain') || under(p, 'server/operator')],
  [7, (p) => under(p, 'server/live') || under(p, 'server/seed') || under(p, 'server/demo')],
  [8, (p) => under(p, 'server/http') || under(p, 'server/ops')],
  [9, (p) => under(p, 'server/routes')],
  [10, (p) => WIRING.includes(p)],
];
const floorOf = (path: string) => FLOORS.find(([, holds]) => holds(path))?.[0];

/** The relative modules a file imports for their values (static, re-exports, dynamic), without `import type`. */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const statements = [
    ...text.matchAll(/^(?:import|export)\s+(type\s+)?([^'"]*?)from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm),
  ];
  return statements
    .filter((m) => m[4] || (!m[1] && !/^\{(\s*type\s[^,}]*,?)+\s*\}\s*$/.test(m[2]!.trim())))
    .map((m) =>
      relative(src, resolve(dirname(join(src, file)), m[3] ?? m[4]!))
        .split(sep)
        .join('/'),
    );
}

/** The value imports from a server file to a server file on a higher floor, as "file → import" lines. */
function upTheFloors(files: string[]): string[] {
  return files.flatMap((f) => {
    const from = floorOf(f);
    return valueImportsOf(f)
      .filter((i) => under(i, 'server') && (floorOf(i) ?? -1) > (from ?? Number.POSITIVE_INFINITY))
      .map((i) => `${f} → ${i}`);
  });
}

test('every server file has a floor', () => {
  assert.equal(
    all.filter((f) => under(f.path, 'server') && floorOf(f.path) === undefined).map((f) => f.path),
    [],
  );
});

test('the floor finder sees a value import up the floors and skips a type-only one (a test of the test)', () => {
  assert.equal(floorOf('server/notify/push.ts'), 3);
  assert.equal(floorOf('server/queue/turns.ts'), 5);
  assert.ok(valueImportsOf('server/queue/turns.ts').includes('server/notify/deliver.ts'));
  assert.ok(!valueImportsOf('server/deps.ts').length, 'deps.ts imports types only');
});

test("at most 3 value imports run up the server's floors", () => {
  const up = upTheFloors(all.filter((f) => under(f.path, 'server')).map((f) => f.path));
  assert.ok(up.length <= 3, up.join('\n'));
});

/** One import cycle per tangle of files that reach each other, as "a → b → … → a", shortest first from each file. */
function cycles(files: { path: string; imports: string[] }[]): string[] {
  const graph = new Map(files.map((f) => [f.path, f.imports.filter((i) => i !== f.path)]));
  const loops: string[] = [];
  const seen = new Set<string>();
  for (const start of graph.keys()) {
    // Breadth first from start's imports: the first way back to start is its shortest cycle.
    const back = new Map<string, string>();
    const queue = [...(graph.get(start) ?? [])];
    for (const q of queue) back.set(q, start);
    let found: string | null = null;
    while (queue.length && !found) {
      const at = queue.shift()!;
      if (at === start) found = at;
      else
        for (const next of graph.get(at) ?? [])
          if (!back.has(next)) {
            back.set(next, at);
            queue.push(next);
          }
    }
    if (!found) continue;
    const path = [start];
    for (let at = back.get(start)!; at !== start; at = back.get(at)!) path.unshift(at);
    path.unshift(start);
    const key = [...path.slice(1)].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    loops.push(path.join(' → '));
  }
  return loops;
}

test('the cycle finder finds a cycle (a test of the test)', () => {
  const made = [
    { path: 'a.ts', imports: ['b.ts', 'd.ts'] },
    { path: 'b.ts', imports: ['c.ts', 'b.ts'] },
    { path: 'c.ts', imports: ['a.ts'] },
    { path: 'd.ts', imports: [] },
  ];
  assert.equal(cycles(made), ['a.ts → b.ts → c.ts → a.ts']);
  assert.equal(cycles(made.slice(1)), []);
});

test('no import cycle among the files of src/ (type-only and dynamic imports count)', () => {
  assert.equal(cycles(all), []);
});

test.run();
