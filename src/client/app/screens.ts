/** Each screen is its own chunk; the first route's chunk is preloaded by index.html. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName, ScreenProps } from '../router/routes.ts';
// The first route's screens ship inside the entry chunk: one file to download instead of a dozen shared chunks.
import Gate from '../screens/Gate/index.tsx';
import Home from '../screens/Home/index.tsx';

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export const loaders: Record<ScreenName, Loader> = {
  Gate: () => Promise.resolve({ default: Gate }),
  Home: () => Promise.resolve({ default: Home }),
  Shop: () => import('../screens/Shop/index.tsx'),
  Barbers: () => import('../screens/Barbers/index.tsx'),
  Barber: () => import('../screens/Barber/index.tsx'),
  Login: () => import('../screens/Login/index.tsx'),
  Register: () => import('../screens/Register/index.tsx'),
  Recovery: () => import('../screens/Recovery/index.tsx'),
  Welcome: () => import('../screens/Welcome/index.tsx'),
  Language: () => import('../screens/Language/index.tsx'),
  Tracking: () => import('../screens/Tracking/index.tsx'),
  Receipt: () => import('../screens/Receipt/index.tsx'),
  Bonus: () => import('../screens/Bonus/index.tsx'),
  Profile: () => import('../screens/Profile/index.tsx'),
  Messages: () => import('../screens/Messages/index.tsx'),
  Name: () => import('../screens/Name/index.tsx'),
  Email: () => import('../screens/Email/index.tsx'),
  EmailPermission: () => import('../screens/EmailPermission/index.tsx'),
  Credits: () => import('../screens/Credits/index.tsx'),
  Password: () => import('../screens/Password/index.tsx'),
  Notifications: () => import('../screens/Notifications/index.tsx'),
  History: () => import('../screens/History/index.tsx'),
  Phone: () => import('../screens/Phone/index.tsx'),
  AccountData: () => import('../screens/AccountData/index.tsx'),
  Info: () => import('../screens/Info/index.tsx'),
  Help: () => import('../screens/Help/index.tsx'),
  CheckIn: () => import('../screens/CheckIn/index.tsx'),
  NotFound: () => import('../screens/NotFound/index.tsx'),
};

const cache = new Map<ScreenName, LazyExoticComponent<ComponentType<ScreenProps>>>();
/** Screens whose chunk is already here: rendered as they are, without suspending (hydration, the server). */
const loaded = new Map<ScreenName, ComponentType<ScreenProps>>();

/** Loads a screen's chunk so that it renders without suspending. */
export async function loadScreen(name: ScreenName): Promise<void> {
  loaded.set(name, (await loaders[name]()).default);
}

export function screen(name: ScreenName): ComponentType<ScreenProps> {
  const ready = loaded.get(name);
  if (ready) return ready;
  let c = cache.get(name);
  if (!c) {
    c = lazy(loaders[name]);
    cache.set(name, c);
  }
  return c;
}
