import styled from 'styled-components';
import { FormStatus } from '../../../components/form/FormFeedback';
import { protectionsTexts } from '../protectionsTexts';
import { useSpendingLimit } from './useSpendingLimit';

const NoticeBox = styled.div`
  margin-top: 16px;
`;

/** The shop list says why a player under 13 cannot buy yet. */
export function PurchaseNotice() {
  const view = useSpendingLimit();
  if (view?.purchaseBlock !== 'guardianConsentNeeded') return null;
  return (
    <NoticeBox>
      <FormStatus>{protectionsTexts.shopNeedsConsent}</FormStatus>
    </NoticeBox>
  );
}
