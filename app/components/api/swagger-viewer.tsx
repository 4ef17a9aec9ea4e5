// Swagger UI reading /api/openapi.json, for /admin/swagger and /developers. The bundle is loaded and started
// once React has hydrated (no inline script, no CDN). Started earlier, by a script of its own, it raced
// hydration: when it drew first, React removed what it drew from a container React thought empty, and the
// page stayed blank. Swagger UI itself needs JavaScript; the pages say what to read without it.
import { useEffect, useRef, useState } from "react";

type SwaggerWindow = Window & { SwaggerUIBundle?: ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } } };

/** Swagger UI's bundle, loaded once per page (a client-side visit to the page loads it too). */
function loadBundle(src: string): Promise<NonNullable<SwaggerWindow["SwaggerUIBundle"]>> {
  const loaded = (window as SwaggerWindow).SwaggerUIBundle;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve((window as SwaggerWindow).SwaggerUIBundle!);
    script.onerror = () => reject(new Error("Swagger UI could not be loaded"));
    document.head.append(script);
  });
}

export function SwaggerViewer({ bundle, fallback }: { bundle: string; fallback: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    loadBundle(bundle).then((SwaggerUIBundle) => {
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
  }, [bundle]);
  return (
    <>
      <noscript>
        <p className="text-slate-300">Swagger UI needs JavaScript. {fallback}</p>
      </noscript>
      {failed ? (
        <p role="alert" className="text-rose-300">
          Swagger UI could not be loaded. Reload the page to try again; {fallback}
        </p>
      ) : null}
      {/* Swagger UI draws its own light theme; the white panel keeps it readable inside the dark site. What
          it draws inside is its own: React renders the panel empty and never touches its children. */}
      <div id="swagger-ui" ref={container} className="rounded-2xl bg-white p-2" dangerouslySetInnerHTML={{ __html: "" }} />
    </>
  );
}
