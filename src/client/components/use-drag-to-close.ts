/**
 * Drag a bottom sheet down to close it, with pointer events so touch and mouse both work. The
 * sheet follows the finger; let go past a third of 60 % of the window height and it closes, else it snaps back.
 * The drag starts on the sheet's handle or heading only, so scrolling the sheet's content still scrolls.
 */
import { useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { dragCloses } from '../lib/drawer.ts';

export function useDragToClose(box: RefObject<HTMLElement | null>, onClose: () => void) {
  const start = useRef<{ id: number; y: number } | null>(null);
  const move = (dy: number) => {
    if (box.current) box.current.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };
  return {
    onPointerDown(e: ReactPointerEvent<HTMLElement>) {
      // Buttons in the heading (close) keep their click.
      if ((e.target as Element).closest('button, a, input') || (e.pointerType === 'mouse' && e.button !== 0)) return;
      start.current = { id: e.pointerId, y: e.clientY };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: ReactPointerEvent<HTMLElement>) {
      if (start.current?.id === e.pointerId) move(e.clientY - start.current.y);
    },
    onPointerUp(e: ReactPointerEvent<HTMLElement>) {
      const s = start.current;
      if (s?.id !== e.pointerId) return;
      start.current = null;
      move(0);
      if (dragCloses(e.clientY - s.y, window.innerHeight)) onClose();
    },
    onPointerCancel() {
      start.current = null;
      move(0);
    },
  };
}
