// What one engine thread holds, from its own V8 isolate: the heap (JavaScript objects) and its ArrayBuffers
// (sample buffers, counted by the thread's allocator; V8's own external-memory figure lags after a collection). RSS is one number for the whole
// process; this says which thread holds what (the /metrics gauge songloom_engine_thread_bytes).

import v8 from "node:v8";

export interface ThreadMemory {
  /** Bytes of V8 heap in use. */
  heap: number;
  /** Bytes of ArrayBuffers this thread allocated and has not freed (garbage not yet collected included). */
  arrayBuffers: number;
}

export function threadMemory(): ThreadMemory {
  // In a worker thread, process.memoryUsage() describes this thread's isolate (rss is the process's).
  const usage = process.memoryUsage();
  return { heap: v8.getHeapStatistics().used_heap_size, arrayBuffers: usage.arrayBuffers };
}
