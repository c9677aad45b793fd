import { API_ROUTES } from '../../../../shared/api';
import type { DailyGiftDayView, GiftCalendarRequest } from '../../../../shared/dailyGift/dailyGift';
import { serverApi } from '../../../wiring/serverApi';

/** Support's daily gifts: a store day's claims (and who shares an address or a browser), and the calendar. */
export const supportGiftsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    giftDay: build.query<DailyGiftDayView, string>({
      query: (date) => ({ route: API_ROUTES.supportDailyGifts, query: { date } }),
    }),
    saveGiftCalendar: build.mutation<GiftCalendarRequest, GiftCalendarRequest>({
      query: (body) => ({ method: 'PUT', route: API_ROUTES.supportGiftCalendar, body }),
    }),
  }),
});

export const { useGiftDayQuery, useSaveGiftCalendarMutation } = supportGiftsApi;
