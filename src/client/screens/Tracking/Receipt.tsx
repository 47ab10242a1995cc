/**
 * The receipt toggle: the order's services with their extras, each with description, price and duration; a party's
 * under each person's name (docs/decisions.md, "Parties and stepping out"), a companion taken off or marked absent
 * by the shop left out, of the rows and of the total.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { formatMinutes, formatPrice } from '../../lib/format.ts';
import { isParty, type OrderExtra, type OrderService, stillInParty, type TrackedOrder } from '../../lib/tracking.ts';
import { locale, t } from '../../state/i18n.ts';
import { receiptOpen, toggleReceipt } from '../../state/tracking/tracking.ts';
import { personName } from './Party.tsx';

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

function Services({ services }: { services: OrderService[] }) {
  return (
    <ul className="receipt-items">
      {services.map((s) => (
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
  );
}

export function Receipt({ order: o }: { order: TrackedOrder }) {
  useSignals();
  const open = receiptOpen.value;
  const loc = locale.value;
  const people = isParty(o.party) ? o.party.filter(stillInParty) : [];
  const price = people.length ? people.reduce((sum, p) => sum + p.price, 0) : o.price;
  const duration = people.length ? people.reduce((sum, p) => sum + p.duration, 0) : o.duration;
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
        {people.length ? (
          people.map((p) => (
            <section key={p.person} className="receipt-person" aria-labelledby={`receipt-person-${p.person}`}>
              <h3 id={`receipt-person-${p.person}`} className="receipt-person-name">
                {personName(p)}
              </h3>
              <Services services={p.services} />
            </section>
          ))
        ) : (
          <Services services={o.services} />
        )}
        <p className="order-total">
          <span>{t('tracking.receipt.total')}</span>
          <span className="muted">{formatMinutes(duration, loc)}</span>
          <strong>{formatPrice(price, loc)}</strong>
        </p>
      </div>
    </section>
  );
}
