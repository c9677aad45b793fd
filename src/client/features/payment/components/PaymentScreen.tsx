import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { GemPack } from '../../../../shared/catalogue';
import { selectShelfPack } from '../../shop';
import { formatAud, formatGemCount } from '../../../../shared/money';
import { priceTaxNote } from '../../../../shared/tax/priceNote';
import { useExpectedTax } from '../expectedTax';
import { landedGemsText } from '../../../../shared/offers/offer';
import { ROUTES, signInForItemPath } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { PackArt } from '../../../components/PackArt';
import { PackPanel } from '../../../components/PackPanel';
import { PageHeading } from '../../../components/Page';
import { useFocusOnMount } from '../../../hooks/useFocusOnMount';
import { useFocusWhen } from '../../../hooks/useFocusWhen';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { selectIsSignedIn } from '../../auth';
import { LeftThisMonth, PurchaseGate } from '../../protections';
import { PackBonusBadge, useShopOffersLoaded } from '../../offers';
import { paymentTexts } from '../paymentTexts';
import { selectActiveEntry, selectCancelledReturn, selectSecondOrderPrompt, type PaymentAttempt } from '../paymentSlice';
import { openOrdersRequested } from '../openOrdersSlice';
import {
  AwaitingPaymentStep,
  CancelledHereStep,
  PaidStep,
  SecondOrderQuestion,
  SignInToBuyStep,
  TabClosedStep,
  tabClosedHeading,
  TransferStep,
} from './PaymentPanels';
import { PaymentForm } from './PaymentForm';
import { THREE_DS_FAILED_TEXT } from '../../../../shared/risk/threeDSecure';

const Layout = styled.div`
  display: grid;
  gap: 24px;
  margin-top: 20px;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    grid-template-columns: 300px 1fr;
    align-items: start;
  }
`;

const Panel = styled.section`
  display: grid;
  gap: 20px;
  padding: clamp(18px, 4vw, 32px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

/** On a phone the pack sits beside its words, small: the form and its Submit get the screen. */
const Summary = styled(PackPanel)`
  p {
    margin: 4px 0 0;
  }
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    grid-template-columns: 88px 1fr;
    align-items: center;
    padding: 12px 14px;
    text-align: left;

    svg {
      max-width: 88px;
    }
    h2 {
      font-size: 1.15rem;
    }
  }
  strong {
    font-size: 1.4rem;
    color: ${({ theme }) => theme.colors.gold};
  }
`;

const Heading = styled(PageHeading)`
  &:focus {
    outline: none;
  }
