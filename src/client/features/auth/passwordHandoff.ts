/**
 * Passwords go from the sign-in and sign-up forms to the credentials saga beside the store, never in an
 * action or the state: Redux DevTools records both. The form hands the password over and puts only the
 * ticket in its action; the saga redeems the ticket once.
 */
const waiting = new Map<string, string>();
let issued = 0;

export function handOverPassword(password: string): string {
  issued += 1;
  const ticket = `password-${issued}`;
  waiting.set(ticket, password);
  return ticket;
}

/** The password behind a ticket, once; null when it was redeemed already or never issued. */
export function redeemPassword(ticket: string): string | null {
  const password = waiting.get(ticket) ?? null;
  waiting.delete(ticket);
  return password;
}
