// GET /api/admin/user/{id}/annotations (user viewer): staff notes, newest first, with author and time.
// POST (user viewer): adds one ({ body }). DELETE is /api/admin/user/{id}/annotations/{annotationId}.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { findUserById } from "~/models/user.server";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { addAnnotation, AnnotationBodySchema, listAnnotations } from "~/services/admin";
import { UserIdParams } from "~/services/admin/api-schemas";

const AnnotationSchema = z
  .object({ id: z.string(), body: z.string(), authorId: z.string().nullable(), authorEmail: z.string().nullable(), createdAt: z.date().transform((d) => d.toISOString()) })
  .meta({ id: "AdminAnnotation" });

const listOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/annotations",
  summary: "Staff notes on a user",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: { 200: { description: "Notes, newest first", schema: z.object({ annotations: z.array(AnnotationSchema) }) }, 403: { description: "Missing user viewer" }, 404: { description: "No such user" } },
});

export const loader = apiRoute(listOperation, async ({ request, params }) => {
  await requirePermission(request, "user:viewer");
  if (!(await findUserById(params.id))) throw new ApiError(404, "not_found", "No such user.");
  return { annotations: await listAnnotations(db, params.id) };
});

const addOperation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/{id}/annotations",
  summary: "Add a staff note to a user",
  tags: ["admin"],
  request: { params: UserIdParams, body: z.object({ body: AnnotationBodySchema }) },
  responses: { 201: { description: "Added", schema: z.object({ id: z.string() }) }, 400: { description: "Empty or too long" }, 403: { description: "Missing user viewer" }, 404: { description: "No such user" } },
});

const add = apiRoute(addOperation, async ({ request, params, body }) => {
  const user = await requirePermission(request, "user:viewer");
  return { id: await asApi(() => db.transaction((tx) => addAnnotation(tx, params.id, body.body, user.id))) };
});

export const action = (args: ActionFunctionArgs) => add(args);
