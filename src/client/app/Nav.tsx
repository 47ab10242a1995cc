/** The navigation bar: home, barbers, and profile or login; bonus where offered. */
import { useSignals } from '@preact/signals-react/runtime';
import { loggedIn } from '../state/session.ts';
import { locale, t } from '../state/i18n.ts';
import { config } from '../state/config.ts';
import { Icon, type IconName } from '../components/Icon.tsx';

interface Item {
  href: string;
  label: string;
  icon: IconName;
  /** Path prefixes that mark this item current. */
  match: string[];
}

export function navItems(isLoggedIn: boolean, hasBonus: boolean): Item[] {
  const items: Item[] = [
    { href: '/home', label: 'nav.home', icon: 'home', match: ['/home', '/barbershop', '/tracking'] },
    { href: '/barbers', label: 'nav.barbers', icon: 'scissors', match: ['/barbers', '/barber/'] },
  ];
  if (isLoggedIn && hasBonus) items.push({ href: '/bonus', label: 'nav.bonus', icon: 'gift', match: ['/bonus'] });
  items.push(
    isLoggedIn
      ? { href: '/profile', label: 'nav.profile', icon: 'user', match: ['/profile'] }
      : { href: '/login', label: 'nav.login', icon: 'user', match: ['/login'] },
  );
  return items;
}

export function Nav({ path }: { path: string }) {
  useSignals();
  const c = config.value;
  const hasBonus = c.bonusLocales.includes(locale.value) || c.teaserLocales.includes(locale.value);
  const items = navItems(loggedIn.value, hasBonus);
  return (
    <nav className="nav" aria-label={t('nav.label') || 'Main'}>
      {items.map((item) => {
        const current =
          item.match.some((m) => path === m || path.startsWith(m.endsWith('/') ? m : `${m}/`)) || (item.href === '/home' && path === '/');
        return (
          <a
            key={item.href}
            href={item.href}
            className={current ? 'nav-item current' : 'nav-item'}
            aria-current={current ? 'page' : undefined}
          >
            <Icon name={item.icon} />
            <span>{t(item.label)}</span>
          </a>
        );
      })}
    </nav>
  );
}
