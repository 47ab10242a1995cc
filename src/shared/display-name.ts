/**
 * How a person is named to others: first name plus the last name's initial, "Mikko K.", so no
 * screen shows a full surname. One rule for barbers in shop queues, orders and barber cards, and for customers
 * in the shop's queue.
 */
export function displayName(p: { firstname: string; lastname: string }): string {
  const first = p.firstname.trim();
  // The first code point, so an initial outside the BMP is not cut in half.
  const initial = [...p.lastname.trim()][0];
  if (!initial) return first;
  return withInitial(first, initial.toLocaleUpperCase());
}

/**
 * The first name and an initial, the initial with its full stop only when it is a letter: "Mikko K.", but "Lasse 🧔"
 * and "Ari !" (an emoji or a mark is no abbreviation). The console's names ("first_name", "last_initial") too.
 */
export function withInitial(first: string, initial: string | null | undefined): string {
  const bare = (initial ?? '').trim().replace(/\.$/, '');
  if (!bare) return first;
  const tail = /^\p{L}/u.test(bare) ? `${bare}.` : bare;
  return first ? `${first} ${tail}` : tail;
}