`;

/** What the last attempt at this pack came to, shown above the form it gives back. */
function AttemptOutcome({ entry }: { entry: PaymentAttempt | null }) {
  if (!entry) return null;
  switch (entry.phase) {
    case 'declined':
      return <FormError takeFocus>{entry.threeDSecureFailed ? THREE_DS_FAILED_TEXT : paymentTexts.declined}</FormError>;
    case 'cancelled':
      return <FormStatus takeFocus>{paymentTexts.cancelled}</FormStatus>;
    case 'expired':
      return <FormError takeFocus>{paymentTexts.expired}</FormError>;
    case 'failed':
      return (
        <FormError takeFocus>
          {entry.error?.message}{' '}
          {entry.error?.failure === 'signIn' && <Link to={signInForItemPath(entry.packId)}>{paymentTexts.signInAgain}</Link>}
          {entry.error?.reason === 'openOrderCap' && <Link to={ROUTES.orders}>{paymentTexts.unpaidOrders}</Link>}
        </FormError>
      );
    default:
      return null;
  }
}

const TITLES: Partial<Record<PaymentAttempt['phase'], string>> = {
  awaitingPayment: paymentTexts.awaitingHeading,
  transferUnderWay: paymentTexts.transferHeading,
  paid: paymentTexts.paidNotCredited,
  credited: paymentTexts.successHeading,
};

/**
 * Keeps the player's open orders from the server known while the payment screen shows: when it opens, and each time
 * the player comes back to this tab (they may have started one in another tab or on another device meanwhile).
 */
function useOpenOrdersKnown(signedIn: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn) return undefined;
    const refresh = () => {
      if (document.visibilityState === 'visible') dispatch(openOrdersRequested());
    };
    refresh();
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [dispatch, signedIn]);
}

/**
 * The payment screen of one pack (/shop?item=…): the pack beside the step its order has reached, from the
 * form through the checkout tab to the paid card, or the form back with the details after a refusal.
 */
export function PaymentScreen({ pack }: { pack: GemPack }) {
  useShopOffersLoaded();
  const signedIn = useAppSelector(selectIsSignedIn);
  const active = useAppSelector(selectActiveEntry);
  const entry = active && active.packId === pack.id ? active : null;
  const prompt = useAppSelector(selectSecondOrderPrompt);
  const promptPack = useAppSelector((state) => (prompt ? selectShelfPack(state, prompt.packId) : undefined));
  const cancelledReturn = useAppSelector(selectCancelledReturn);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const cancelledHere = !entry && cancelledReturn?.packId === pack.id;
  // Start over, or Try again here: the empty form is back, and so is focus on the payment screen's heading.
  useFocusWhen(signedIn && !entry && !cancelledHere && !prompt, headingRef);
  const title = entry?.phase === 'tabClosed' ? tabClosedHeading(entry) : entry && TITLES[entry.phase];
  usePageTitle(title ?? `${paymentTexts.heading}: ${pack.title}`);
  useOpenOrdersKnown(signedIn);
  // The price line follows the tax the invoice will show, from the billing country as the form has it.
  const [billingCountry, setBillingCountry] = useState('');
  const decision = useExpectedTax(billingCountry);
  const treatment = decision?.sells ? decision.tax.treatment : 'gst';

  const step = () => {
    if (!signedIn) return <SignInToBuyStep pack={pack} />;
    if (entry?.phase === 'awaitingPayment') return <AwaitingPaymentStep entry={entry} />;
    if (entry?.phase === 'tabClosed') return <TabClosedStep entry={entry} />;
    if (entry?.phase === 'transferUnderWay') return <TransferStep orderId={entry.orderId} />;
    if (entry?.phase === 'paid' || entry?.phase === 'credited') return <PaidStep entry={entry} pack={pack} />;
    if (cancelledHere) return <CancelledHereStep />;
    return (
      <>
        {prompt && <SecondOrderQuestion pendingTitle={promptPack?.title ?? ''} pendingOrderId={prompt.orderId} />}
        <AttemptOutcome entry={entry} />
        <PurchaseGate priceCents={pack.priceCents}>
          {/* One form for the pack through its attempts: a Submit does not build it again (the press answers sooner), and
              what was typed stays for a retry. */}
          <PaymentForm
            key={pack.id}
            pack={pack}
            busy={entry?.phase === 'starting' || prompt !== null}
            onCountryChange={setBillingCountry}
            status={entry?.phase === 'starting' && <FormStatus takeFocus>{paymentTexts.starting}</FormStatus>}
          />
        </PurchaseGate>
      </>
    );
  };

  return (
    <>
      <Heading ref={headingRef} tabIndex={-1}>
        {paymentTexts.heading}
      </Heading>
      <Link to={ROUTES.shop}>{paymentTexts.otherPack}</Link>
      <Layout>
        <Summary aria-label={paymentTexts.yourPack}>
          <PackArt image={pack.image} />
          <div>
            <h2>{pack.title}</h2>
            <p data-testid="pack-gems">{entry?.gives ? landedGemsText(entry.gives) : `${formatGemCount(pack.gemCount)} gems`}</p>
            <p>
              <strong>{formatAud(pack.priceCents)}</strong> <span data-testid="price-tax">{priceTaxNote(pack.priceCents, treatment)}</span>
            </p>
            {/* Once an order is made, what it gives is the order's: its bonus as recorded, not the shop's today. */}
            {!entry?.gives && <PackBonusBadge packId={pack.id} />}
            <LeftThisMonth />
          </div>
        </Summary>
        <Panel aria-label={paymentTexts.yourDetails}>{step()}</Panel>
      </Layout>
    </>
  );
}
