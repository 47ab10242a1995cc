/**
 * Periodic refresh that pauses while the page is hidden and runs at once when it is shown again. Returns the
 * function that stops it.
 */
export function poll(run: () => unknown, everyMs: number, opts: { immediate?: boolean } = {}): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const start = () => {
    clearInterval(timer);
    timer = setInterval(() => void run(), everyMs);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') clearInterval(timer);
    else {
      void run();
      start();
    }
  };
  if (opts.immediate) void run();
  if (document.visibilityState !== 'hidden') start();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
