/** Name, city, address, floor, chairs, favourite toggle and opening hours (today's and the week's). */
import { useSignals } from '@preact/signals-react/runtime';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { chairLabel } from '../../lib/images.ts';
import { floorLevel, intlOfLanguage } from '../../lib/shop-detail.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { language, t } from '../../state/i18n.ts';
import { favoriteShopIds, toggleFavoriteShop } from '../../state/prefs.ts';
import { Hours } from './Hours.tsx';

/** '2nd floor' in the page's language (English's ordinal by Intl's rule), other text as the chain wrote it. */
function floorText(floor: string): string {
  const level = floorLevel(floor);
  if (level === null) return floor;
  const form = new Intl.PluralRules(intlOfLanguage(language.value), { type: 'ordinal' }).select(level);
  return t(`shop.floor.${form}`, { level }) || t('shop.floor.other', { level });
}

export function Info({ shop }: { shop: ShopDetail }) {
  useSignals();
  const chairs = chairLabel(shop.chairCount);
  const hours = shop.openingHours;
  return (
    <section className="shop-info section" aria-labelledby="shop-name">
      <div className="shop-title-row">
        <div className="shop-title">
          <h1 id="shop-name">{shop.name}</h1>
          <p className="shop-city muted">{shop.city}</p>
        </div>
        <FavoriteButton on={favoriteShopIds.value.includes(shop.id)} onToggle={() => toggleFavoriteShop(shop.id)} name={shop.name} />
      </div>
      <ul className="shop-facts">
        <li>
          <Icon name="pin" size={18} />
          <span>
            {shop.address}
            {shop.floor && <span className="shop-floor">, {floorText(shop.floor)}</span>}
          </span>
        </li>
        <li>
          <Icon name="clock" size={18} />
          <span>{hours ? t('shop.today', { open: hours.open, close: hours.close }) : t('shop.closedToday')}</span>
        </li>
        {chairs !== 'none' && (
          <li>
            <Icon name="chair" size={18} />
            <span>{chairs === 'one' ? t('shop.chairs.one') : t('shop.chairs.many', { count: shop.chairCount })}</span>
          </li>
        )}
      </ul>
      <Hours openTimes={shop.openTimes} />
    </section>
  );
}
