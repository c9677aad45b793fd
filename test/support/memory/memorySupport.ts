import { playerTagOf } from '../../../src/shared/playerTag';
import type { PlayerAccount, PlayerDirectory } from '../../../src/server/support/playerDirectory';
import type { StaffRecords } from '../../../src/server/auth/supportRole';
import { SEARCH_LIMIT, type SupportReadModel, type SweepReport } from '../../../src/server/support/supportReadModel';
import type { memoryRefunds } from './memoryRefunds';
import type { MemoryStore } from './memoryStore';
import { memoryStats } from './memoryStats';
import { parseSettings } from '../../../src/server/config/settings';

/** Support's read model and the player directory in memory, over the memory store and memoryRefunds, for unit tests. */
export function memorySupport(orders: MemoryStore, refunds: ReturnType<typeof memoryRefunds>) {
  const accounts = new Map<string, PlayerAccount>();
  let lastSweep: SweepReport | null = null;
  const newestFirst = <T extends { createdAt: number }>(list: T[]) => list.sort((a, b) => b.createdAt - a.createdAt).slice(0, SEARCH_LIMIT);
  const readModel: SupportReadModel = {
    async ordersOfPlayer(uid) {
      return newestFirst([...orders.records.values()].filter((record) => record.userId === uid));
    },
    async ordersWithEmail(email) {
      return newestFirst([...orders.records.values()].filter((record) => record.email === email));
    },
    async uidsOfTag(tag) {
      return [...new Set([...orders.records.values()].map((record) => record.userId))].filter((uid) => playerTagOf(uid) === tag);
    },
    async eventsOf(orderId) {
      return orders.events.filter((event) => event.orderId === orderId);
    },
    async waitingRefunds() {
      return [...refunds.requests.values()].filter((request) => request.status === 'requested').sort((a, b) => a.createdAt - b.createdAt);
    },
    async health(now) {
      const ages = [...orders.records.values()].filter((record) => record.status === 'pending').map((record) => now - record.createdAt);
      const between = (from: number, to: number) => ages.filter((age) => age >= from && age < to).length;
      return {
        pendingByAge: {
          underFiveMinutes: between(-Infinity, 300_000),
          fiveToThirtyMinutes: between(300_000, 1_800_000),
          thirtyMinutesToADay: between(1_800_000, 86_400_000),
          overADay: between(86_400_000, Infinity),
        },
        callbacksRejectedLastHour: orders.rejectedCallbacks.length,
        lastSweep,
        refundsWaiting: [...refunds.requests.values()].filter((request) => request.status === 'requested').length,
        emailsUnsent: orders.mail.length,
      };
    },
    async recordSweep(report) {
      lastSweep = report;
    },
    async mailOf(kind, orderId) {
      return orders.mail.some((entry) => entry.kind === kind && entry.orderId === orderId) ? { status: 'pending', sentAt: null } : null;
    },
  };
  const directory: PlayerDirectory = {
    async byEmail(email) {
      return [...accounts.values()].find((account) => account.email === email) ?? null;
    },
    async byUid(uid) {
      return accounts.get(uid) ?? null;
    },
    async byUids(uids) {
      return new Map(uids.flatMap((uid) => (accounts.has(uid) ? [[uid, accounts.get(uid)!] as const] : [])));
    },
  };
  const staffMembers = new Set<string>();
  const staff: StaffRecords = {
    async isStaff(uid) {
      return staffMembers.has(uid);
    },
    async record(uid) {
      staffMembers.add(uid);
    },
    async remove(uid) {
      staffMembers.delete(uid);
    },
  };
  return { readModel, directory, accounts, staff, protections: orders.protections, stats: memoryStats(parseSettings({}).STORE_TIME_ZONE).repository };
}
