// Background renders (pool songs, catalogue previews) give way to renders someone waits for, across threads.
// The kernel's priorities alone did not do it: a pool song at nice 19 beside an edit at nice 10 still made the
// edit's first seconds 1.5–2× later on two cores (bench:ui). So the process counts the renders people wait
// for in shared memory; a background render's song thread reads that count and waits, before it starts and
// between its steps (RenderOptions.pauseWhile), while it is above zero.

/** How many renders someone waits for are running in this process (one Int32, shared with the song threads). */
export const foregroundGate = new Int32Array(new SharedArrayBuffer(4));

/** Counts `work` as a render someone waits for until it settles. */
export async function asForeground<T>(work: () => Promise<T>): Promise<T> {
  Atomics.add(foregroundGate, 0, 1);
  try {
    return await work();
  } finally {
    Atomics.sub(foregroundGate, 0, 1);
    Atomics.notify(foregroundGate, 0);
  }
}

// Atomics.waitAsync is in Node since 16; TypeScript's ES2023 library does not declare it yet.
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { value: Promise<string> | string } }).waitAsync.bind(Atomics);

/** Resolves once no render someone waits for is running (read from a gate handed to this thread). */
export async function whileForegroundRuns(gate: Int32Array): Promise<void> {
  for (;;) {
    const running = Atomics.load(gate, 0);
    if (running === 0) return;
    // Woken by the notify when a count changes; the timeout only bounds a missed wake-up.
    await waitAsync(gate, 0, running, 1000).value;
  }
}
