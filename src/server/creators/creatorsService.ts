import { creatorTexts, isCreatorActive, type Creator, type CreatorEarnings, type OrderCreator } from '../../shared/creators';
import { HttpError } from '../http/errors';
import type { StatsRepository } from '../overview/statsRepository';
import type { CreatorsRepository } from './creatorsRepository';

/** The creator an order is made with: an active code's, as it stands now; any other code is refused with words (422, nothing held). */
export async function creatorForOrder(creators: CreatorsRepository, code: string, now: number): Promise<OrderCreator> {
  const creator = await creators.find(code);
  if (!creator || !isCreatorActive(creator, now)) throw new HttpError(422, creatorTexts.unknown, { reason: 'creatorCode' });
  return { code: creator.code, name: creator.name, sharePercent: creator.sharePercent };
}

/** Creates or changes a creator's code as `by`, audited. */
export async function saveCreator(creators: CreatorsRepository, by: string, code: string, form: Pick<Creator, 'name' | 'sharePercent' | 'startsAt' | 'endsAt'>, at: number): Promise<Creator> {
  const before = await creators.find(code);
  const after: Creator = { code, ...form, updatedAt: at, updatedBy: by };
  await creators.save(before, after, at);
  return after;
}

/**
 * Each creator's month from the day's counts (stats_daily, by code): the payments their code's orders landed, the net
 * money they still pay (a refund or chargeback takes it back in the month it happens), and the share of it, in cents
 * rounded toward zero (a month of more taken back than paid is owed back: negative).
 */
export async function creatorEarnings(deps: { creators: CreatorsRepository; stats: StatsRepository }, from: string, to: string): Promise<CreatorEarnings[]> {
  const [creators, days] = await Promise.all([deps.creators.list(), deps.stats.days(from, to)]);
  return creators.map((creator) => {
    const paid = days.reduce((sum, day) => sum + (day.creatorPaid[creator.code] ?? 0), 0);
    const netCents = days.reduce((sum, day) => sum + (day.creatorNetCents[creator.code] ?? 0), 0);
    return { code: creator.code, name: creator.name, sharePercent: creator.sharePercent, paid, netCents, earnedCents: Math.trunc((netCents * creator.sharePercent) / 100) };
  });
}

/** The month's payouts as CSV (RFC 4180), money in A$. */
export function payoutCsv(month: string, earnings: readonly CreatorEarnings[]): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const rows = earnings.map((row) => [month, row.code, quote(row.name), row.sharePercent, row.paid, dollars(row.netCents), dollars(row.earnedCents)].join(','));
  return ['month,code,creator,share_percent,paid_orders,net_aud,payout_aud', ...rows].join('\r\n') + '\r\n';
}
