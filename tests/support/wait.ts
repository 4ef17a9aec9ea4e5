// Waiting for something asynchronous (a job, a process) to happen. The timeout only stops a broken test
// from hanging; it is not a claim about how fast anything is.
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  { timeoutMs = 30_000, intervalMs = 100, what = "condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
