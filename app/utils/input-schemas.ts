// Zod pieces for user input that ends up in PostgreSQL. Postgres refuses the NUL character in text and
// jsonb, so input carrying one must be turned away as bad input here rather than fail in the query.
import { z } from "zod";

const NO_NUL = /^[^\u0000]*$/;

/** Free text a person typed (names, notes): any characters but NUL. */
export const typedText = () => z.string().regex(NO_NUL, "Contains a character that is not allowed.");

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A row or engine id (drizzle/schema/columns.ts newId, engine composition/production ids). */
export const IdSchema = z.string().regex(ID, "Not a valid id.");

/**
 * Whether a string from a URL could be an id at all: lookups by an id taken from the path answer "not
 * found" for anything else (a NUL in `%00` would otherwise fail the query and give a 500).
 */
export function isPossibleId(value: string): boolean {
  return ID.test(value);
}
