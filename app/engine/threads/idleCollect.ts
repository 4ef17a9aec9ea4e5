// A full garbage collection in an engine thread once it has been idle for a moment. A render leaves
// garbage behind that is mostly sample buffers outside the JavaScript heap (64 MB per 3-minute stem,
// 127 MB of shared sums per edit): V8 collects it when the thread next allocates, and an idle thread
// allocates nothing, so a process between songs kept several hundred megabytes of dead buffers
// (bench:soak's idle reading, docs/performance.md). The collection takes a few milliseconds on these
// threads' small heaps, and runs only when no work is in flight.

import v8 from "node:v8";
import vm from "node:vm";

/** How long a thread stays idle before it collects: long enough that a burst of requests is over. */
const IDLE_COLLECT_MS = 1_000;

// V8's gc() is only given to contexts made once --expose-gc is set; the flag is the process's, and changes
// nothing else (no context made before it, the main thread's included, gets gc()).
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

let running = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Collections run so far (tests). */
let collections = 0;

/** Runs `work`, counted as this thread's work: the thread collects once no work has run for a second. */
export async function asWork<T>(work: () => Promise<T> | T): Promise<T> {
  running++;
  if (timer) clearTimeout(timer);
  timer = null;
  try {
    return await work();
  } finally {
    if (--running === 0) {
      timer = setTimeout(collect, IDLE_COLLECT_MS);
      timer.unref();
    }
  }
}

function collect(): void {
  timer = null;
  if (running > 0) return;
  gc();
  collections++;
}

export function idleCollections(): number {
  return collections;
}
