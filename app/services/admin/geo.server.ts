// Country, city and continent of a device's IP for the devices view, from geoip-lite's offline database
// (MaxMind GeoLite2 data shipped in the package; no network call). geoip-lite reads its ~100 MB of data
// into memory when first imported, so it is imported on first use by a staff page, never at start-up or
// by users' requests. Results are written back to the device row, so each device is looked up once.
import { and, eq, isNull } from "drizzle-orm";
import { devices } from "#drizzle/schema/auth";
import type { Db } from "~/server/db.server";
import { CONTINENT_NAMES, continentOfCountry } from "./continents";

export interface GeoLocation {
  country: string | null;
  city: string | null;
  continent: string | null;
}

type GeoipModule = { lookup(ip: string): { country: string; city: string } | null };
let geoip: Promise<GeoipModule> | undefined;

export async function locateIp(ip: string): Promise<GeoLocation> {
  geoip ??= import("geoip-lite").then((module) => ((module as { default?: GeoipModule }).default ?? (module as unknown as GeoipModule)));
  const found = (await geoip).lookup(ip);
  if (!found) return { country: null, city: null, continent: null };
  const continent = continentOfCountry(found.country);
  return { country: found.country || null, city: found.city || null, continent: continent ? CONTINENT_NAMES[continent] : null };
}

/** Fills in country, city and continent for rows that have an IP and no country yet. */
export async function locateDevices<T extends { deviceId: string; ip: string | null; country: string | null; city: string | null; continent: string | null }>(
  db: Db,
  rows: T[],
): Promise<T[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (!row.ip || row.country) return row;
      const location = await locateIp(row.ip);
      if (location.country) {
        await db.update(devices).set(location).where(and(eq(devices.id, row.deviceId), isNull(devices.country)));
      }
      return { ...row, ...location };
    }),
  );
}
