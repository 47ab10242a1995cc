/** Shop page imagery and labels (shop detail). */
import { FALLBACK_SHOP_IMAGES, HEADER_IMAGE_HEIGHTS, HEADER_IMAGE_MAX_HEIGHT } from '../../shared/constants.ts';

/** Shops without a photo cycle over the 12 fallback images by id. */
export function fallbackShopImage(id: number): string {
  const n = FALLBACK_SHOP_IMAGES;
  return `/images/shops/${((Math.trunc(id) % n) + n) % n}.svg`;
}

/** Header image height: 230 under a 768 px window, 250 under 900, else 325. */
export function headerImageHeight(windowHeight: number): number {
  for (const step of HEADER_IMAGE_HEIGHTS) if (windowHeight < step.below) return step.height;
  return HEADER_IMAGE_MAX_HEIGHT;
}

/** Chair count label: hidden for 0, singular for 1, plural otherwise. */
export function chairLabel(count: number): 'none' | 'one' | 'many' {
  if (!(count > 0)) return 'none';
  return count === 1 ? 'one' : 'many';
}
