import { useState } from 'react';
import styled from 'styled-components';
import { GIFT_MESSAGE_MAX, giftMessageRefusal, giftTexts, type GiftRecipient } from '../../../../shared/gifts/gift';
import { normalizePlayerTag, PLAYER_TAG_PATTERN } from '../../../../shared/playerTag';
import { SecondaryButton } from '../../../components/Button';
import { CheckboxField, FieldMessage, TextAreaField, TextField } from '../../../components/form/TextField';
import { useFindGiftRecipientMutation } from '../giftsApi';

const Group = styled.fieldset`
  display: grid;
  gap: 14px;
  margin: 0;
  padding: 0;
  border: 0;
`;

/** The tag's field, and Find player under it: the hint keeps the field's full width on a phone. */
const FindRow = styled.div`
  display: grid;
  gap: 10px;
  justify-items: start;

  & > :first-child {
    justify-self: stretch;
  }
`;

const Found = styled.p`
  margin: 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.gold};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What a Submit sends of a gift, once the payer has found their friend; null while it is not a gift. */
export interface GiftChoice {
  tag: string;
  message?: string;
  showName: boolean;
}

/**
 * "This is a gift": the friend's tag, looked up (the store answers a masked name and the tag to confirm), a short
 * message and whether to show the payer's name. `blocked`: ticked, but no friend found yet (Submit says so).
 */
export function useGiftChoice() {
  const [isGift, setIsGift] = useState(false);
  const [tag, setTag] = useState('');
  const [found, setFound] = useState<GiftRecipient | null>(null);
  const [message, setMessage] = useState('');
  const [showName, setShowName] = useState(true);
  const messageError = giftMessageRefusal(message.trim());
  const choice: GiftChoice | null = isGift && found && !messageError ? { tag: found.tag, ...(message.trim() ? { message: message.trim() } : {}), showName } : null;
  return { isGift, setIsGift, tag, setTag, found, setFound, message, setMessage, messageError, showName, setShowName, choice, blocked: isGift && choice === null };
}

export type GiftChoiceState = ReturnType<typeof useGiftChoice>;

/** The gift's part of the payment form. `showBlocked`: a Submit was refused because no friend was found yet. */
export function GiftFields({ state, disabled, showBlocked }: { state: GiftChoiceState; disabled: boolean; showBlocked: boolean }) {
  const [find, { isLoading, error }] = useFindGiftRecipientMutation();
  const [typedError, setTypedError] = useState<string | null>(null);
  const lookUp = async () => {
    if (!PLAYER_TAG_PATTERN.test(state.tag.trim())) {
      setTypedError(giftTexts.tagFormat);
      return;
    }
    setTypedError(null);
    const answer = await find(normalizePlayerTag(state.tag)).unwrap().catch(() => null);
    state.setFound(answer);
  };
  const lookUpError = typedError ?? (error && 'message' in error ? String(error.message) : null);
  return (
    <div className="wide">
      <CheckboxField name="isGift" label={giftTexts.isGift} value={state.isGift ? 'yes' : ''} onChange={(event) => state.setIsGift(event.target.value === 'yes')} />
      {state.isGift && (
        <Group aria-label={giftTexts.isGift}>
          <Hint>{giftTexts.noOffers}</Hint>
          <FindRow>
            <TextField
              name="giftTag"
              label={giftTexts.tagLabel}
              hint={giftTexts.tagHint}
              value={state.tag}
              maxLength={16}
              autoComplete="off"
              spellCheck={false}
              disabled={disabled}
              {...(lookUpError && !state.found ? { error: lookUpError } : {})}
              onChange={(event) => {
                state.setTag(event.target.value);
                state.setFound(null);
              }}
              onKeyDown={(event) => {
                // Enter finds the friend rather than submitting the payment.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void lookUp();
                }
              }}
            />
            <SecondaryButton type="button" disabled={disabled || isLoading} aria-busy={isLoading} onClick={() => void lookUp()}>
              {isLoading ? giftTexts.finding : giftTexts.find}
            </SecondaryButton>
          </FindRow>
          <div role="status" aria-live="polite">
            {state.found && (
              <>
                <Found data-testid="gift-recipient">{giftTexts.found(state.found.maskedName, state.found.tag)}</Found>
                <Hint>{giftTexts.confirmHint}</Hint>
              </>
            )}
          </div>
          {showBlocked && !state.found && <FieldMessage role="alert">{giftTexts.lookUpFirst}</FieldMessage>}
          <TextAreaField
            name="giftMessage"
            label={giftTexts.messageLabel}
            hint={giftTexts.messageHint}
            value={state.message}
            maxLength={GIFT_MESSAGE_MAX}
            rows={3}
            disabled={disabled}
            {...(state.messageError ? { error: state.messageError } : {})}
            onChange={(event) => state.setMessage(event.target.value)}
          />
          <CheckboxField name="giftShowName" label={giftTexts.showName} value={state.showName ? 'yes' : ''} onChange={(event) => state.setShowName(event.target.value === 'yes')} />
        </Group>
      )}
    </div>
  );
}
