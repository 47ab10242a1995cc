/**
 * A happy-dom environment for client tests (uvu's setup/reset/render/fire pattern): import this module
 * first, then `render(<X />)`, `fire.click(el)`, `await settle()`; call `cleanup()` after each test.
 */
import { Window } from 'happy-dom';

const win = new Window({ url: 'http://localhost:8080/', width: 390, height: 844 });
const g = globalThis as Record<string, unknown>;
for (const key of [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLButtonElement',
  'HTMLAnchorElement',
  'Element',
  'Node',
  'Event',
  'KeyboardEvent',
  'MouseEvent',
  'PopStateEvent',
  'CustomEvent',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'matchMedia',
  'innerHeight',
  'innerWidth',
  'scrollTo',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'MutationObserver',
  'ResizeObserver',
  'IntersectionObserver',
  'DocumentFragment',
  'SVGElement',
  'Image',
]) {
  const value = (win as unknown as Record<string, unknown>)[key];
  if (value === undefined) continue;
  try {
    g[key] = typeof value === 'function' && /^[a-z]/.test(key) ? (value as (...a: unknown[]) => unknown).bind(win) : value;
  } catch {
    Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  }
}
g.IS_REACT_ACT_ENVIRONMENT = true;

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
type Root = ReturnType<typeof createRoot>;

let root: Root | null = null;
let container: HTMLElement | null = null;

export { win };

/** Renders into a fresh container attached to the document. */
export async function render(node: Parameters<Root['render']>[0]): Promise<HTMLElement> {
  await cleanup();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root!.render(node));
  return container;
}

export async function cleanup() {
  if (root) await act(async () => root!.unmount());
  root = null;
  container?.remove();
  container = null;
}

/** Lets effects, microtasks and pending promises run (inside act so React flushes). */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

export const fire = {
  async click(el: Element | null) {
    if (!el) throw new Error('fire.click: no element');
    await act(async () => {
      (el as HTMLElement).click();
    });
  },
  async input(el: Element | null, value: string) {
    if (!el) throw new Error('fire.input: no element');
    await act(async () => {
      const input = el as HTMLInputElement;
      // React tracks the value property; set it the way a browser would, then announce the input.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
      if (setter) setter.call(input, value);
      else input.value = value;
      input.dispatchEvent(new win.Event('input', { bubbles: true }) as unknown as Event);
    });
  },
};

/** Text of the element with whitespace folded, for readable assertions. */
export const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

export { createElement };

/** Settles until `find` returns something (a lazily loaded chunk, a fetch), or fails after `timeout` ms. */
export async function waitFor<T>(find: () => T | null | undefined | false, timeout = 5000): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`waitFor: nothing after ${timeout} ms`);
    await settle(10);
  }
}
