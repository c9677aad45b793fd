import { API_ROUTES } from '../../../shared/api';
import type { GiftRecipient } from '../../../shared/gifts/gift';
import { serverApi } from '../../wiring/serverApi';

/** Whom a player tag names, if they can receive a gift: the server answers a masked name, never a uid or email. */
export const giftsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    findGiftRecipient: build.mutation<GiftRecipient, string>({
      query: (tag) => ({ method: 'POST', route: API_ROUTES.giftRecipient, body: { tag } }),
    }),
  }),
});

export const { useFindGiftRecipientMutation } = giftsApi;
