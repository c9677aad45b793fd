import { ipKeyGenerator } from 'express-rate-limit';

/**
 * One key per place a request comes from, for every per-address count (the game's codes tried, daily gifts, page-speed
 * beacons): an IPv4 address however it is written (dotted, or IPv4-mapped IPv6 in any case or spelling), an IPv6
 * address by its /56 (a household's or a phone's whole prefix; the /64 a host picks from lies within it).
 */
export const addressKeyOf = (ip: string | undefined) => ipKeyGenerator(ip ?? '');
