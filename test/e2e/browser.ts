/**
 * Browser-test environment: the real server (built client, PGlite in a temporary DATA_DIR, demo seed) as a
 * child process on a free port, and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { migratedDataDir } from '../server/db-templates.ts';

const root = join(import.meta.dirname, '../..');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Server {
  url: string;
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts src/server/server.ts on a free port and resolves when it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'walkin-e2e-'));
  // An empty, migrated database copied from the run's template (the server seeds the demo itself, as always).
  await migratedDataDir(dataDir);
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(root, 'dist'),
      DEVELOPMENT: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Password hashes at a test's cost: the seed's demo customers and every login hash once or more each, and
      // the OWASP cost (2^17) would be most of a server's start here. The cost itself is the server suites' test.
      SCRYPT_LOG_N: '12',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const take = (b: Buffer) => {
      out += b;
      const m = /Listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return {
    url,
    dataDir,
    log: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Every Content-Security-Policy violation a watched page reported: each journey ends by
 * asserting this is empty, so a change that trips the policy fails the journey instead of breaking silently.
 */
export const cspViolations: string[] = [];

/** Reports the `securitypolicyviolation` events of every page of `context`, across navigations, into `into`. */
export async function watchCsp(context: BrowserContext, into: string[] = cspViolations): Promise<void> {
  await context.exposeBinding('__cspViolation', (_source, text: string) => void into.push(text));
  // Plain text, not a function: tsx would wrap named functions in a helper the page does not have. The binding
  // is looked up when an event comes, as it may be installed after this script runs.
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => window.__cspViolation(
      location.pathname + ': ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || '-') + ' at ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample));`,
  });
}

/** A phone-sized page (390×844) with a touch screen, its CSP violations watched. */
export async function phone(
  browser: Browser,
  opts: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    ...opts,
  });
  await watchCsp(context);
  const page = await context.newPage();
  return { context, page };
}
