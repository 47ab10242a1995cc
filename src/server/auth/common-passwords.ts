/**
 * The most common passwords that would still pass the SPEC.md §5 rule (8+ characters, upper, lower, digit):
 * the words people capitalise and end with a digit, year or sequence, plus whole passwords from breach top
 * lists. Compared case-insensitively, so `PASSWORD1`, `password1` and `Password1` are one entry.
 * Kept small and embedded on purpose: it stops the guesses an attacker tries first, not every weak password.
 */

// Whole passwords seen at the top of public breach lists, in the form that passes the rule.
const WHOLE = [
  'Passw0rd', 'P4ssw0rd', 'Pa55w0rd', 'Pa55word', 'Passw0rd1', 'Qwerty1234', 'Qwertyuiop1', 'Qwertyui1', 'Qwerty123456',
  'Qwe123qwe', 'Qweasd123', 'Qweasdzxc1', 'Zaq12wsx', 'Zaq1zaq1', '1qaz2wsx3edC', '1Qaz2wsx', 'Q1w2e3r4', 'Q1w2e3r4t5',
  'Q1w2e3r4t5y6', 'A1b2c3d4', 'Aa123456', 'Aa12345678', 'Aa112233', 'Abc12345', 'Abcd1234', 'Abcde12345', 'Abcdef123',
  'Asdf1234', 'Asdfgh123', 'Asdfghjkl1', 'Zxcvbnm1', 'Zxcvbnm123', '1234Qwer', '12345Qwert', '123456Ab', '12345678Aa',
  'Iloveyou1', 'Iloveyou2', 'Trustno1!', 'Letmein1', 'Letmein123', 'Changeme1', 'Changeme123', 'Welcome1', 'Welcome01',
  'Welcome123', 'Welcome2024', 'Welcome2025', 'Welcome2026', 'Password1', 'Password12', 'Password123', 'Password1234',
  'Password01', 'Password2024', 'Password2025', 'Password2026', 'Salasana1', 'Salasana12', 'Salasana123', 'Salasana1234',
  'Parool123', 'Passord123', 'Losenord123', 'Adgangskode1', 'Kodeord123', 'Admin1234', 'Administrator1', 'Test12345',
  'Testing123', 'Temp1234', 'Temppass1', 'Default1', 'Login123', 'User1234', 'Guest1234', 'Master123', 'Secret123',
];

// Words people turn into a password by capitalising them and adding one of SUFFIXES.
const WORDS = [
  'password', 'passwort', 'salasana', 'parool', 'passord', 'losenord', 'kodeord', 'qwerty', 'qwertyui', 'asdfgh',
  'letmein', 'welcome', 'admin', 'monkey', 'dragon', 'football', 'baseball', 'soccer', 'hockey', 'jaakiekko',
  'master', 'sunshine', 'princess', 'iloveyou', 'shadow', 'superman', 'batman', 'michael', 'jennifer', 'charlie',
  'summer', 'winter', 'spring', 'autumn', 'kesa', 'talvi', 'kevat', 'syksy', 'hello', 'freedom',
  'whatever', 'starwars', 'computer', 'internet', 'changeme', 'secret', 'testi', 'kissa', 'koira', 'mikko',
  'helsinki', 'suomi', 'finland', 'tampere', 'espoo', 'turku', 'tallinn', 'eesti', 'barber', 'parturi',
];

const SUFFIXES = ['1', '12', '123', '1234', '12345', '01', '11', '2020', '2021', '2022', '2023', '2024', '2025', '2026', '1!', '123!'];

const LIST = new Set<string>([
  ...WHOLE.map((p) => p.toLowerCase()),
  ...WORDS.flatMap((w) => SUFFIXES.map((s) => w + s)).filter((p) => p.length >= 8),
]);

/** True for a password on the list, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return LIST.has(password.toLowerCase());
}

/** How many entries the list holds (reported by tests, so a shrinking list is noticed). */
export const commonPasswordCount = (): number => LIST.size;
