import type { ReactNode } from 'react';
import styled from 'styled-components';
import { billingProfileTexts } from '../../../../shared/billingProfile';
import type { PaymentFormData } from '../../../../shared/validation/paymentForm';
import { SecondaryButton } from '../../../components/Button';
import { DetailsAddress } from '../../../components/DetailsAddress';

const Box = styled.section`
  display: grid;
  gap: 6px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};

  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Address = styled(DetailsAddress)`
  font-style: normal;
  overflow-wrap: anywhere;
  line-height: 1.45;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: nowrap;
  gap: 12px;

  button {
    flex: none;
    min-height: 44px;
    padding: 0.3em 1.2em;
  }
`;

const Disclosure = styled.details`
  summary {
    cursor: pointer;
    min-height: 44px;
    display: flex;
    align-items: center;
    color: ${({ theme }) => theme.colors.goldBright};
    text-decoration: underline;
  }
  summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  > div {
    margin-top: 8px;
  }
`;

/**
 * The payment form filled from details the player asked the store to remember, as a summary: who pays and where, Edit
 * (the fields, focus on the first), and the promo code behind a disclosure (open when one is typed). Buy Again on a
 * phone then fits one screen, Submit in view.
 */
export function RememberedSummary({ details, onEdit, promoOpen, children }: { details: PaymentFormData; onEdit: () => void; promoOpen: boolean; children: ReactNode }) {
  return (
    <Box aria-labelledby="remembered-summary-heading" data-testid="remembered-summary">
      <Row>
        <h3 id="remembered-summary-heading">{billingProfileTexts.payingAs}</h3>
        <SecondaryButton type="button" aria-label={billingProfileTexts.editLabel} onClick={onEdit}>
          {billingProfileTexts.edit}
        </SecondaryButton>
      </Row>
      <Address details={details} />
      <Disclosure open={promoOpen || undefined}>
        <summary>{billingProfileTexts.promoDisclosure}</summary>
        <div>{children}</div>
      </Disclosure>
    </Box>
  );
}
