/**
 * The picture a barber is shown with, the same in shop queues, barber pages and the console: the avatar when it is
 * switched on and there; otherwise the photo when the avatar is off and the photo is there; else none. A switched-on
 * avatar that is missing shows nothing: the photo is not a fallback for it.
 */

export interface BarberPictures {
  avatar: string | null;
  avatarActive: boolean;
  image: string | null;
  /** The wire's has_avatar; without it a non-empty avatar is there. */
  hasAvatar?: boolean;
  /** The wire's has_image; without it a non-empty image is there. */
  hasImage?: boolean;
}

export function barberImage(p: BarberPictures): string | null {
  if (p.avatarActive) return p.hasAvatar !== false && p.avatar ? p.avatar : null;
  return p.hasImage !== false && p.image ? p.image : null;
}
