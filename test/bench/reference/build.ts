/**
 * Builds the reference app (main.tsx beside this file) the way build.ts builds ours: esbuild, ESM with code
 * splitting, minified, production React, an index.html with the entry and a modulepreload for each chunk
 * it imports statically. Returns the output folder.
 */
import { build, type Metafile } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const here = import.meta.dirname;
const root = join(here, '../../..');

/** Outputs reached from `start` by static imports (what the browser loads before the page renders). */
function closure(meta: Metafile, start: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
  };
  visit(start);
  return [...seen];
}

export async function buildReference(out: string): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'assets'), { recursive: true });
  const result = await build({
    entryPoints: [join(here, 'main.tsx')],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020'],
    minify: true,
    jsx: 'automatic',
    outdir: join(out, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'c/[name]-[hash]',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const meta = result.metafile;
  const entry = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint?.endsWith('main.tsx'))!;
  const url = (f: string) => `/${relative(out, join(root, f)).split('\\').join('/')}`;
  const preloads = closure(meta, entry).filter((f) => f !== entry);
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="description" content="Reference app">
    <title>Reference</title>
    ${preloads.map((f) => `<link rel="modulepreload" href="${url(f)}">`).join('\n    ')}
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="${url(entry)}"></script>
  </body>
</html>
`,
  );
  return out;
}
