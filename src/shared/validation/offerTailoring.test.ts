import { audienceFieldsOf, audienceRuleOf, experimentSettingsOf } from './offerTailoring';
import { offerFormSchema, offerSettingsOf, type OfferFormData } from './offer';

const form = (overrides: Partial<OfferFormData>): OfferFormData => ({
  kind: 'timeBoxed',
  title: 'Welcome back',
  bonusUnit: 'percent',
  bonusAmount: '20',
  packId: '',
  startsAt: '2026-12-01T00:00',
  endsAt: '2026-12-31T00:00',
  code: '',
  totalUses: '',
  perPlayerUses: '',
  ...overrides,
});

describe('an offer’s audience and experiment, as staff type them', () => {
  it('make each audience rule from its value, and go back into the form as they came', () => {
    expect(audienceRuleOf('lapsed', '30')).toEqual({ rule: 'lapsed', days: 30 });
    expect(audienceRuleOf('spendBand', '50-200')).toEqual({ rule: 'spendBand', minCents: 5000, maxCents: 20000 });
    expect(audienceRuleOf('spendBand', '200-')).toEqual({ rule: 'spendBand', minCents: 20000, maxCents: null });
    expect(audienceRuleOf('source', 'gameLink')).toEqual({ rule: 'source', sources: ['gameLink'] });
    expect(audienceRuleOf('webAccount', '')).toEqual({ rule: 'gameAccount', is: false });
    expect(audienceRuleOf('neverBought', '3')).toEqual({ rule: 'neverBought', packId: 3 });
    expect(audienceRuleOf('', 'anything')).toBeNull();
    for (const [choice, value] of [['lapsed', '30'], ['spendBand', '50-200'], ['spendBand', '200-'], ['source', 'email'], ['gameAccount', ''], ['ownsPack', '2'], ['firstPurchase', '']] as const) {
      const rule = audienceRuleOf(choice, value);
      expect(audienceFieldsOf(rule as never)).toEqual({ audience: choice, audienceValue: value });
    }
  });

  it('refuse a value that means nothing, with words for its field', () => {
    expect(audienceRuleOf('lapsed', '0')).toEqual({ error: expect.stringContaining('1 to 3,650') });
    expect(audienceRuleOf('spendBand', '200-50')).toEqual({ error: expect.stringContaining('50-200') });
    expect(audienceRuleOf('source', 'tv')).toEqual({ error: expect.stringContaining('gameLink') });
    expect(experimentSettingsOf('60', { unit: 'percent', amount: 20 }, '')).toEqual({ error: expect.stringContaining('1 to 50'), field: 'holdoutPercent' });
    expect(experimentSettingsOf('20', { unit: 'percent', amount: 20 }, '20')).toEqual({ error: 'The second bonus differs from the first.', field: 'secondBonusAmount' });
  });

  it('run the offer’s bonus, or two bonuses weighted alike, against the holdout; a promo code takes neither', () => {
    const schema = offerFormSchema('Australia/Sydney');
    const settings = offerSettingsOf(schema.parse(form({ audience: 'lapsed', audienceValue: '30', holdoutPercent: '20', secondBonusAmount: '40' })), 'Australia/Sydney');
    expect(settings.audience).toEqual([{ rule: 'lapsed', days: 30 }]);
    expect(settings.experiment).toEqual({
      holdoutShare: 0.2,
      paused: false,
      arms: [
        { id: '20-percent', weight: 1, bonus: { unit: 'percent', amount: 20 } },
        { id: '40-percent', weight: 1, bonus: { unit: 'percent', amount: 40 } },
      ],
    });
    expect(offerSettingsOf(schema.parse(form({})), 'Australia/Sydney')).toMatchObject({ audience: [], experiment: null });
    const code = schema.safeParse(form({ kind: 'promoCode', code: 'DRAGON', holdoutPercent: '10' }));
    expect(code.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['audience']);
  });
});
