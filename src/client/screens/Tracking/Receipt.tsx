/** The receipt toggle: the order's services with their extras, each with description, price and duration. */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { formatMinutes, formatPrice } from '../../lib/format.ts';
import type { OrderExtra, TrackedOrder } from '../../lib/tracking.ts';
import { locale, t } from '../../state/i18n.ts';
import { receiptOpen, toggleReceipt } from '../../state/tracking.ts';

function Line({ item, extra = false }: { item: OrderExtra; extra?: boolean }) {
  useSignals();
  const loc = locale.value;
  return (
    <>
      <span className="receipt-line">
        <span className="receipt-name">{extra ? `+ ${item.name}` : item.name}</span>
        <span className="receipt-price">{formatPrice(item.price, loc)}</span>
      </span>
      {item.description && <span className="receipt-description muted">{item.description}</span>}
      {/* An extra that adds no time (styling wax) says nothing rather than '0 min'. */}
      {(!extra || item.duration > 0) && <span className="receipt-duration muted">{formatMinutes(item.duration, loc)}</span>}
    </>
  );
}

export function Receipt({ order: o }: { order: TrackedOrder }) {
  useSignals();
  const open = receiptOpen.value;
  const loc = locale.value;
  return (
    <section className="tracking-receipt section">
      <button
        type="button"
        className="button block receipt-toggle"
        aria-expanded={open}
        aria-controls="tracking-receipt-list"
        onClick={toggleReceipt}
      >
        {open ? t('tracking.receipt.hide') : t('tracking.receipt.show')}
        <Icon name="chevron" size={18} />
      </button>
      <div id="tracking-receipt-list" className="card receipt-card" hidden={!open}>
        <h2 className="section-title">{t('tracking.receipt.title')}</h2>
        <ul className="receipt-items">
          {o.services.map((s) => (
            <li key={s.id}>
              <Line item={s} />
              {s.extraServices.length > 0 && (
                <ul className="receipt-extras">
                  {s.extraServices.map((e) => (
                    <li key={e.id}>
                      <Line item={e} extra />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <p className="order-total">
          <span>{t('tracking.receipt.total')}</span>
          <span className="muted">{formatMinutes(o.duration, loc)}</span>
          <strong>{formatPrice(o.price, loc)}</strong>
        </p>
      </div>
    </section>
  );
}
