// Shutdown deadlines (issue 16, finding 6): a step that never finishes is abandoned at its deadline, and
// the budget's shares leave room for every step inside it.
import { shutdownPlan, shutdownWithDeadlines } from "~/server/shutdown.server";

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

test.each([4000, 7000, 30_000])("the steps of a %i ms budget fit inside it", (budget) => {
  const plan = shutdownPlan(budget);
  // HTTP and jobs run side by side, then the database.
  expect(Math.max(plan.httpMs, plan.jobsMs) + plan.databaseMs).toBeLessThan(budget);
  expect(plan.httpGraceMs).toBeLessThan(plan.httpMs);
  expect(plan.jobsDrainMs).toBeLessThan(plan.jobsMs);
});

test("an HTTP close that never finishes is abandoned at its deadline, and the shutdown says it was not clean", async () => {
  const graces: number[] = [];
  const clean = await shutdownWithDeadlines({
    budgetMs: 1000,
    closeHttp: (graceMs) => {
      graces.push(graceMs);
      return new Promise(() => {});
    },
  });
  expect(clean).toBe(false);
  expect(graces).toEqual([shutdownPlan(1000).httpGraceMs]);
  expect(console.error).toHaveBeenCalledWith(expect.stringContaining("closing HTTP connections did not finish within"));
});

test("a failing step is logged and the others still run", async () => {
  const clean = await shutdownWithDeadlines({ budgetMs: 1000, closeHttp: () => Promise.reject(new Error("socket trouble")) });
  expect(clean).toBe(true);
  expect(console.error).toHaveBeenCalledWith("shutdown: closing HTTP connections failed:", expect.any(Error));
  expect(console.log).toHaveBeenCalledWith(expect.stringMatching(/^shutdown: done in \d+ ms$/));
});
