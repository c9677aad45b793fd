/** The offers' words on the shop and the payment form. */
export const offersTexts = {
  promoCodeLabel: 'Promo code (optional)',
  applyCode: 'Apply Code',
  checkingCode: 'Checking the code…',
  removeCode: 'Remove Code',
  /** A Submit with a code not yet checked checks it first: the player sees the bonus before paying. */
  codeCheckedFirst: 'Your promo code was checked first: see what it adds, then press Submit to pay.',
  codeApplied: (bonus: string) => `Code applied: ${bonus} with this pack.`,
  until: (dateTime: string) => `Ends ${dateTime}`,
  withThisPack: 'With this pack',
} as const;
