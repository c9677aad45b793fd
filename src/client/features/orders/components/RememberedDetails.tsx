import styled from 'styled-components';
import { billingProfileTexts } from '../../../../shared/billingProfile';
import { countryName } from '../../../../shared/tax/orderTax';
import { errorMessage } from '../../../app/serverApi';
import { SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { useBillingDetailsQuery, useForgetBillingDetailsMutation } from '../../../lib/billingDetailsApi';

const Panel = styled.section`
  margin-top: 24px;
  padding: 18px clamp(16px, 4vw, 28px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 10px;
    font-size: 1.2rem;
  }
  address {
    font-style: normal;
    margin-bottom: 14px;
  }
`;

/**
 * The payment details the player asked the store to remember: what is kept, and Forget, which deletes them at once.
 * They are edited where they are used: the next payment form starts filled in with them, and its Submit with
 * "Remember these details" ticked keeps what it holds then.
 */
export function RememberedDetails() {
  const { data, error } = useBillingDetailsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [forget, forgetting] = useForgetBillingDetailsMutation();
  if (!data) return error ? <FormError>{errorMessage(error)}</FormError> : null;
  const details = data.details;
  return (
    <Panel aria-labelledby="remembered-heading" data-testid="remembered-details">
      <h2 id="remembered-heading">{billingProfileTexts.heading}</h2>
      {details ? (
        <>
          <address>
            {details.firstName} {details.lastName}
            <br />
            {details.address}, {details.city} {details.state} {details.postCode}, {countryName(details.country)}
            <br />
            {details.email} · {details.phone}
          </address>
          <p>{billingProfileTexts.editWhere}</p>
          <SecondaryButton type="button" onClick={() => void forget()} disabled={forgetting.isLoading} aria-busy={forgetting.isLoading}>
            {billingProfileTexts.forget}
          </SecondaryButton>
          {forgetting.error && <FormError>{errorMessage(forgetting.error)}</FormError>}
        </>
      ) : (
        <>
          {forgetting.isSuccess && <FormStatus takeFocus>{billingProfileTexts.forgotten}</FormStatus>}
          <p>{billingProfileTexts.none}</p>
        </>
      )}
    </Panel>
  );
}
