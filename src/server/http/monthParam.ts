import { HttpError } from './errors';

/** A month a staff report asks for (`?month=yyyy-mm`): its text, year and month (1 to 12); anything else is a 400. */
export interface MonthParam {
  text: string;
  year: number;
  month: number;
}

export function monthParam(value: unknown): MonthParam {
  const text = String(value ?? '');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(text)) throw new HttpError(400, 'Give the month as yyyy-mm.');
  const [year, month] = text.split('-').map(Number) as [number, number];
  return { text, year, month };
}
