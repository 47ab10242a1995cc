/**
 * One companion's services and extras, from the shop's menu (docs/decisions.md, "Parties and stepping out"): each
 * service a toggle button, the extras of a chosen one beneath it; the per-person limits of lib/order.ts disable what
 * would add past them, removing stays possible.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { MAX_ORDER_EXTRAS } from '../../../shared/constants.ts';
import { formatPrice } from '../../lib/format.ts';
import { isFull, type Selection } from '../../lib/order.ts';
import type { Companion } from '../../lib/party.ts';
import { menuSections, type MenuItem, type MenuSection } from '../../lib/shop-detail.ts';
import type { ShopDetail } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import { toggleExtra, toggleService } from '../../state/party.ts';

const flat = (sections: MenuSection[]): MenuItem[] => sections.flatMap((s) => [...s.items, ...flat(s.subgroups)]);

function Item({ item, who, selection, locked }: { item: MenuItem; who: Companion; selection: Selection; locked: boolean }) {
  useSignals();
  const loc = locale.value;
  const { service, extras } = item;
  const selected = selection.serviceIds.includes(service.id);
  const chosen = selection.extraServiceIds[service.id] ?? [];
  const noMore = !selected && isFull(selection);
  const noMoreExtras = service.multiple && chosen.length >= MAX_ORDER_EXTRAS;
  return (
    <li className={selected ? 'party-service selected' : 'party-service'}>
      <button
        type="button"
        className="party-service-toggle"
        aria-pressed={selected}
        disabled={locked || noMore}
        onClick={() => toggleService(who.key, service.id)}
      >
        <span>{service.title}</span>
        <span className="party-service-price">{formatPrice(service.price, loc)}</span>
      </button>
      {selected && extras.length > 0 && (
        <ul className="party-extras" aria-label={t('shop.services.extras', { service: service.title })}>
          {extras.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                className="extra-toggle"
                aria-pressed={chosen.includes(e.id)}
                disabled={locked || (noMoreExtras && !chosen.includes(e.id))}
                onClick={() => toggleExtra(who.key, service, e.id)}
              >
                <span>{e.title}</span> <span className="extra-price">+{formatPrice(e.price, loc)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function PartyMenu({ shop, who, locked, labelledBy }: { shop: ShopDetail; who: Companion; locked: boolean; labelledBy: string }) {
  useSignals();
  const items = flat(menuSections(shop.serviceGroups, shop.services, shop.extraServices));
  return (
    <ul className="party-services" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <Item key={item.service.id} item={item} who={who} selection={who.selection} locked={locked} />
      ))}
    </ul>
  );
}
