/**
 * The menu every shop offers: service groups, services and their extras. Prices are written in euro cents and
 * scaled to the shop's currency (crowns at 10 kr per euro keeps NOK, SEK and DKK prices round and plausible).
 */
import type { Country } from './shops.ts';

export interface GroupTemplate {
  key: string;
  title: string;
  description: string;
  /** Small shops leave the optional groups out. */
  optional?: boolean;
}

export interface ExtraTemplate {
  /**
   * The chain's catalogue key (a slug of the English title), the same in every shop: docs/decisions.md,
   * 'A shorter queue nearby: catalogue keys and moving'.
   */
  key: string;
  title: string;
  description: string;
  price: number; // EUR cents
  duration: number;
}

export interface ServiceTemplate {
  group: string;
  /** The chain's catalogue key, as ExtraTemplate's. */
  key: string;
  title: string;
  description: string;
  longDescription: string;
  price: number; // EUR cents
  duration: number;
  multiple?: boolean;
  extras: ExtraTemplate[];
}

export const GROUPS: GroupTemplate[] = [
  { key: 'hair', title: 'Haircuts', description: 'Cuts for every length and style.' },
  { key: 'beard', title: 'Beard', description: 'Trims, shapes and classic shaves.' },
  { key: 'combo', title: 'Combos', description: 'Hair and beard in one visit.' },
  { key: 'kids', title: 'Kids', description: 'For our younger customers.' },
  { key: 'care', title: 'Colour & care', description: 'Grey blending and scalp care.', optional: true },
];

const wash: ExtraTemplate = { key: 'hair-wash', title: 'Hair wash', description: 'Shampoo and conditioner.', price: 500, duration: 5 };
const wax: ExtraTemplate = { key: 'styling-wax', title: 'Styling wax', description: 'Finished with a matte wax.', price: 300, duration: 0 };
const brows: ExtraTemplate = {
  key: 'eyebrow-trim',
  title: 'Eyebrow trim',
  description: 'Tidy brows with scissors and trimmer.',
  price: 500,
  duration: 5,
};
const towel: ExtraTemplate = {
  key: 'hot-towel',
  title: 'Hot towel',
  description: 'A hot towel to relax the skin.',
  price: 600,
  duration: 5,
};
const earWax: ExtraTemplate = {
  key: 'nose-ear-wax',
  title: 'Nose & ear wax',
  description: 'Quick waxing of nose and ears.',
  price: 800,
  duration: 10,
};
const oil: ExtraTemplate = {
  key: 'beard-oil',
  title: 'Beard oil',
  description: 'Conditioning oil for a soft beard.',
  price: 400,
  duration: 0,
};
const massage: ExtraTemplate = {
  key: 'scalp-massage',
  title: 'Scalp massage',
  description: 'Ten minutes of scalp massage.',
  price: 800,
  duration: 10,
};
const part: ExtraTemplate = { key: 'hard-part', title: 'Hard part', description: 'A shaved side part line.', price: 500, duration: 5 };
const mask: ExtraTemplate = {
  key: 'face-mask',
  title: 'Face mask',
  description: 'A cooling clay mask after the shave.',
  price: 900,
  duration: 10,
};

