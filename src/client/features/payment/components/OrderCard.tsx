import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PackImage } from '../../../../shared/catalogue';
import { formatGatewayAmount, formatGemCount } from '../../../../shared/money';
import { landedGemsText, type GemsGiven } from '../../../../shared/offers/offer';
import { useAppSelector } from '../../../wiring/hooks';
import { PackArt } from '../../../components/PackArt';
import { selectGemCount } from '../../balance';
import { paymentTexts } from '../paymentTexts';

const Card = styled.div`
  display: grid;
  gap: 14px;
  justify-items: center;
  text-align: center;

  svg {
    width: 100%;
    max-width: 200px;
    height: auto;
    aspect-ratio: 4 / 3;
  }
`;

const Gems = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: clamp(1.8rem, 6vw, 2.4rem);
  font-weight: 700;
  color: ${({ theme }) => theme.colors.goldBright};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  gap: 6px 18px;
  margin: 0;
  text-align: left;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  /* The balance's row keeps its room while the balance is on its way, so nothing below moves when it comes. */
  [data-pending] {
    visibility: hidden;
  }
`;

interface OrderCardProps {
  /** The pack's picture as sold (none for an order of a pack the store never drew). */
  packImage: PackImage | null;
  productName: string;
  /** What the order gives: the pack's gems and the bonus as the order records them. */
  gems: GemsGiven;
  /** As the gateway took it: "45.99". */
  amount: string;
  orderId: string;
  /** A gift for a friend: "Gift to A•••a #TAG", shown instead of the payer's balance, which it did not change. */
  giftTo?: string | null;
  /** The heading above the card, announced with it. */
  children?: ReactNode;
}

/** A paid order: the pack's art, what it gave (+N gems, with its bonus), the amount in A$, the order number and the new balance. */
export function OrderCard({ packImage, productName, gems, amount, orderId, giftTo = null, children }: OrderCardProps) {
  const balance = useAppSelector(selectGemCount);
  return (
    <Card data-testid="order-card">
      {children}
      {packImage && <PackArt image={packImage} />}
      <Gems data-testid="gems-added">{landedGemsText(gems)}</Gems>
      <Facts>
        <dt>Pack</dt>
        <dd>{productName}</dd>
        <dt>{paymentTexts.amountPaid}</dt>
        <dd>{formatGatewayAmount(amount)}</dd>
        <dt>{paymentTexts.orderNumber}</dt>
        <dd data-testid="order-number">{orderId}</dd>
        {giftTo ? (
          <>
            <dt>{paymentTexts.gift}</dt>
            <dd data-testid="order-gift">{giftTo}</dd>
          </>
        ) : (
          <>
            <dt data-pending={balance === null || undefined}>{paymentTexts.newBalance}</dt>
            <dd data-pending={balance === null || undefined}>{formatGemCount(balance ?? 0)} gems</dd>
          </>
        )}
      </Facts>
    </Card>
  );
}
