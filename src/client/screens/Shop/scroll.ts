/**
 * The shop page's scroll behaviour, DOM side: the fixed header pins once the
 * header image has scrolled away, the chip of the group in view lights up (scroll spy), and a chip tap
 * brings its group under the sticky chips. The state they drive lives in state/shop-page.ts.
 */
import { useEffect, type RefObject } from 'react';
import { HEADER_HEIGHT } from '../../../shared/constants.ts';
import { headerPinned, holdGroup, imageHeight, spyGroup } from '../../state/shop-page.ts';

/** Pins the fixed header while the page is scrolled past the header image; unpinned on leaving a shop. */
export function usePinnedHeader(shopKey: string | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: shopKey is the trigger: another shop resets the pin and measures again.
  useEffect(() => {
    const update = () => {
      headerPinned.value = window.scrollY > imageHeight.peek() - HEADER_HEIGHT;
    };
    update();
    addEventListener('scroll', update, { passive: true });
    return () => {
      removeEventListener('scroll', update);
      headerPinned.value = false;
    };
  }, [shopKey]);
}

/**
 * Scroll spy: the first group (in page order) crossing the band between the sticky chips (`topOffset` px)
 * and the middle of the screen is the one in view. `key` changes when the groups do.
 */
export function useGroupSpy(root: RefObject<HTMLElement | null>, topOffset: number, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger: new groups are new sections to observe.
  useEffect(() => {
    const el = root.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const inBand = new Set<Element>();
    const sections = [...el.querySelectorAll<HTMLElement>('[data-group-id]')];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) inBand.add(e.target);
          else inBand.delete(e.target);
        }
        const first = sections.find((s) => inBand.has(s));
        if (first) spyGroup(Number(first.dataset.groupId));
      },
      { rootMargin: `-${topOffset}px 0px -50% 0px` },
    );
    for (const s of sections) observer.observe(s);
    return () => observer.disconnect();
  }, [root, topOffset, key]);
}

/** A chip tap: highlight it and bring its group under the sticky chips, moving focus there for keyboards. */
export function scrollToGroup(id: number) {
  holdGroup(id);
  const target = document.getElementById(`group-${id}`);
  if (!target) return;
  const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
