/**
 * A browser's own id: 16 to 64 letters, digits, '-' or '_' (a random UUID as the page makes it and keeps in its storage).
 * The daily gift's claim and a payment's start send it; the server keeps only a keyed hash of it.
 */
export const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
