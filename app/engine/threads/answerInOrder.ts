// The request loop of a worker entry whose requests are handled whole, one at a time in arrival order:
// each gets its reply (with the buffers it transfers) or its error, and counts as the thread's work, so the
// thread collects its garbage once idle (idleCollect.ts).

import { parentPort } from "node:worker_threads";
import { asWork } from "./idleCollect";

export interface Answer {
  reply: object;
  transfer: ArrayBuffer[];
}

export function answerInOrder<Request extends { id: number }>(handle: (request: Request) => Promise<Answer>): void {
  let queue: Promise<void> = Promise.resolve();
  parentPort?.on("message", (message: Request) => {
    queue = queue.then(() =>
      asWork(async () => {
        try {
          const { reply, transfer } = await handle(message);
          parentPort?.postMessage({ id: message.id, ...reply }, transfer);
        } catch (error) {
          parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        }
      }),
    );
  });
}
