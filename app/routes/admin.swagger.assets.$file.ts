// /admin/swagger/assets/{file} (openapi viewer): Swagger UI's script and stylesheet (app/server/swagger-assets.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/server/guards.server";
import { swaggerAsset } from "~/server/swagger-assets.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "openapi:viewer");
  return swaggerAsset(params.file);
}
