import { formatAud } from '../../../../shared/money';
import type { ProtectionEvent } from '../../../../shared/protections/spendingLimit';
import type { SupportOrderDetail } from '../../../../shared/support/supportViews';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { supportTexts as t } from '../supportTexts';

const amountOrNone = (cents: number | null) => (cents === null ? t.noLimitWord : formatAud(cents));

/** One change of a player's protections (or sign-in from the game), in support's words. */
export function describeProtectionEvent(event: ProtectionEvent, dateTime: (ms: number) => string): string {
  switch (event.type) {
    case 'limitChanged':
      return t.limitChange(event.by, amountOrNone(event.from), amountOrNone(event.to), event.effectiveAt > event.at ? dateTime(event.effectiveAt) : null);
    case 'birthDateGiven':
      return t.birthDateGiven;
    case 'consentRequested':
      return t.consentRequested(event.guardianEmail);
    case 'guardianConsented':
      return t.guardianConsented(event.guardianEmail);
    case 'signedInFromGame':
      return t.signedInFromGame(event.startedOn);
  }
}

/** The order's player's protections, as support may see them and not change them: age band, consent, limit, history. */
export function PlayerProtections({ protections }: { protections: SupportOrderDetail['protections'] }) {
  const { dateTime } = useStoreTime();
  const { ageBand, guardianConsent, spendingLimit, limitSetBy, history } = protections;
  return (
    <Panel aria-labelledby="protections-heading" data-testid="player-protections">
      <h2 id="protections-heading">{t.protectionsHeading}</h2>
      <p>{t.protectionsIntro}</p>
      <p>{t.ageBands[ageBand ?? 'unknown']}</p>
      <p>{guardianConsent ? t.consentGiven(dateTime(guardianConsent.at), guardianConsent.guardianEmail) : t.noConsent}</p>
      <p>
        {spendingLimit.monthlyLimitCents === null ? t.noSpendingLimit : t.spendingLimit(formatAud(spendingLimit.monthlyLimitCents))}
        {limitSetBy === 'guardian' && ` ${t.limitByGuardian}`}
      </p>
      {spendingLimit.pending && <p>{t.pendingLimit(amountOrNone(spendingLimit.pending.monthlyLimitCents), dateTime(spendingLimit.pending.effectiveAt))}</p>}
      {history.length > 0 && (
        <ul>
          {history.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <time dateTime={new Date(event.at).toISOString()}>{dateTime(event.at)}</time> {describeProtectionEvent(event, dateTime)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
