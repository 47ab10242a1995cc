/** The shop's paired devices: new pairing codes for a console or a display, the list, revoking. */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { locale, t } from '../../state/i18n.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import type { Device, DeviceRole, PairingCode } from '../../lib/operator.ts';
import { device, pobId } from '../../state/console/operator.ts';
import { consoleActions as ops } from '../../state/console/actions.ts';

const when = (iso: string) => `${formatDate(iso, locale.value)} ${formatTime(iso, locale.value)}`;

export function Devices() {
  useSignals();
  const [list, setList] = useState<Device[] | null>(null);
  const [code, setCode] = useState<PairingCode | null>(null);
  const [revoking, setRevoking] = useState<Device | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const got = await ops.devices();
    if (got) setList(got);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per shop.
  useEffect(() => {
    void load();
  }, [pobId.value]);

  const newCode = async (role: DeviceRole) => {
    const got = await ops.code(role);
    if (got) setCode(got);
  };

  return (
    <div className="op-main single">
      <section className="op-panel" aria-labelledby="op-pair-title">
        <h2 id="op-pair-title">{t('operator.devices.pairTitle')}</h2>
        <p className="muted">{t('operator.devices.pairIntro')}</p>
        <div className="op-toolbar">
          <button type="button" className="button primary" onClick={() => void newCode('console')}>
            {t('operator.devices.codeConsole')}
          </button>
          <button type="button" className="button" onClick={() => void newCode('display')}>
            {t('operator.devices.codeDisplay')}
          </button>
        </div>
        <div role="status">
          {code && (
            <>
              <p className="op-code">{code.code}</p>
              <p>
                {t('operator.devices.codeFor', {
                  role: t(`operator.devices.role.${code.role}`),
                  time: formatTime(code.expires_at, locale.value),
                })}
              </p>
            </>
          )}
        </div>
      </section>
      <section className="op-panel" aria-labelledby="op-devices-title">
        <h2 id="op-devices-title">{t('operator.devices.title')}</h2>
        {list?.length === 0 && <p className="op-empty">{t('operator.devices.none')}</p>}
        <ul className="op-list">
          {(list ?? []).map((d) => (
            <li key={d.id} className="op-card" data-device={d.id}>
              <h3>
                {d.name}
                <span className="op-tag">{t(`operator.devices.role.${d.role}`)}</span>
                {d.id === device.value?.device_id && <span className="op-tag in">{t('operator.devices.this')}</span>}
              </h3>
              <p className="op-meta">
                <span>{t('operator.devices.paired', { time: when(d.created_at) })}</span>
                <span>{d.last_seen_at ? t('operator.devices.seen', { time: when(d.last_seen_at) }) : t('operator.devices.neverSeen')}</span>
                {d.revoked_at && <span>{t('operator.devices.revoked', { time: when(d.revoked_at) })}</span>}
              </p>
              {!d.revoked_at && (
                <div className="op-actions">
                  <button type="button" className="button" onClick={() => setRevoking(d)}>
                    {t('operator.devices.revoke')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      {revoking && (
        <ConfirmDialog
          danger
          title={t('operator.devices.revokeTitle', { name: revoking.name })}
          description={t(revoking.id === device.value?.device_id ? 'operator.devices.revokeSelf' : 'operator.devices.revokeText')}
          cancelLabel={t('operator.confirm.cancel')}
          confirmLabel={t('operator.devices.revoke')}
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={async () => {
            setBusy(true);
            const ok = await ops.revoke(revoking.id, t('operator.done.revoked', { name: revoking.name }));
            setBusy(false);
            setRevoking(null);
            if (ok) await load();
          }}
        />
      )}
    </div>
  );
}
