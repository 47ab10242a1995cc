/**
 * Builds the client into dist/, top to bottom as named steps:
 * clean, bundle, squeeze the first route, styles, service worker with the hashed precache list, copy public/,
 * write index.html, compress, report sizes, check the budget of package.json.
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { minify } from 'terser';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, sep } from 'node:path';
import { buildServer } from './scripts/build-server.ts';
import { bundleRender, nativeSyncExternalStore } from './scripts/render-bundle.ts';

const root = import.meta.dirname;
const out = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  budget: { firstVisitGzipKB: number; shopVisitGzipKB: number };
};
/** The screen of the first route (/ and /home); its chunk counts toward the first-route budget. */
const FIRST_SCREEN = 'src/client/screens/Home/index.tsx';
const FIRST_LANGUAGE = 'fi';
/** What / shows a first-time visitor (the entry gate sends them to the welcome slides). */
const NEWCOMER_SCREEN = 'src/client/screens/Welcome/index.tsx';
/** Lazy modules a start may need before any screen asks: a stored login restores through account.ts. */
const START_MODULES = ['src/client/state/account.ts'];
/** The module holding the first route's whole graph (see src/client/app/start.ts). */
const KERNEL = join(root, 'src/client/app/start.ts');
const quiet = process.argv.includes('--quiet');
const log = (line: string) => quiet || console.log(line);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function clean() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'assets'), { recursive: true });
}

/** Browser builds load dictionaries as JSON data: swap the Node loader for the fetching one. */
const webDictionaries: Plugin = {
  name: 'web-dictionaries',
  setup(b) {
    b.onResolve({ filter: /\/dictionaries\.ts$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\.ts$/, '.web.ts')) }));
  },
};

/**
 * esbuild puts code shared by the entry and a lazy chunk into its own small chunk, one per distinct set of
 * importers, so the first route would fetch a dozen fragments. Making every lazily loaded module import the
 * kernel gives the whole first-route graph one importer set, hence one chunk.
 */
