/** The week's opening hours, Monday to Sunday, weekday names in the UI language, today marked. */
import { useSignals } from '@preact/signals-react/runtime';
import { weekHours } from '../../lib/shop-detail.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { language, t } from '../../state/i18n.ts';
import { todayWeekday } from '../../state/shop-page.ts';

export function Hours({ openTimes }: Pick<ShopDetail, 'openTimes'>) {
  useSignals();
  const today = todayWeekday();
  return (
    <details className="shop-hours">
      <summary>{t('shop.hours.title')}</summary>
      <table>
        <tbody>
          {weekHours(openTimes, language.value).map((d) => (
            <tr
              key={d.weekday}
              className={d.weekday === today ? 'today' : undefined}
              aria-current={d.weekday === today ? 'date' : undefined}
            >
              <th scope="row">
                {d.name}
                {d.weekday === today && <span className="visually-hidden"> {t('shop.hours.today')}</span>}
              </th>
              <td>{d.hours ? `${d.hours.open}–${d.hours.close}` : t('shop.hours.closed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
