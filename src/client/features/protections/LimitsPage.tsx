import { Link } from 'react-router-dom';
import { formatAud } from '../../../shared/money';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import { leftThisMonthText, type SpendingLimitView } from '../../../shared/protections/spendingLimit';
import { ROUTES } from '../../../shared/routes';
import { useAppSelector } from '../../wiring/hooks';
import { errorMessage } from '../../wiring/serverApi';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStoreTime } from '../../hooks/useStoreTime';
import { selectIsSignedIn } from '../auth';
import { useChangeLimitMutation } from './protectionsApi';
import { useSpendingLimit } from './components/useSpendingLimit';
import { protectionsTexts } from './protectionsTexts';
import { AskGuardianForm } from './components/AskGuardianForm';
import { MonthlyLimitForm } from './components/MonthlyLimitForm';

/** The form and the page share the change's answer (the page says how it counts, or why it was refused). */
const LIMIT_CHANGE = { fixedCacheKey: 'limit-change' };

/** Where the limit stands: in effect, waiting to count, spent and left this month. */
function Standing({ view }: { view: SpendingLimitView }) {
  const { dateTime } = useStoreTime();
  return (
    <div data-testid="limit-standing">
      <p>{view.monthlyLimitCents === null ? protectionsTexts.noLimit : protectionsTexts.current(formatAud(view.monthlyLimitCents))}</p>
      {view.pending && (
        <p>
          {view.pending.monthlyLimitCents === null
            ? protectionsTexts.pendingRemoval(dateTime(view.pending.effectiveAt))
            : protectionsTexts.pendingRaise(formatAud(view.pending.monthlyLimitCents), dateTime(view.pending.effectiveAt))}
        </p>
      )}
      <p data-testid="limit-spent">
        {protectionsTexts.spent(formatAud(view.spentThisMonthCents))}
        {view.leftThisMonthCents !== null && <strong> {leftThisMonthText(view.leftThisMonthCents)}.</strong>}
      </p>
      {view.heldThisMonthCents > 0 && (
        <p data-testid="limit-held">
          {protectionsTexts.held(formatAud(view.heldThisMonthCents))} <Link to={ROUTES.orders}>{protectionsTexts.heldLink}</Link>
        </p>
      )}
    </div>
  );
}

/** How the limit changes: the player's own form, or, for a limit their guardian set, an email asking the guardian. */
function ChangeLimit({ view }: { view: ProtectionsView }) {
  const [changeLimit, change] = useChangeLimitMutation(LIMIT_CHANGE);
  const guardian = view.guardianConsent?.guardianEmail;
  if (view.limitSetBy === 'guardian' && guardian) {
    return (
      <section aria-labelledby="guardian-limit-heading" data-testid="guardian-limit">
        <h2 id="guardian-limit-heading">{protectionsTexts.guardianLimitHeading}</h2>
        <p>{protectionsTexts.guardianLimit(guardian)}</p>
        <AskGuardianForm label={protectionsTexts.askGuardian} sentText={protectionsTexts.limitChangeAsked} consentedGuardian={guardian} />
      </section>
    );
  }
  return (
    <MonthlyLimitForm
      name={protectionsTexts.heading}
      label={protectionsTexts.field}
      hint={protectionsTexts.fieldHint}
      submit={{ label: protectionsTexts.save, busyLabel: protectionsTexts.saving }}
      busy={change.isLoading}
      onSubmit={(values) => void changeLimit(values)}
    />
  );
}

/**
 * /account/limits: the player's monthly spending limit, this month's spending (paid, and held by open orders), and
 * how to change it.
 */
export default function LimitsPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  // Read from the server as the page shows, like every view of the limit.
  const view = useSpendingLimit();
  const [, change] = useChangeLimitMutation(LIMIT_CHANGE);
  usePageTitle(protectionsTexts.heading);

  return (
    <PageSection>
      <PageHeading>{protectionsTexts.heading}</PageHeading>
      {!signedIn ? (
        <p>
          <Link to={ROUTES.signInSignUp}>{protectionsTexts.signIn}</Link>
        </p>
      ) : (
        <Panel>
          <p>{protectionsTexts.intro}</p>
          {view && <Standing view={view} />}
          {change.isError && <FormError takeFocus>{errorMessage(change.error)}</FormError>}
          {change.isSuccess && <FormStatus takeFocus>{protectionsTexts.saved}</FormStatus>}
          {view && <ChangeLimit view={view} />}
        </Panel>
      )}
    </PageSection>
  );
}
