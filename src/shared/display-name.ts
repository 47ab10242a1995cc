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
  const tail = `${initial.toLocaleUpperCase()}.`;
  return first ? `${first} ${tail}` : tail;
}
