/** A part of the stack could not start: which part, why, and how to fix it. */
export class StackPartError extends Error {
  constructor(
    readonly part: string,
    readonly reason: string,
    readonly fix: string,
  ) {
    super(`${part} could not start: ${reason}\n  How to fix: ${fix}`);
  }
}
