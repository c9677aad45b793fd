import styled from 'styled-components';
import { bonusGemsText } from '../../../../shared/offers/offer';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SecondaryButton } from '../../../components/Button';
import { FormStatus } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { offersTexts } from '../offersTexts';
import { promoCodeChecked, promoCodeRemoved, promoCodeTyped, selectPackPromoCode } from '../offersSlice';

const Row = styled.div`
  display: grid;
  gap: 10px;
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1fr auto;
    button {
      margin-top: 1.9em;
    }
  }
`;

/**
 * "Promo code (optional)" on the payment form: Apply Code asks the server what the code adds to this pack and
 * shows it before Submit; a refusal is said under the field. Typing again forgets the last answer.
 */
export function PromoCodeField({ packId, disabled }: { packId: number; disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const mine = useAppSelector((state) => selectPackPromoCode(state, packId));
  const text = mine?.text ?? '';
  const apply = () => {
    if (text.trim()) dispatch(promoCodeChecked({ packId, code: text.trim() }));
  };
  return (
    <div className="wide">
      <Row>
        <TextField
          name="promoCode"
          label={offersTexts.promoCodeLabel}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          error={mine?.status === 'refused' ? (mine.error ?? undefined) : undefined}
          onChange={(event) => dispatch(promoCodeTyped({ packId, text: event.target.value }))}
          disabled={disabled}
        />
        {mine?.status === 'applied' ? (
          <SecondaryButton type="button" onClick={() => dispatch(promoCodeRemoved())} disabled={disabled}>
            {offersTexts.removeCode}
          </SecondaryButton>
        ) : (
          <SecondaryButton type="button" onClick={apply} disabled={disabled || !text.trim() || mine?.status === 'checking'} aria-busy={mine?.status === 'checking'}>
            {offersTexts.applyCode}
          </SecondaryButton>
        )}
      </Row>
      {mine?.status === 'checking' && <FormStatus>{offersTexts.checkingCode}</FormStatus>}
      {mine?.status === 'applied' && mine.applied && (
        <FormStatus>{offersTexts.codeApplied(`${bonusGemsText(mine.applied.bonusGems)} (${mine.applied.title})`)}</FormStatus>
      )}
    </div>
  );
}

/** The code a Submit sends: the applied one; undefined for none. A typed code not yet applied is checked first instead. */
export function usePromoCodeForSubmit(packId: number): { code: string | undefined; text: string; needsCheck: boolean } {
  const mine = useAppSelector((state) => selectPackPromoCode(state, packId));
  const text = mine?.text.trim() ?? '';
  if (!text) return { code: undefined, text, needsCheck: false };
  // `applied` is set only while the code typed is the one the server applied.
  if (mine?.applied) return { code: mine.applied.code, text, needsCheck: false };
  return { code: undefined, text, needsCheck: true };
}
