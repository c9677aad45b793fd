import type { PaymentFormData } from '../../../shared/validation/paymentForm';

/**
 * The details a player typed for a pack, kept in this tab's session storage (never localStorage) so a
 * declined, cancelled or expired payment gives them back their form as they left it. Gone with the tab,
 * and cleared once the gems are credited.
 */
const key = (packId: number) => `checkout-details:${packId}`;

const FIELDS: ReadonlyArray<keyof PaymentFormData> = [
  'firstName',
  'lastName',
  'address',
  'country',
  'state',
  'city',
  'postCode',
  'email',
  'phone',
];

export function saveDetails(packId: number, details: PaymentFormData): void {
  try {
    sessionStorage.setItem(key(packId), JSON.stringify(details));
  } catch {
    // Storage full or refused: the player retypes, nothing worse.
  }
}

export function readDetails(packId: number): PaymentFormData | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key(packId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const record = stored as Record<string, unknown>;
    return FIELDS.every((field) => typeof record[field] === 'string') ? (record as unknown as PaymentFormData) : null;
  } catch {
    return null;
  }
}

export function forgetDetails(packId: number): void {
  try {
    sessionStorage.removeItem(key(packId));
  } catch {
    // Nothing to forget.
  }
}
