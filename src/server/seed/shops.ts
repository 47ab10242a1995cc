/**
 * The demo chain's shops: real street addresses with their approximate coordinates, weekly hours, chairs,
 * staff size, and how busy each one is when the demo starts (so waits differ from shop to shop).
 */

export type Country = 'FI' | 'EE' | 'NO' | 'DK' | 'SE';

export const TIMEZONES: Record<Country, string> = {
  FI: 'Europe/Helsinki',
  EE: 'Europe/Tallinn',
  NO: 'Europe/Oslo',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
};

/** Opening and closing "HH:MM" per ISO weekday (index 0 = Monday); null = closed that day. */
export type Week = ([string, string] | null)[];

const wk = (weekdays: [string, string], sat: [string, string] | null, sun: [string, string] | null): Week => [weekdays, weekdays, weekdays, weekdays, weekdays, sat, sun];

export const HOURS = {
  mall: wk(['10:00', '21:00'], ['10:00', '18:00'], ['12:00', '18:00']),
  street: wk(['09:00', '20:00'], ['10:00', '18:00'], null),
  sunday: wk(['09:00', '20:00'], ['10:00', '18:00'], ['12:00', '17:00']),
  late: wk(['10:00', '23:00'], ['10:00', '23:00'], ['12:00', '20:00']),
  // One shop per country never closes, so the demo has a live queue at whatever hour it is started.
  allDay: wk(['00:00', '24:00'], ['00:00', '24:00'], ['00:00', '24:00']),
  small: wk(['10:00', '18:00'], ['10:00', '16:00'], null),
  test: wk(['07:00', '23:00'], ['07:00', '23:00'], ['07:00', '23:00']),
} satisfies Record<string, Week>;

/**
 * How busy a shop is at seeding time. idle: no one waits (wait 0); light: every barber finishing within
 * minutes; busy: about half an hour; packed: over an hour; steady: a little of everything.
 */
export type Load = 'idle' | 'light' | 'busy' | 'packed' | 'steady';

export interface SeedShop {
  id: number;
  country: Country;
  name: string;
  city: string;
  address: string;
  floor?: string;
  lat: number;
  lng: number;
  chairs: number;
  /** Barbers whose home shop this is. */
  staff: number;
  hours: Week;
  load: Load;
  /** The operator has switched the queue to full. */
  full?: boolean;
  /** Closed on the seeding day whatever its weekday, so the demo always shows a closed shop. */
  closedToday?: boolean;
  image?: string;
  notices?: string[];
  isTest?: boolean;
}

