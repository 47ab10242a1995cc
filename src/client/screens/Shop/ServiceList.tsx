/**
 * Service groups with chip navigation: a sticky, horizontally scrolling row of chips, one per
 * group; a tap scrolls to the group and the chip of the group in view is highlighted. Services show title,
 * description, price and duration, with their extras beneath. While the shop takes orders, services and extras
 * are toggle buttons that build the order (state/order.ts).
 */
import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { HEADER_HEIGHT } from '../../../shared/constants.ts';
import { Icon } from '../../components/Icon.tsx';
import { takeEarlyTap } from '../../components/early-taps.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { formatMinutes, formatPrice } from '../../lib/format.ts';
import { menuSections, type MenuItem, type MenuSection } from '../../lib/shop-detail.ts';
import type { Service, ShopDetail } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import { MAX_ORDER_EXTRAS } from '../../../shared/constants.ts';
import { activeElsewhere, editable, extraServiceIds, full, serviceIds, toggleExtra, toggleService } from '../../state/order.ts';
import { activeGroupId, pageState } from '../../state/shop-page.ts';
import { scrollToGroup, useGroupSpy } from './scroll.ts';

/** The fixed header (75 px) plus the sticky chip row: where a group's top lands after a chip tap. */
const CHIPS_OFFSET = HEADER_HEIGHT + 60;

function Chips({ sections, active }: { sections: MenuSection[]; active: number | null }) {
  useSignals();
  const row = useRef<HTMLUListElement>(null);
  // Keep the highlighted chip visible inside the row; only the row scrolls, never the page.
  // active is the trigger: the effect finds the chip it highlighted in the DOM, after the render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const list = row.current;
    const chip = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !chip) return;
    const left = chip.offsetLeft - (list.clientWidth - chip.offsetWidth) / 2;
    list.scrollTo?.({ left: Math.max(0, left), behavior: 'smooth' });
  }, [active]);
  return (
    <nav className="service-chips" aria-label={t('shop.services.groups')}>
      <ul ref={row}>
        {sections.map(({ group }) => (
          <li key={group.id}>
            <button
              type="button"
              className="chip"
              aria-current={group.id === active ? 'true' : undefined}
              onClick={() => scrollToGroup(group.id)}
            >
              {group.title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ServiceBody({ service }: { service: Service }) {
  useSignals();
  const loc = locale.value;
  // Spans only: inside a toggle button everything must be phrasing content.
  return (
    <span className="service-body">
      <span className="service-head">
        <span className="service-title">{service.title}</span>
        <span className="service-price">{formatPrice(service.price, loc)}</span>
      </span>
      {service.description && <span className="service-description">{service.description}</span>}
      <span className="service-duration">
        <Icon name="clock" size={16} />
        <span>{t('shop.services.duration', { duration: formatMinutes(service.duration, loc) })}</span>
      </span>
    </span>
  );
}

/** A service and its extras; while the shop takes orders each is a toggle button (aria-pressed). */
function ServiceRow({ item, choosable }: { item: MenuItem; choosable: boolean }) {
  useSignals();
  const { service, extras } = item;
  const loc = locale.value;
  const selected = serviceIds.value.includes(service.id);
  const chosen = extraServiceIds.value[service.id] ?? [];
  // Server markup the app has not taken over yet (lib/hydrated.ts): the toggle is marked not ready, and a tap on it
  // then is noted by the page's loader and done once the toggle is live (components/early-taps.ts).
  const live = useHydrated();
  const disabled = !editable.value;
  useEffect(() => {
    if (live && takeEarlyTap(`service:${service.id}`)) toggleService(service.id);
  }, [live, service.id]);
  // At the limits a choice that would add is disabled; removing stays possible.
  const noMore = !selected && full.value;
  const noMoreExtras = noMore || (service.multiple && chosen.length >= MAX_ORDER_EXTRAS);
  return (
    <li className={`service${selected ? ' selected' : ''}`}>
      {choosable ? (
        <button
          type="button"
          className="service-toggle"
          aria-pressed={selected}
          aria-disabled={live ? undefined : true}
          data-tap={live ? undefined : `service:${service.id}`}
          disabled={disabled || noMore}
          onClick={() => toggleService(service.id)}
        >
          <span className="service-check" aria-hidden="true">
            {selected && <Icon name="check" size={18} />}
          </span>
          <ServiceBody service={service} />
        </button>
      ) : (
        <ServiceBody service={service} />
      )}
      {extras.length > 0 && (
        <>
          {choosable && extras.length > 1 && (
            <p className="service-extras-hint">{t(service.multiple ? 'order.extras.many' : 'order.extras.one')}</p>
          )}
          <ul className="service-extras" aria-label={t('shop.services.extras', { service: service.title })}>
            {extras.map((e) => {
              const label = (
                <>
                  <span>{e.title}</span> <span className="extra-price">+{formatPrice(e.price, loc)}</span>
                </>
              );
              return (
                <li key={e.id}>
                  {choosable ? (
                    <button
                      type="button"
                      className="extra-toggle"
                      aria-pressed={chosen.includes(e.id)}
                      disabled={disabled || !live || (noMoreExtras && !chosen.includes(e.id))}
                      onClick={() => toggleExtra(service, e.id)}
                    >
                      {label}
                    </button>
                  ) : (
                    label
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </li>
  );
}

function Group({ section, level, choosable }: { section: MenuSection; level: 3 | 4; choosable: boolean }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  const { group } = section;
  return (
    <section
      className="service-group"
      id={`group-${group.id}`}
      data-group-id={level === 3 ? group.id : undefined}
      tabIndex={-1}
      aria-labelledby={`group-title-${group.id}`}
    >
      <Heading id={`group-title-${group.id}`} className="service-group-title">
        {group.title}
      </Heading>
      {group.description && <p className="service-group-description muted">{group.description}</p>}
      {section.items.length > 0 && (
        <ul className="service-items">
          {section.items.map((item) => (
            <ServiceRow key={item.service.id} item={item} choosable={choosable} />
          ))}
        </ul>
      )}
      {section.subgroups.map((sub) => (
        <Group key={sub.group.id} section={sub} level={4} choosable={choosable} />
      ))}
    </section>
  );
}

export function ServiceList({ shop }: { shop: ShopDetail }) {
  useSignals();
  const list = useRef<HTMLDivElement>(null);
  const sections = menuSections(shop.serviceGroups, shop.services, shop.extraServices);
  const ids = sections.map((s) => s.group.id).join(',');
  useGroupSpy(list, CHIPS_OFFSET, ids);
  const active = activeGroupId.value ?? sections[0]?.group.id ?? null;
  // Only a shop taking orders lets the customer choose, and only without an active order.
  const choosable = pageState.value === 'taking-orders' && !activeElsewhere.value;
  return (
    <section className="shop-services" aria-labelledby="shop-services-title">
      <h2 id="shop-services-title" className="section-title section">
        {t('shop.services.title')}
      </h2>
      {sections.length === 0 ? (
        <p className="empty">{t('shop.services.empty')}</p>
      ) : (
        <>
          <Chips sections={sections} active={active} />
          <div className="service-groups" ref={list}>
            {sections.map((s) => (
              <Group key={s.group.id} section={s} level={3} choosable={choosable} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
