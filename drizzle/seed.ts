// Seeds the database: `npm run db:seed`, and on every boot (after migrations). Every module is idempotent,
// so running the seed again changes nothing; modules run in order because later ones reference earlier rows.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, getConnection, type Db } from "../app/server/db.server";
import { migrate, withMigrationLock } from "./migrate";
import * as access from "./seed/access";
import * as catalogue from "./seed/catalogue";
import * as demoUsers from "./seed/demo-users";
import * as faqs from "./seed/faqs";
import * as releases from "./seed/releases";

const modules: { name: string; seed(db: Db): Promise<void> }[] = [
  { name: "catalogue", seed: catalogue.seed },
  { name: "access", seed: access.seed },
  { name: "demo-users", seed: demoUsers.seed },
  { name: "faqs", seed: faqs.seed },
  { name: "releases", seed: releases.seed },
];

export async function seed(db: Db): Promise<void> {
  for (const module of modules) await module.seed(db);
}

async function main(): Promise<void> {
  const connection = getConnection();
  try {
    await withMigrationLock(connection, async () => {
      await migrate(connection);
      await seed(connection.db);
    });
    console.log(`Seeded (${connection.kind}): ${modules.map((module) => module.name).join(", ")}`);
  } finally {
    await closeDb();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
