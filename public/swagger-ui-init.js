// Starts Swagger UI on /admin/swagger (the page loads swagger-ui-bundle.js first). A file of its own, not
// an inline script, so the page works under a Content-Security-Policy without 'unsafe-inline'.
window.addEventListener("DOMContentLoaded", function () {
  window.ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // Tags start folded: opened all at once, some hundred operations take many seconds to draw. A deep
    // link (#/tag/operationId) opens its own.
    docExpansion: "none",
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
