// /admin/swagger (openapi viewer): Swagger UI reading /api/openapi.json, which describes every /api
// operation. Swagger UI's files come from the swagger-ui-dist package through /admin/swagger/assets; the
// page loads and starts it once React has hydrated (no inline script, no CDN). Started earlier, by a script
// of its own, it raced hydration: when it drew first, React removed what it drew from a container React
// thought empty, and the page stayed blank. Swagger UI itself needs JavaScript; without it the page links
// the JSON document.
import { useEffect, useRef, useState } from "react";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { AdminPage } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requirePermission } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "openapi:viewer");
  return json({});
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/admin/swagger/assets/swagger-ui.css" }];

const BUNDLE = "/admin/swagger/assets/swagger-ui-bundle.js";

type SwaggerWindow = Window & { SwaggerUIBundle?: ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } } };

/** Swagger UI's bundle, loaded once per page (a client-side visit to this page loads it too). */
function loadBundle(): Promise<NonNullable<SwaggerWindow["SwaggerUIBundle"]>> {
  const loaded = (window as SwaggerWindow).SwaggerUIBundle;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = BUNDLE;
    script.onload = () => resolve((window as SwaggerWindow).SwaggerUIBundle!);
    script.onerror = () => reject(new Error("Swagger UI could not be loaded"));
    document.head.append(script);
  });
}

export default function SwaggerPage() {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    loadBundle().then((SwaggerUIBundle) => {
      if (stopped || !container.current) return;
      SwaggerUIBundle({
        url: "/api/openapi.json",
        domNode: container.current,
        deepLinking: true,
        // Tags start folded: opened all at once, some hundred operations take many seconds to draw. A deep
        // link (#/tag/operationId) opens its own.
        docExpansion: "none",
        presets: [SwaggerUIBundle.presets.apis],
        layout: "BaseLayout",
      });
    }, () => setFailed(true));
    return () => {
      stopped = true;
    };
  }, []);
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
      {failed ? (
        <p role="alert" className="text-rose-300">
          Swagger UI could not be loaded. Reload the page to try again; the OpenAPI document above lists the same operations.
        </p>
      ) : null}
      {/* Swagger UI draws its own light theme; the white panel keeps it readable inside the dark site. What
          it draws inside is its own: React renders the panel empty and never touches its children. */}
      <div id="swagger-ui" ref={container} className="rounded-2xl bg-white p-2" dangerouslySetInnerHTML={{ __html: "" }} />
    </AdminPage>
  );
}

export const meta: MetaFunction = () => [{ title: "API documentation · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
