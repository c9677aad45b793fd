/** The numbers our policies promise (docs/storefront.md, Business rules). The policy pages, the refund rules and the tests read them from here. */
export const policyFacts = {
  minimumAge: 13,
  refundRequestWindowDays: 7,
  supportReplyWorkingDays: 3,
  refundProcessingDays: 7,
  lastUpdated: '21 November 2026',
} as const;
