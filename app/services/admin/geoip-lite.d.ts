// geoip-lite ships no types; the one call used (app/services/admin/geo.ts).
declare module "geoip-lite" {
  export function lookup(ip: string): { country: string; region: string; city: string; ll: [number, number] } | null;
}
