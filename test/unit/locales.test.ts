/**
 * The rosetta dictionaries: every language has exactly en's keys, with non-empty values
 * of the same shape and the same `{{placeholders}}`, and every literal key used in src/client exists in en.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { codeText, NOTICE_KEYS, noticeText, proofCodeText } from '../../src/server/notify/texts.ts';

const root = join(import.meta.dirname, '../..');
const dir = join(root, 'locales');
const MISSING = 'Missing translation';

type Leaf = string | string[] | { invalid: string };

function load(lang: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
}

/** Leaf paths ('a.b.c') to values; arrays are leaves; anything else that is not a string is marked invalid. */
function leaves(node: Record<string, unknown>, prefix = '', out = new Map<string, Leaf>()): Map<string, Leaf> {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (Array.isArray(value))
      out.set(path, value.every((v) => typeof v === 'string') ? (value as string[]) : { invalid: 'array with a non-string item' });
    else if (value && typeof value === 'object') leaves(value as Record<string, unknown>, path, out);
    else out.set(path, { invalid: `a ${value === null ? 'null' : typeof value}` });
  }
  return out;
}

/** The placeholder names of a string, sorted (a repeated placeholder counts each time). */
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = leaves(load('en'));
const languages = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

test('the expected languages have dictionaries', () => {
  for (const lang of ['fi', 'ee', 'no', 'sv', 'dk', 'de']) assert.ok(languages.includes(lang), `locales/${lang}.json is missing`);
  assert.ok(en.size > 0, 'en.json has no keys');
});

test('en: every value is a non-empty string or a non-empty array of non-empty strings', () => {
  const bad: string[] = [];
  for (const [key, value] of en) {
    if (typeof value === 'string') {
      if (!value.trim()) bad.push(`${key}: empty`);
      else if (value.startsWith(MISSING)) bad.push(`${key}: ${value}`);
    } else if (Array.isArray(value)) {
      if (!value.length || value.some((v) => !v.trim() || v.startsWith(MISSING))) bad.push(`${key}: empty or missing item`);
    } else bad.push(`${key}: ${value.invalid}`);
  }
  assert.equal(bad, [], `en.json:\n  ${bad.join('\n  ')}`);
});

for (const lang of languages) {
  const dict = leaves(load(lang));

  test(`${lang}: the same keys as en`, () => {
    const missing = [...en.keys()].filter((k) => !dict.has(k));
    const extra = [...dict.keys()].filter((k) => !en.has(k));
    assert.ok(
      !missing.length && !extra.length,
      `${lang}.json: ${missing.length} missing, ${extra.length} extra\n  missing: ${missing.join(', ') || '-'}\n  extra: ${extra.join(', ') || '-'}`,
    );
    assert.is(dict.size, en.size);
  });

  test(`${lang}: values are non-empty, shaped like en, with en's placeholders`, () => {
    const bad: string[] = [];
    for (const [key, want] of en) {
      const got = dict.get(key);
      if (got === undefined) continue; // reported by the key test
      if (typeof got === 'object' && !Array.isArray(got)) {
        bad.push(`${key}: ${got.invalid}`);
        continue;
      }
      if (typeof want === 'string') {
        if (typeof got !== 'string') bad.push(`${key}: an array where en has a string`);
        else if (!got.trim()) bad.push(`${key}: empty`);
        else if (got.startsWith(MISSING)) bad.push(`${key}: starts with '${MISSING}'`);
        else if (placeholders(got).join() !== placeholders(want).join())
          bad.push(`${key}: placeholders {${placeholders(got).join(', ')}}, en has {${placeholders(want).join(', ')}}`);
      } else if (Array.isArray(want)) {
        if (!Array.isArray(got)) bad.push(`${key}: a string where en has an array`);
        else if (got.length !== want.length) bad.push(`${key}: ${got.length} items, en has ${want.length}`);
        else
          got.forEach((item, i) => {
            if (!item.trim()) bad.push(`${key}[${i}]: empty`);
            else if (item.startsWith(MISSING)) bad.push(`${key}[${i}]: starts with '${MISSING}'`);
            else if (placeholders(item).join() !== placeholders(want[i]).join())
              bad.push(`${key}[${i}]: placeholders {${placeholders(item).join(', ')}}, en has {${placeholders(want[i]).join(', ')}}`);
          });
      }
    }
    assert.equal(bad, [], `${lang}.json:\n  ${bad.join('\n  ')}`);
  });
}

// ---- the server's texts (push and SMS, src/server/notify/texts.ts) ---------------------------------

