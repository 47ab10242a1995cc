/**
 * The wait: the large timer while the shop takes orders (a selected barber's wait overrides the shop's),
 * otherwise the shop card state's message; then the shop's notices and, in FI, the cash notice.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { Timer } from '../../components/Timer.tsx';
import { WaitWindow } from '../../components/WaitWindow.tsx';
import type { ShopDetail } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import { pageState, selectedQueue, wait, waitRange } from '../../state/shop-page.ts';
import { shop } from '../../state/shops.ts';

export function Wait() {
  useSignals();
  const state = pageState.value;
  const barber = selectedQueue.value?.barber;
  const { low, high } = waitRange.value;
  return (
    <section className="shop-wait card" aria-live="polite" aria-atomic="true">
      {state === 'taking-orders' ? (
        <>
          <p className="shop-wait-label">{barber ? t('shop.wait.barber', { name: barber.name }) : t('shop.wait.title')}</p>
          <Timer large minutes={wait.value} />
          <WaitWindow wait={wait.value} low={low} high={high} help />
          <p className="shop-wait-note">{t('home.card.takesOrders')}</p>
        </>
      ) : state === 'unknown' ? (
        <>
          <p className="shop-wait-label">{t('shop.wait.title')}</p>
          <Timer large minutes={null} />
        </>
      ) : (
        // Closing soon: the shop is open but its online queue has closed for the day, worded as on the card.
        <p className={`shop-state-message ${state}`}>
          {state === 'closed' && shop.value?.open ? t('home.card.queueClosed') : t(`shop.state.${state}`)}
        </p>
      )}
    </section>
  );
}

export function Notices({ shop }: { shop: ShopDetail }) {
  useSignals();
  const items = [...shop.notices, ...(locale.value === 'FI' ? [t('shop.cash')] : [])].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <section className="shop-notices section" aria-labelledby="shop-notices-title">
      <h2 id="shop-notices-title" className="visually-hidden">
        {t('shop.notices')}
      </h2>
      <ul>
        {items.map((text, i) => (
          // the notices are a fixed list of texts that may repeat, and the index also tells the shop's notices from the cash note.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className={i >= shop.notices.length ? 'shop-notice cash' : 'shop-notice'}>
            <Icon name="info" size={20} />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
