/// <reference types="vite/client" />
// /api/openapi.json under Redocly's "recommended" ruleset (the rules `npx @redocly/cli lint` applies, run by
// its engine @redocly/openapi-core): no errors, every operation with a security requirement, and the public
// /api/v1 surface described with its bearer scheme, scopes and errors. The document is built as the server
// builds it: from every api route module's registered operations.
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { buildOpenApiDocument, registeredApiOperations } from "~/server/openapi.server";

// Every api route module, imported as the server build imports them (each registers its operations).
const routeModules = import.meta.glob("../../app/routes/api.*.ts", { eager: true });

describe("the OpenAPI document under Redocly's recommended rules", () => {
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Record<string, any> })),
  );

  it("is built from every api route", () => {
    expect(Object.keys(routeModules).length).toBeGreaterThan(150);
    expect(registeredApiOperations().length).toBe(operations.length);
    expect(operations.length).toBeGreaterThan(150);
  });

  it("has no errors", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const errors = problems.filter((problem) => problem.severity === "error").map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it("declares a security requirement on every operation, naming only declared schemes", () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { path, method, operation } of operations) {
      expect(operation.security, `${method} ${path}`).toBeInstanceOf(Array);
      expect(operation.security.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const requirement of operation.security) for (const name of Object.keys(requirement)) expect(schemes, `${method} ${path}`).toContain(name);
    }
  });

  it("describes every /api/v1 operation with the bearer scheme, its scope and the token errors, and no other route with it", () => {
    const v1 = operations.filter(({ path }) => path.startsWith("/api/v1/"));
    expect(v1.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      "GET /api/v1/me",
      "GET /api/v1/releases",
      "GET /api/v1/releases/{id}",
      "GET /api/v1/royalties",
      "GET /api/v1/songs",
      "GET /api/v1/songs/{id}",
      "GET /api/v1/stats/revenue",
      "GET /api/v1/stats/streams",
      "POST /api/v1/releases",
      "POST /api/v1/releases/{id}/cover-art",
      "POST /api/v1/releases/{id}/songs",
      "POST /api/v1/releases/{id}/submit",
      "POST /api/v1/songs",
      "POST /api/v1/songs/{id}/save",
    ]);
    for (const { path, method, operation } of v1) {
      expect(operation.security, `${method} ${path}`).toHaveLength(1);
      expect(Object.keys(operation.security[0])).toEqual(["bearerToken"]);
      for (const status of ["401", "403", "429"]) expect(Object.keys(operation.responses), `${method} ${path}`).toContain(status);
      if (path !== "/api/v1/me") expect(operation.description, `${method} ${path}`).toMatch(/Needs a token with the `(songs|releases|stats):(read|write)` scope/);
    }
    for (const { path, operation } of operations.filter(({ path }) => !path.startsWith("/api/v1/"))) {
      expect(JSON.stringify(operation.security), path).not.toContain("bearerToken");
    }
  });
});
