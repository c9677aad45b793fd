import { fieldErrors } from './fieldErrors';
import { limitCentsOf, spendingLimitFormSchema } from './spendingLimit';

describe('the monthly spending limit field', () => {
  it('takes dollars, or dollars and cents, or nothing for no limit', () => {
    for (const monthlyLimit of ['20', '20.5', '20.50', ' 0 ', '', '10000']) expect(fieldErrors(spendingLimitFormSchema, { monthlyLimit })).toEqual({});
    expect(limitCentsOf({ monthlyLimit: '20' })).toBe(2000);
    expect(limitCentsOf({ monthlyLimit: '20.5' })).toBe(2050);
    expect(limitCentsOf({ monthlyLimit: ' 4.01 ' })).toBe(401);
    expect(limitCentsOf({ monthlyLimit: ' ' })).toBeNull();
  });

  it('refuses anything else with a plain message', () => {
    for (const monthlyLimit of ['-5', '20.505', 'twenty', '1e3', '$20', '10000.01']) {
      expect(fieldErrors(spendingLimitFormSchema, { monthlyLimit }).monthlyLimit).toMatch(/Enter (an amount|at most)/);
    }
  });
});
