import { fieldErrors } from './fieldErrors';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { AUSTRALIAN_POST_CODE_MESSAGE, PAYMENT_FIELD_LIMITS, paymentFormSchema, startPaymentSchema, type PaymentFormData } from './paymentForm';
import { UNSTORABLE_TEXT_MESSAGE } from './text';

const schema = paymentFormSchema(new Set(['AU', 'NZ']));
const valid: PaymentFormData = samplePaymentDetails;

describe('payment form rules', () => {
  it('accept a complete form', () => {
    expect(fieldErrors(schema, valid)).toEqual({});
  });

  it('require all nine fields', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ''])) as unknown as PaymentFormData;
    expect(Object.keys(fieldErrors(schema, empty)).sort()).toEqual(Object.keys(valid).sort());
    expect(fieldErrors(schema, { ...valid, city: '   ' })).toEqual({ city: 'Enter your city or town.' });
  });

  it('check the email format', () => {
    expect(fieldErrors(schema, { ...valid, email: 'aria@' }).email).toMatch(/valid email/);
  });

  it('hold every field to its maximum length', () => {
    for (const [field, limit] of Object.entries(PAYMENT_FIELD_LIMITS)) {
      if (field === 'country' || field === 'email' || field === 'phone') continue;
      expect(fieldErrors(schema, { ...valid, [field]: 'x'.repeat(limit + 1) })).toEqual({
        [field]: `Use at most ${limit} characters.`,
      });
      // (A post code that long is a foreign one: an Australian one has 4 digits.)
      expect(fieldErrors(schema, { ...valid, ...(field === 'postCode' ? { country: 'NZ' } : {}), [field]: 'x'.repeat(limit) })).toEqual({});
    }
    expect(fieldErrors(schema, { ...valid, phone: '1'.repeat(33) }).phone).toMatch(/at most 32/);
  });

  it('allow only digits, spaces, + - ( ) in the phone, and enough digits', () => {
    expect(fieldErrors(schema, { ...valid, phone: '0412 345 678' })).toEqual({});
    expect(fieldErrors(schema, { ...valid, phone: '0412-ABC' }).phone).toMatch(/digits, spaces/);
    expect(fieldErrors(schema, { ...valid, phone: '+61' }).phone).toMatch(/whole phone/);
  });

  it('take only a country from the list', () => {
    expect(fieldErrors(schema, { ...valid, country: '' }).country).toBe('Choose your country.');
    expect(fieldErrors(schema, { ...valid, country: 'XX' }).country).toBe('Choose a country from the list.');
  });

  it.each(['firstName', 'lastName', 'address', 'state', 'city', 'postCode', 'phone'] as const)('refuses a lone surrogate in %s with a field error', (field) => {
    expect(fieldErrors(schema, { ...valid, [field]: `${valid[field]}\uDC00` })[field]).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it('refuses a lone surrogate in the email as a malformed address', () => {
    expect(fieldErrors(schema, { ...valid, email: `aria\uDC00@wyrmcrown.example` }).email).toMatch(/valid email/);
  });

  it('take an Australian post code of 4 digits only, in the form and in the API body alike, and say so with the other errors', () => {
    const australian = { ...valid, country: 'AU' };
    expect(fieldErrors(schema, { ...australian, postCode: '2000' })).toEqual({});
    expect(fieldErrors(schema, { ...australian, postCode: ' 0800 ' })).toEqual({});
    for (const postCode of ['20', '20000', '2OOO', 'NSW 2000']) expect(fieldErrors(schema, { ...australian, postCode })).toEqual({ postCode: AUSTRALIAN_POST_CODE_MESSAGE });
    // Another country keeps its own shapes.
    expect(fieldErrors(schema, { ...valid, country: 'NZ', postCode: '6011' })).toEqual({});
    expect(fieldErrors(schema, { ...valid, country: 'NZ', postCode: 'SW1A 1AA' })).toEqual({});
    // Said beside another field's error, not after it is fixed.
    expect(fieldErrors(schema, { ...australian, postCode: '20', city: '' })).toEqual({ postCode: AUSTRALIAN_POST_CODE_MESSAGE, city: 'Enter your city or town.' });
    const body = startPaymentSchema(new Set(['AU']));
    expect(body.safeParse({ ...australian, packId: 1, postCode: '20' }).success).toBe(false);
    expect(body.safeParse({ ...australian, packId: 1, postCode: '2000' }).success).toBe(true);
  });
});
