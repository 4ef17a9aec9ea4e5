// Any /api URL no api route claims: a JSON 404 in the API's error shape, whatever the method.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/server/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return notFound(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return notFound(request);
}

function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  return jsonError(404, "not_found", `There is no API endpoint ${request.method} ${pathname}.`);
}
