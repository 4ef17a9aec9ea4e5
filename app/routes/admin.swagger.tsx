// /admin/swagger (openapi viewer): Swagger UI reading /api/openapi.json, which describes every /api
// operation (app/components/api/swagger-viewer.tsx). Its files come from the swagger-ui-dist package
// through /admin/swagger/assets. Any signed-in user reads the same document on /developers.
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-ui";
import { SwaggerViewer } from "~/components/api/swagger-viewer";
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
      <SwaggerViewer bundle="/admin/swagger/assets/swagger-ui-bundle.js" fallback="The OpenAPI document above lists the same operations." />
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "API documentation · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