export const SHOPS: SeedShop[] = [
  // Finland
  {
    id: 1,
    country: 'FI',
    name: 'Kamppi',
    city: 'Helsinki',
    address: 'Urho Kekkosen katu 1, 00100 Helsinki',
    floor: '2nd floor',
    lat: 60.1692,
    lng: 24.932,
    chairs: 6,
    staff: 4,
    hours: HOURS.mall,
    load: 'busy',
    image: '/images/shops/3.svg',
    notices: ['Entrance from the Narinkkatori side on Sundays.'],
  },
  {
    id: 2,
    country: 'FI',
    name: 'Kallio',
    city: 'Helsinki',
    address: 'Hämeentie 13, 00530 Helsinki',
    lat: 60.1806,
    lng: 24.9527,
    chairs: 4,
    staff: 3,
    hours: HOURS.allDay,
    load: 'idle',
    notices: ['Open around the clock, every day of the week.'],
  },
  {
    id: 3,
    country: 'FI',
    name: 'Itäkeskus',
    city: 'Helsinki',
    address: 'Itäkatu 1, 00930 Helsinki',
    floor: '1st floor',
    lat: 60.2104,
    lng: 25.0815,
    chairs: 5,
    staff: 3,
    hours: HOURS.mall,
    load: 'packed',
  },
  {
    id: 4,
    country: 'FI',
    name: 'Tripla',
    city: 'Helsinki',
    address: 'Fredikanterassi 1, 00520 Helsinki',
    floor: '1st floor',
    lat: 60.1985,
    lng: 24.933,
    chairs: 8,
    staff: 4,
    hours: HOURS.mall,
    load: 'busy',
    full: true,
    notices: ['The queue is full for today. Welcome back tomorrow!'],
  },
  { id: 5, country: 'FI', name: 'Punavuori', city: 'Helsinki', address: 'Bulevardi 24, 00120 Helsinki', lat: 60.1648, lng: 24.937, chairs: 3, staff: 2, hours: HOURS.street, load: 'light' },
  {
    id: 6,
    country: 'FI',
    name: 'Iso Omena',
    city: 'Espoo',
    address: 'Piispansilta 11, 02230 Espoo',
    floor: '2nd floor',
    lat: 60.1615,
    lng: 24.738,
    chairs: 5,
    staff: 3,
    hours: HOURS.mall,
    load: 'steady',
    image: '/images/shops/7.svg',
  },
  { id: 7, country: 'FI', name: 'Tikkurila', city: 'Vantaa', address: 'Ratatie 11, 01300 Vantaa', lat: 60.2923, lng: 25.0442, chairs: 4, staff: 3, hours: HOURS.mall, load: 'steady' },
  { id: 8, country: 'FI', name: 'Hämeenkatu', city: 'Tampere', address: 'Hämeenkatu 10, 33100 Tampere', lat: 61.4985, lng: 23.768, chairs: 4, staff: 3, hours: HOURS.sunday, load: 'busy' },
  { id: 9, country: 'FI', name: 'Yliopistonkatu', city: 'Turku', address: 'Yliopistonkatu 22, 20100 Turku', lat: 60.4517, lng: 22.267, chairs: 3, staff: 2, hours: HOURS.street, load: 'light' },
  {
    id: 10,
    country: 'FI',
    name: 'Isokatu',
    city: 'Oulu',
    address: 'Isokatu 24, 90100 Oulu',
    lat: 65.0128,
    lng: 25.471,
    chairs: 2,
    staff: 2,
    hours: HOURS.sunday,
    load: 'steady',
    closedToday: true,
    notices: ['Closed today for renovation.'],
  },
  { id: 11, country: 'FI', name: 'Kauppakatu', city: 'Jyväskylä', address: 'Kauppakatu 19, 40100 Jyväskylä', lat: 62.2416, lng: 25.747, chairs: 1, staff: 1, hours: HOURS.small, load: 'idle' },
  // Estonia
  {
    id: 12,
    country: 'EE',
    name: 'Viru Keskus',
    city: 'Tallinn',
    address: 'Viru väljak 4, 10111 Tallinn',
    floor: '3rd floor',
    lat: 59.4365,
    lng: 24.7553,
    chairs: 4,
    staff: 3,
    hours: HOURS.mall,
    load: 'packed',
  },
  { id: 13, country: 'EE', name: 'Telliskivi', city: 'Tallinn', address: 'Telliskivi 60a, 10412 Tallinn', lat: 59.4401, lng: 24.729, chairs: 3, staff: 3, hours: HOURS.allDay, load: 'light' },
  { id: 14, country: 'EE', name: 'Kaubamaja', city: 'Tartu', address: 'Riia 1, 51004 Tartu', lat: 58.3778, lng: 26.7283, chairs: 3, staff: 2, hours: HOURS.sunday, load: 'steady' },
  // Norway
  { id: 15, country: 'NO', name: 'Karl Johan', city: 'Oslo', address: 'Karl Johans gate 16, 0154 Oslo', lat: 59.9117, lng: 10.7468, chairs: 4, staff: 3, hours: HOURS.sunday, load: 'busy' },
  { id: 16, country: 'NO', name: 'Grünerløkka', city: 'Oslo', address: 'Thorvald Meyers gate 55, 0552 Oslo', lat: 59.9234, lng: 10.7591, chairs: 3, staff: 3, hours: HOURS.allDay, load: 'steady' },
  { id: 17, country: 'NO', name: 'Torgallmenningen', city: 'Bergen', address: 'Torgallmenningen 8, 5014 Bergen', lat: 60.3925, lng: 5.324, chairs: 3, staff: 2, hours: HOURS.street, load: 'steady' },
  // Denmark
  {
    id: 18,
    country: 'DK',
    name: 'Strøget',
    city: 'København',
    address: 'Frederiksberggade 24, 1459 København K',
    lat: 55.6777,
    lng: 12.5718,
    chairs: 5,
    staff: 3,
    hours: HOURS.sunday,
    load: 'packed',
  },
  { id: 19, country: 'DK', name: 'Nørrebro', city: 'København', address: 'Nørrebrogade 50, 2200 København N', lat: 55.6895, lng: 12.556, chairs: 3, staff: 3, hours: HOURS.allDay, load: 'light' },
  { id: 20, country: 'DK', name: 'Søndergade', city: 'Aarhus', address: 'Søndergade 43, 8000 Aarhus C', lat: 56.1535, lng: 10.2075, chairs: 3, staff: 2, hours: HOURS.street, load: 'steady' },
  // Sweden
  {
    id: 21,
    country: 'SE',
    name: 'Drottninggatan',
    city: 'Stockholm',
    address: 'Drottninggatan 53, 111 21 Stockholm',
    lat: 59.3343,
    lng: 18.0622,
    chairs: 6,
    staff: 3,
    hours: HOURS.sunday,
    load: 'busy',
  },
  {
    id: 22,
    country: 'SE',
    name: 'Södermalm',
    city: 'Stockholm',
    address: 'Götgatan 36, 118 26 Stockholm',
    lat: 59.316,
    lng: 18.0725,
    chairs: 4,
    staff: 3,
    hours: HOURS.allDay,
    load: 'busy',
    image: '/images/shops/10.svg',
  },
  { id: 23, country: 'SE', name: 'Kungsgatan', city: 'Göteborg', address: 'Kungsgatan 42, 411 19 Göteborg', lat: 57.705, lng: 11.9645, chairs: 3, staff: 2, hours: HOURS.street, load: 'idle' },
  {
    id: 24,
    country: 'SE',
    name: 'Södra Förstadsgatan',
    city: 'Malmö',
    address: 'Södra Förstadsgatan 20, 211 43 Malmö',
    lat: 55.5985,
    lng: 13.001,
    chairs: 3,
    staff: 2,
    hours: HOURS.street,
    load: 'light',
  },
  // Test shops: visible in development mode (or with ?dev=1) only.
  {
    id: 25,
    country: 'FI',
    name: 'TEST Helsinki Lab',
    city: 'Helsinki',
    address: 'Testikatu 1, 00100 Helsinki',
    lat: 60.17,
    lng: 24.94,
    chairs: 2,
    staff: 1,
    hours: HOURS.test,
    load: 'steady',
    isTest: true,
  },
  {
    id: 26,
    country: 'SE',
    name: 'TEST Stockholm Sandbox',
    city: 'Stockholm',
    address: 'Testgatan 1, 111 21 Stockholm',
    lat: 59.33,
    lng: 18.06,
    chairs: 2,
    staff: 1,
    hours: HOURS.test,
    load: 'idle',
    isTest: true,
  },
];
