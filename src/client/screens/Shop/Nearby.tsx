/**
 * The shorter queue nearby on the shop page (state/nearby-shop.ts): a chunk of its own, loaded with the order bar,
 * which shows once a service is picked; nothing of it is needed before the first tap.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { NearbyOffer } from '../../components/NearbyOffer.tsx';
import { t } from '../../state/i18n.ts';
import { offer } from '../../state/nearby.ts';
import { enterNearbyShop, goThere } from '../../state/nearby-shop.ts';

/** The offer on top of the order bar; an offer is watched for while this is mounted (services picked). */
export default function Nearby({ hereName }: { hereName: string }) {
  useEffect(() => enterNearbyShop(), []);
  return <NearbyOffer hereName={hereName} takeLabel={t('nearby.go')} onTake={goThere} />;
}

/** The room an offer takes above the bar, beside the bar's own spacer. */
export function OfferSpacer() {
  useSignals();
  return offer.value ? <div className="order-bar-spacer-offer" aria-hidden="true" /> : null;
}
