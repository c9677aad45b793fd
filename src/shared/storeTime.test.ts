import { storeTimeFormat, yearIn } from './storeTime';

describe('times as the store writes them', () => {
  const sydney = storeTimeFormat('Australia/Sydney');
  // 04:04 UTC on 22 November 2026 is 3:04 pm in Sydney, in daylight time.
  const afternoon = Date.UTC(2026, 10, 22, 4, 4);

  it('name their zone, daylight time or not, so no reader takes them for their own', () => {
    expect(sydney.dateTime(afternoon)).toBe('22 Nov 2026, 3:04 pm AEDT');
    expect(sydney.time(afternoon)).toBe('3:04 pm AEDT');
    expect(sydney.time(Date.UTC(2026, 5, 22, 4, 4))).toBe('2:04 pm AEST');
    expect(storeTimeFormat('Australia/Perth').time(afternoon)).toBe('12:04 pm AWST');
  });

  it('write a date without a time, and the year in the store’s zone', () => {
    expect(sydney.date(afternoon)).toBe('22 November 2026');
    // 1 pm UTC on 31 December is already the new year in Sydney.
    expect(yearIn('Australia/Sydney', Date.UTC(2026, 11, 31, 13, 0))).toBe(2027);
  });
});
