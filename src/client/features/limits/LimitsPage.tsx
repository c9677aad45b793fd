import { Link } from 'react-router-dom';
import { formatAud } from '../../../shared/catalogue';
import { leftThisMonthText, type SpendingLimitView } from '../../../shared/protections/spendingLimit';
import { ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStoreTime } from '../../hooks/useStoreTime';
import { selectIsSignedIn } from '../auth';
import { limitChangeRequested, selectLimits } from './limitsSlice';
import { useSpendingLimit } from './components/useSpendingLimit';
import { limitsTexts } from './limitsTexts';
import { MonthlyLimitForm } from './components/MonthlyLimitForm';

/** Where the limit stands: in effect, waiting to count, spent and left this month. */
function Standing({ view }: { view: SpendingLimitView }) {
  const { dateTime } = useStoreTime();
  return (
    <div data-testid="limit-standing">
      <p>{view.monthlyLimitCents === null ? limitsTexts.noLimit : limitsTexts.current(formatAud(view.monthlyLimitCents))}</p>
      {view.pending && (
        <p>
          {view.pending.monthlyLimitCents === null
            ? limitsTexts.pendingRemoval(dateTime(view.pending.effectiveAt))
            : limitsTexts.pendingRaise(formatAud(view.pending.monthlyLimitCents), dateTime(view.pending.effectiveAt))}
        </p>
      )}
      <p>
        {limitsTexts.spent(formatAud(view.spentThisMonthCents))}
        {view.leftThisMonthCents !== null && <strong> {leftThisMonthText(view.leftThisMonthCents)}.</strong>}
      </p>
    </div>
  );
}

/** /account/limits: the player's monthly spending limit, this month's spending, and a form to change it. */
export default function LimitsPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  // Read from the server as the page shows, like every view of the limit.
  const view = useSpendingLimit();
  const { status, error, saved } = useAppSelector(selectLimits);
  usePageTitle(limitsTexts.heading);

  return (
    <PageSection>
      <PageHeading>{limitsTexts.heading}</PageHeading>
      {!signedIn ? (
        <p>
          <Link to={ROUTES.signInSignUp}>{limitsTexts.signIn}</Link>
        </p>
      ) : (
        <Panel>
          <p>{limitsTexts.intro}</p>
          {view && <Standing view={view} />}
          {error && <FormError takeFocus>{error}</FormError>}
          {saved && <FormStatus takeFocus>{limitsTexts.saved}</FormStatus>}
          {view && (
            <MonthlyLimitForm
              name={limitsTexts.heading}
              label={limitsTexts.field}
              hint={limitsTexts.fieldHint}
              submit={{ label: limitsTexts.save, busyLabel: limitsTexts.saving }}
              busy={status === 'saving'}
              onSubmit={(values) => dispatch(limitChangeRequested(values))}
            />
          )}
        </Panel>
      )}
    </PageSection>
  );
}
