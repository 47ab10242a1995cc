/**
 * The floor at a glance: the barbers on shift (whom they serve since when, the expected finish, who is
 * next), the queue in service order, the shop's state, and every action, one tap plus a confirmation where it
 * cannot be undone (the dialogs are FloorDialogs.tsx's).
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { language, t } from '../../state/i18n.ts';
import type { Floor, FloorBarber } from '../../lib/operator.ts';
import { canAct, floor, now, undoable } from '../../state/console/operator.ts';
import { consoleActions as ops } from '../../state/console/actions.ts';
import { barbersToday, idleState, servedBy, shiftEnd, shopState, waitingInOrder } from '../../lib/operator.ts';
import { OrderChangeDialog, WalkInDialog } from './WalkIn.tsx';
import { type Pending, personName, QueueList, time } from './Queue.tsx';
import { BreakDialog, Confirmation, StartDialog } from './FloorDialogs.tsx';

export function StateBadge() {
  useSignals();
  const f = floor.value;
  if (!f) return null;
  const state = shopState(f);
  return <span className={`op-state ${state}`}>{t(`operator.state.${state}`)}</span>;
}

export function FloorView() {
  useSignals();
  void language.value;
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const f = floor.value;
  if (!f) return <p className="op-main single op-empty">{t('operator.loading')}</p>;

  const run = async (fn: () => Promise<boolean>) => {
    setBusy(true);
    await fn();
    setBusy(false);
    setPending(null);
  };
  const state = shopState(f);
  const waiting = waitingInOrder(f);
  const barbers = barbersToday(f);
  const acts = canAct.value;

  return (
    <div className="op-main">
      <section className="op-panel" aria-labelledby="op-barbers">
        <h2 id="op-barbers">{t('operator.barbers.title')}</h2>
        {barbers.length === 0 && <p className="op-empty">{t('operator.barbers.none')}</p>}
        <ul className="op-list">
          {barbers.map((b) => (
            <BarberCard key={b.id} f={f} b={b} acts={acts} ask={setPending} />
          ))}
        </ul>
      </section>

      <section className="op-panel" aria-labelledby="op-queue">
        <h2 id="op-queue">
          <span>{t('operator.queue.title', { count: waiting.length })}</span>
        </h2>
        {acts && (
          <div className="op-toolbar">
            <button type="button" className="button primary" onClick={() => setPending({ kind: 'walk-in' })}>
              {t('operator.actions.walkIn')}
            </button>
            {state !== 'closed' && (
              <button
                type="button"
                className="button"
                aria-pressed={f.pob.full}
                onClick={() => void ops.setFull(!f.pob.full, t(f.pob.full ? 'operator.done.open' : 'operator.done.full'))}
              >
                {t(f.pob.full ? 'operator.actions.open' : 'operator.actions.full')}
              </button>
            )}
          </div>
        )}
        {acts && <UndoBar />}
        {waiting.length === 0 && <p className="op-empty">{t('operator.queue.empty')}</p>}
        <QueueList f={f} acts={acts} ask={setPending} />
      </section>

      {pending?.kind === 'start' && <StartDialog order={pending.order} onClose={() => setPending(null)} />}
      {pending?.kind === 'break' && <BreakDialog barber={pending.barber} onClose={() => setPending(null)} />}
      {pending?.kind === 'walk-in' && <WalkInDialog onClose={() => setPending(null)} />}
      {pending?.kind === 'change' && (
        <OrderChangeDialog order={pending.order} name={personName(f, pending.order)} onClose={() => setPending(null)} />
      )}
      <Confirmation pending={pending} busy={busy} run={run} close={() => setPending(null)} />
    </div>
  );
}

/** A barber's card: whom he serves since when and until about when, who is next, and his actions. */
function BarberCard({ f, b, acts, ask }: { f: Floor; b: FloorBarber; acts: boolean; ask: (p: Pending) => void }) {
  useSignals();
  const serving = servedBy(f, b);
  const next = b.next_order === null ? null : f.orders.find((o) => o.id === b.next_order);
  return (
    <li className="op-card" data-barber={b.id}>
      <h3>{b.name}</h3>
      {b.on_break_until ? (
        <p>{t('operator.barbers.onBreak', { time: time(b.on_break_until) })}</p>
      ) : serving ? (
        <p>
          {t('operator.barbers.serving', {
            name: personName(f, serving),
            since: time(b.serving_since ?? serving.started_at),
            until: time(b.expected_finish ?? serving.expected_end),
          })}
        </p>
      ) : idleState(b) === 'closed' ? (
        // His queue is closed (nothing more fits before his shift ends): not free for anyone new, as the app says.
        <p>{t('operator.barbers.closed', { time: time(shiftEnd(b, now.value)) })}</p>
      ) : (
        <p>{b.on_shift ? t('operator.barbers.free') : t('operator.barbers.offShift')}</p>
      )}
      <p className="op-meta">{next ? t('operator.barbers.next', { name: personName(f, next) }) : t('operator.barbers.noNext')}</p>
      {acts && (
        <div className="op-actions">
          {serving && (
            <button type="button" className="button primary" onClick={() => ask({ kind: 'finish', order: serving })}>
              {t('operator.actions.finish')}
            </button>
          )}
          {b.on_break_until ? (
            <button type="button" className="button" onClick={() => void ops.back(b.id, t('operator.done.back', { name: b.name }))}>
              {t('operator.actions.back')}
            </button>
          ) : (
            b.on_shift && (
              <button type="button" className="button" onClick={() => ask({ kind: 'break', barber: b })}>
                {t('operator.actions.break')}
              </button>
            )
          )}
          {(b.on_shift || b.on_break_until) && (
            <button type="button" className="button" onClick={() => ask({ kind: 'end-shift', barber: b })}>
              {t('operator.actions.endShift')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The last party action while it can still be undone: what it did, until when, and the undo. */
function UndoBar() {
  useSignals();
  const u = undoable.value;
  if (!u || u.until <= now.value) return null;
  return (
    <div className="op-undo">
      <span>{t('operator.undo.until', { text: u.text, time: time(new Date(u.until).toISOString()) })}</span>
      <button type="button" className="button" onClick={() => void ops.undo(u.order, t('operator.done.undone'))}>
        {t('operator.actions.undo')}
      </button>
    </div>
  );
}
