/** How a barber is shown by name and picture, the same in shop queues and barber pages. */

export interface BarberLook {
  firstname: string;
  lastname: string;
  image: string | null;
  avatar: string | null;
  avatarActive: boolean;
}

/** The avatar when it is active and exists; otherwise the photo when the avatar is not active; else none. */
export function barberImage(b: Pick<BarberLook, 'image' | 'avatar' | 'avatarActive'>): string | null {
  if (b.avatarActive) return b.avatar || null;
  return b.image || null;
}
