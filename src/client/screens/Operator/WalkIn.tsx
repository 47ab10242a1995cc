/**
 * Adding a walk-in: services and their extras from the shop's menu, a barber or anyone, a name and an
 * optional phone (which links the order to the customer's account and membership on the server).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { Dialog } from '../../components/Dialog.tsx';
import type { FloorOrder, WalkIn, WireMenu } from '../../lib/operator.ts';
import { errorText, floor, notice } from '../../state/console/operator.ts';
import { consoleActions as ops } from '../../state/console/actions.ts';

export function WalkInDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const id = useId();
  const [chosen, setChosen] = useState<Map<number, number[]>>(new Map());
  const [barber, setBarber] = useState<string>('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen.size === 0) return setError(t('operator.walkIn.noService'));
    if (!name.trim()) return setError(t('operator.walkIn.noName'));
    setError(null);
    setBusy(true);
    const body = {
      name: name.trim(),
      services: [...chosen].map(([service_id, extra_services]) => ({ service_id, amount: 1 as const, extra_services })),
      barber_id: barber ? Number(barber) : null,
      ...(phone.trim() ? { phone: phone.trim() } : {}),
    };
    const ok = await ops.walkIn(body, t('operator.done.walkIn', { name: name.trim() }));
    setBusy(false);
    if (ok) onClose();
    else setError(notice.value?.text ?? t('operator.errors.server'));
  };

  const barbers = (floor.value?.barbers ?? []).filter((b) => b.on_shift && b.queue_open);
  return (
    <Dialog labelledBy={`${id}-title`} onClose={() => !busy && onClose()} className="op-dialog">
      <h2 id={`${id}-title`}>{t('operator.walkIn.title')}</h2>
      <form className="op-form" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-name`}>{t('operator.walkIn.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={60}
            value={name}
            autoComplete="off"
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <ServicePicker chosen={chosen} onChange={setChosen} />
        <BarberPicker id={`${id}-barber`} barbers={barbers} value={barber} onChange={setBarber} />
        <div>
          <label htmlFor={`${id}-phone`}>{t('operator.walkIn.phone')}</label>
          <input
            id={`${id}-phone`}
            type="tel"
            maxLength={32}
            value={phone}
            autoComplete="off"
            aria-describedby={`${id}-phone-hint`}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
          <p id={`${id}-phone-hint`} className="muted">
            {t('operator.walkIn.phoneHint')}
          </p>
        </div>
        <div role="alert">{error && <p className="op-error">{error}</p>}</div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('operator.confirm.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined}>
            {t('operator.walkIn.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Changing a waiting order at the desk (docs/decisions.md, "Orders changed at the desk"): it opens with his services,
 * extras and chosen barber ticked (the floor's items), so a one-item change is one tap. Only what was edited is sent:
 * the whole new set of services when they differ (they replace his, repriced by the server), the barber when he
 * differs. From a server without the items nothing is ticked, and services left unpicked stay as they are.
 */
