import type { PaymentFormData } from '../../shared/validation/paymentForm';
import { countryName } from '../../shared/tax/orderTax';

/** Payment details in three lines, as a letter is addressed: who, where, and how to reach them. */
export function DetailsAddress({ details, className }: { details: PaymentFormData; className?: string }) {
  return (
    <address className={className}>
      {details.firstName} {details.lastName}
      <br />
      {details.address}, {details.city} {details.state} {details.postCode}, {countryName(details.country)}
      <br />
      {details.email} · {details.phone}
    </address>
  );
}

