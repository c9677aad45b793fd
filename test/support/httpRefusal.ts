import { HttpError } from '../../src/server/http/errors';

/** The error of class `kind` a promise is refused with (a test fails on any other outcome). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof kind)) throw new Error(`expected a ${kind.name}, got ${String(error)}`);
  return error;
}

/** The HttpError a service's promise is refused with (a test fails on any other outcome). */
export const refusalOf = (promise: Promise<unknown>): Promise<HttpError> => rejectionOf(promise, HttpError);
