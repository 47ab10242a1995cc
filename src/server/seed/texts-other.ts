/**
 * The demo's other customer-facing texts (barber bios, shop notices, receipt rows) in fi, ee, no, sv, dk, de,
 * keyed by the English text, and `textsOf`, which turns an English record into the all-language `texts` column.
 */
import { ALL_LANGUAGES, type Language } from '../../shared/locales.ts';
import { MENU_TEXTS, type Translations } from './texts-menu.ts';

/** Barber specialities; a bio is "<first name> <speciality>." in every language. */
export const SPECIALITY_TEXTS: Record<string, Translations> = {
  'is at home with skin fades and razor-sharp line-ups': [
    'on kotonaan skin fadeissa ja veitsenterävissä rajauksissa',
    'on kodus skin fade’ide ja teravate joontega',
    'er hjemme med skin fades og knivskarpe linjer',
    'är hemma med skin fades och knivskarpa linjer',
    'er hjemme i skin fades og knivskarpe linjer',
    'ist zu Hause bei Skin Fades und messerscharfen Konturen',
  ],
  'has cut hair for over a decade and still loves a classic scissor cut': [
    'on leikannut hiuksia yli kymmenen vuotta ja rakastaa yhä klassista saksileikkausta',
    'on lõiganud juukseid üle kümne aasta ja armastab ikka klassikalist kääridega lõikust',
    'har klippet hår i over ti år og elsker fortsatt en klassisk saksklipp',
    'har klippt hår i över tio år och älskar fortfarande en klassisk saxklippning',
    'har klippet hår i over ti år og elsker stadig en klassisk saksklipning',
    'schneidet seit über zehn Jahren Haare und liebt noch immer den klassischen Scherenschnitt',
  ],
  'shapes beards with the patience of a sculptor': [
    'muotoilee partoja kuvanveistäjän kärsivällisyydellä',
    'vormib habemeid skulptori kannatlikkusega',
    'former skjegg med en billedhoggers tålmodighet',
    'formar skägg med en skulptörs tålamod',
    'former skæg med en billedhuggers tålmodighed',
    'formt Bärte mit der Geduld eines Bildhauers',
  ],
  'is the calm pair of hands kids ask for by name': [
    'on rauhallinen käsipari, jota lapset pyytävät nimeltä',
    'on rahulik käepaar, keda lapsed nimepidi küsivad',
    'er de rolige hendene barna spør etter',
    'är de lugna händerna som barnen frågar efter',
    'er de rolige hænder, børnene spørger efter',
    'ist das ruhige Händepaar, nach dem Kinder fragen',
  ],
  'brings a straight razor and a story to every hot towel shave': [
    'tuo partaveitsen ja tarinan jokaiseen kuumapyyhe-parranajoon',
    'toob igale kuuma rätiku raseerimisele habemenoa ja loo',
    'tar med barberkniv og en historie til hver barbering',
    'tar med rakkniv och en historia till varje rakning',
    'tager barberkniv og en historie med til hver barbering',
    'bringt zu jeder Heißtuch-Rasur ein Rasiermesser und eine Geschichte mit',
  ],
  'moved from competition barbering to everyday perfection': [
    'siirtyi kilpaparturoinnista arjen täydellisyyteen',
    'liikus võistlusjuuksurist igapäevase täiuslikkuseni',
    'gikk fra konkurransebarbering til hverdagsperfeksjon',
    'gick från tävlingsbarbering till vardaglig perfektion',
    'gik fra konkurrencebarbering til hverdagsperfektion',
    'wechselte vom Wettbewerbs-Barbering zur alltäglichen Perfektion',
  ],
  'likes textured crops and low-maintenance styles': [
    'pitää teksturoiduista lyhyistä ja helppohoitoisista tyyleistä',
    'armastab tekstuurseid lühikesi ja lihtsalt hooldatavaid stiile',
    'liker teksturerte crops og lettstelte stiler',
    'gillar texturerade crops och lättskötta stilar',
    'kan lide teksturerede crops og nemme stilarter',
    'mag texturierte Crops und pflegeleichte Styles',
  ],
  'trained in London and is never far from the clippers': [
    'opiskeli Lontoossa eikä ole koskaan kaukana koneesta',
    'õppis Londonis ega ole kunagi masinast kaugel',
    'er utdannet i London og aldri langt fra maskinen',
    'utbildade sig i London och är aldrig långt från maskinen',
    'er uddannet i London og aldrig langt fra maskinen',
    'lernte in London und ist nie weit von der Maschine',
  ],
  'turns long hair into clean, easy shapes': [
    'muuttaa pitkät hiukset siisteiksi, helpoiksi muodoiksi',
    'muudab pikad juuksed puhtaks ja lihtsaks vormiks',
    'gjør langt hår til rene, enkle former',
    'gör långt hår till rena, enkla former',
    'gør langt hår til rene, enkle former',
    'macht aus langem Haar klare, einfache Formen',
  ],
  'can blend grey so nobody notices a thing': [
    'häivyttää harmaat niin, ettei kukaan huomaa mitään',
    'varjab halli nii, et keegi midagi ei märka',
    'toner grått så ingen merker noe',
    'tonar grått så att ingen märker något',
    'toner gråt, så ingen opdager noget',
    'kaschiert Grau so, dass niemand etwas merkt',
  ],
  'keeps the chair chatty and the fades tight': [
    'pitää juttua yllä ja fadet tarkkoina',
    'hoiab jutu käimas ja üleminekud täpsed',
    'holder praten i gang og fadene stramme',
    'håller snacket igång och fadesen tajta',
    'holder snakken i gang og fades stramme',
    'hält das Gespräch am Laufen und die Fades präzise',
  ],
  'has a soft spot for pompadours and slick-backs': [
    'on heikkona pompadoureihin ja taakse kammattuihin',
    'on nõrk pompadouride ja tahapoole kammitud soengute vastu',
    'har en svakhet for pompadours og slick-backs',
    'har en svaghet för pompadourer och slick-backs',
    'har en svaghed for pompadours og slick-backs',
    'hat ein Faible für Pompadours und Slick-backs',
  ],
  'works fast without ever looking rushed': [
    'työskentelee nopeasti näyttämättä koskaan kiireiseltä',
    'töötab kiiresti, ilma et kunagi kiirustaks',
    'jobber raskt uten å virke stresset',
    'jobbar snabbt utan att verka stressad',
    'arbejder hurtigt uden at virke stresset',
    'arbeitet schnell, ohne je gehetzt zu wirken',
  ],
  'is the one to ask about beard care at home': [
    'neuvoo parran hoidossa kotona',
    'on see, kellelt küsida habemehoolduse kohta kodus',
    'er den du spør om skjeggpleie hjemme',
    'är den du frågar om skäggvård hemma',
    'er den, du spørger om skægpleje derhjemme',
    'ist der richtige für Fragen zur Bartpflege zu Hause',
  ],
  'started as an apprentice here and now trains new barbers': [
    'aloitti täällä oppipoikana ja kouluttaa nyt uusia partureita',
    'alustas siin õpipoisina ja koolitab nüüd uusi juuksureid',
    'begynte som lærling her og lærer nå opp nye barberere',
    'började som lärling här och utbildar nu nya barberare',
    'startede som lærling her og oplærer nu nye barberer',
    'fing hier als Lehrling an und bildet jetzt neue Barbiere aus',
  ],
  'does precise buzz cuts and sharp neck lines': [
    'tekee tarkkoja koneajoja ja teräviä niskalinjoja',
    'teeb täpseid masinalõikusi ja teravaid kaelajooni',
    'lager presise maskinklipp og skarpe nakkelinjer',
    'gör precisa maskinklippningar och skarpa nacklinjer',
    'laver præcise maskinklipninger og skarpe nakkelinjer',
    'macht präzise Buzz Cuts und scharfe Nackenlinien',
  ],
};

