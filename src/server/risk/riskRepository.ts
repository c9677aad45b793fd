import crypto from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { DEFAULT_RISK_RULE_SET, type RiskRule, type RiskRuleSet } from '../../shared/risk/riskRules';
import type { RiskRuleAuditEntry } from '../../shared/risk/riskConsole';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import type { DayRollups } from '../overview/dailyStats';
import { HttpError } from '../http/errors';
import { activityDocIds, RISK_EXPIRY_FIELD, type RiskActivityEntry } from '../ledger/riskActivityRecords';
import { moveEffects } from '../ledger/moveEffects';
import { writeMove } from '../ledger/gemLedger';
import type { RiskActivity } from './riskActivity';
import type { RiskKeys } from './riskKeys';

/** A refusal's cooling period on one key (risk_holds/{key}). */
export interface RiskHold {
  key: string;
  until: number;
  ruleId: string;
  at: number;
}

/** risk_rules/current/audit/{id} */
export const RISK_RULES_AUDIT = 'audit';
const CURRENT = 'current';
/** The staff rule set's changes refused because another staff member saved first. */
export const RULES_CHANGED_MESSAGE = 'Someone else changed the rules since you opened them. Reload to see their change, then make yours again.';

/**
 * What the risk decision reads and keeps (server/risk): the activity of a payment's keys, cooling periods, staff
 * clearances and the rule set. Firestore in the store; a map in unit tests, by the same rules.
 */
export interface RiskRepository {
  activityOf(keys: RiskKeys, now: number): Promise<RiskActivity>;
  /** The holds on these keys that have not ended. */
  holdsOn(keys: readonly string[], now: number): Promise<RiskHold[]>;
  /** Starts a cooling period on each key, set afresh: a key is held again only once its hold ended (or, for a player staff cleared, from then). */
  hold(keys: readonly string[], hold: Omit<RiskHold, 'key'>): Promise<void>;
  /** When staff last cleared the player (ms), 0 for never. */
  clearedAt(uid: string): Promise<number>;
  clear(uid: string, by: string, at: number): Promise<void>;
  ruleSet(): Promise<RiskRuleSet>;
  /** Saves the rules as `by`, audited, if the set is still at `version`; else 409. */
  saveRules(version: number, rules: RiskRule[], by: string, at: number): Promise<RiskRuleSet>;
  audit(): Promise<RiskRuleAuditEntry[]>;
  /** Counts a refused payment on its day (it makes no order to count it), with the dry-run rules that matched it. */
  countRefusal(at: number, dryRunMatches: number): Promise<void>;
}

/** What a risk decision adds to its day's counts: refused or challenged, and the dry-run rules' would-be decisions. */
export function riskDayCounts(action: 'allow' | 'challenge' | 'refuse', dryRunMatches: number): { counts: Partial<Record<'riskRefused' | 'riskChallenged' | 'riskDryRun', number>> } {
  return {
    counts: {
      ...(action === 'refuse' ? { riskRefused: 1 } : {}),
      ...(action === 'challenge' ? { riskChallenged: 1 } : {}),
      ...(dryRunMatches > 0 ? { riskDryRun: dryRunMatches } : {}),
    },
  };
}

export function firestoreRisk(db: Firestore, rollups: DayRollups): RiskRepository {
  const activity = db.collection(COLLECTIONS.riskActivity);
  const holds = db.collection(COLLECTIONS.riskHolds);
  const rulesDoc = db.collection(COLLECTIONS.riskRules).doc(CURRENT);
  const entriesOf = async (key: string | null, now: number): Promise<RiskActivityEntry[]> => {
    if (!key) return [];
    const snapshots = await db.getAll(...activityDocIds(key, now).map((id) => activity.doc(id)));
    return snapshots.flatMap((snapshot) => Object.values((snapshot.data()?.entries ?? {}) as Record<string, RiskActivityEntry>));
  };
  return {
    async activityOf(keys, now) {
      const [player, browser, address] = await Promise.all([entriesOf(keys.player, now), entriesOf(keys.browser, now), entriesOf(keys.address, now)]);
      return { player, browser, address };
    },

    async holdsOn(keys, now) {
      if (keys.length === 0) return [];
      const snapshots = await db.getAll(...keys.map((key) => holds.doc(key)));
      return snapshots.map((snapshot) => snapshot.data() as RiskHold | undefined).filter((hold): hold is RiskHold => Boolean(hold && hold.until > now));
    },

    async hold(keys, hold) {
      const batch = db.batch();
      for (const key of keys) batch.set(holds.doc(key), { key, ...hold, [RISK_EXPIRY_FIELD]: Timestamp.fromMillis(hold.until) });
      await batch.commit();
    },

    async clearedAt(uid) {
      return ((await db.collection(COLLECTIONS.riskClearances).doc(uid).get()).data()?.at as number | undefined) ?? 0;
    },

    async clear(uid, by, at) {
      await db.collection(COLLECTIONS.riskClearances).doc(uid).set({ uid, at, by });
    },

    async ruleSet() {
      const snapshot = await rulesDoc.get();
      return snapshot.exists ? (snapshot.data() as RiskRuleSet) : DEFAULT_RISK_RULE_SET;
    },

    async saveRules(version, rules, by, at) {
      return commitIfUnchanged<RiskRuleSet>(db, [rulesDoc], ([snapshot]) => {
        const before = snapshot!.exists ? (snapshot!.data() as RiskRuleSet) : DEFAULT_RISK_RULE_SET;
        if (before.version !== version) throw new HttpError(409, RULES_CHANGED_MESSAGE);
        const after: RiskRuleSet = { version: version + 1, rules, updatedAt: at, updatedBy: by };
        const entry: RiskRuleAuditEntry = { at, by, version: after.version, before: before.rules, after: rules };
        return {
          result: after,
          writes: (batch, guard) => {
            if (snapshot!.exists) batch.update(rulesDoc, { ...after }, guard(snapshot!));
            else batch.create(rulesDoc, after);
            batch.create(rulesDoc.collection(RISK_RULES_AUDIT).doc(`${at}-${crypto.randomBytes(4).toString('hex')}`), entry);
          },
        };
      });
    },

    async audit() {
      return (await rulesDoc.collection(RISK_RULES_AUDIT).orderBy('at', 'desc').limit(50).get()).docs.map((doc) => doc.data() as RiskRuleAuditEntry);
    },

    async countRefusal(at, dryRunMatches) {
      const batch = db.batch();
      writeMove(db, batch, rollups, { at }, moveEffects({ day: riskDayCounts('refuse', dryRunMatches) }));
      await batch.commit();
    },
  };
}
