// Starts Swagger UI on /admin/swagger (the page loads swagger-ui-bundle.js first). A file of its own, not
// an inline script, so the page works under a Content-Security-Policy without 'unsafe-inline'.
window.addEventListener("DOMContentLoaded", function () {
  window.ui = window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
