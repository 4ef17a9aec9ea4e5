import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { getActiveFlags } from "~/server/flags.server";
import { registerApiOperation } from "~/server/openapi.server";

const FeatureFlagsSchema = z.object({
  flags: z.array(z.string()).describe("Keys of the feature flags that are switched on"),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/feature_flags",
  summary: "The active feature flags",
  tags: ["app"],
  responses: { 200: { description: "Keys of the active flags", schema: FeatureFlagsSchema } },
});

export const loader = apiRoute(operation, async () => ({ flags: await getActiveFlags() }));