const oneKernelChunk: Plugin = {
  name: 'one-kernel-chunk',
  setup(b) {
    const lazy = new Set<string>();
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === 'kernel') return undefined;
      if (args.path.startsWith('.')) {
        lazy.add(join(args.resolveDir, args.path));
        return undefined;
      }
      // A package loaded lazily (firebase) too: else esbuild's own helpers, which it shares with the kernel, would
      // be a chunk of their own that every first visit fetches besides the kernel.
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'kernel',
      });
      if (found.errors.length) return undefined;
      lazy.add(found.path);
      return { path: found.path, namespace: found.namespace, sideEffects: found.sideEffects };
    });
    b.onLoad({ filter: /(src\/client\/.*\.tsx?|node_modules\/.*\.m?js)$/ }, (args) => {
      if (!lazy.has(args.path) || args.path === KERNEL) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const kernel = `./${relative(dirname(args.path), KERNEL).split(sep).join('/')}`;
      return {
        contents: `import ${JSON.stringify(kernel)};\n${source}`,
        loader: args.path.endsWith('x') ? 'tsx' : args.path.endsWith('ts') ? 'ts' : 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

/**
 * `react-dom/client` requires the `react-dom` package for one object, the internals both share; the rest of that
 * module (createPortal, flushSync, preload and the form hooks: 0.7 KB gzip of the first route) is for code that
 * imports `react-dom` itself, and the client imports none. So the browser's `react-dom` is that object alone, built
 * as React builds it; the build fails if React's object changes shape or if a module imports `react-dom` for more.
 */
const domInternals: Plugin = {
  name: 'dom-internals',
  setup(b) {
    const production = createRequire(import.meta.url)(join(root, 'node_modules/react-dom/cjs/react-dom.production.js')) as Record<
      string,
      unknown
    >;
    const internals = production.__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as { d: object };
    const shape = JSON.stringify({ ...internals, d: Object.keys(internals.d) });
    const expected = JSON.stringify({ d: ['f', 'r', 'D', 'C', 'L', 'm', 'X', 'S', 'M'], p: 0, findDOMNode: null });
    if (shape !== expected) throw new Error(`build: react-dom's internals changed (${shape}): update the dom-internals plugin`);
    b.onResolve({ filter: /^react-dom$/ }, (args) => {
      if (args.importer !== 'react-dom/client')
        throw new Error(`build: ${args.importer} imports react-dom, which the browser build shrinks to its internals (dom-internals)`);
      return { path: 'react-dom', namespace: 'dom-internals' };
    });
    b.onLoad({ filter: /.*/, namespace: 'dom-internals' }, () => ({
      contents: `function noop() {}
export const __DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE = {
  d: { f: noop, r: function () { throw Error('Minified React error #522; visit https://react.dev/errors/522'); }, D: noop, C: noop, L: noop, m: noop, X: noop, S: noop, M: noop },
  p: 0,
  findDOMNode: null,
};`,
      loader: 'js',
    }));
  },
};

/**
 * React, react-dom/client and the scheduler ship as CommonJS, which esbuild cannot tree-shake: every export of React (Children,
 * cloneElement, PureComponent, the cache APIs …) would be in the first route whether anything uses it or not. The
 * browser build takes their production files as ES modules instead (`exports.x = …` becomes an export, `require`
 * an import), so what no chunk imports is dropped. The build fails if a file no longer has that plain form.
 */
const esmReact: Plugin = {
  name: 'esm-react',
  setup(b) {
    const files: Record<string, string> = {
      react: join(root, 'node_modules/react/cjs/react.production.js'),
      'react-dom/client': join(root, 'node_modules/react-dom/cjs/react-dom-client.production.js'),
      'react/jsx-runtime': join(root, 'node_modules/react/cjs/react-jsx-runtime.production.js'),
      scheduler: join(root, 'node_modules/scheduler/cjs/scheduler.production.js'),
    };
    // rosetta's dlv: its ES build, not the UMD one its "browser" field names (the last CommonJS of the first route).
    b.onResolve({ filter: /^dlv$/ }, () => ({ path: join(root, 'node_modules/dlv/dist/dlv.es.js') }));
    b.onResolve({ filter: /^(react|react\/jsx-runtime|react-dom\/client|scheduler)$/ }, (args) => ({
      path: args.path,
      namespace: 'esm-react',
    }));
    b.onLoad({ filter: /.*/, namespace: 'esm-react' }, (args) => {
      const file = files[args.path];
      const names: string[] = [];
      const code = readFileSync(file, 'utf8')
        .replace(/^"use strict";$/m, '')
        .replace(
          /^var Scheduler = require\("scheduler"\),\n\s+React = require\("react"\),\n\s+ReactDOM = require\("react-dom"\);$/m,
          () => {
            return 'import * as Scheduler from "scheduler";\nimport * as React from "react";\nimport * as ReactDOM from "react-dom";';
          },
        )
        .replace(/^exports\.(\w+) =/gm, (_, name: string) => {
          names.push(name);
          return `var __export_${name} =`;
        })
        // An export read or set again later (the scheduler's clock is chosen in a branch).
        .replace(/\bexports\.(\w+)/g, '__export_$1');
      if (!names.length || /\brequire\(|\bexports\.|\bmodule\.exports/.test(code))
        throw new Error(`build: ${file} is not the plain CommonJS the esm-react plugin expects`);
      return {
        contents: `${code}\nexport { ${[...new Set(names)].map((n) => `__export_${n} as ${n}`).join(', ')} };\n`,
        loader: 'js',
        resolveDir: dirname(file),
      };
    });
  },
};

/** The part of each language's strings only the shop's console reads (a customer's device never fetches it). */
const CONSOLE_PART = 'operator';

/** Minified JSON under a content hash in assets/l: its URL. */
function writeHashed(name: string, value: unknown): string {
  const body = JSON.stringify(value);
  const hash = createHash('sha256')
    .update(body)
    .digest('base64url')
    .slice(0, 8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
  writeFileSync(join(out, 'assets/l', `${name}-${hash}.json`), body);
  return `/assets/l/${name}-${hash}.json`;
}

/**
 * Each language's strings as minified, content-hashed JSON: language → URL; the console's part of them in files
 * of its own (consoleDictionaries), fetched by the console's chunk only.
 */
const consoleDictionaries: Record<string, string> = {};
function writeDictionaries(): Record<string, string> {
  mkdirSync(join(out, 'assets/l'), { recursive: true });
  const urls: Record<string, string> = {};
  for (const file of files(join(root, 'locales')).filter((f) => f.endsWith('.json'))) {
    const lang = basename(file, '.json');
    const { [CONSOLE_PART]: consolePart, ...customer } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    urls[lang] = writeHashed(lang, customer);
    consoleDictionaries[lang] = writeHashed(`${CONSOLE_PART}-${lang}`, { [CONSOLE_PART]: consolePart ?? {} });
  }
  return urls;
}

async function bundle(): Promise<Metafile> {
  const result = await build({
    entryPoints: [join(root, 'src/client/main.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020'],
    minify: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    outdir: join(out, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'c/[name]-[hash]',
    assetNames: 'a/[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    // Both maps are strings, parsed where they are used: esbuild puts an object literal in a chunk of its own, one
    // more request for every first visit.
    define: {
      'process.env.NODE_ENV': '"production"',
      __DICTIONARIES__: JSON.stringify(JSON.stringify(dictionaries)),
      __CONSOLE_DICTIONARIES__: JSON.stringify(JSON.stringify(consoleDictionaries)),
    },
    logLevel: 'warning',
    plugins: [webDictionaries, nativeSyncExternalStore, domInternals, esmReact, oneKernelChunk],
  });
  return result.metafile;
}

/**
 * The first route's chunks minified once more by terser, whose compression (two passes) finds what esbuild's
 * single pass leaves, about 1.7 KB gzip of the kernel; only these chunks, since every first visit pays for them and
 * terser takes seconds where esbuild takes milliseconds. The source maps follow.
 */
async function squeeze(first: string[]) {
  for (const f of first.filter((f) => f.endsWith('.js'))) {
    const file = join(root, f);
    const map = `${file}.map`;
    const result = await minify(readFileSync(file, 'utf8'), {
      module: true,
      ecma: 2020,
      // unsafe_methods: `{ m: function () {} }` as `{ m() {} }` (nothing in the first route constructs an object's
      // function with `new`): 0.1 KB gzip.
      compress: { passes: 2, unsafe_methods: true },
      sourceMap: existsSync(map) ? { content: readFileSync(map, 'utf8'), url: `${basename(file)}.map` } : false,
    });
    if (!result.code) throw new Error(`build: terser gave nothing for ${f}`);
    writeFileSync(file, result.code);
    if (typeof result.map === 'string') writeFileSync(map, result.map);
  }
}

/** Where the server's render entry goes: beside the client, never served (routes/static.ts skips it). */
const SERVER_DIR = 'server';

/**
 * What a page the server renders names to its loader, written beside the render entry as preloads.json: each
 * screen's chunks beyond the first route, by screen name (its folder under src/client/screens), and each language's
 * strings, so the loader fetches them with the first route's instead of after it (routes/pages.ts).
 */
function pagePreloads(meta: Metafile, first: string[]): Record<string, string[]> {
  const screens: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(meta.outputs)) {
    const screen = /^src\/client\/screens\/([^/]+)\/index\.tsx$/.exec(output.entryPoint ?? '')?.[1];
    if (screen)
      screens[screen] = closure(meta, [file])
        .filter((f) => !first.includes(f))
        .map(url);
  }
  mkdirSync(join(out, SERVER_DIR), { recursive: true });
  writeFileSync(join(out, SERVER_DIR, 'preloads.json'), JSON.stringify({ screens, strings: dictionaries }));
  return screens;
}

/** The client's render entry for Node, beside the client (scripts/render-bundle.ts). */
async function renderBundle() {
  await bundleRender(root, join(out, SERVER_DIR, 'render.mjs'));
}

/** Every .css file under src/client in one sheet, so a screen adds its style.css without touching a list. */
async function styles(): Promise<string> {
  const sheets = files(join(root, 'src/client'))
    .filter((f) => f.endsWith('.css'))
    .sort((a, b) => (a.endsWith('base.css') ? -1 : b.endsWith('base.css') ? 1 : a.localeCompare(b)));
  const result = await build({
    stdin: {
      contents: sheets.map((f) => `@import ${JSON.stringify(f)};`).join('\n'),
      loader: 'css',
      resolveDir: root,
      sourcefile: 'app.css',
    },
    bundle: true,
    minify: true,
    outdir: join(out, 'assets'),
    entryNames: 'app-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.outputs).find((f) => f.endsWith('.css'))!;
}

function url(file: string): string {
  return `/${relative(out, join(root, file)).split(sep).join('/')}`;
}

/** Outputs reached from `start` by static imports (what the browser must load before the route renders). */
function closure(meta: Metafile, start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
  };
  start.forEach(visit);
  return [...seen];
}

function outputOf(meta: Metafile, entry: string): string | undefined {
  return Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === entry);
}

function firstRoute(meta: Metafile): string[] {
  const main = outputOf(meta, 'src/client/main.tsx');
  // The first screen is usually inside the entry's graph; when it is a chunk of its own, it counts too.
  const screen = outputOf(meta, FIRST_SCREEN);
  if (!main) throw new Error('build: no output for src/client/main.tsx');
  return closure(
    meta,
    [main, screen].filter((f): f is string => Boolean(f)),
  );
}

/**
 * The shell the worker precaches: index.html, the first route's JavaScript, the styles, the default
 * language's strings, the manifest, icons and the 12 shop fallback images. Other chunks and dictionaries
 * are cached on first use; `assets` lists every hashed file of this build so older ones can be dropped.
 */
async function serviceWorker(precache: string[], assets: string[]) {
  // The version follows the content: an unchanged rebuild makes no update, any changed file does.
  const version = createHash('sha256');
  for (const u of precache) version.update(u).update(readFileSync(join(out, u === '/' ? 'index.html' : u.slice(1))));
  await build({
    entryPoints: [join(root, 'src/client/sw/index.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['es2020'],
    outfile: join(out, 'sw.js'),
    define: {
      __PRECACHE__: JSON.stringify(precache),
      __ASSETS__: JSON.stringify(assets),
      __VERSION__: JSON.stringify(version.digest('base64url').slice(0, 10)),
    },
    logLevel: 'warning',
  });
  const bytes = precache.reduce((sum, u) => sum + gzipSync(readFileSync(join(out, u === '/' ? 'index.html' : u.slice(1)))).length, 0);
  log(`service worker: ${precache.length} files precached (${kb(bytes).trim()} gzip); other chunks and dictionaries cached on first use`);
}

/**
 * The shell's URLs, in the worker's order: index.html, the styles, the first route's JavaScript, the chunks a
 * logged-in customer's start needs (so it works offline too), the default language's strings, and public/'s
 * files but index.html and the barbers' photos.
 */
function precacheList(meta: Metafile, css: string, first: string[], dictionaries: Record<string, string>): string[] {
  const statics = files(join(root, 'public'))
    .filter((f) => !f.endsWith('index.html') && !f.includes(`${sep}images${sep}barbers${sep}`))
    .map((f) => `/${relative(join(root, 'public'), f).split(sep).join('/')}`);
  const startChunks = closure(
    meta,
    START_MODULES.map((m) => outputOf(meta, m)).filter((f): f is string => Boolean(f)),
  ).filter((f) => !first.includes(f));
  return ['/', url(css), ...first.map(url), ...startChunks.map(url), dictionaries[FIRST_LANGUAGE], ...statics];
}

function copyPublic() {
  cpSync(join(root, 'public'), out, { recursive: true, filter: (src) => !src.endsWith('index.html') });
}

/**
 * A newcomer's / turns into the welcome slides once the stored flags are read: at / only, an inline script
 * preloads their chunks beside the first route's (a returning visitor gets them from the service worker).
 */
function newcomerPreload(meta: Metafile, first: string[]): string {
  const welcome = outputOf(meta, NEWCOMER_SCREEN);
  if (!welcome) return '';
  const files = closure(meta, [welcome])
    .filter((f) => !first.includes(f))
    .map(url);
  return `<script>location.pathname==='/'&&${JSON.stringify(files)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})</script>`;
}

function writeIndex(main: string, css: string, preload: string[], newcomer: string): string {
  const template = readFileSync(join(root, 'public/index.html'), 'utf8');
  const links = [
    `<link rel="stylesheet" href="${url(css)}">`,
    ...preload.map((f) => `<link rel="modulepreload" href="${url(f)}">`),
    // The default language's strings and the runtime config are fetched in parallel with the script.
    `<link rel="preload" href="${dictionaries[FIRST_LANGUAGE]}" as="fetch" crossorigin>`,
    `<link rel="preload" href="/config.json" as="fetch" crossorigin>`,
    newcomer,
  ]
    .filter(Boolean)
    .join('\n    ');
  const after = afterPaint(main, preload);
  const html = template
    .replace('<!--head-->', links)
    .replace('<!--script-->', `<script type="module" src="${url(main)}" data-after-paint="${after}"></script>`);
  writeFileSync(join(out, 'index.html'), html);
  return after;
}

/**
 * The loader of a page the server rendered (routes/pages.ts swaps it in for the entry): its markup is the first
 * screen, so nothing competes with it for the network until it has painted. Then the first route's chunks, the
 * screen's own and the page's strings (the page names both on the loader's tag: data-chunks, data-strings) are
 * preloaded and the entry imported. Without paint timing (or a page never painted) it goes on after 1.5 s.
 * Docs: docs/decisions.md, "The first screen from the server".
 */
function afterPaint(main: string, preload: string[]): string {
  // A tap on a control marked data-tap before the app starts hydrating is noted for it (components/early-taps.ts).
  const taps = `addEventListener('click',e=>{const t=e.target.closest?.('[data-tap]');t&&!window.__live&&(window.__taps??=[]).push(t.dataset.tap)},!0);`;
  // A classic script (it is inline in the page: routes/pages.ts), so its tag's data is `document.currentScript`'s;
  // the fallback timer is set before the paint observer, which a browser without one throws at.
  const code = `{${taps}let d,e=document.currentScript.dataset,go=()=>{if(d)return;d=1;const add=(h,r,a)=>{const l=document.createElement('link');l.rel=r;l.href=h;a&&(l.as=a,l.crossOrigin='');document.head.append(l)};[${preload.map((f) => JSON.stringify(url(f))).join()},...e.chunks?.split(' ')??[]].forEach(h=>add(h,'modulepreload'));e.strings&&add(e.strings,'preload','fetch');import(${JSON.stringify(url(main))})};setTimeout(go,1500);new PerformanceObserver(()=>setTimeout(go)).observe({type:'paint',buffered:!0})}`;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase();
  const name = `assets/after-paint-${hash}.js`;
  writeFileSync(join(out, name), code);
  return `/${name}`;
}

function compress() {
  for (const file of files(out)) {
    if (file.startsWith(join(out, SERVER_DIR) + sep)) continue;
    if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < 512) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(6)} KB`;

function report(meta: Metafile, first: string[]) {
  const rows = Object.keys(meta.outputs)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const body = readFileSync(join(root, f));
      return { f, raw: body.length, gz: gzipSync(body, { level: 9 }).length, br: brotliCompressSync(body).length };
    })
    .sort((a, b) => b.gz - a.gz);
  log('chunk'.padEnd(52) + 'raw'.padStart(9) + 'gzip'.padStart(10) + 'brotli'.padStart(10));
  for (const r of rows) log((first.includes(r.f) ? '* ' : '  ') + url(r.f).padEnd(50) + kb(r.raw) + kb(r.gz) + kb(r.br));
  const firstGz = rows.filter((r) => first.includes(r.f)).reduce((s, r) => s + r.gz, 0);
  const firstBr = rows.filter((r) => first.includes(r.f)).reduce((s, r) => s + r.br, 0);
  const all = rows.reduce((s, r) => s + r.gz, 0);
  console.log(
    `first route (*): ${first.length} files, ${kb(firstGz).trim()} gzip, ${kb(firstBr).trim()} brotli; all JavaScript ${kb(all).trim()} gzip in ${rows.length} chunks`,
  );
  const strings = readFileSync(join(out, dictionaries[FIRST_LANGUAGE].slice(1)));
  console.log(
    `strings (${FIRST_LANGUAGE}, JSON data, fetched beside the script): ${kb(gzipSync(strings, { level: 9 }).length).trim()} gzip`,
  );
}

/** gzip -9 of a file of dist/ by its URL, as the browser test counts it. */
const gzipOf = (u: string) => gzipSync(readFileSync(join(out, u.slice(1))), { level: 9 }).length;

/**
 * The script a first visit to a page the server rendered loads before the network is idle, as the browser loads it:
 * the loader (after-paint, inline in the page), the first route, and the screen's own chunks the page names on the
 * loader (data-chunks).
 * Nothing else is imported before the first interaction (app/start.ts); test/e2e/first-screen.test.ts counts the same
 * visits in Chromium and must agree.
 */
function checkBudget(first: string[], loader: string, screens: Record<string, string[]>) {
  const visits = [
    { path: '/home', screen: 'Home', limit: pkg.budget.firstVisitGzipKB, name: 'firstVisitGzipKB' },
    { path: '/barbershop/:id', screen: 'Shop', limit: pkg.budget.shopVisitGzipKB, name: 'shopVisitGzipKB' },
  ];
  let over = false;
  const counted: Record<string, string[]> = {};
  for (const v of visits) {
    // The loader comes inline in the page (http/page-loader.ts): counted, but not a script the browser fetches.
    const scripts = [...first.map(url), ...(screens[v.screen] ?? [])];
    counted[v.path] = scripts;
    const bytes = scripts.reduce((sum, u) => sum + gzipOf(u), gzipOf(loader));
    console.log(`first visit to ${v.path}: ${scripts.length} scripts and the inline loader, ${kb(bytes).trim()} gzip of ${v.limit} KB`);
    if (bytes > v.limit * 1024) {
      console.error(
        `build: a first visit to ${v.path} loads ${kb(bytes).trim()} gzip of script, over the budget of ${v.limit} KB (package.json "budget.${v.name}")`,
      );
      over = true;
    }
  }
  // The browser test compares what Chromium loads with these lists (test/e2e/first-screen.test.ts).
  writeFileSync(join(out, SERVER_DIR, 'first-visits.json'), JSON.stringify(counted));
  if (over) process.exit(1);
}

clean();
const dictionaries = writeDictionaries();
const meta = await bundle();
const css = await styles();
const first = firstRoute(meta);
// BUILD_META=file: esbuild's metafile there (each module's bytes in each chunk), for measuring what a route loads.
if (process.env.BUILD_META) writeFileSync(process.env.BUILD_META, JSON.stringify(meta));
await squeeze(first);
const main = outputOf(meta, 'src/client/main.tsx')!;
const hashed = Object.keys(meta.outputs)
  .filter((f) => !f.endsWith('.map'))
  .map(url);
const loader = writeIndex(
  main,
  css,
  first.filter((f) => f !== main),
  newcomerPreload(meta, first),
);
copyPublic();
await serviceWorker(precacheList(meta, css, first, dictionaries), [...hashed, url(css), ...Object.values(dictionaries)]);
await renderBundle();
const screens = pagePreloads(meta, first);
compress();
report(meta, first);
checkBudget(first, loader, screens);
if (!existsSync(join(out, 'index.html'))) throw new Error('build: index.html missing');
log(`Server bundle: ${relative(root, await buildServer(root))}`);
