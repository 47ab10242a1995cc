/**
 * The profile menu: name (editable on its own page) and phone, membership end date and credits (members, with the
 * MEMBER ribbon), messages with the unread badge, history, e-mail, permissions, notifications, password,
 * language, log out.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { formatDate } from '../../lib/format.ts';
import { dateOnlyToIso } from '../../lib/account.ts';
import { locale, t } from '../../state/i18n.ts';
import { logoutAndLeave } from '../../state/account.ts';
import { loadMessages, unread } from '../../state/messages.ts';
import { member, profile } from '../../state/session.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { Loader } from '../../components/Loader.tsx';
import { formatPhone } from '../../lib/phone-format.ts';
import { ProofOffer } from '../../components/PhoneProof.tsx';

interface Item {
  href: string;
  label: string;
  icon?: IconName;
  badge?: number;
  detail?: string;
}

function MenuItem({ item }: { item: Item }) {
  useSignals();
  return (
    <li>
      <a className="menu-item" href={item.href}>
        <span className="menu-label">{item.label}</span>
        {item.detail && <span className="menu-detail">{item.detail}</span>}
        {item.badge ? (
          <span className="badge" role="img" aria-label={t('profile.unread', { count: item.badge })}>
            {item.badge}
          </span>
        ) : null}
        <Icon name="chevron" size={18} />
      </a>
    </li>
  );
}

export default function Profile(_props: ScreenProps) {
  useSignals();
  useEffect(() => void loadMessages(), []);
  const p = profile.value;
  if (!p) return <Loader fullScreen />;
  const isMember = member.value;
  const m = p.membership;
  const endDate = isMember && m?.end_date ? formatDate(dateOnlyToIso(m.end_date) ?? m.end_date, locale.value) : '';
  const items: Item[] = [
    { href: '/profile/messages', label: t('profile.messages'), badge: unread.value },
    { href: '/profile/history', label: t('profile.history') },
    { href: '/profile/name', label: t('profile.name'), detail: `${p.firstname} ${p.lastname}`.trim() },
    { href: '/profile/email', label: t('profile.email'), detail: p.email ?? '' },
    { href: '/profile/email-permission', label: t('profile.emailPermission') },
    { href: '/profile/notifications', label: t('profile.notifications') },
    { href: '/profile/password', label: t('profile.password') },
    { href: '/profile/phone', label: t('profile.phone') },
    { href: '/profile/language', label: t('profile.language') },
    { href: '/info', label: t('info.title') },
    { href: '/profile/data', label: t('profile.data') },
  ];
  if (isMember) items.splice(0, 0, { href: '/profile/credits', label: t('profile.credits'), detail: String(m?.credits ?? 0) });

  return (
    <div className="profile-page">
      <header className={isMember ? 'profile-head is-member' : 'profile-head'}>
        {isMember && <span className="member-ribbon">{t('profile.member')}</span>}
        <h1>{`${p.firstname} ${p.lastname}`.trim() || t('profile.title')}</h1>
        <p className="profile-phone">{formatPhone(p.phone)}</p>
        {isMember && (
          <dl className="membership">
            <div>
              <dt>{t('profile.membership')}</dt>
              <dd className="membership-type">{t(`profile.levels.${(m?.type ?? '').toLowerCase()}`) || m?.type}</dd>
            </div>
            {endDate && (
              <div>
                <dt>{t('profile.validUntil')}</dt>
                <dd>{endDate}</dd>
              </div>
            )}
            <div>
              <dt>{t('profile.creditsShort')}</dt>
              <dd>{m?.credits ?? 0}</dd>
            </div>
          </dl>
        )}
      </header>
      {p.phone_proven === false && (
        <div className="section">
          <ProofOffer phone={p.phone} />
        </div>
      )}
      <nav aria-label={t('profile.menu')}>
        <ul className="menu">
          {items.map((item) => (
            <MenuItem key={item.href} item={item} />
          ))}
        </ul>
      </nav>
      <div className="section">
        <button type="button" className="button block" onClick={() => void logoutAndLeave()}>
          {t('profile.logout')}
        </button>
      </div>
    </div>
  );
}
