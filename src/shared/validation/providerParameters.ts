import './zodConfig';
import { z } from 'zod';
import { isStorableText } from './text';

/**
 * The provider's redirect and callback parameters: a small, flat set of short, well-formed strings whose
 * names are plain identifiers (Firestore reserves names such as __x__).
 */
export const providerParametersSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Unexpected parameter name.'),
    z
      .string()
      .max(500)
      .refine(isStorableText, 'Parameter values must be valid text.'),
  )
  .refine((parameters) => Object.keys(parameters).length <= 30, 'Too many parameters.');