export const NOTICE_TEXTS: Record<string, Translations> = {
  'Entrance from the Narinkkatori side on Sundays.': [
    'Sunnuntaisin sisäänkäynti Narinkkatorin puolelta.',
    'Pühapäeviti sissepääs Narinkkatori poolt.',
    'Inngang fra Narinkkatori-siden på søndager.',
    'Ingång från Narinkkatori-sidan på söndagar.',
    'Indgang fra Narinkkatori-siden om søndagen.',
    'Sonntags Eingang von der Seite des Narinkkatori.',
  ],
  'Open around the clock, every day of the week.': [
    'Auki ympäri vuorokauden, joka päivä.',
    'Avatud ööpäev läbi, iga päev.',
    'Åpent døgnet rundt, alle dager.',
    'Öppet dygnet runt, alla dagar.',
    'Åbent døgnet rundt, alle ugens dage.',
    'Rund um die Uhr geöffnet, jeden Tag.',
  ],
  'The queue is full for today. Welcome back tomorrow!': [
    'Jono on täynnä tältä päivältä. Tervetuloa huomenna!',
    'Järjekord on tänaseks täis. Tere tulemast homme!',
    'Køen er full for i dag. Velkommen tilbake i morgen!',
    'Kön är full för idag. Välkommen tillbaka i morgon!',
    'Køen er fuld for i dag. Velkommen tilbage i morgen!',
    'Die Warteschlange ist für heute voll. Willkommen zurück morgen!',
  ],
  'Closed today for renovation.': [
    'Suljettu tänään remontin vuoksi.',
    'Täna remondi tõttu suletud.',
    'Stengt i dag på grunn av oppussing.',
    'Stängt idag på grund av renovering.',
    'Lukket i dag på grund af renovering.',
    'Heute wegen Renovierung geschlossen.',
  ],
};

/** Receipt rows of the demo customers' past visits (coffee is sold at the counter, not from the menu). */
export const RECEIPT_TEXTS: Record<string, Translations> = {
  Haircut: MENU_TEXTS.Haircut,
  Shave: ['Parranajo', 'Raseerimine', 'Barbering', 'Rakning', 'Barbering', 'Rasur'],
  'Buzz cut': MENU_TEXTS['Buzz cut'],
  'Styling wax': MENU_TEXTS['Styling wax'],
  Coffee: ['Kahvi', 'Kohv', 'Kaffe', 'Kaffe', 'Kaffe', 'Kaffee'],
};

const OTHER: readonly Language[] = ['fi', 'ee', 'no', 'sv', 'dk', 'de'];

/** One English text in every language; throws for a text without translations, so the seed never ships one half-done. */
export function translate(en: string, table: Record<string, Translations> = MENU_TEXTS): Record<Language, string> {
  const t = table[en];
  if (!t) throw new Error(`No translations for "${en}"`);
  const out = { en } as Record<Language, string>;
  for (const [i, lang] of OTHER.entries()) out[lang] = t[i];
  return out;
}

/** The `texts` column (language → field → text) of English fields, e.g. { title, description }. */
export function textsOf<F extends string>(
  fields: Record<F, string>,
  table: Record<string, Translations> = MENU_TEXTS,
): Record<Language, Record<F, string>> {
  const out = {} as Record<Language, Record<F, string>>;
  for (const lang of ALL_LANGUAGES) out[lang] = {} as Record<F, string>;
  for (const [field, en] of Object.entries(fields) as [F, string][]) {
    const all = en === '' ? null : translate(en, table);
    for (const lang of ALL_LANGUAGES) out[lang][field] = all ? all[lang] : '';
  }
  return out;
}
