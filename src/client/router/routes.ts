/** The route table. Screens are names; app/screens.ts maps each name to its lazy chunk. */
import type { RouteDef } from './match.ts';

/** What every screen gets: the path's parameters by name. */
export interface ScreenProps {
  params: Record<string, string>;
  /** The path the screen is shown for (the app's, which follows the location once the screen can render). */
  path?: string;
}

export type ScreenName =
  | 'Gate'
  | 'Home'
  | 'Shop'
  | 'Barbers'
  | 'Barber'
  | 'Login'
  | 'Register'
  | 'Recovery'
  | 'Welcome'
  | 'Language'
  | 'Tracking'
  | 'Receipt'
  | 'Bonus'
  | 'Profile'
  | 'Messages'
  | 'Name'
  | 'Email'
  | 'EmailPermission'
  | 'Credits'
  | 'Password'
  | 'Notifications'
  | 'History'
  | 'Phone'
  | 'AccountData'
  | 'Info'
  | 'Help'
  | 'CheckIn'
  | 'NotFound';

export const ROUTES: readonly RouteDef<ScreenName>[] = [
  { path: '/', screen: 'Gate' },
  { path: '/home', screen: 'Home' },
  { path: '/barbershop/:id', screen: 'Shop', prefix: true },
  { path: '/barbershop', screen: 'NotFound' },
  { path: '/barbers/:id', screen: 'Barber', prefix: true },
  { path: '/barber/:id', screen: 'Barber', prefix: true },
  { path: '/barbers', screen: 'Barbers' },
  { path: '/login', screen: 'Login' },
  { path: '/register', screen: 'Register' },
  { path: '/recovery', screen: 'Recovery' },
  { path: '/welcome', screen: 'Welcome' },
  { path: '/profile/language', screen: 'Language' },
  // Information, help and check-in. Check-in is public: a logged-out customer logs in there and is then checked in.
  { path: '/info', screen: 'Info' },
  { path: '/help', screen: 'Help' },
  { path: '/checkin/:shopId', screen: 'CheckIn' },
  { path: '/tracking', screen: 'Tracking', auth: true },
  { path: '/receipt', screen: 'Receipt', auth: true },
  { path: '/bonus', screen: 'Bonus', auth: true },
  { path: '/profile', screen: 'Profile', auth: true },
  { path: '/profile/messages', screen: 'Messages', auth: true },
  { path: '/profile/name', screen: 'Name', auth: true },
  { path: '/profile/email', screen: 'Email', auth: true },
  { path: '/profile/email-permission', screen: 'EmailPermission', auth: true },
  { path: '/profile/credits', screen: 'Credits', auth: true },
  { path: '/profile/password', screen: 'Password', auth: true },
  { path: '/profile/notifications', screen: 'Notifications', auth: true },
  { path: '/profile/history', screen: 'History', auth: true },
  // The change-phone screen had no route of its own; this one sits beside the other profile sub-screens.
  { path: '/profile/phone', screen: 'Phone', auth: true },
  { path: '/profile/data', screen: 'AccountData', auth: true },
  // /barbershop is also the catch-all for unknown paths; it shows the 404 page.
  { path: '*', screen: 'NotFound' },
];
