/**
 * The demo's barbers: local first and last names per country, a one-sentence description, a mix of photos,
 * avatars and neither, and a learned speed. Most have a home shop; a few float between shops of a country.
 */
import type { Rng } from '../demo/random.ts';
import { SHOPS, type Country } from './shops.ts';
import type { BarberRow } from '../repos/employees.ts';

export const FIRST: Record<Country, string[]> = {
  FI: [
    'Mikko',
    'Jussi',
    'Antti',
    'Ville',
    'Janne',
    'Teemu',
    'Aleksi',
    'Sami',
    'Juha',
    'Eero',
    'Oskari',
    'Lauri',
    'Tuomas',
    'Niko',
    'Joonas',
    'Elias',
    'Aino',
    'Emma',
    'Veera',
    'Iida',
    'Onni',
    'Kalle',
    'Matias',
    'Riku',
    'Petri',
    'Heikki',
  ],
  EE: ['Kristjan', 'Rasmus', 'Martin', 'Karl', 'Siim', 'Marko', 'Kaspar', 'Mart', 'Liis', 'Kadri'],
  NO: ['Lars', 'Ole', 'Magnus', 'Henrik', 'Sindre', 'Eirik', 'Ingrid', 'Sigrid', 'Håkon', 'Torbjørn'],
  DK: ['Mads', 'Rasmus', 'Frederik', 'Søren', 'Mikkel', 'Jonas', 'Freja', 'Ida', 'Anders', 'Kasper'],
  SE: ['Erik', 'Johan', 'Oscar', 'Gustav', 'Axel', 'Emil', 'Linnea', 'Elsa', 'Viktor', 'Anton', 'Björn', 'Nils'],
};

export const LAST: Record<Country, string[]> = {
  FI: [
    'Virtanen',
    'Korhonen',
    'Mäkinen',
    'Nieminen',
    'Mäkelä',
    'Hämäläinen',
    'Laine',
    'Heikkinen',
    'Koskinen',
    'Järvinen',
    'Lehtonen',
    'Saarinen',
    'Salminen',
    'Heinonen',
    'Niemi',
    'Kinnunen',
    'Salonen',
    'Turunen',
    'Laitinen',
    'Rantanen',
    'Karjalainen',
    'Jokinen',
  ],
  EE: ['Tamm', 'Saar', 'Sepp', 'Mägi', 'Kask', 'Kukk', 'Rebane', 'Ilves', 'Pärn', 'Koppel'],
  NO: ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Berg', 'Haugen', 'Bakken', 'Dahl', 'Solberg'],
  DK: ['Nielsen', 'Jensen', 'Pedersen', 'Kristensen', 'Møller', 'Rasmussen', 'Poulsen', 'Madsen', 'Thomsen', 'Christiansen'],
  SE: [
    'Andersson',
    'Johansson',
    'Karlsson',
    'Nilsson',
    'Eriksson',
    'Larsson',
    'Olsson',
    'Persson',
    'Svensson',
    'Lindqvist',
    'Berglund',
    'Holm',
  ],
};

const SPECIALITIES = [
  'is at home with skin fades and razor-sharp line-ups',
  'has cut hair for over a decade and still loves a classic scissor cut',
  'shapes beards with the patience of a sculptor',
  'is the calm pair of hands kids ask for by name',
  'brings a straight razor and a story to every hot towel shave',
  'moved from competition barbering to everyday perfection',
  'likes textured crops and low-maintenance styles',
  'trained in London and is never far from the clippers',
  'turns long hair into clean, easy shapes',
  'can blend grey so nobody notices a thing',
  'keeps the chair chatty and the fades tight',
  'has a soft spot for pompadours and slick-backs',
  'works fast without ever looking rushed',
  'is the one to ask about beard care at home',
  'started as an apprentice here and now trains new barbers',
  'does precise buzz cuts and sharp neck lines',
];

/** Local demo images under public/images/barbers/ (1…16). */
export const BARBER_IMAGES = 16;

export interface SeedBarber extends BarberRow {
  country: Country;
  /** Floating barbers: the shops they rotate through, day by day. */
  floatsAt?: number[];
}

/** Photos, avatars and neither in a fixed rhythm, so every combination the client handles appears. */
function pictures(k: number): Pick<SeedBarber, 'image' | 'avatar' | 'avatarActive'> {
  const url = `/images/barbers/${(k % BARBER_IMAGES) + 1}.svg`;
  switch (k % 6) {
    case 3:
      return { image: `/images/barbers/${((k + 7) % BARBER_IMAGES) + 1}.svg`, avatar: url, avatarActive: true };
    case 4:
      return { image: null, avatar: url, avatarActive: true };
    case 5:
      return { image: null, avatar: null, avatarActive: false };
    default:
      return { image: url, avatar: null, avatarActive: false };
  }
}

// Floaters cover for colleagues across a country; the first shop of each list is where they work today.
const FLOATERS: { country: Country; floatsAt: number[] }[] = [
  { country: 'FI', floatsAt: [6, 1, 8, 2, 5, 3, 9] },
  { country: 'FI', floatsAt: [7, 4, 6, 1, 3, 8, 2] },
  { country: 'SE', floatsAt: [22, 21, 24, 23, 22, 21, 24] },
  { country: 'NO', floatsAt: [17, 15, 16, 17, 15, 16, 17] },
];

export function buildBarbers(r: Rng): SeedBarber[] {
  const used = new Set<string>();
  const out: SeedBarber[] = [];
  const make = (country: Country, rest: Pick<SeedBarber, 'homeShopId' | 'hidden' | 'status'> & { floatsAt?: number[] }) => {
    let firstname: string, lastname: string;
    // Distinct full names within the chain, so search results and tests never confuse two barbers.
    do {
      firstname = r.pick(FIRST[country]);
      lastname = r.pick(LAST[country]);
    } while (used.has(`${firstname} ${lastname}`));
    used.add(`${firstname} ${lastname}`);
    const k = out.length;
    out.push({
      id: k + 1,
      country,
      firstname,
      lastname,
      description: `${firstname} ${SPECIALITIES[k % SPECIALITIES.length]}.`,
      ...pictures(k),
      speed: Math.round((0.85 + r.next() * 0.4) * 100) / 100,
      ...rest,
    });
  };
  for (const shop of SHOPS) {
    for (let i = 0; i < shop.staff; i++) make(shop.country, { homeShopId: shop.id, hidden: Boolean(shop.isTest), status: 'active' });
  }
  for (const f of FLOATERS) make(f.country, { homeShopId: null, hidden: false, status: 'active', floatsAt: f.floatsAt });
  // On parental leave: listed, but without shifts.
  make('FI', { homeShopId: 8, hidden: false, status: 'inactive' });
  return out;
}
