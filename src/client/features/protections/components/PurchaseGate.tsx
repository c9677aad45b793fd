import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormStatus } from '../../../components/form/FormFeedback';
import { FocusedHeading } from '../../../components/FocusedHeading';
import { useFocusOnMount } from '../../../hooks/useFocusOnMount';
import { Link } from 'react-router-dom';
import { overLimitMessage } from '../../../../shared/protections/spendingLimit';
import { ROUTES } from '../../../../shared/routes';
import { disputeTexts } from '../../../../shared/disputes/dispute';
import { useAppConfig } from '../../../config/appConfig';
import { isOverLimit } from './overLimit';
import { protectionsTexts } from '../protectionsTexts';
import { useSpendingLimit } from './useSpendingLimit';

/** The gates that send something, loaded with the first player who meets one. */
const BirthDateStep = lazy(() => import(/* webpackChunkName: "gate-forms" */ './GateForms').then((forms) => ({ default: forms.BirthDateStep })));
const GuardianConsentStep = lazy(() => import(/* webpackChunkName: "gate-forms" */ './GateForms').then((forms) => ({ default: forms.GuardianConsentStep })));

/** A pack that would pass the monthly limit: said before any typing, with where to go instead. */
function OverLimitStep({ leftCents }: { leftCents: number }) {
  return (
    <section data-testid="purchase-gate">
      <FocusedHeading>{protectionsTexts.overLimitHeading}</FocusedHeading>
      <p data-testid="over-limit">{overLimitMessage(leftCents)}</p>
      <p>
        <Link to={ROUTES.shop}>{protectionsTexts.chooseSmaller}</Link> · <Link to={ROUTES.limits}>{protectionsTexts.link}</Link>
      </p>
    </section>
  );
}

/** A player whose bank is reviewing one of their payments: buying waits for the bank (the server refuses it too). */
function DisputePausedStep() {
  const { supportEmail } = useAppConfig();
  const [before, after] = disputeTexts.paused(supportEmail).split(supportEmail) as [string, string];
  // Focus on the pause itself (why, and until when), which a screen reader then reads whole; the heading only names it.
  const pauseRef = useFocusOnMount<HTMLParagraphElement>();
  return (
    <section data-testid="purchase-gate" aria-labelledby="dispute-paused-heading">
      <h2 id="dispute-paused-heading">{protectionsTexts.disputePausedHeading}</h2>
      <p data-testid="dispute-paused" ref={pauseRef} tabIndex={-1}>
        {before}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        {after}
      </p>
      <p>{protectionsTexts.disputePausedPlaying}</p>
    </section>
  );
}

/**
 * The payment screen's gate: the payment form only for a player who may buy this pack. A player with a payment
 * disputed at their bank waits for the bank; an account with no date of birth gives it first; a player under 13 asks a guardian's consent; a pack over what is left of the monthly limit
 * says so. The server refuses the same orders whatever shows here.
 */
export function PurchaseGate({ priceCents, children }: { priceCents: number; children: ReactNode }) {
  const view = useSpendingLimit();
  const lifted = useLiftedBlock(view ? view.purchaseBlock : undefined);
  if (view?.purchaseBlock === 'disputePaused') return <DisputePausedStep />;
  if (view?.purchaseBlock === 'birthDateNeeded') {
    return (
      <Suspense fallback={null}>
        <BirthDateStep />
      </Suspense>
    );
  }
  if (view?.purchaseBlock === 'guardianConsentNeeded') {
    return (
      <Suspense fallback={null}>
        <GuardianConsentStep />
      </Suspense>
    );
  }
  if (isOverLimit(view, priceCents)) return <OverLimitStep leftCents={view.leftThisMonthCents} />;
  return (
    <>
      {/* The gate the player was at went away (their answer, or by itself): said, and focus goes there, not to the page. */}
      {lifted && <FormStatus takeFocus>{protectionsTexts.gateLifted[lifted]}</FormStatus>}
      {children}
    </>
  );
}

type PurchaseBlock = NonNullable<NonNullable<ReturnType<typeof useSpendingLimit>>['purchaseBlock']>;

/** The gate that was shown and has just gone (null before, and once another is shown); undefined: not known yet. */
function useLiftedBlock(block: PurchaseBlock | null | undefined): PurchaseBlock | null {
  const [lifted, setLifted] = useState<PurchaseBlock | null>(null);
  const shown = useRef<PurchaseBlock | null | undefined>(block);
  useEffect(() => {
    if (block === undefined) return;
    if (block === null && shown.current) setLifted(shown.current);
    if (block !== null) setLifted(null);
    shown.current = block;
  }, [block]);
  return lifted;
}
