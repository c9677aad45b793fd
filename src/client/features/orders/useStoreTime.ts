import { useMemo } from 'react';
import { useAppConfig } from '../../config/appConfig';

/** Writes a time as the store does: en-AU, in the store's time zone (a setting; Australia/Sydney by default). */
export function useStoreTime(): { dateTime: (ms: number) => string; date: (ms: number) => string; time: (ms: number) => string } {
  const { timeZone } = useAppConfig();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat('en-AU', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat('en-AU', { timeZone, dateStyle: 'long' });
    const time = new Intl.DateTimeFormat('en-AU', { timeZone, timeStyle: 'short' });
    return { dateTime: (ms) => dateTime.format(ms), date: (ms) => date.format(ms), time: (ms) => time.format(ms) };
  }, [timeZone]);
}
