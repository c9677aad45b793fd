/** A lone UTF-16 surrogate: text that is not valid Unicode (Firestore refuses to store it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text is valid Unicode, so it can be stored as it is. */
export function isStorableText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}
