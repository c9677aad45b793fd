import './zodConfig';
import { z } from 'zod';

/** PUT /api/offers/preferences (shared/api OfferPreferences). */
export const offerPreferencesSchema = z.strictObject({ tailored: z.boolean('Say whether offers may be tailored to you.') });
