import { useMemo } from 'react';
import { storeTimeFormat, type StoreTimeFormat } from '../../shared/storeTime';
import { useAppConfig } from '../config/appConfig';

/** Writes a time as the store does, in the store's time zone (a setting; Australia/Sydney by default). */
export function useStoreTime(): StoreTimeFormat {
  const { timeZone } = useAppConfig();
  return useMemo(() => storeTimeFormat(timeZone), [timeZone]);
}
