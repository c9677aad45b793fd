/** Why a daily gift's claim gave nothing (ApiErrorBody.reason): apart from the gift's texts, so the API's shared types stay small. */
export const GIFT_REFUSAL_REASONS = ['alreadyClaimed', 'notEligible', 'deviceUsed', 'addressLimit'] as const;
export type GiftRefusal = (typeof GIFT_REFUSAL_REASONS)[number];
