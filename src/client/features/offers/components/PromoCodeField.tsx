import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { bonusGemsText } from '../../../../shared/offers/offer';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { SecondaryButton } from '../../../components/Button';
import { FormStatus } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { offersTexts } from '../offersTexts';
import { packBonusOf } from '../packBonus';
import { promoCodeChecked, promoCodeChosen, promoCodeRemoved, promoCodeTyped, selectPackPromoCode, selectShopOffers } from '../offersSlice';

/** The field's id (TextField's for the name promoCode) and its button's, for focus as the choices change. */
const PROMO_CODE_FIELD_ID = 'field-promoCode';
const PROMO_CODE_BUTTON_ID = 'promo-code-button';

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

const bonusText = (bonus: { gems: number; title: string }) => `${bonusGemsText(bonus.gems)} (${bonus.title})`;

/**
 * "Promo code (optional)" on the payment form: Apply Code asks the server what the code adds to this pack and
 * shows it before Submit; a refusal is said under the field. Typing again forgets the last answer. A code replaces
 * the pack's running bonus, so the field says so beforehand, and a code that gives no more leaves the larger bonus
 * in place unless the player chooses the code. Focus stays on the button through Apply, and returns to the field
 * after Remove Code.
 */
export function PromoCodeField({ packId, disabled }: { packId: number; disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const mine = useAppSelector((state) => selectPackPromoCode(state, packId));
  const running = packBonusOf(useAppSelector(selectShopOffers), packId);
  const text = mine?.text ?? '';
  const checking = mine?.status === 'checking';
  const apply = () => {
    if (text.trim() && !checking) dispatch(promoCodeChecked({ packId, code: text.trim() }));
  };
  const remove = () => {
    dispatch(promoCodeRemoved());
    document.getElementById(PROMO_CODE_FIELD_ID)?.focus();
  };
  // The choice's button goes once chosen: focus moves to Remove Code, where the choice can be undone.
  const chooseCode = () => {
    flushSync(() => dispatch(promoCodeChosen()));
    document.getElementById(PROMO_CODE_BUTTON_ID)?.focus();
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
          hint={running && mine?.status !== 'applied' ? offersTexts.codeReplacesBonus(bonusText(running)) : undefined}
          onChange={(event) => dispatch(promoCodeTyped({ packId, text: event.target.value }))}
          disabled={disabled}
        />
        {/* One button in one place, so it keeps focus while Apply Code becomes Remove Code: aria-disabled, not
            disabled, while the code is checked (a disabled button drops focus to the page). */}
        {mine?.status === 'applied' ? (
          <SecondaryButton id={PROMO_CODE_BUTTON_ID} type="button" onClick={remove} disabled={disabled}>
            {offersTexts.removeCode}
          </SecondaryButton>
        ) : (
          <SecondaryButton id={PROMO_CODE_BUTTON_ID} type="button" onClick={apply} disabled={disabled || !text.trim()} aria-disabled={checking || undefined} aria-busy={checking || undefined}>
            {offersTexts.applyCode}
          </SecondaryButton>
        )}
      </Row>
      {checking && <FormStatus>{offersTexts.checkingCode}</FormStatus>}
      {mine?.status === 'applied' && mine.applied && <FormStatus>{offersTexts.codeApplied(bonusText({ gems: mine.applied.bonusGems, title: mine.applied.title }))}</FormStatus>}
      {mine?.status === 'kept' && mine.smaller && running && (
        <div data-testid="code-kept">
          <FormStatus>{offersTexts.codeKept(mine.smaller.code, bonusGemsText(mine.smaller.bonusGems), bonusText(running))}</FormStatus>
          <SecondaryButton type="button" onClick={chooseCode} disabled={disabled}>
            {offersTexts.useCodeInstead}
          </SecondaryButton>
        </div>
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
  // Checked, and the pack's larger bonus kept: the order goes without the code.
  if (mine?.status === 'kept') return { code: undefined, text, needsCheck: false };
  return { code: undefined, text, needsCheck: true };
}
