import encHex from 'crypto-js/enc-hex';
import hmacSha256 from 'crypto-js/hmac-sha256';
import { toWellFormed } from './validation/text';

/**
 * The gateway's signature (docs/storefront.md, The card provider's protocol): the non-empty payload keys sorted alphabetically, joined as
 * key=value with '&', HMAC-SHA256 with the merchant's private key, as hex. The `signature` field itself
 * is never signed.
 *
 * `form` encodes each key and value first, as PHP's http_build_query does (the provider's public plugin
 * signs that way); `raw` signs the values as they are.
 */
export type SignatureEncoding = 'raw' | 'form';

export type SignablePayload = Record<string, string | number | null | undefined>;

/** PHP urlencode: RFC 3986 unreserved letters, digits and -_. stay; a space is '+'; the rest is %XX. */
function phpUrlEncode(value: string): string {
  return encodeURIComponent(toWellFormed(value))
    .replace(/[!'()*~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export function signingString(payload: SignablePayload, encoding: SignatureEncoding): string {
  const encode = encoding === 'form' ? phpUrlEncode : (value: string) => value;
  return Object.keys(payload)
    .filter((key) => key !== 'signature' && payload[key] !== undefined && payload[key] !== null && String(payload[key]) !== '')
    .sort()
    .map((key) => `${encode(key)}=${encode(String(payload[key]))}`)
    .join('&');
}

/**
 * Never throws: text that is not valid Unicode (a lone surrogate, which crypto-js's UTF-8 encoder throws on)
 * is signed as a UTF-8 encoder writes it, with U+FFFD in its place. Validation refuses such text anyway.
 */
export function sign(payload: SignablePayload, privateKey: string, encoding: SignatureEncoding): string {
  return hmacSha256(toWellFormed(signingString(payload, encoding)), toWellFormed(privateKey)).toString(encHex);
}

/** True when the payload's `signature` is the one the key makes; compared in constant time. */
export function hasValidSignature(payload: SignablePayload, privateKey: string, encoding: SignatureEncoding): boolean {
  const given = String(payload.signature ?? '').toLowerCase();
  const expected = sign(payload, privateKey, encoding);
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}
