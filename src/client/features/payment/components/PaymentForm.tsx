import { noteFunnel } from '../../../lib/funnel';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import type { GemPack } from '../../../../shared/catalogue';
import { paymentFormSchema, type PaymentFormData } from '../../../../shared/validation/paymentForm';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { Button } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { CheckboxField, TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { selectUser } from '../../auth';
import { paymentTexts } from '../paymentTexts';
import { submitted } from '../paymentSlice';
import { readDetails } from '../savedDetails';
import { CountryField, useCountryList } from './CountryField';
import { RememberedSummary } from './RememberedSummary';
import { BillingTextField, TEXT_FIELDS, TEXT_FIELDS_AFTER_COUNTRY } from '../../../components/form/billingFields';
import { FormError } from '../../../components/form/FormFeedback';
import { useBuyerCountry } from '../buyerCountry';
import { useBillingDetailsQuery } from '../../../wiring/billingDetailsApi';
import { billingProfileTexts } from '../../../../shared/billingProfile';
import { countryName, mayCarryInternationalFee, taxTexts } from '../../../../shared/tax/orderTax';
import { expectedTax } from '../../../../shared/tax/taxTreatment';
import { promoCodeChecked, PromoCodeField, shopOffersWanted, usePromoCodeForSubmit } from '../../offers';
import { keepCreatorCode, sessionCreatorCode } from '../../../lib/visitSource';
import { creatorTexts } from '../../../../shared/creators';
import { GiftFields, useGiftChoice } from '../../gifts';

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
  /** The billing country as chosen (empty before): the price line beside the form follows the tax it means. */
  onCountryChange?: (country: string) => void;
}

/**
 * The payment details for one pack, as the player last typed them in this tab (kept for a retry). A valid
 * Submit hands the data and the pack id to the checkout machine.
 */
export function PaymentForm({ pack, busy, status, onCountryChange }: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { list } = useCountryList();
  const promo = usePromoCodeForSubmit(pack.id);
  const typedInThisTab = useMemo(() => readDetails(pack.id), [pack.id]);
  const { data: remembered } = useBillingDetailsQuery(undefined, { refetchOnMountOrArgChange: true });
  // Until the list arrives, a remembered country (the store checked it when keeping it) is one of the list's.
  const rememberedCountry = remembered?.details?.country;
  const schema = useMemo(
    () => paymentFormSchema(new Set(list.length ? list.map((country) => country.alpha2Code) : rememberedCountry ? [rememberedCountry] : [])),
    [list, rememberedCountry],
  );
  // Details already read (Buy Again's page read them ahead) fill the form's first render, not a second one.
  const form = useValidatedForm<PaymentFormData>(schema, typedInThisTab ?? remembered?.details ?? emptyDetails(user?.email ?? ''));

  // Details the player asked the store to remember fill the form once they arrive (read again each time it shows),
  // unless this tab kept what was typed for this pack, or the player has typed meanwhile.
  const { fillIfUnchanged } = form;
  const [remember, setRemember] = useState<boolean | null>(remembered ? remembered.details !== null : null);
  useEffect(() => {
    if (!remembered) return;
    if (remembered.details && !typedInThisTab) fillIfUnchanged(remembered.details);
    setRemember((chosen) => chosen ?? remembered.details !== null);
  }, [remembered, typedInThisTab, fillIfUnchanged]);
  const rememberChoice = remember ?? false;
  // "This is a gift": Submit waits until the friend is found by their tag.
  const gift = useGiftChoice();
  const [giftBlocked, setGiftBlocked] = useState(false);
  const { creatorCode, setCreatorCode, creatorCodeLeft } = useCreatorCode();

  const country = form.values.country;
  useEffect(() => onCountryChange?.(country), [country, onCountryChange]);
  const { addressCountry, refusedCountry, placedAbroad } = useSalesCountry(country);
  const fromRemembered = !typedInThisTab && remembered?.details != null && sameDetails(form.values, remembered.details);
  const { summary, edit, fieldsRef } = useRememberedSummary(fromRemembered && form.valid);

  const renderText = (spec: (typeof TEXT_FIELDS)[number]) => <BillingTextField key={spec.name} spec={spec} field={form.field(spec.name)} />;

  return (
    <Form
      noValidate
      aria-label={paymentTexts.formLabel}
      onSubmit={form.handleSubmit((details) => {
        if (busy || refusedCountry) return;
        setGiftBlocked(gift.blocked);
        if (gift.blocked) return;
        // A code typed but not applied is checked first, so the player sees its bonus (or why not) before paying.
        if (promo.needsCheck) dispatch(promoCodeChecked({ packId: pack.id, code: promo.text }));
        else {
          noteFunnel('submit');
          // Ticked: kept; unticked where details are kept: forgotten; otherwise nothing is asked.
          const rememberDetails = rememberChoice ? true : remembered?.details ? false : undefined;
          // The generation of the details the form was filled from goes with the choice: a Forget since then wins.
          const remembering = rememberDetails !== undefined ? { rememberDetails, ...(remembered?.generation !== undefined ? { rememberedGeneration: remembered.generation } : {}) } : {};
          const creator = creatorCode.trim().toUpperCase();
          // A gift is sold without offers: a promo code stays with the player's own orders.
          const offers = gift.choice ? { gift: gift.choice } : promo.code ? { promoCode: promo.code } : {};
          dispatch(submitted({ packId: pack.id, details, ...offers, ...(creator ? { creatorCode: creator } : {}), ...remembering }));
        }
      })}
    >
      {placedAbroad && <FeeNote data-testid="sold-in-australia-only">{paymentTexts.soldInAustraliaOnly(countryName(placedAbroad))}</FeeNote>}
      {summary ? (
        <>
          <RememberedSummary details={form.values} onEdit={edit} promoOpen={promo.text !== ''}>
            <PromoCodeField packId={pack.id} disabled={busy} />
          </RememberedSummary>
          {refusedCountry && <FormError>{taxTexts.notSoldThere(refusedCountry)}</FormError>}
        </>
      ) : null}
      <FieldGrid ref={fieldsRef}>
        {!summary && (
          <>
            {TEXT_FIELDS.map(renderText)}
            <div className="wide">
              <CountryField {...form.field('country')} {...(refusedCountry ? { error: taxTexts.notSoldThere(refusedCountry) } : {})} />
            </div>
            {TEXT_FIELDS_AFTER_COUNTRY.map(renderText)}
            <PromoCodeField packId={pack.id} disabled={busy} />
          </>
        )}
        {/* Folded into the summary unless a creator's link filled it in: Buy Again stays one screen. */}
        {(!summary || creatorCode !== '') && <TextField name="creatorCode" label={creatorTexts.field} hint={creatorTexts.hint} value={creatorCode} maxLength={20} autoComplete="off" spellCheck={false} disabled={busy} onChange={(event) => setCreatorCode(event.target.value)} onBlur={creatorCodeLeft} />}
        {/* Folded into the summary as the creator's code is, unless ticked: Buy Again stays one screen (Edit shows it). */}
        {(!summary || gift.isGift) && <GiftFields state={gift} disabled={busy} showBlocked={giftBlocked} />}
        <div className="wide">
          <CheckboxField name="rememberDetails" label={billingProfileTexts.remember} value={rememberChoice ? 'yes' : ''} onChange={(event) => setRemember(event.target.value === 'yes')} />
        </div>
      </FieldGrid>
      {!refusedCountry && mayCarryInternationalFee(country, addressCountry) && <FeeNote data-testid="international-fee">{taxTexts.internationalFee}</FeeNote>}
      {status}
      <Button type="submit" disabled={busy || refusedCountry !== null} aria-busy={busy}>
        {paymentTexts.submit}
      </Button>
    </Form>
  );
}

