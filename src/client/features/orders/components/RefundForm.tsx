import { Button, ButtonRow, SecondaryButton } from '../../../components/Button';
import { TextAreaField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { refundRequestSchema } from '../../../../shared/validation/refundRequest';
import { refundKey, useRequestRefundMutation } from '../playerOrdersApi';
import { ordersTexts } from '../ordersTexts';

/** The refund request: the player's reason, checked by the rule the API applies, sent once. */
export default function RefundForm({ orderId, onCancel }: { orderId: string; onCancel: () => void }) {
  const [requestRefund, request] = useRequestRefundMutation(refundKey(orderId));
  const { field, handleSubmit } = useValidatedForm(refundRequestSchema, { reason: '' });
  const sending = request.isLoading;
  return (
    <form noValidate onSubmit={handleSubmit(({ reason }) => void requestRefund({ orderId, reason }))}>
      <TextAreaField {...field('reason')} label={ordersTexts.refundReasonLabel} hint={ordersTexts.refundReasonHint} required autoFocus />
      <ButtonRow>
        <Button type="submit" disabled={sending} aria-describedby={sending ? 'refund-sending' : undefined}>
          {ordersTexts.refundSend}
        </Button>
        <SecondaryButton type="button" onClick={onCancel} disabled={sending}>
          {ordersTexts.refundCancel}
        </SecondaryButton>
      </ButtonRow>
      {sending && (
        <p id="refund-sending" role="status">
          {ordersTexts.refundSending}
        </p>
      )}
    </form>
  );
}
