import { quarterStart } from './schemeOverview';

describe('the schemes panel’s quarters', () => {
  it('start on the first day of this quarter and of the ones before, across a year’s turn', () => {
    expect(quarterStart('2026-11-29', 0)).toBe('2026-10-01');
    expect(quarterStart('2026-11-29', 2)).toBe('2026-04-01');
    expect(quarterStart('2026-02-10', 2)).toBe('2025-07-01');
    expect(quarterStart('2026-03-31', 4)).toBe('2025-01-01');
  });
});
