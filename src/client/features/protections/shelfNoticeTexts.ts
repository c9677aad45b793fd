/** The few words of the protections the shop's pack list shows: apart, so the shop's first load carries no more. */
export const shelfNoticeTexts = {
  monthTotal: (amount: string) => `This month you spent ${amount}.`,
  monthHeld: (amount: string) => ` Unpaid orders below hold ${amount} against your limit until they are paid or end.`,
  disputePausedPlaying: 'Playing the game is not affected: only buying here waits for the bank.',
  overLimitMark: 'Over your monthly limit',
  shopPaused: (orders: string[]) => `Buying is paused while your bank reviews your payment of order${orders.length === 1 ? '' : 's'} ${orders.join(', ')}. Buying resumes once the bank decides.`,
  pausedMark: 'Buying paused',
  shopNeedsConsent: "Players under 13 need a parent's or guardian's consent before buying. Choose a pack to ask them.",
} as const;
