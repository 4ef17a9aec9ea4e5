// Zod pieces for user input that ends up in PostgreSQL. Postgres refuses the NUL character in text and
// jsonb, so input carrying one must be turned away as bad input here rather than fail in the query.
import { z } from "zod";

const NO_NUL = /^[^\u0000]*$/;

/** Free text a person typed (names, notes): any characters but NUL. */
export const typedText = () => z.string().regex(NO_NUL, "Contains a character that is not allowed.");

/** A row or engine id (drizzle/schema/columns.ts newId, engine composition/production ids). */
export const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid id.");
