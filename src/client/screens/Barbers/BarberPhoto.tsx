/** A barber's photo that swaps to an initials image when there is none or when it fails to load. */
import { useState } from 'react';
import { initialsImage } from '../../lib/initials.ts';
import type { Barber } from '../../lib/types.ts';

/** `eager` for a photo at the top of a page: lazy loading would only delay what is already in view. */
export function BarberPhoto({
  barber,
  alt,
  className,
  size,
  eager = false,
}: {
  barber: Pick<Barber, 'firstname' | 'lastname' | 'image'>;
  alt: string;
  className: string;
  size: number;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const fallback = initialsImage(barber.firstname, barber.lastname);
  // Remember which URL failed, so a new photo after a refresh gets its own chance.
  const src = !barber.image || failed === barber.image ? fallback : barber.image;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => barber.image && setFailed(barber.image)}
    />
  );
}
