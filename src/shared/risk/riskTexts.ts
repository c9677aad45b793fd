/** What a player reads when the risk rules refuse a payment: never which rule, never a signal. */
export const RISK_REFUSED = 'We could not start this payment. If this keeps happening, contact support';

/** A refusal with a cooling period: when the player may try again, in minutes from now (rounded up). */
export function riskRefusedMessage(supportEmail: string, retryInMs: number | null): string {
  const base = `${RISK_REFUSED} at ${supportEmail}.`;
  if (retryInMs === null || retryInMs <= 0) return base;
  const minutes = Math.ceil(retryInMs / 60_000);
  const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${base} You can try again in ${wait}.`;
}
