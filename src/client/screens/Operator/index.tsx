/**
 * /operator and below: the shop's console and its display, one lazy chunk a customer never loads. The chain owner's
 * key gets the chain's screen (/operator/chain) and any shop's floor read-only (/operator/chain/{id}).
 * /operator the floor, /operator/stats the figures, /operator/shifts the shifts planned ahead (the owner's at
 * /operator/chain/{id}/shifts), /operator/devices the paired devices, /operator/display
 * the room screen. No paired device (or a refused key): the pairing screen. A display key always gets the display.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { loc } from '../../router/history.ts';
import { t } from '../../state/i18n.ts';
import type { ScreenProps } from '../../router/routes.ts';
import { Loader } from '../../components/Loader.tsx';
import { injectStyles } from './styles.ts';
import { canAct, feed, floor, me, notice, phase, role, shopInView } from '../../state/console/operator.ts';
import { startFeed, stopFeed } from '../../state/console/feed.ts';
import { startConsole } from '../../state/console/actions.ts';
import { ChainView } from './Chain.tsx';
import { Pairing } from './Pairing.tsx';
import { FloorView, StateBadge } from './Floor.tsx';
import { Devices } from './Devices.tsx';
import { Figures } from './Figures.tsx';
import { Display } from './Display.tsx';
import { ShiftPlanView } from './Shifts.tsx';

injectStyles();

type View = 'floor' | 'stats' | 'shifts' | 'devices' | 'display';

export function viewOf(path: string): View {
  const rest = path.replace(/^\/operator\/?/, '').split('/')[0];
  return rest === 'stats' || rest === 'shifts' || rest === 'devices' || rest === 'display' ? rest : 'floor';
}

const TABS: { view: View; href: string; label: string }[] = [
  { view: 'floor', href: '/operator', label: 'operator.tabs.floor' },
  { view: 'stats', href: '/operator/stats', label: 'operator.tabs.stats' },
  { view: 'shifts', href: '/operator/shifts', label: 'operator.tabs.shifts' },
  { view: 'devices', href: '/operator/devices', label: 'operator.tabs.devices' },
  { view: 'display', href: '/operator/display', label: 'operator.tabs.display' },
];

/** The shop of /operator/chain/{id} (or …/{id}/shifts), or null for the chain itself. */
export function chainShopOf(path: string): number | null {
  const m = /^\/operator\/chain\/([1-9]\d{0,9})(\/shifts)?\/?$/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * A shop as the chain owner sees it: the console's floor view, read-only, fed like a console's; and at
 * /operator/chain/{id}/shifts its shifts planned ahead, which the owner may change.
 */
function OwnerShop({ id, shifts }: { id: number; shifts: boolean }) {
  useSignals();
  useEffect(() => {
    shopInView.value = id;
    floor.value = null;
    startFeed();
    return () => {
      stopFeed();
      shopInView.value = null;
    };
  }, [id]);
  const pob = floor.value?.pob;
  return (
    <div className="op-root">
      <header className="op-header">
        <h1>{pob?.name ?? t('operator.title')}</h1>
        {pob && <StateBadge />}
        <span className="op-live">{feed.value === 'stream' ? t('operator.live.stream') : t('operator.live.polling')}</span>
        {!shifts && <span className="op-live">{t('operator.chain.readOnly')}</span>}
        <nav className="op-tabs" aria-label={t('operator.tabs.label')}>
          <a href="/operator/chain">{t('operator.chain.back')}</a>
          <a href={`/operator/chain/${id}`} aria-current={shifts ? undefined : 'page'}>
            {t('operator.tabs.floor')}
          </a>
          <a href={`/operator/chain/${id}/shifts`} aria-current={shifts ? 'page' : undefined}>
            {t('operator.tabs.shifts')}
          </a>
        </nav>
      </header>
      <div className="op-notice-region" role="status" aria-live="polite">
        {notice.value && <p className={`op-notice ${notice.value.kind}`}>{notice.value.text}</p>}
      </div>
      {shifts ? <ShiftPlanView /> : floor.value ? <FloorView /> : <p className="op-empty">{t('operator.loading')}</p>}
    </div>
  );
}

export default function Operator(props: ScreenProps) {
  useSignals();
  useEffect(() => {
    if (phase.value === 'loading') void startConsole();
  }, []);

  if (phase.value === 'loading') return <Loader fullScreen />;
  if (phase.value === 'pairing') return <Pairing />;

  if (role.value === 'owner') {
    const path = props.path ?? loc.value.path;
    const shop = chainShopOf(path);
    return shop === null ? <ChainView /> : <OwnerShop id={shop} shifts={/\/shifts\/?$/.test(path)} />;
  }

  const view = role.value === 'display' ? 'display' : viewOf(props.path ?? loc.value.path);
  if (view === 'display') return <Display />;

  const pob = floor.value?.pob;
  return (
    <div className="op-root">
      <header className="op-header">
        <h1>{pob?.name ?? me.value?.pob_name ?? t('operator.title')}</h1>
        {pob && <StateBadge />}
        <span className="op-live">{feed.value === 'stream' ? t('operator.live.stream') : t('operator.live.polling')}</span>
        <nav className="op-tabs" aria-label={t('operator.tabs.label')}>
          {TABS.filter((tab) => canAct.value || tab.view !== 'devices').map((tab) => (
            <a key={tab.view} href={tab.href} aria-current={tab.view === view ? 'page' : undefined}>
              {t(tab.label)}
            </a>
          ))}
        </nav>
      </header>
      <div className="op-notice-region" role="status" aria-live="polite">
        {notice.value && <p className={`op-notice ${notice.value.kind}`}>{notice.value.text}</p>}
      </div>
      {view === 'floor' && <FloorView />}
      {view === 'stats' && <Figures />}
      {view === 'shifts' && <ShiftPlanView />}
      {view === 'devices' && <Devices />}
    </div>
  );
}
