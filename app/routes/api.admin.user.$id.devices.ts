// GET /api/admin/user/{id}/devices (device viewer): spec 3 §3 Device (device_id, country, city, browser,
// os, ip, continent, created_at, last_login, number_of_users), located from the IP with geoip-lite.
import { z } from "zod";
import { findUserById } from "~/models/user.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listUserDeviceRows, locateDevices } from "~/services/admin";
import { UserIdParams } from "~/services/admin/api-schemas";

const text = z.string().nullable();
const DeviceSchema = z
  .object({
    device_id: z.string(),
    country: text,
    city: text,
    continent: text,
    browser: text,
    os: text,
    ip: text,
    banned: z.boolean(),
    created_at: z.string(),
    last_login: z.string(),
    number_of_users: z.number().int(),
  })
  .meta({ id: "AdminDevice" });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/devices",
  summary: "A user's devices",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: { 200: { description: "Devices, last used first", schema: z.object({ devices: z.array(DeviceSchema) }) }, 403: { description: "Missing device viewer" }, 404: { description: "No such user" } },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "device:viewer");
  if (!(await findUserById(params.id))) throw new ApiError(404, "not_found", "No such user.");
  const rows = await locateDevices(db, await listUserDeviceRows(db, params.id));
  return {
    devices: rows.map((row) => ({
      device_id: row.deviceId,
      country: row.country,
      city: row.city,
      continent: row.continent,
      browser: row.browser,
      os: row.os,
      ip: row.ip,
      banned: row.banned,
      created_at: row.createdAt.toISOString(),
      last_login: row.lastLogin.toISOString(),
      number_of_users: row.numberOfUsers,
    })),
  };
});
