// Programs the engine runs (LAME) are started by a small helper process (processHostChild.mjs, which says
// why) instead of by the engine's own large process. One helper per thread that uses it, started on first use
// (or by prewarmProcessHost) and kept; if it dies, the programs it ran fail and the next run starts a new
// helper. Its stdin and stdout carry framed messages for every program it runs at once.

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { engineWorkerEntry } from "./workerThread";

const HEADER = 9;
const START = 1, DATA = 2, END = 3, EXIT = 4, FAILED = 5;

export interface HostedRun {
  /** Sends bytes to the program's stdin (kept by reference until sent: leave them unchanged). */
  write(bytes: Uint8Array): void;
  /** Closes its stdin; resolves with everything it wrote to stdout once it exits with code 0. */
  end(): Promise<Uint8Array>;
}

interface Job {
  stdout: Buffer[];
  settle: (error: Error | null, stdout?: Uint8Array) => void;
}

class ProcessHost {
  private readonly child: ChildProcess;
  private readonly jobs = new Map<number, Job>();
  private nextJob = 1;
  private chunks: Buffer[] = [];
  private buffered = 0;
  dead = false;

  constructor() {
    // process.execPath: the same Node that runs the engine; the helper is plain JavaScript.
    this.child = spawn(process.execPath, [fileURLToPath(engineWorkerEntry("threads/processHostChild.mjs"))], { stdio: ["pipe", "pipe", "inherit"] });
    this.child.stdout!.on("data", (chunk: Buffer) => this.receive(chunk));
    const gone = (error: Error) => {
      this.dead = true;
      for (const job of this.jobs.values()) job.settle(error);
      this.jobs.clear();
    };
    this.child.on("error", gone);
    this.child.on("exit", (code) => gone(new Error(`the process host stopped (exit code ${code})`)));
    this.child.stdin!.on("error", () => undefined);
    this.idle();
  }

  run(command: string, args: string[]): HostedRun {
    const id = this.nextJob++;
    let done!: Promise<Uint8Array>;
    done = new Promise<Uint8Array>((resolve, reject) => {
      this.jobs.set(id, {
        stdout: [],
        settle: (error, stdout) => {
          this.jobs.delete(id);
          if (this.jobs.size === 0) this.idle();
          if (error) reject(error);
          else resolve(stdout!);
        },
      });
    });
    // Rejections are reported through end(); a run whose end() is never awaited must not crash the process.
    done.catch(() => undefined);
    this.child.ref();
    (this.child.stdout as unknown as { ref(): void }).ref();
    this.send(START, id, Buffer.from(JSON.stringify({ command, args })));
    return {
      write: (bytes) => this.send(DATA, id, bytes),
      end: () => {
        this.send(END, id, new Uint8Array(0));
        return done;
      },
    };
  }

  /** With nothing running, the helper must not keep the engine's process alive. */
  private idle(): void {
    this.child.unref();
    (this.child.stdout as unknown as { unref(): void }).unref();
  }

  private send(type: number, job: number, payload: Uint8Array): void {
    if (this.dead) return;
    const header = Buffer.allocUnsafe(HEADER);
    header.writeUInt8(type, 0);
    header.writeUInt32LE(job, 1);
    header.writeUInt32LE(payload.length, 5);
    this.child.stdin!.write(header);
    if (payload.length > 0) this.child.stdin!.write(payload);
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.buffered < HEADER) return;
      if (this.chunks[0]!.length < HEADER) this.chunks = [Buffer.concat(this.chunks)];
      const length = this.chunks[0]!.readUInt32LE(5);
      if (this.buffered < HEADER + length) return;
      const frame = this.take(HEADER + length);
      const type = frame.readUInt8(0);
      const job = this.jobs.get(frame.readUInt32LE(1));
      const payload = frame.subarray(HEADER);
      if (!job) continue;
      if (type === DATA) job.stdout.push(payload);
      else if (type === FAILED) job.settle(new Error(payload.toString("utf8")));
      else if (type === EXIT) {
        const { code, stderr } = JSON.parse(payload.toString("utf8")) as { code: number | null; stderr: string };
        if (code === 0) job.settle(null, new Uint8Array(Buffer.concat(job.stdout)));
        else job.settle(new Error(`exited with ${code}: ${stderr.trim()}`));
      }
    }
  }

  /** The next `length` buffered bytes: a view when they lie in one chunk, else a copy. */
  private take(length: number): Buffer {
    const first = this.chunks[0]!;
    this.buffered -= length;
    if (first.length >= length) {
      if (first.length === length) this.chunks.shift();
      else this.chunks[0] = first.subarray(length);
      return first.subarray(0, length);
    }
    const out = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const head = this.chunks[0]!;
      const n = Math.min(head.length, length - filled);
      head.copy(out, filled, 0, n);
      filled += n;
      if (n === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(n);
    }
    return out;
  }
}

let host: ProcessHost | null = null;

function current(): ProcessHost {
  if (!host || host.dead) host = new ProcessHost();
  return host;
}

/** Starts the helper ahead of need (the first program then starts at once). */
export function prewarmProcessHost(): void {
  current();
}

/** Runs `command` through the helper: write its stdin, then end() for its stdout. */
export function runHosted(command: string, args: string[]): HostedRun {
  return current().run(command, args);
}
