import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { submitted } from '../features/payment/paymentSlice';
import { devToolsOptions, HIDDEN, hideSecrets } from './devTools';

describe('what Redux DevTools are shown', () => {
  it('hides passwords, tokens, and a payer’s details wherever they sit', () => {
    const action = submitted({ packId: 3, details: samplePaymentDetails });
    const shown = devToolsOptions.actionSanitizer!(action as never, 0) as typeof action;
    expect(shown.payload.details).toBe(HIDDEN);
    expect(shown.payload.packId).toBe(3);
    expect(JSON.stringify(shown)).not.toMatch(/Castle Road|9876/);
    expect(hideSecrets({ a: [{ password: 'x', idToken: 'y' }], phone: '1', address: '2', keep: 'z' })).toEqual({
      a: [{ password: HIDDEN, idToken: HIDDEN }],
      phone: HIDDEN,
      address: HIDDEN,
      keep: 'z',
    });
  });

  it('leaves the action itself untouched', () => {
    const action = submitted({ packId: 3, details: samplePaymentDetails });
    devToolsOptions.actionSanitizer!(action as never, 0);
    expect(action.payload.details).toEqual(samplePaymentDetails);
  });
});
