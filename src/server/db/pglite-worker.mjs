/**
 * The thread that runs PGlite for db/pglite.ts: PGlite's WASM runs here, so the main thread
 * only does HTTP and a busy database never delays an accept, a cached read or a compression.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit tsx's loader on Node 20 (see scrypt-worker.mjs).
 * timestamptz values therefore leave this thread as PostgreSQL's text and are turned into epoch milliseconds by
 * pglite.ts with db/time.ts, the one parser both engines share; bigint and numeric become numbers here.
 *
 * Messages in: { id, op: 'open', dataDir, startParams (ours, after PGlite's defaults), load? (a dump's path) }
 *   | { id, op: 'query', sql, params, tx? } | { id, op: 'exec', sql } | { id, op: 'dump', path }
 *   | { id, op: 'begin', tx } | { id, op: 'end', tx, commit } | { id, op: 'close' }.
 * Answers: { id, rows, times } (times: the names of timestamptz columns) | { id, ok: true } | { id, error }.
 * A transaction: 'begin' answers once PGlite's transaction has started (it holds PGlite's one connection until
 * its 'end'); its statements name it in `tx`; 'end' commits or rolls back and answers with the outcome.
 */
import { PGlite } from '@electric-sql/pglite';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

/** The channel to db/pglite.ts (its other end can be read synchronously there, see `drain`). */
const port = workerData.port;

const TIMESTAMPTZ_OID = 1184;
const parsers = { 20: Number, 1700: Number, [TIMESTAMPTZ_OID]: (text) => text };

/** @type {PGlite | null} */
let pg = null;
/** Open transactions by id: the PGlite transaction and how to finish it. */
const txs = new Map();

/** An error as a plain object: structured cloning keeps only an Error's message, not PostgreSQL's fields. */
function plain(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { message: err.message, name: err.name, stack: err.stack };
  for (const [k, v] of Object.entries(err)) {
    if (k !== 'params' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) out[k] = v;
  }
  return out;
}

function answer(id, work) {
  work.then(
    (res) => port.postMessage({ id, ...res }),
    (err) => port.postMessage({ id, error: plain(err) }),
  );
}

function result(res) {
  const times = res.fields.filter((f) => f.dataTypeID === TIMESTAMPTZ_OID).map((f) => f.name);
  return { rows: res.rows, times };
}

/** Thrown into PGlite's transaction to roll it back when the caller's function failed. */
class Rollback extends Error {}

port.on('message', (msg) => {
  switch (msg.op) {
    case 'open':
      answer(
        msg.id,
        (async () => {
          pg = new PGlite({
            dataDir: msg.dataDir ?? undefined,
            // A dump of a database made earlier (its tar, as dumpDataDir wrote it) spares PostgreSQL's initdb.
            loadDataDir: msg.load ? new Blob([readFileSync(msg.load)]) : undefined,
            parsers,
            startParams: [...PGlite.defaultStartParams, ...(msg.startParams ?? [])],
          });
          await pg.waitReady;
          return { ok: true };
        })(),
      );
      break;
    case 'query': {
      const q = msg.tx === undefined ? pg : txs.get(msg.tx)?.t;
      if (!q) {
        port.postMessage({ id: msg.id, error: { message: 'The transaction has ended' } });
        break;
      }
      answer(msg.id, q.query(msg.sql, msg.params).then(result));
      break;
    }
    case 'exec':
      answer(
        msg.id,
        pg.exec(msg.sql).then(() => ({ ok: true })),
      );
      break;
    case 'begin':
      answer(msg.id, startTransaction(msg.tx));
      break;
    case 'end': {
      const open = txs.get(msg.tx);
      if (!open) {
        port.postMessage({ id: msg.id, error: { message: 'The transaction has ended' } });
        break;
      }
      txs.delete(msg.tx);
      open.finish(msg.commit);
      answer(msg.id, open.outcome);
      break;
    }
    case 'dump':
      answer(
        msg.id,
        (async () => {
          const tar = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
          // Written beside and renamed: a reader never sees half a dump.
          const part = `${msg.path}.${process.pid}.${msg.id}.part`;
          writeFileSync(part, tar);
          renameSync(part, msg.path);
          return { ok: true };
        })(),
      );
      break;
    case 'close':
      answer(
        msg.id,
        (async () => {
          await pg?.close();
          pg = null;
          return { ok: true };
        })(),
      );
      break;
  }
});

/** Starts PGlite's transaction; resolves once it holds the connection (BEGIN ran), with its tx kept in txs. */
function startTransaction(tx) {
  return new Promise((started, failed) => {
    let finish;
    const done = new Promise((r) => (finish = r));
    let began = false;
    const outcome = pg
      .transaction(async (t) => {
        began = true;
        txs.set(tx, { t, finish, outcome });
        started({ ok: true });
        if (!(await done)) throw new Rollback();
      })
      .then(
        () => ({ ok: true }),
        (err) => (err instanceof Rollback ? { ok: true } : Promise.reject(err)),
      );
    outcome.catch((err) => {
      if (!began) failed(err);
    });
    // Set before the callback may run: 'end' looks here.
    txs.set(tx, { t: null, finish, outcome });
  });
}
