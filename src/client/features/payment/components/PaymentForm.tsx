import { noteFunnel } from '../../../lib/funnel';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { GemPack } from '../../../../shared/catalogue';
import { paymentFormSchema, type PaymentFormData } from '../../../../shared/validation/paymentForm';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { CheckboxField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { selectUser } from '../../auth';
import { paymentTexts } from '../paymentTexts';
import { selectCountries } from '../countriesSlice';
import { submitted } from '../paymentSlice';
import { readDetails } from '../savedDetails';
import { CountryField } from './CountryField';
import { BillingTextField, TEXT_FIELDS, TEXT_FIELDS_AFTER_COUNTRY } from '../../../lib/billingFields';
import { useBuyerCountryQuery } from '../buyerCountryApi';
import { useBillingDetailsQuery } from '../../../lib/billingDetailsApi';
import { billingProfileTexts } from '../../../../shared/billingProfile';
import { mayCarryInternationalFee, taxTexts } from '../../../../shared/tax/orderTax';
import { promoCodeChecked, PromoCodeField, usePromoCodeForSubmit } from '../../offers';

const Form = styled.form`
  display: grid;
  gap: 20px;
`;

const FeeNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface PaymentFormProps {
  pack: GemPack;
  /** A payment is being started: the form waits. */
  busy: boolean;
  /** Shown just above Submit: where the last attempt stands. */
  status?: React.ReactNode;
}

/**
 * The payment details for one pack, as the player last typed them in this tab (kept for a retry). A valid
 * Submit hands the data and the pack id to the checkout machine.
 */
export function PaymentForm({ pack, busy, status }: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { list } = useAppSelector(selectCountries);
  const promo = usePromoCodeForSubmit(pack.id);
  // Asked once the form shows: a buyer outside Australia is told of their bank's fee before Submit.
  const { data: buyerCountry } = useBuyerCountryQuery();
  const schema = useMemo(() => paymentFormSchema(new Set(list.map((country) => country.alpha2Code))), [list]);
  const typedInThisTab = useMemo(() => readDetails(pack.id), [pack.id]);
  const form = useValidatedForm<PaymentFormData>(
    schema,
    typedInThisTab ?? {
      firstName: '',
      lastName: '',
      address: '',
      country: '',
      state: '',
      city: '',
      postCode: '',
      email: user?.email ?? '',
      phone: '',
    },
  );

  // Details the player asked the store to remember fill the form once they arrive (read again each time it shows),
  // unless this tab kept what was typed for this pack, or the player has typed meanwhile.
  const { data: remembered } = useBillingDetailsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { fillIfUnchanged } = form;
  const [remember, setRemember] = useState<boolean | null>(null);
  useEffect(() => {
    if (!remembered) return;
    if (remembered.details && !typedInThisTab) fillIfUnchanged(remembered.details);
    setRemember((chosen) => chosen ?? remembered.details !== null);
  }, [remembered, typedInThisTab, fillIfUnchanged]);
  const rememberChoice = remember ?? false;

  const renderText = (spec: (typeof TEXT_FIELDS)[number]) => <BillingTextField key={spec.name} spec={spec} field={form.field(spec.name)} />;

  return (
    <Form
      noValidate
      aria-label={paymentTexts.formLabel}
      onSubmit={form.handleSubmit((details) => {
        if (busy) return;
        // A code typed but not applied is checked first, so the player sees its bonus (or why not) before paying.
        if (promo.needsCheck) dispatch(promoCodeChecked({ packId: pack.id, code: promo.text }));
        else {
          noteFunnel('submit');
          // Ticked: kept; unticked where details are kept: forgotten; otherwise nothing is asked.
          const rememberDetails = rememberChoice ? true : remembered?.details ? false : undefined;
          // The generation of the details the form was filled from goes with the choice: a Forget since then wins.
          const remembering = rememberDetails !== undefined ? { rememberDetails, ...(remembered?.generation !== undefined ? { rememberedGeneration: remembered.generation } : {}) } : {};
          dispatch(submitted({ packId: pack.id, details, ...(promo.code ? { promoCode: promo.code } : {}), ...remembering }));
        }
      })}
    >
      <FieldGrid>
        {TEXT_FIELDS.map(renderText)}
        <div className="wide">
          <CountryField {...form.field('country')} />
        </div>
        {TEXT_FIELDS_AFTER_COUNTRY.map(renderText)}
        <PromoCodeField packId={pack.id} disabled={busy} />
        <div className="wide">
          <CheckboxField name="rememberDetails" label={billingProfileTexts.remember} value={rememberChoice ? 'yes' : ''} onChange={(event) => setRemember(event.target.value === 'yes')} />
        </div>
      </FieldGrid>
      {mayCarryInternationalFee(form.values.country, buyerCountry?.addressCountry ?? null) && <FeeNote data-testid="international-fee">{taxTexts.internationalFee}</FeeNote>}
      {status}
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {paymentTexts.submit}
      </Button>
    </Form>
  );
}
