import { nextGiftText } from './nextGift';

/** 29 Nov 2026: midnight in Sydney (AEDT, +11) is 13:00 UTC the day before, and 9:00 pm in Perth (AWST, +8). */
const SYDNEY_MIDNIGHT = Date.UTC(2026, 10, 29, 13, 0);
const SYDNEY = 'Australia/Sydney';

describe("the next gift's time", () => {
  it('is said in the store’s zone to a player whose clock agrees with it', () => {
    const evening = SYDNEY_MIDNIGHT - 3 * 3_600_000;
    expect(nextGiftText(SYDNEY_MIDNIGHT, SYDNEY, SYDNEY, evening)).toBe("Today's gift is claimed. The next one is ready tomorrow, from 12:00 am AEDT.");
    expect(nextGiftText(SYDNEY_MIDNIGHT, SYDNEY, 'Australia/Melbourne', evening)).toBe("Today's gift is claimed. The next one is ready tomorrow, from 12:00 am AEDT.");
    expect(nextGiftText(SYDNEY_MIDNIGHT, SYDNEY, null, evening)).toBe("Today's gift is claimed. The next one is ready tomorrow, from 12:00 am AEDT.");
  });

  it('is 9:00 pm the same day to a player in Perth, then the store’s time', () => {
    const perthMorning = SYDNEY_MIDNIGHT - 12 * 3_600_000;
    expect(nextGiftText(SYDNEY_MIDNIGHT, SYDNEY, 'Australia/Perth', perthMorning)).toBe(
      "Today's gift is claimed. The next one is ready today, from 9:00 pm AWST your time (tomorrow, 12:00 am AEDT in the store's time).",
    );
  });

  it('names the day by the reader’s calendar, not the store’s', () => {
    // 2:00 pm in Sydney is 3:00 am in London: the store's midnight is 1:00 pm there, the same day.
    const sydneyAfternoon = SYDNEY_MIDNIGHT - 10 * 3_600_000;
    expect(nextGiftText(SYDNEY_MIDNIGHT, SYDNEY, 'Europe/London', sydneyAfternoon)).toBe(
      "Today's gift is claimed. The next one is ready today, from 1:00 pm GMT your time (tomorrow, 12:00 am AEDT in the store's time).",
    );
  });
});
