import { z } from "zod";
import { CLIENT_BUILD } from "~/constants";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";

const BuildSchema = z.object({ build: z.string().describe("The client build version, e.g. 2.67.2") });

const operation = registerApiOperation({
  method: "GET",
  path: "/api/build",
  summary: "The current client build",
  tags: ["app"],
  responses: { 200: { description: "The build version", schema: BuildSchema } },
});

export const loader = apiRoute(operation, async () => ({ build: CLIENT_BUILD }));
