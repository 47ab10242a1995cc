/**
 * The entry gate at /: wait for the profile sync with a full-screen loader, then send the
 * customer on: active order → /tracking, stored recovery → /recovery, welcome not seen → /welcome,
 * else the home screen itself. Redirects keep the query string and slide right.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Loader } from '../../components/Loader.tsx';
import { redirect } from '../../router/history.ts';
import { gateTarget } from '../../state/gate.ts';
import Home from '../Home/index.tsx';
import type { ScreenProps } from '../../router/routes.ts';

export default function Gate(props: ScreenProps) {
  useSignals();
  const target = gateTarget.value;
  // the effect reads target (a signal's value taken at render), so it must re-run when target changes; biome wrongly calls it unnecessary.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (target && target !== 'home' && target !== 'wait') redirect(target);
  }, [target]);
  if (target === 'home') return <Home {...props} />;
  return <Loader fullScreen />;
}
