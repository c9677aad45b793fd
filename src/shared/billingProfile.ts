import type { PaymentFormData } from './validation/paymentForm';

/**
 * "Remember these details for next time": the payment form's nine fields, kept for the player who ticked it
 * (billing_profiles/{uid}), until they forget them or 24 months after their last purchase with them.
 */
export const BILLING_PROFILE_KEPT_MONTHS = 24;

/** GET, PUT and DELETE /api/account/billing-details: the remembered details, or null for none. */
export interface BillingDetailsResponse {
  details: PaymentFormData | null;
  /** How many times the player pressed Forget: a Submit sends the one its form was filled from, and keeps nothing after a Forget since. */
  generation?: number;
}

export const billingProfileTexts = {
  remember: 'Remember these details for next time',
  heading: 'Your remembered payment details',
  none: 'No payment details are remembered. Tick “Remember these details for next time” on the payment form to fill it in for you next time.',
  edit: 'Edit',
  opening: 'Opening the editor…',
  /** The payment form filled from them, as a summary (Buy Again on a phone: Submit in view). */
  payingAs: 'Your remembered details',
  editLabel: 'Edit your payment details',
  promoDisclosure: 'Have a promo code?',
  save: 'Save Details',
  cancel: 'Cancel',
  saved: 'Your payment details are saved.',
  forget: 'Forget',
  forgotten: 'Your payment details are forgotten.',
  youngNeedsConsent: 'Your details can be remembered once your parent or guardian has consented to your purchases.',
  confirmInGame: 'Your saved payment details are not shown in a browser signed in with the game until you confirm it in the game.',
  confirmButton: 'Confirm this browser in the game',
} as const;
