import { DISPUTE_STAGES, type DisputeStage } from '../../../../shared/disputes/dispute';
import { ORDER_ID_PATTERN } from '../../../../shared/paymentProtocol';
import { recordDisputeSchema } from '../../../../shared/validation/dispute';
import { z } from 'zod';
import { SelectField, TextField } from '../../../components/form/TextField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { Panel } from '../../../components/Panel';
import { disputesTexts as t } from './disputesTexts';
import type { DisputeChanges } from './useDisputeChanges';

/** The form's fields: the order, then the request the API takes (the date may be left empty). */
const formSchema = z.object({
  orderId: z.string().trim().toUpperCase().regex(ORDER_ID_PATTERN, 'Give the order number, such as WCMI4ZK2A1B2C3D4E5F6.'),
  stage: z.enum(DISPUTE_STAGES),
  reasonCode: recordDisputeSchema.shape.reasonCode,
  evidenceDue: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the evidence deadline as a date.')]),
});

/** A dispute the provider reports only in its dashboard, recorded by hand through the same machine as its notices. */
export function RecordDisputeForm({ changes, onRecorded }: { changes: DisputeChanges; onRecorded: (orderId: string) => void }) {
  const form = useValidatedForm(formSchema, { orderId: '', stage: 'opened', reasonCode: '', evidenceDue: '' });
  const { busy } = changes;
  return (
    <Panel aria-labelledby="record-dispute-heading">
      <h2 id="record-dispute-heading">{t.recordHeading}</h2>
      <p>{t.recordIntro}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit(async ({ orderId, stage, reasonCode, evidenceDue }) => {
          if (busy) return;
          const request = { stage: stage as DisputeStage, reasonCode: reasonCode.trim(), ...(evidenceDue ? { evidenceDue } : {}) };
          const disputed = orderId.trim().toUpperCase();
          if (await changes.record(disputed, request)) onRecorded(disputed);
        })}
      >
        <TextField {...form.field('orderId')} label={t.recordOrder} autoComplete="off" spellCheck={false} required />
        <SelectField {...form.field('stage')} label={t.recordStage}>
          {DISPUTE_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t.stages[stage]}
            </option>
          ))}
        </SelectField>
        <TextField {...form.field('reasonCode')} label={t.recordReason} autoComplete="off" required />
        <TextField {...form.field('evidenceDue')} type="date" label={t.recordDue} />
        <SubmitButton busy={busy} label={t.record} busyLabel={t.working} style={{ marginTop: 16 }} />
      </form>
    </Panel>
  );
}
