/** The offers' words on the shop and the payment form. */
export const offersTexts = {
  promoCodeLabel: 'Promo code (optional)',
  applyCode: 'Apply Code',
  checkingCode: 'Checking the code…',
  removeCode: 'Remove Code',
  /** A Submit with a code not yet checked checks it first: the player sees the bonus before paying. */
  codeCheckedFirst: 'Your promo code was checked first: see what it adds, then press Submit to pay.',
  codeApplied: (bonus: string) => `Code applied: ${bonus} with this pack.`,
  /** Said under the field while the pack has a running bonus: a code replaces it, never adds to it. */
  codeReplacesBonus: (bonus: string) => `This pack comes with ${bonus} now. A code replaces that bonus: we keep whichever gives more.`,
  codeKept: (code: string, codeBonus: string, bonus: string) => `${code} would give ${codeBonus}, no more than the ${bonus} this pack has now, so we kept that.`,
  useCodeInstead: 'Use the Code Instead',
  until: (dateTime: string) => `Ends ${dateTime}`,
  withThisPack: 'With this pack',
} as const;
