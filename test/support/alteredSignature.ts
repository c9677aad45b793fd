/**
 * A signature with its first character changed, never to the character it was: a fixed replacement
 * (say, the last character set to "A") leaves the signature as it was once in 64 runs.
 */
export const alteredSignature = (signature: string): string => `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
