/**
 * A shorter queue nearby on tracking (state/tracking/nearby-tracking.ts): the offer's line with "Move my place", the
 * confirm that says what moving does, and, when a move is refused, why, with the current order kept.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { NearbyOffer } from '../../components/NearbyOffer.tsx';
import type { TrackedOrder } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { offer } from '../../state/nearby.ts';
import { askMove, cancelMove, confirmMove, enterNearbyTracking, moveError, moveStatus } from '../../state/tracking/nearby-tracking.ts';

export function Nearby({ order: o }: { order: TrackedOrder }) {
  useSignals();
  useEffect(() => enterNearbyTracking(), []);
  const shown = offer.value;
  const status = moveStatus.value;
  const error = moveError.value;
  if (!shown && !error) return null;
  return (
    <div className="tracking-nearby section">
      <NearbyOffer hereName={o.shop.name} takeLabel={t('nearby.move')} onTake={askMove} busy={status === 'pending'} />
      {error && (
        <p className="nearby-move-error" role="alert">
          {error}
        </p>
      )}
      {shown && status !== 'idle' && (
        <ConfirmDialog
          className="nearby-move-dialog"
          title={t('nearby.moveTitle', { name: shown.candidate.shop.name })}
          description={t('nearby.moveText', { here: o.shop.name, name: shown.candidate.shop.name })}
          cancelLabel={t('nearby.moveCancel')}
          confirmLabel={t('nearby.moveConfirm')}
          busy={status === 'pending'}
          busyLabel={t('nearby.movePending')}
          onCancel={cancelMove}
          onConfirm={() => void confirmMove()}
        />
      )}
    </div>
  );
}
