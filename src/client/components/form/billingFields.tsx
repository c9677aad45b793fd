import { PAYMENT_FIELD_LIMITS, type PaymentFormData } from '../../../shared/validation/paymentForm';
import { TextField } from './TextField';

/**
 * The text inputs of the payment details (docs/storefront.md, Screens), in order; Country sits between Address and
 * State. The payment form and the editor of remembered details show the same fields.
 */
export const TEXT_FIELDS: Array<{ name: keyof PaymentFormData; label: string; autoComplete: string; type?: string; wide?: boolean }> = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
];
export const TEXT_FIELDS_AFTER_COUNTRY: typeof TEXT_FIELDS = [
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postCode', label: 'Post Code', autoComplete: 'postal-code' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
];

type FieldBinding = Pick<Parameters<typeof TextField>[0], 'name' | 'value' | 'error' | 'onChange' | 'onBlur'>;

/** One of those inputs, bound to its form's field (useValidatedForm's `field`), in a grid cell (`wide` spans the row). */
export function BillingTextField({ spec: { name, label, autoComplete, type, wide }, field }: { spec: (typeof TEXT_FIELDS)[number]; field: FieldBinding }) {
  return (
    <div className={wide ? 'wide' : undefined}>
      <TextField {...field} label={label} type={type ?? 'text'} autoComplete={autoComplete} maxLength={PAYMENT_FIELD_LIMITS[name]} required />
    </div>
  );
}
