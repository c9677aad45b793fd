/** The part of geoip-country the store uses (the package ships no types of its own). */
declare module 'geoip-country' {
  const geoip: { lookup(address: string): { country: string; name: string } | null };
  export default geoip;
}
