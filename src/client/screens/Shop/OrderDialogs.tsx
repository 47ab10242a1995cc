/**
 * The order flow's dialogs over the shop page: the login form (logged out), the under-5-minutes confirm and the
 * review. A chunk of its own, loaded once the customer has picked a service (screens/Shop/OrderBar.tsx): none of it
 * is needed before the first tap, so a first visit's script stops at the page itself.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { LoginDialog } from '../../components/LoginDialog/index.tsx';
import type { ShopDetail } from '../../lib/types.ts';
import { t } from '../../state/i18n.ts';
import { cancelLowWait, closeLogin, confirmLowWait, dialog, loginSucceeded, status } from '../../state/order.ts';
import { ReviewModal } from './ReviewModal.tsx';

export default function OrderDialogs({ shop, onOpenMap }: { shop: ShopDetail; onOpenMap: () => void }) {
  useSignals();
  const open = dialog.value;
  return (
    <>
      {status.value === 'accepted' && <ReviewModal shop={shop} onOpenMap={onOpenMap} />}
      {open === 'low-wait' && (
        <ConfirmDialog
          className="low-wait-dialog"
          title={t('order.lowWait.title')}
          description={t('order.lowWait.text')}
          cancelLabel={t('order.lowWait.cancel')}
          confirmLabel={t('order.lowWait.confirm')}
          onCancel={cancelLowWait}
          onConfirm={confirmLowWait}
        />
      )}
      <LoginDialog open={open === 'login'} onClose={closeLogin} onSuccess={loginSucceeded} />
    </>
  );
}
