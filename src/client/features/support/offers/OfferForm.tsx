import { useMemo } from 'react';
import type { GemPack } from '../../../../shared/catalogue';
import { OFFER_KIND_NAMES, OFFER_KINDS, type Offer } from '../../../../shared/offers/offer';
import { wallTimeFieldOf } from '../../../../shared/wallTime';
import { offerFormSchema, OFFER_LIMITS, type OfferFormData } from '../../../../shared/validation/offer';
import { AUDIENCE_CHOICE_WORDS, AUDIENCE_CHOICES, audienceFieldsOf } from '../../../../shared/validation/offerTailoring';
import { Button } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { SelectField, TextField } from '../../../components/form/TextField';
import { ScheduleField } from '../../../components/form/ScheduleField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { supportTexts } from '../supportTexts';


const fields = supportTexts.offerFields;

type OfferFormValues = Required<OfferFormData>;

/** The experiment's fields of an offer as stored: the holdout's percentage and a second arm's bonus. */
function experimentFieldsOf(offer: Offer): Pick<OfferFormValues, 'holdoutPercent' | 'secondBonusAmount'> {
  if (!offer.experiment) return { holdoutPercent: '', secondBonusAmount: '' };
  const second = offer.experiment.arms[1]?.bonus;
  return { holdoutPercent: String(Math.round(offer.experiment.holdoutShare * 100)), secondBonusAmount: second ? String(second.amount) : '' };
}

/** The form's text of an offer as stored (times as wall-clock times in the store's zone); a new one starts now. */
export function offerFormOf(offer: Offer | null, timeZone: string, now = Date.now()): OfferFormValues {
  if (!offer) {
    return {
      kind: 'timeBoxed',
      title: '',
      bonusUnit: 'percent',
      bonusAmount: '',
      packId: '',
      startsAt: wallTimeFieldOf(timeZone, now),
      endsAt: '',
      code: '',
      totalUses: '',
      perPlayerUses: '',
      audience: '',
      audienceValue: '',
      holdoutPercent: '',
      secondBonusAmount: '',
    };
  }
  return {
    ...audienceFieldsOf(offer.audience?.[0]),
    ...experimentFieldsOf(offer),
    kind: offer.kind,
    title: offer.title,
    bonusUnit: offer.bonus.unit,
    bonusAmount: String(offer.bonus.amount),
    packId: offer.packIds?.length === 1 ? String(offer.packIds[0]) : '',
    startsAt: wallTimeFieldOf(timeZone, offer.startsAt),
    endsAt: offer.endsAt === null ? '' : wallTimeFieldOf(timeZone, offer.endsAt),
    code: offer.code ?? '',
    totalUses: offer.totalUses == null ? '' : String(offer.totalUses),
    perPlayerUses: offer.perPlayerUses == null ? '' : String(offer.perPlayerUses),
  };
}

/**
 * Create or edit an offer, checked by the same rules as the server (no bonus below 1, no end before the start,
 * a code for a promo code). An offer's kind and code stay what they were made as.
 */
export function OfferForm({
  offer,
  timeZone,
  packs,
  busy,
  onSave,
}: {
  offer: Offer | null;
  timeZone: string;
  /** The published catalogue's packs. */
  packs: readonly GemPack[];
  busy: boolean;
  onSave: (form: OfferFormData) => void;
}) {
  const schema = useMemo(() => offerFormSchema(timeZone), [timeZone]);
  const form = useValidatedForm<OfferFormValues>(schema, offerFormOf(offer, timeZone));
  const valueAsked = AUDIENCE_CHOICE_WORDS[form.values.audience].value;
  const isCode = form.values.kind === 'promoCode';
  return (
    <FieldGrid as="form" noValidate aria-label={offer ? supportTexts.editOfferHeading(offer.title) : supportTexts.newOfferHeading} onSubmit={form.handleSubmit(onSave)}>
      <SelectField {...form.field('kind')} label={fields.kind} disabled={offer !== null}>
        {OFFER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {OFFER_KIND_NAMES[kind]}
          </option>
        ))}
      </SelectField>
      <TextField {...form.field('title')} label={fields.title} maxLength={OFFER_LIMITS.titleMax} required />
      <SelectField {...form.field('bonusUnit')} label={fields.bonusUnit}>
        <option value="percent">Percent of the pack’s gems</option>
        <option value="gems">A number of gems</option>
      </SelectField>
      <TextField {...form.field('bonusAmount')} label={fields.bonusAmount} inputMode="numeric" required />
      <SelectField {...form.field('packId')} label={fields.packId}>
        <option value="">{supportTexts.everyPack}</option>
        {packs.map((pack) => (
          <option key={pack.id} value={String(pack.id)}>
            {pack.title}
          </option>
        ))}
      </SelectField>
      <span />
      <ScheduleField {...form.field('startsAt')} label={`${fields.startsAt} (${timeZone})`} timeZone={timeZone} required />
      <ScheduleField {...form.field('endsAt')} label={`${fields.endsAt} (${timeZone})`} timeZone={timeZone} />
      {!isCode && (
        <>
          <SelectField {...form.field('audience')} label={fields.audience}>
            {AUDIENCE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {AUDIENCE_CHOICE_WORDS[choice].label}
              </option>
            ))}
          </SelectField>
          {valueAsked ? <TextField {...form.field('audienceValue')} label={fields.audienceValue} hint={valueAsked} spellCheck={false} /> : <span />}
          <TextField {...form.field('holdoutPercent')} label={fields.holdoutPercent} inputMode="numeric" />
          <TextField {...form.field('secondBonusAmount')} label={fields.secondBonusAmount} inputMode="numeric" />
        </>
      )}
      {isCode && (
        <>
          <TextField {...form.field('code')} label={fields.code} autoCapitalize="characters" spellCheck={false} maxLength={32} disabled={offer !== null} required />
          <span />
          <TextField {...form.field('totalUses')} label={fields.totalUses} inputMode="numeric" />
          <TextField {...form.field('perPlayerUses')} label={fields.perPlayerUses} inputMode="numeric" />
        </>
      )}
      <div className="wide">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {supportTexts.saveOffer}
        </Button>
      </div>
    </FieldGrid>
  );
}
