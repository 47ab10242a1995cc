/**
 * The loader of a page the server rendered (build.ts `afterPaint`): written by the build as a file the shell names
 * on its entry's tag (data-after-paint), and sent inline in each rendered page, so a first visit fetches nothing but
 * the page and its stylesheet before the first paint (docs/decisions.md, "The first screen from the server"). The
 * policy allows it by its hash, as it allows the shell's own inline script.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The loader's code, from the built index.html's data-after-paint; null when there is none. */
export function pageLoader(staticDir: string | null): string | null {
  const index = staticDir ? join(staticDir, 'index.html') : null;
  if (!staticDir || !index || !existsSync(index)) return null;
  const path = /data-after-paint="\/([^"]+)"/.exec(readFileSync(index, 'utf8'))?.[1];
  const file = path ? join(staticDir, path) : null;
  return file && existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** A CSP source for an inline script of this code. */
export const scriptHash = (code: string): string => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
