/**
 * Bundles the client's render entry (src/client/render.tsx) for Node: the same components as the browser's, one
 * copy of React inside, every dictionary as a module. build.ts writes it beside the client (dist/server/render.mjs)
 * for the server to import at run time; server tests bundle it into a directory of their own.
 */
import { build, type Plugin } from 'esbuild';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..');

/**
 * @preact/signals-react imports `use-sync-external-store/shim`, a polyfill for React before 18; React 19 has the
 * hook itself (the shim hands out React's own when it exists), so the first route need not carry the polyfill.
 */
export const nativeSyncExternalStore: Plugin = {
  name: 'native-use-sync-external-store',
  setup(b) {
    b.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
      path: 'use-sync-external-store',
      namespace: 'native-hook',
    }));
    b.onLoad({ filter: /.*/, namespace: 'native-hook' }, () => ({
      contents: "export { useSyncExternalStore } from 'react';",
      loader: 'js',
      resolveDir: repo,
    }));
  },
};

export async function bundleRender(root: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, 'src/client/render.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    jsx: 'automatic',
    outfile,
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's server build is CommonJS and requires Node's modules: an ES module bundle needs a require of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [nativeSyncExternalStore],
  });
}
