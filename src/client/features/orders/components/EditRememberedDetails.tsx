import { useEffect, useMemo, useRef } from 'react';
import { billingProfileTexts } from '../../../../shared/billingProfile';
import { paymentFormSchema, type PaymentFormData } from '../../../../shared/validation/paymentForm';
import { errorMessage } from '../../../wiring/serverApi';
import { Button, SecondaryButton } from '../../../components/Button';
import { FieldGrid } from '../../../components/form/FieldGrid';
import { FormError } from '../../../components/form/FormFeedback';
import { SelectField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { useAppConfig } from '../../../config/appConfig';
import { useCountriesQuery, useSaveBillingDetailsMutation } from '../../../wiring/billingDetailsApi';
import { BillingTextField, TEXT_FIELDS, TEXT_FIELDS_AFTER_COUNTRY } from '../../../components/form/billingFields';

/**
 * The remembered details as a form: the payment form's fields and rules; Save keeps them, Cancel leaves them as they were.
 * It opens on its first field, where Edit was pressed: the button that had focus is gone.
 */
export function EditRememberedDetails({ details, onSaved, onCancel }: { details: PaymentFormData; onSaved: () => void; onCancel: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  const { countriesUrl } = useAppConfig();
  const { data: countries, error: countriesError } = useCountriesQuery(countriesUrl);
  const schema = useMemo(() => paymentFormSchema(new Set((countries ?? []).map((country) => country.alpha2Code))), [countries]);
  const form = useValidatedForm<PaymentFormData>(schema, details);
  const [save, saving] = useSaveBillingDetailsMutation();
  const text = (spec: (typeof TEXT_FIELDS)[number]) => <BillingTextField key={spec.name} spec={spec} field={form.field(spec.name)} />;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={billingProfileTexts.heading}
      onSubmit={form.handleSubmit(async (values) => {
        if (saving.isLoading) return;
        const saved = await save(values);
        if (!('error' in saved)) onSaved();
      })}
    >
      <FieldGrid>
        {TEXT_FIELDS.map(text)}
        <div className="wide">
          <SelectField {...form.field('country')} label="Country" autoComplete="country" required>
            {(countries ?? [{ name: details.country, alpha2Code: details.country }]).map((country) => (
              <option key={country.alpha2Code} value={country.alpha2Code}>
                {country.name}
              </option>
            ))}
          </SelectField>
        </div>
        {TEXT_FIELDS_AFTER_COUNTRY.map(text)}
      </FieldGrid>
      {countriesError && <FormError>{errorMessage(countriesError)}</FormError>}
      {saving.error && <FormError>{errorMessage(saving.error)}</FormError>}
      <p>
        <Button type="submit" disabled={!countries || saving.isLoading} aria-busy={saving.isLoading}>
          {billingProfileTexts.save}
        </Button>{' '}
        <SecondaryButton type="button" onClick={onCancel}>
          {billingProfileTexts.cancel}
        </SecondaryButton>
      </p>
    </form>
  );
}
