/**
 * A page the server rendered can be typed into before the app takes it over; the input keeps what was typed but
 * the state never heard of it. Once mounted, the state takes what the control holds (a no-op for a control the app
 * rendered itself).
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useTypedEarly<T>(read: (el: HTMLInputElement) => T, current: T, take: (v: T) => void): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement>(null);
  // Once, on mount: later differences are the app's own doing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only
  useEffect(() => {
    const el = ref.current;
    if (el && read(el) !== current) take(read(el));
  }, []);
  return ref;
}
