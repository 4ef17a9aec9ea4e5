// /developers/assets/{file} (any signed-in user): Swagger UI's script and stylesheet for /developers
// (app/server/swagger-assets.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/server/guards.server";
import { swaggerAsset } from "~/server/swagger-assets.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return swaggerAsset(params.file);
}
