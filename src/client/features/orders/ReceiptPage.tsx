import { giftTexts } from '../../../shared/gifts/gift';
import { orderBonusText } from '../../../shared/offers/offer';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { formatAud, formatGemCount } from '../../../shared/money';
import { playerStatusLine, playerStatusOf } from '../../../shared/orders/playerStatus';
import { taxInvoiceOf } from '../../../shared/orders/taxInvoice';
import { methodOnReceipt } from '../../../shared/payMethod';
import { disputeTexts, isDisputeOpen } from '../../../shared/disputes/dispute';
import { ROUTES } from '../../../shared/routes';
import { errorMessage } from '../../wiring/serverApi';
import { SecondaryButton } from '../../components/Button';
import { FactList } from '../../components/FactList';
import { PageHeading, PageSection } from '../../components/Page';
import { useAppConfig } from '../../config/appConfig';
import { usePageTitle } from '../../hooks/usePageTitle';
import { RefundPanel } from './components/RefundPanel';
import { BuyAgainLink } from './components/BuyAgainLink';
import { useReceiptQuery } from './playerOrdersApi';
import { ordersTexts } from './ordersTexts';
import { useStoreTime } from '../../hooks/useStoreTime';

/** On paper: only the invoice, black on white, on one A4 page. */
const PrintStyle = createGlobalStyle`
  @media print {
    @page { size: A4; margin: 16mm; }
    html { color-scheme: light !important; }
    html, body { background: #fff !important; }
    body * { color: #000 !important; background: transparent !important; box-shadow: none !important; }
    header, footer, nav, .no-print { display: none !important; }
    main section { padding: 0 !important; }
  }
`;

/** The offer's bonus under the item: gems with no price of their own, so no line of the invoice's total. */
/** Print and Buy Again, side by side where they fit. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 24px;
`;

const Bonus = styled.span`
  display: block;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.goldBright};
`;

/** Why the bonus the order was made under was not added. */
const Withheld = styled.small`
  display: block;
`;

const Invoice = styled.article`
  max-width: 720px;
  padding: clamp(18px, 4vw, 36px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  dl {
    margin-bottom: 20px;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    margin: 12px 0 20px;
  }
  th,
  td {
    padding: 8px 4px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th:not(:first-child),
  td:not(:first-child) {
    text-align: right;
  }
`;

