// drizzle-kit reads every schema file (not just index.ts) so a domain file is never left out of a
// generated migration. Generating needs no database; see docs/decisions/001-embedded-database.md.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./drizzle/schema/*.ts",
  out: "./drizzle/migrations",
  strict: true,
  verbose: true,
});