export function OrderChangeDialog({ order, name, onClose }: { order: FloorOrder; name: string; onClose: () => void }) {
  useSignals();
  const id = useId();
  const [initial] = useState(() => currentChoice(order));
  const [chosen, setChosen] = useState(initial);
  const [barber, setBarber] = useState<string>(order.chosen_barber_id === null ? '' : String(order.chosen_barber_id));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (order.items && chosen.size === 0) return setError(t('operator.walkIn.noService'));
    const body = deskChange(order, initial, chosen, barber ? Number(barber) : null);
    if (!body) return onClose();
    setError(null);
    setBusy(true);
    const ok = await ops.change(order.id, body, t('operator.done.change', { name }));
    setBusy(false);
    if (ok) onClose();
    else setError(notice.value?.text ?? t('operator.errors.server'));
  };
  const barbers = (floor.value?.barbers ?? []).filter((b) => (b.on_shift && b.queue_open) || b.id === order.chosen_barber_id);
  return (
    <Dialog labelledBy={`${id}-title`} onClose={() => !busy && onClose()} className="op-dialog">
      <h2 id={`${id}-title`}>{t('operator.change.title', { name })}</h2>
      <form className="op-form" onSubmit={submit} noValidate>
        <p className="muted">{t('operator.change.now', { services: order.services.join(', ') })}</p>
        <ServicePicker chosen={chosen} onChange={setChosen} sold={order.items} />
        <BarberPicker id={`${id}-barber`} barbers={barbers} value={barber} onChange={setBarber} />
        <div role="alert">{error && <p className="op-error">{error}</p>}</div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('operator.confirm.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined} data-autofocus>
            {t('operator.change.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The order's services and extras as the picker holds them (service id → extra ids); empty without the items. */
function currentChoice(order: FloorOrder): Map<number, number[]> {
  return new Map((order.items ?? []).map((i) => [i.service_id, [...i.extra_services]]));
}

const sameChoice = (a: Map<number, number[]>, b: Map<number, number[]>) =>
  a.size === b.size &&
  [...a].every(([service, extras]) => {
    const other = b.get(service);
    return other !== undefined && other.length === extras.length && extras.every((x) => other.includes(x));
  });

/**
 * The desk's change of an order: its services only when they differ from `initial` (and some are picked), its barber
 * only when he differs from the chosen one; null when nothing changed.
 */
function deskChange(
  order: Pick<FloorOrder, 'chosen_barber_id'>,
  initial: Map<number, number[]>,
  chosen: Map<number, number[]>,
  barberId: number | null,
): { services?: WalkIn['services']; barber_id?: number | null } | null {
  const services = chosen.size > 0 && !sameChoice(initial, chosen);
  const barber = barberId !== order.chosen_barber_id;
  if (!services && !barber) return null;
  return {
    ...(services && {
      services: [...chosen].map(([service_id, extra_services]) => ({ service_id, amount: 1 as const, extra_services })),
    }),
    ...(barber && { barber_id: barberId }),
  };
}

/** The barber a walk-in or a changed order goes to: one of `barbers`, or anyone (''). */
function BarberPicker({
  id,
  barbers,
  value,
  onChange,
}: {
  id: string;
  barbers: readonly { id: number; name: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id}>{t('operator.walkIn.barber')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('operator.anyone')}</option>
        {barbers.map((b) => (
          <option key={b.id} value={String(b.id)}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The services and their extras from the shop's menu (loaded when the dialog opens), as service id → extra ids. A
 * changed order's services no longer on the menu (`sold`) are listed after it, ticked, so the desk sees them and can
 * untick them; ticked, they stay as sold.
 */
function ServicePicker({
  chosen,
  onChange,
  sold = [],
}: {
  chosen: Map<number, number[]>;
  onChange: (next: Map<number, number[]>) => void;
  sold?: FloorOrder['items'];
}) {
  useSignals();
  const [menu, setMenu] = useState<WireMenu | null>(null);
  const [menuError, setMenuError] = useState<string | null>(null);

  useEffect(() => {
    ops.menu().then(setMenu, (err) => setMenuError(errorText(err)));
  }, []);

  const toggle = (service: number) => {
    const next = new Map(chosen);
    if (next.has(service)) next.delete(service);
    else next.set(service, []);
    onChange(next);
  };
  const toggleExtra = (service: number, extra: number, multiple: boolean) => {
    const next = new Map(chosen);
    const now = next.get(service) ?? [];
    next.set(service, now.includes(extra) ? now.filter((x) => x !== extra) : multiple ? [...now, extra] : [extra]);
    onChange(next);
  };

  const services = [...(menu?.services ?? [])].sort((a, b) => a.order - b.order);
  const gone = menu ? (sold ?? []).filter((i) => !services.some((s) => s.id === i.service_id)) : [];
  return (
    <fieldset className="op-services">
      <legend>{t('operator.walkIn.services')}</legend>
      {!menu && !menuError && <p className="op-empty">{t('operator.loading')}</p>}
      {menuError && <p className="op-error">{menuError}</p>}
      {services.map((s) => (
        <div key={s.id}>
          <label className="op-check">
            <input type="checkbox" checked={chosen.has(s.id)} onChange={() => toggle(s.id)} />
            <span>{s.title}</span>
          </label>
          {chosen.has(s.id) && (menu?.extra_services[String(s.id)]?.length ?? 0) > 0 && (
            <fieldset className="op-extras">
              <legend className="visually-hidden">{t('operator.walkIn.extras', { service: s.title })}</legend>
              {[...(menu?.extra_services[String(s.id)] ?? [])]
                .sort((a, b) => a.order - b.order)
                .map((x) => (
                  <label key={x.id} className="op-check">
                    <input
                      type="checkbox"
                      checked={chosen.get(s.id)?.includes(x.id) ?? false}
                      onChange={() => toggleExtra(s.id, x.id, s.multiple)}
                    />
                    <span>{x.title}</span>
                  </label>
                ))}
            </fieldset>
          )}
        </div>
      ))}
      {gone.map((i) => (
        <label key={i.service_id} className="op-check">
          <input type="checkbox" checked={chosen.has(i.service_id)} onChange={() => toggle(i.service_id)} />
          <span>{t('operator.change.notOnMenu', { service: i.title ?? `#${i.service_id}` })}</span>
        </label>
      ))}
    </fieldset>
  );
}
