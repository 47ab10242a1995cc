/**
 * The top of the shop page: the header image (its height reserved, so nothing shifts when it loads), the
 * back button over it, the fixed 75 px header that appears once the image has scrolled away, and the
 * once-per-session header notice.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { fallbackShopImage } from '../../lib/images.ts';
import { back } from '../../router/history.ts';
import { t } from '../../state/i18n.ts';
import { HEADER_IMAGE_HEIGHTS } from '../../../shared/constants.ts';
import { headerNoticeOpen, headerPinned } from '../../state/shop-page.ts';

export function BackButton() {
  useSignals();
  return (
    <button type="button" className="icon-button shop-back" onClick={() => back('/home')} aria-label={t('shop.back')}>
      <Icon name="back" />
    </button>
  );
}

export function HeaderImage({ id, image, name }: { id: number; image: string | false; name: string }) {
  useSignals();
  // A broken photo falls back to the shop's stock image instead of an empty box.
  const [failed, setFailed] = useState(false);
  const src = image && !failed ? image : fallbackShopImage(id);
  return (
    // Its height follows the window's in CSS (style.css), so the server's markup and the browser's agree.
    <div className="shop-hero">
      <img
        className="shop-hero-img"
        src={src}
        alt={t('shop.imageAlt', { name })}
        width={390}
        height={HEADER_IMAGE_HEIGHTS[0].height}
        onError={() => setFailed(true)}
      />
      {/* The live region stays mounted so the notice is announced when it appears. */}
      <div className="shop-header-notice-region" role="status">
        {headerNoticeOpen.value && (
          <div className="shop-header-notice">
            <Icon name="info" size={20} />
            <div>
              <strong>{t('shop.headerNotice.title')}</strong>
              <p>{t('shop.headerNotice.text')}</p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** A visual repeat of the name while scrolled; screen readers already have the h1. */
export function FixedHeader({ name }: { name: string }) {
  useSignals();
  return (
    <div className={headerPinned.value ? 'shop-fixed-header shown' : 'shop-fixed-header'} aria-hidden="true">
      <span className="shop-fixed-name">{name}</span>
    </div>
  );
}
