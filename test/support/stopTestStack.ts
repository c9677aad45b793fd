export default async function stopTestStack(): Promise<void> {
  await globalThis.testStack?.stop();
}
