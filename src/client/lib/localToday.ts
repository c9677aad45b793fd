/** Today's date where the visitor is, as a date input writes it (YYYY-MM-DD); the server checks again in the store's zone. */
export function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