/** /account/orders/:orderId: the Australian tax invoice of one of the player's paid orders. */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  // Deferred: the invoice that a snapshot brings builds in a render that yields to input (see PaymentSuccessPage).
  const receipt = useDeferredValue(useReceiptQuery(orderId));
  const { seller } = useAppConfig();
  const { date } = useStoreTime();
  const order = receipt.currentData?.orderId === orderId ? receipt.currentData : null;
  const failure = receipt.currentData ? null : (receipt.error as { status?: number | null } | undefined);
  const notFound = Boolean(failure);
  const invoice = order && taxInvoiceOf(order);
  usePageTitle(notFound ? ordersTexts.notFoundHeading : invoice ? `${ordersTexts.taxInvoice} ${orderId}` : ordersTexts.taxInvoice);

  const back = (
    <p className="no-print">
      <Link to={ROUTES.orders}>{ordersTexts.backToOrders}</Link>
    </p>
  );
  if (notFound) {
    return (
      <PageSection>
        <PageHeading>{ordersTexts.notFoundHeading}</PageHeading>
        <p>{failure?.status === 404 ? ordersTexts.notFoundText : errorMessage(failure)}</p>
        {back}
      </PageSection>
    );
  }
  if (order && !invoice) {
    return (
      <PageSection>
        <PageHeading>{ordersTexts.noInvoiceHeading}</PageHeading>
        <p>
          {ordersTexts.noInvoiceText} ({playerStatusOf(order)})
        </p>
        {back}
      </PageSection>
    );
  }
  // The invoice's heading, seller and number need nothing from the order (the number is the one in the address),
  // so they show with the page's first frame, the number its largest text, and what the order brings grows below.
  return (
    <PageSection aria-busy={!invoice}>
      <PrintStyle />
      {back}
      <Invoice aria-labelledby="invoice-heading" data-testid="tax-invoice">
        <PageHeading id="invoice-heading">{invoice?.title ?? ordersTexts.taxInvoice}</PageHeading>
        <FactList>
          <dt>{ordersTexts.seller}</dt>
          <dd>{seller.legalName}</dd>
          <dt>{ordersTexts.abn}</dt>
          <dd>{seller.abn}</dd>
          <dt>{ordersTexts.invoiceNumber}</dt>
          <dd>{orderId}</dd>
          {/* Last, so that a date that wraps on a narrow phone moves nothing already shown. */}
          <dt>{ordersTexts.issued}</dt>
          <dd>{invoice ? date(invoice.issuedAt) : '\u00a0'}</dd>
        </FactList>
        {invoice && order && (
          <>
            <table>
              <thead>
                <tr>
                  <th scope="col">{ordersTexts.item}</th>
                  <th scope="col">{ordersTexts.quantity}</th>
                  <th scope="col">{invoice.gstCents === null ? ordersTexts.price : ordersTexts.priceInclGst}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>
                    {invoice.item} ({formatGemCount(invoice.gems)} gems)
                    {orderBonusText(order) && <Bonus data-testid="receipt-bonus">{orderBonusText(order)}</Bonus>}
                    {order.bonusWithheld && <Withheld data-testid="receipt-bonus-withheld">{order.bonusWithheld}</Withheld>}
                    {order.gift && <Bonus data-testid="receipt-gift">{giftTexts.receiptLine(order.gift.maskedName, order.gift.tag)}</Bonus>}
                  </td>
                  <td>{invoice.quantity}</td>
                  <td>{formatAud(invoice.totalCents)}</td>
                </tr>
              </tbody>
            </table>
            <FactList>
              <dt>{invoice.gstCents === null ? ordersTexts.totalNoGst : ordersTexts.total}</dt>
              <dd data-testid="invoice-total">{formatAud(invoice.totalCents)}</dd>
              {invoice.gstCents !== null && (
                <>
                  <dt>{ordersTexts.gstIncluded}</dt>
                  <dd data-testid="invoice-gst">{formatAud(invoice.gstCents)}</dd>
                </>
              )}
              <dt>{ordersTexts.paymentMethod}</dt>
              <dd data-testid="receipt-method">{methodOnReceipt(order)}</dd>
              {order.creatorName && (
                <>
                  <dt>{ordersTexts.creator}</dt>
                  <dd data-testid="receipt-creator">{order.creatorName}</dd>
                </>
              )}
              <dt>{ordersTexts.status}</dt>
              <dd data-testid="receipt-status">{playerStatusLine(order)}</dd>
            </FactList>
            {invoice.exportReason && <p data-testid="invoice-export-reason">{invoice.exportReason}</p>}
            {order.dispute && isDisputeOpen(order.dispute.status) && <p data-testid="dispute-note">{disputeTexts.underReview}</p>}
            {invoice.adjustment && (
              <section aria-labelledby="adjustment-heading" data-testid="adjustment-note">
                <h2 id="adjustment-heading">{ordersTexts.adjustmentNote}</h2>
                {invoice.adjustment.labels.why && <p>{invoice.adjustment.labels.why}</p>}
                <FactList $stackOnPhone>
                  <dt>{invoice.adjustment.labels.on}</dt>
                  <dd>{date(invoice.adjustment.at)}</dd>
                  <dt>{invoice.adjustment.labels.amount}</dt>
                  <dd data-testid="adjustment-amount">{formatAud(invoice.adjustment.amountCents)}</dd>
                  {invoice.adjustment.gstCents !== null && (
                    <>
                      <dt>{ordersTexts.gstAdjusted}</dt>
                      <dd data-testid="adjustment-gst">{formatAud(invoice.adjustment.gstCents)}</dd>
                    </>
                  )}
                </FactList>
              </section>
            )}
            <Actions className="no-print">
              <SecondaryButton type="button" onClick={() => window.print()}>
                {ordersTexts.print}
              </SecondaryButton>
              <BuyAgainLink packId={order.packId} productName={order.productName} testId="buy-again" />
            </Actions>
          </>
        )}
      </Invoice>
      {invoice && <RefundPanel orderId={orderId} />}
    </PageSection>
  );
}
