import { HttpError } from '../../src/server/http/errors';

/** The HttpError a service's promise is refused with (a test fails on any other outcome). */
export async function refusalOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}