/** A creator's link fills their code in; the player may change or remove it. */
function useCreatorCode() {
  const dispatch = useAppDispatch();
  const [creatorCode, setCreatorCode] = useState(sessionCreatorCode);
  // A code typed and left becomes the session's, and the offers are asked again: a creator's bonus shows before Submit.
  const creatorCodeLeft = () => {
    if (creatorCode.trim().toUpperCase() === sessionCreatorCode()) return;
    keepCreatorCode(creatorCode);
    dispatch(shopOffersWanted({ signedIn: true }));
  };
  return { creatorCode, setCreatorCode, creatorCodeLeft };
}

/** Whether the form holds exactly these details (the player has changed none of them). */
const sameDetails = (values: PaymentFormData, details: PaymentFormData) => (Object.keys(details) as Array<keyof PaymentFormData>).every((name) => values[name] === details[name]);

/**
 * Where the store sells, against where the buyer is, by the invoice's rule before Submit: asked once the form shows, so a
 * buyer outside Australia is told of their bank's fee and, where the store sells only in Australia, that it cannot sell
 * to them, before a field is typed. `refusedCountry`: the billing country chosen that the store does not sell to (said
 * under Country, and not sent).
 */
function useSalesCountry(country: string) {
  const buyerCountry = useBuyerCountry();
  const addressCountry = buyerCountry?.addressCountry ?? null;
  const refusedCountry = buyerCountry && country !== '' && !expectedTax(country, addressCountry, buyerCountry.salesCountries).sells ? country : null;
  // The country a store selling in Australia only places the connection in, when abroad (null otherwise).
  const placedAbroad = buyerCountry?.salesCountries === 'AU' && addressCountry !== null && !expectedTax('', addressCountry, 'AU').sells ? addressCountry : null;
  return { addressCountry, refusedCountry, placedAbroad };
}

/** Filled from remembered details, unchanged and valid: a summary until Edit, which shows the fields and focuses the first. */
function useRememberedSummary(shownAsSummary: boolean) {
  const [editing, setEditing] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const edit = () => {
    flushSync(() => setEditing(true));
    fieldsRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  };
  return { summary: !editing && shownAsSummary, edit, fieldsRef };
}

/** A form with nothing typed yet: the account's email is the likeliest. */
const emptyDetails = (email: string): PaymentFormData => ({ firstName: '', lastName: '', address: '', country: '', state: '', city: '', postCode: '', email, phone: '' });

