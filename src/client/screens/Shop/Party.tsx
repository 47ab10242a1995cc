/**
 * Come as a party, on the review step (docs/decisions.md, "Parties and stepping out"): "Add a person" up to
 * config.json's partyMax − 1 companions; each is a section with a heading, a labelled name field, his own barber or
 * anyone, and his own services (PartyMenu); removable until the order is sent. Nothing here when the shop's
 * setting allows no party. Client-only: the review never renders on the server.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Field } from '../../components/form/fields.tsx';
import { formatPrice } from '../../lib/format.ts';
import { orderTotals } from '../../lib/order.ts';
import { NAME_MAX, type Companion, type CompanionError } from '../../lib/party.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import {
  addCompanion,
  canAdd,
  companionLines,
  companions,
  errorOf,
  maxCompanions,
  removeCompanion,
  setBarber,
  setName,
  touchName,
} from '../../state/party.ts';
import { PartyMenu } from './PartyMenu.tsx';

/** What a companion is called in headings: his name as typed, else "Person 2". */
export const personLabel = (c: Companion, index: number) => c.name.trim() || t('party.person', { n: index + 2 });

const errorKey = (e: CompanionError | null) => (e ? t(`party.errors.${e}`, { max: NAME_MAX }) : null);

function focusLater(id: string) {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

function Person({ shop, who, index, locked }: { shop: ShopDetail; who: Companion; index: number; locked: boolean }) {
  useSignals();
  const label = personLabel(who, index);
  const id = `party-${who.key}`;
  const error = errorOf(who);
  const lines = companionLines.value[index] ?? [];
  const sum = orderTotals(lines);
  return (
    <section className="party-person" aria-labelledby={`${id}-title`}>
      <div className="party-person-head">
        <h4 id={`${id}-title`}>{label}</h4>
        {!locked && (
          <button
            type="button"
            className="button party-remove"
            aria-label={t('party.remove', { name: label })}
            onClick={() => {
              removeCompanion(who.key);
              focusLater('party-add');
            }}
          >
            {t('party.removeShort')}
          </button>
        )}
      </div>
      <Field
        id={`${id}-name`}
        label={t('party.name')}
        value={who.name}
        onValue={(v) => setName(who.key, v)}
        onBlur={() => touchName(who.key)}
        error={error && error !== 'noServices' ? errorKey(error) : null}
        hint={t('party.nameHint')}
        autoComplete="off"
        maxLength={NAME_MAX}
        required
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-barber`}>
          {t('order.review.barber')}
        </label>
        <select
          id={`${id}-barber`}
          className="input party-barber"
          value={who.barberId ?? ''}
          disabled={locked}
          onChange={(e) => setBarber(who.key, e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        >
          <option value="">{t('order.review.anyone')}</option>
          {shop.queues
            .filter((q) => q.queueOpen)
            .map((q) => (
              <option key={q.barber.id} value={q.barber.id}>
                {q.barber.name}
              </option>
            ))}
        </select>
      </div>
      <h5 id={`${id}-services`} className="review-services-title">
        {t('party.services', { name: label })}
      </h5>
      <PartyMenu shop={shop} who={who} locked={locked} labelledBy={`${id}-services`} />
      {error === 'noServices' && (
        <p className="field-error" id={`${id}-services-error`} role="alert" tabIndex={-1}>
          {errorKey(error)}
        </p>
      )}
      {sum.services > 0 && (
        <p className="party-person-total">
          <span>{t('party.personTotal')}</span>
          <strong>{formatPrice(sum.price, locale.value)}</strong>
        </p>
      )}
    </section>
  );
}

export function Party({ shop, locked }: { shop: ShopDetail; locked: boolean }) {
  useSignals();
  const max = maxCompanions.value;
  if (max === 0) return null;
  const list = companions.value;
  return (
    <section className="party" aria-labelledby="party-title">
      <h3 id="party-title" className="review-services-title">
        {t('party.title')}
      </h3>
      {list.map((c, i) => (
        <Person key={c.key} shop={shop} who={c} index={i} locked={locked} />
      ))}
      {canAdd.value ? (
        <button
          type="button"
          id="party-add"
          className="button block party-add"
          disabled={locked}
          onClick={() => {
            const key = addCompanion();
            if (key !== null) focusLater(`party-${key}-name`);
          }}
        >
          {t('party.add')}
        </button>
      ) : (
        <p className="muted party-limit" id="party-add" tabIndex={-1}>
          {t('party.limit', { max: max + 1 })}
        </p>
      )}
    </section>
  );
}

/** After a refused send: the first companion with something wrong gets the focus (his name, else his services). */
export function focusFirstInvalid(key: number, nameOk: boolean) {
  focusLater(nameOk ? `party-${key}-services-error` : `party-${key}-name`);
}
