// /admin/swagger (openapi viewer): Swagger UI reading /api/openapi.json, which describes every /api
// operation. Swagger UI's files come from the swagger-ui-dist package through /admin/swagger/assets, and
// it is started by /swagger-ui-init.js (a static file at the site root: a public/admin folder would make the static server redirect /admin to /admin/): no inline script, no CDN. Swagger UI itself needs JavaScript;
// without it the page links the JSON document.
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requirePermission } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "openapi:viewer");
  return json({});
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/admin/swagger/assets/swagger-ui.css" }];

export default function SwaggerPage() {
  return (
    <AdminPage
      title="API documentation"
      intro={
        <>
          Every <code>/api</code> operation, from{" "}
          <a href="/api/openapi.json" className="text-accent-300 underline">
            /api/openapi.json
          </a>
          .
        </>
      }
    >
      <noscript>
        <p className="text-slate-300">Swagger UI needs JavaScript. The OpenAPI document above lists the same operations.</p>
      </noscript>
      {/* Swagger UI draws its own light theme; the white panel keeps it readable inside the dark site. */}
      <div id="swagger-ui" className="rounded-2xl bg-white p-2" />
      <script src="/admin/swagger/assets/swagger-ui-bundle.js" defer />
      <script src="/swagger-ui-init.js" defer />
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "API documentation · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
