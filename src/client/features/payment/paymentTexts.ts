/** The payment screens' words. The success page's are exact (spec §2). */
export const paymentTexts = {
  starting: 'Starting secure checkout…',
  completeInTab: 'Complete your payment in the new tab.',
  tabBlocked: 'Your browser blocked the new tab.',
  openCheckout: 'Open the secure checkout',
  waiting: 'Waiting for your payment…',
  paidInCheckout: 'Paid! Your gems have been added to your account.',
  notCompleted: 'This payment was not completed. No money was taken and no gems were added.',
  successHeading: 'Payment is Successful',
  continueShopping: 'Continue Shopping',
  confirmingHeading: 'Confirming your payment',
  confirmingText: 'We are checking with the payment provider. This page updates by itself as soon as it answers.',
  notPaidHeading: 'Payment not completed',
  nothingHeading: 'No payment to confirm',
  nothingText: 'There is no payment waiting for confirmation on this page.',
  backToShop: 'Back to the shop',
} as const;

export const statusLabel = (status: string | null): string => {
  if (status === 'paid') return paymentTexts.paidInCheckout;
  if (status === 'failed' || status === 'cancelled') return paymentTexts.notCompleted;
  return paymentTexts.waiting;
};
