// The API description. Public like the API surface itself; the admin swagger page (openapi viewer
// permission) renders it.
import { openApiJson } from "~/server/openapi.server";

export async function loader() {
  return new Response(openApiJson(), { headers: { "Content-Type": "application/json", "Cache-Control": "no-cache" } });
}
