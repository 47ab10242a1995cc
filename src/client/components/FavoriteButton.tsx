/** A favourite toggle: a star button that says what it does and whether it is on. */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from './Icon.tsx';
import { t } from '../state/i18n.ts';

export function FavoriteButton({ on, onToggle, name }: { on: boolean; onToggle: () => void; name: string }) {
  useSignals();
  return (
    <button
      type="button"
      className={on ? 'icon-button favorite on' : 'icon-button favorite'}
      aria-pressed={on}
      onClick={onToggle}
      aria-label={t(on ? 'favorites.remove' : 'favorites.add', { name })}
    >
      <Icon name="star" filled={on} />
    </button>
  );
}
