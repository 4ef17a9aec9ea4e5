import { sql } from "drizzle-orm";
import { backends, createTestDatabase, type TestDatabase } from "../support/database";
describe.each(backends)("migrate %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => { database = await createTestDatabase(backend); });
  afterAll(async () => { await database.destroy(); });
  it("works", async () => { await database.db.execute(sql`select 1`); });
});