export const SERVICES: ServiceTemplate[] = [
  {
    group: 'hair',
    key: 'haircut',
    title: 'Haircut',
    description: 'Scissors and clippers, styled.',
    longDescription: 'A classic cut to your wishes with scissors and clippers, finished with styling.',
    price: 3500,
    duration: 30,
    multiple: true,
    extras: [wash, wax, brows, towel],
  },
  {
    group: 'hair',
    key: 'skin-fade',
    title: 'Skin fade',
    description: 'Fade down to the skin.',
    longDescription: 'A fade blended down to the skin, with a sharp line-up.',
    price: 4000,
    duration: 45,
    multiple: true,
    extras: [wash, wax, brows, part],
  },
  {
    group: 'hair',
    key: 'long-hair-cut',
    title: 'Long hair cut',
    description: 'For hair over 10 cm.',
    longDescription: 'A scissor cut for longer hair, including a wash and blow-dry.',
    price: 4200,
    duration: 45,
    extras: [wax, massage],
  },
  {
    group: 'hair',
    key: 'buzz-cut',
    title: 'Buzz cut',
    description: 'One length all over.',
    longDescription: 'Clippers at one length all over, neckline cleaned up.',
    price: 2500,
    duration: 15,
    extras: [brows, towel],
  },
  {
    group: 'beard',
    key: 'beard-trim',
    title: 'Beard trim',
    description: 'Shape and length.',
    longDescription: 'Beard trimmed to length and shaped with trimmer and scissors.',
    price: 2500,
    duration: 20,
    extras: [towel, oil, brows],
  },
  {
    group: 'beard',
    key: 'beard-shape-line-up',
    title: 'Beard shape & line-up',
    description: 'Trim with razor lines.',
    longDescription: 'A full beard shape with razor-sharp cheek and neck lines.',
    price: 3000,
    duration: 30,
    extras: [towel, oil],
  },
  {
    group: 'beard',
    key: 'hot-towel-shave',
    title: 'Hot towel shave',
    description: 'A classic straight-razor shave.',
    longDescription: 'Hot towels, pre-shave oil and a straight-razor shave.',
    price: 3500,
    duration: 30,
    extras: [mask, oil],
  },
  {
    group: 'combo',
    key: 'haircut-beard',
    title: 'Haircut & beard',
    description: 'The full service.',
    longDescription: 'A haircut and a beard trim in one visit.',
    price: 4500,
    duration: 60,
    multiple: true,
    extras: [wash, wax, brows, towel, earWax],
  },
  {
    group: 'combo',
    key: 'fade-beard-line-up',
    title: 'Fade & beard line-up',
    description: 'Fade with a sharp beard.',
    longDescription: 'A skin fade and a beard line-up with a straight razor.',
    price: 4500,
    duration: 60,
    multiple: true,
    extras: [wash, wax, part, towel],
  },
  {
    group: 'kids',
    key: 'kids-cut',
    title: 'Kids cut',
    description: 'Under 12 years.',
    longDescription: 'A relaxed haircut for children under 12.',
    price: 2500,
    duration: 30,
    extras: [wash, wax],
  },
  {
    group: 'kids',
    key: 'junior-fade',
    title: 'Junior fade',
    description: '12 to 16 years.',
    longDescription: 'A fade for teenagers from 12 to 16 years.',
    price: 2900,
    duration: 30,
    extras: [wash, wax],
  },
  {
    group: 'care',
    key: 'grey-blending',
    title: 'Grey blending',
    description: 'Softens grey hair.',
    longDescription: 'A semi-permanent colour that blends grey hair in about ten minutes of processing.',
    price: 3800,
    duration: 30,
    extras: [wash],
  },
  {
    group: 'care',
    key: 'scalp-treatment',
    title: 'Scalp treatment',
    description: 'Cleansing and care.',
    longDescription: 'A deep-cleansing scalp treatment with a massage.',
    price: 3200,
    duration: 30,
    extras: [],
  },
];

/** Euro cents → the country's currency in cents, rounded to whole units (kr to tens). */
export function localPrice(eurCents: number, country: Country): number {
  if (country === 'FI' || country === 'EE') return eurCents;
  return Math.round((eurCents * 10) / 1000) * 1000;
}

export interface SeedGroup {
  id: number;
  shopId: number;
  title: string;
  order: number;
  description: string;
  parentId: number | null;
}

export interface SeedService {
  id: number;
  shopId: number;
  groupId: number;
  title: string;
  catalogueKey: string;
  order: number;
  description: string;
  longDescription: string;
  price: number;
  duration: number;
  multiple: boolean;
}

export interface SeedExtra {
  id: number;
  serviceId: number;
  title: string;
  catalogueKey: string;
  order: number;
  description: string;
  price: number;
  duration: number;
}

export interface Menu {
  groups: SeedGroup[];
  services: SeedService[];
  extras: SeedExtra[];
}

/** One shop's menu. Ids are derived from the shop id (shop 3: groups 301…, services 301…, extras 3001…) so they stay stable. */
export function buildMenu(shop: { id: number; country: Country; chairs: number }): Menu {
  const menu: Menu = { groups: [], services: [], extras: [] };
  const groups = GROUPS.filter((g) => !g.optional || shop.chairs > 2);
  groups.forEach((g, i) => {
    menu.groups.push({
      id: shop.id * 100 + i + 1,
      shopId: shop.id,
      title: g.title,
      order: i + 1,
      description: g.description,
      parentId: null,
    });
  });
  const groupId = new Map(groups.map((g, i) => [g.key, shop.id * 100 + i + 1]));
  for (const t of SERVICES) {
    const gid = groupId.get(t.group);
    if (gid === undefined) continue;
    const id = shop.id * 100 + menu.services.length + 1;
    menu.services.push({
      id,
      shopId: shop.id,
      groupId: gid,
      title: t.title,
      catalogueKey: t.key,
      order: menu.services.length + 1,
      description: t.description,
      longDescription: t.longDescription,
      price: localPrice(t.price, shop.country),
      duration: t.duration,
      multiple: t.multiple ?? false,
    });
    t.extras.forEach((e, j) => {
      menu.extras.push({
        id: shop.id * 1000 + menu.extras.length + 1,
        serviceId: id,
        title: e.title,
        catalogueKey: e.key,
        order: j + 1,
        description: e.description,
        price: localPrice(e.price, shop.country),
        duration: e.duration,
      });
    });
  }
  return menu;
}
