/**
 * The barber selector: 'Anyone' with the viewer's wait choosing anyone (the headline's), or one barber of the
 * shop's queues with photo or initials, name and the viewer's wait choosing him (lib/mappers.ts: at his priority);
 * a barber whose queue is closed cannot be chosen.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { Timer } from '../../components/Timer.tsx';
import { nameInitials } from '../../lib/shop-detail.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { t } from '../../state/i18n.ts';
import { pageState, selectBarber, selectedQueue } from '../../state/shop-page.ts';

interface OptionProps {
  id: number | null;
  name: string;
  image: string | null;
  minutes: number | null;
  disabled: boolean;
  checked: boolean;
  note?: string;
}

function Avatar({ name, image }: { name: string | null; image: string | null }) {
  const [failed, setFailed] = useState(false);
  if (name === null)
    return (
      <span className="barber-avatar anyone" aria-hidden="true">
        <Icon name="scissors" />
      </span>
    );
  if (image && !failed)
    return <img className="barber-avatar" src={image} alt="" width={56} height={56} loading="lazy" onError={() => setFailed(true)} />;
  return (
    <span className="barber-avatar initials" aria-hidden="true">
      {nameInitials(name)}
    </span>
  );
}

function Option({ id, name, image, minutes, disabled, checked, note }: OptionProps) {
  useSignals();
  return (
    <label className={`barber-option${checked ? ' selected' : ''}${disabled ? ' disabled' : ''}`}>
      <input
        type="radio"
        name="shop-barber"
        className="visually-hidden"
        checked={checked}
        disabled={disabled}
        onChange={() => selectBarber(id)}
      />
      <Avatar name={id === null ? null : name} image={image} />
      <span className="barber-option-name">{name}</span>
      {disabled ? <span className="barber-option-note">{note}</span> : <Timer minutes={minutes} />}
      {note && !disabled && <span className="barber-option-note">{note}</span>}
    </label>
  );
}

export function BarberSelect({ shop }: { shop: ShopDetail }) {
  useSignals();
  // A chosen barber who is not at this shop counts as 'Anyone', which is what the wait shows then too.
  const selected = selectedQueue.value?.barber.id ?? null;
  // A full or closed shop shows its state for every barber, never a wait.
  const state = pageState.value;
  const shut = state === 'full' || state === 'closed' ? t(`home.card.${state}Badge`) : null;
  return (
    <section className="shop-barbers section" aria-labelledby="shop-barbers-title">
      <h2 id="shop-barbers-title" className="section-title">
        {t('shop.barbers.title')}
      </h2>
      {/* With every option disabled (a full or closed shop) nothing in the row takes focus, so the row itself
          does: a keyboard can still scroll through the barbers a phone cannot show at once. */}
      <div className="barber-row" role="radiogroup" aria-labelledby="shop-barbers-title" tabIndex={shut !== null ? 0 : undefined}>
        <Option
          id={null}
          name={t('shop.barbers.anyone')}
          image={null}
          // The headline's own figure (the viewer's wait choosing anyone): the headline names this chip.
          minutes={shop.queue}
          disabled={shut !== null}
          checked={selected === null}
          note={shut ?? t('shop.barbers.shortest')}
        />
        {shop.queues.map((q) => (
          <Option
            key={q.barber.id}
            id={q.barber.id}
            name={q.barber.name}
            image={q.barber.image}
            minutes={q.waitTime}
            disabled={shut !== null || !q.queueOpen}
            checked={selected === q.barber.id}
            note={shut ?? (q.queueOpen ? undefined : t('shop.barbers.closed'))}
          />
        ))}
      </div>
    </section>
  );
}