test('src/server: every server text is in en.json with its placeholders, and renders in every language', () => {
  const want: Record<string, string[]> = { 'server.sms.code': ['code'], 'server.sms.proofCode': ['code'] };
  for (const key of NOTICE_KEYS) {
    const params =
      key === 'server.turn.near' || key === 'server.turn.nearHere'
        ? ['shop', 'wait']
        : key === 'server.turn.leave'
          ? ['shop', 'trip', 'wait']
          : key === 'server.barberLeft'
            ? ['barber', 'shop']
            : ['shop'];
    want[`${key}.title`] = [];
    want[`${key}.body`] = params;
  }
  const bad: string[] = [];
  for (const [key, params] of Object.entries(want)) {
    const v = en.get(key);
    if (typeof v !== 'string') bad.push(`${key}: not a string in en.json`);
    // A title may name the shop or not; a body must carry every parameter the server passes.
    else if (params.length && placeholders(v).join() !== [...params].sort().join())
      bad.push(`${key}: placeholders {${placeholders(v).join(', ')}}, the server passes {${params.join(', ')}}`);
  }
  assert.equal(bad, [], bad.join('\n'));
  for (const lang of ['en', ...languages]) {
    for (const key of NOTICE_KEYS) {
      const { title, body } = noticeText(key, lang, { shop: 'Kamppi', wait: 7, barber: 'Mikko K.' });
      assert.ok(title && body.includes('Kamppi') && !`${title}${body}`.includes('{{'), `${lang} ${key}: ${title} / ${body}`);
    }
    assert.ok(codeText(lang, '123456').includes('123456'), `${lang} server.sms.code`);
    assert.ok(proofCodeText(lang, '123456').includes('123456'), `${lang} server.sms.proofCode`);
  }
});

// ---- keys used in src/client --------------------------------------------------------------------

function sourceFiles(path: string): string[] {
  return readdirSync(path).flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The text between the parentheses of a call whose '(' is at `open`, skipping strings, templates and comments. */
function callArgs(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
    } else if (c === '/' && src[i + 1] === '/') i = src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
    else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i + 2) + 1 || src.length;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return src.slice(open + 1, i);
    }
  }
  return src.slice(open + 1);
}

/** The first top-level argument of an argument list. */
function firstArg(args: string): string {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < args.length && args[i] !== c; i++) if (args[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) return args.slice(0, i).trim();
  }
  return args.trim();
}

const LITERAL = /^(['"])([^'"\\\n]+)\1$/;
/** `cond ? 'a' : 'b'` with two literal branches (the condition may itself hold strings). */
const TERNARY = /\?\s*(['"])([^'"\\\n]+)\1\s*:\s*(['"])([^'"\\\n]+)\3$/;

type Use = { fn: 't' | 'tList'; key: string; where: string };
const uses: Use[] = [];
const dynamic: Array<{ fn: 't' | 'tList'; arg: string; where: string }> = [];
let literalCalls = 0;
let ternaryCalls = 0;

const clientDir = join(root, 'src/client');
for (const file of sourceFiles(clientDir)) {
  const src = readFileSync(file, 'utf8');
  // `t(` or `tList(` as a call of its own: not `i18n.t(`, not `wait(`, not the declaration `function t(`.
  for (const m of src.matchAll(/(?<![\w$.])(?<!function\s+)(t|tList)\s*\(/g)) {
    const fn = m[1] as 't' | 'tList';
    const where = `${relative(root, file)}:${src.slice(0, m.index).split('\n').length}`;
    const arg = firstArg(callArgs(src, m.index! + m[0].length - 1));
    const literal = LITERAL.exec(arg);
    const ternary = TERNARY.exec(arg);
    if (literal) {
      literalCalls++;
      uses.push({ fn, key: literal[2], where });
    } else if (ternary && !arg.includes('`')) {
      ternaryCalls++;
      uses.push({ fn, key: ternary[2], where }, { fn, key: ternary[4], where });
    } else if (arg) dynamic.push({ fn, arg, where });
  }
}

const literalKeys = new Set(uses.map((u) => u.key));
console.log(
  `locales: ${en.size} keys in en.json; languages checked: ${languages.join(', ')}\n` +
    `src/client: ${literalKeys.size} distinct literal keys checked (${literalCalls} calls with a literal key, ${ternaryCalls} with a two-literal ternary); ` +
    `${dynamic.length} dynamic calls skipped`,
);

test('src/client: literal t() / tList() keys exist in en.json', () => {
  assert.ok(uses.length > 0, 'the scan of src/client found no t() calls: is the pattern still right?');
  const missing = uses.filter((u) => !en.has(u.key));
  const wrongShape = uses.filter((u) => {
    const v = en.get(u.key);
    return v !== undefined && (u.fn === 'tList' ? !Array.isArray(v) : typeof v !== 'string');
  });
  const list = (xs: Use[]) => xs.map((u) => `${u.fn}('${u.key}')  at ${u.where}`).join('\n  ');
  const report = [
    missing.length
      ? `${new Set(missing.map((u) => u.key)).size} key(s) used in src/client are missing from locales/en.json:\n  ${list(missing)}`
      : '',
    wrongShape.length ? `key(s) used with the wrong function (t needs a string, tList an array):\n  ${list(wrongShape)}` : '',
  ].filter(Boolean);
  assert.ok(!report.length, report.join('\n'));
});

test('src/client: template-literal keys match at least one en.json key', () => {
  const unmatched: string[] = [];
  for (const d of dynamic) {
    const tpl = /^`([^`]*)`$/.exec(d.arg);
    if (!tpl?.[1].includes('${')) continue; // variables and expressions cannot be checked statically
    const parts = tpl[1].split(/\$\{(?:[^{}]|\{[^{}]*\})*\}/);
    const pattern = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
    if (![...en.keys()].some((k) => pattern.test(k))) unmatched.push(`${d.fn}(${d.arg})  at ${d.where}`);
  }
  assert.equal(unmatched, [], `no en.json key matches:\n  ${unmatched.join('\n  ')}`);
});

test.run();
