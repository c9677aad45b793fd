/**
 * How many distinct addresses a day's field figures came from, without keeping one: a HyperLogLog sketch (Flajolet et
 * al., 2007) of 1,024 registers, each the longest run of leading zeros seen among the hashes that fall in it. Sketches
 * from several instances merge by taking each register's largest value; the estimate's standard error is about 3 % at
 * any count. The registers travel as base64 (one byte each).
 */
const INDEX_BITS = 10;
export const SKETCH_REGISTERS = 2 ** INDEX_BITS;
const RANK_BITS = 64 - INDEX_BITS;

export type Sketch = Uint8Array;

export const emptySketch = (): Sketch => new Uint8Array(SKETCH_REGISTERS);

/**
 * Adds a value by its hash (at least 8 bytes of a well-mixed hash, such as SHA-256's): its first INDEX_BITS bits pick
 * the register, and the rank is one more than the leading zeros of the 54 bits after them.
 */
export function addHash(sketch: Sketch, hash: Uint8Array): void {
  let bits = 0n;
  for (let byte = 0; byte < 8; byte += 1) bits = (bits << 8n) | BigInt(hash[byte]!);
  const register = Number(bits >> BigInt(RANK_BITS));
  const rest = bits & ((1n << BigInt(RANK_BITS)) - 1n);
  const rank = rest === 0n ? RANK_BITS + 1 : RANK_BITS - rest.toString(2).length + 1;
  sketch[register] = Math.max(sketch[register]!, rank);
}

/** Each register's largest value: the sketch of everything either saw. */
export function mergeSketches(into: Sketch, other: Sketch): Sketch {
  for (let register = 0; register < SKETCH_REGISTERS; register += 1) into[register] = Math.max(into[register]!, other[register] ?? 0);
  return into;
}

/** The distinct values a sketch has seen, estimated (rounded): linear counting while many registers are empty. */
export function estimateDistinct(sketch: Sketch): number {
  const m = SKETCH_REGISTERS;
  let sum = 0;
  let empty = 0;
  for (const rank of sketch) {
    sum += 2 ** -rank;
    if (rank === 0) empty += 1;
  }
  const raw = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
  if (raw <= 2.5 * m && empty > 0) return Math.round(m * Math.log(m / empty));
  return Math.round(raw);
}

const toBinary = (sketch: Sketch) => Array.from(sketch, (rank) => String.fromCharCode(rank)).join('');

/** A sketch as it is stored: base64 of its registers. */
export const sketchToText = (sketch: Sketch) => btoa(toBinary(sketch));

/** A stored sketch read back; anything else reads as an empty one. */
export function sketchFromText(text: unknown): Sketch {
  if (typeof text !== 'string') return emptySketch();
  try {
    const binary = atob(text);
    if (binary.length !== SKETCH_REGISTERS) return emptySketch();
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return emptySketch();
  }
}
