// The API description. Public like the API surface itself; the admin swagger page (openapi viewer
// permission) renders it.
import { buildOpenApiDocument } from "~/server/openapi.server";

export async function loader() {
  return Response.json(buildOpenApiDocument(), { headers: { "Cache-Control": "no-cache" } });
}
