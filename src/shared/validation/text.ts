import './zodConfig';
import { z } from 'zod';
/** A lone UTF-16 surrogate: text that is not valid Unicode (Firestore refuses to store it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** What a field says when its text is not valid Unicode (a lone surrogate, from a broken paste or a script). */
export const UNSTORABLE_TEXT_MESSAGE = 'This has a character that cannot be saved. Please type it again.';

/** True when the text is valid Unicode, so it can be stored as it is. */
export function isStorableText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The text with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would: what can always be encoded. */
export function toWellFormed(value: string): string {
  return value.replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * Unicode's bidirectional controls (the embeddings, overrides and isolates, and the implicit marks): in a title they
 * reorder what players read around them (a right-to-left override makes "Pouch" read backwards), so none is taken.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** True when the text shows players what it says: valid Unicode, and nothing that reorders the text around it. */
export const isPlainDisplayText = (value: string) => isStorableText(value) && !BIDI_CONTROLS.test(value);

/** What a field players read says of text that is not plain. */
export const notPlainText = (field: string) => `The ${field} must be plain text, without characters that reorder the text around them.`;

/** A title players read: trimmed, not empty, at most `max` characters, and plain text. */
export const titleSchema = (emptyMessage: string, max: number) =>
  z.string().trim().min(1, emptyMessage).max(max, `Keep the title to ${max} characters.`).refine(isPlainDisplayText, notPlainText('title'));
