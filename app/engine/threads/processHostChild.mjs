// A small long-lived Node process that starts programs (LAME) for the engine and relays their pipes.
// Started once by processHost.ts. Why: starting a program from the engine's own process forks a
// process of a gigabyte or more, which costs ~45 ms and write-protects every page of it, so the engine
// then takes a page fault on each page it writes next (~190 ms per gigabyte, measured in
// docs/engine.md "Performance"). Forked from this process, a program starts in a couple of milliseconds.
//
// Frames both ways: 1 byte type, 4 bytes job id, 4 bytes payload length (little-endian), payload.
//   in:  1 start (payload: JSON {command, args}), 2 stdin data, 3 end of stdin
//   out: 2 stdout data, 4 exit (payload: JSON {code, stderr}), 5 failure to start (payload: message)
// Plain JavaScript, so it starts without a TypeScript loader.
import { spawn } from "node:child_process";

const HEADER = 9;
const jobs = new Map();

function send(type, job, payload) {
  const header = Buffer.allocUnsafe(HEADER);
  header.writeUInt8(type, 0);
  header.writeUInt32LE(job, 1);
  header.writeUInt32LE(payload.length, 5);
  process.stdout.write(header);
  if (payload.length > 0) process.stdout.write(payload);
}

function start(job, { command, args }) {
  let child;
  try {
    child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
  } catch (error) {
    send(5, job, Buffer.from(String(error?.message ?? error)));
    return;
  }
  const errors = [];
  child.stdout.on("data", (chunk) => send(2, job, chunk));
  child.stderr.on("data", (chunk) => errors.push(chunk));
  child.stdin.on("error", () => undefined);
  child.on("error", (error) => {
    jobs.delete(job);
    send(5, job, Buffer.from(error.message));
  });
  child.on("close", (code) => {
    if (!jobs.has(job)) return;
    jobs.delete(job);
    send(4, job, Buffer.from(JSON.stringify({ code, stderr: Buffer.concat(errors).toString("utf8") })));
  });
  jobs.set(job, child);
}

// Incoming bytes, parsed into frames as they complete.
let chunks = [];
let buffered = 0;
function take(length) {
  const first = chunks[0];
  if (first.length >= length) {
    // The usual case: the frame lies within one chunk, and is passed on without a copy.
    if (first.length === length) chunks.shift();
    else chunks[0] = first.subarray(length);
    buffered -= length;
    return first.subarray(0, length);
  }
  const out = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const head = chunks[0];
    const n = Math.min(head.length, length - filled);
    head.copy(out, filled, 0, n);
    filled += n;
    if (n === head.length) chunks.shift();
    else chunks[0] = head.subarray(n);
  }
  buffered -= length;
  return out;
}

process.stdin.on("data", (chunk) => {
  chunks.push(chunk);
  buffered += chunk.length;
  for (;;) {
    if (buffered < HEADER) return;
    const head = chunks[0].length >= HEADER ? chunks[0] : Buffer.concat(chunks);
    if (head !== chunks[0]) chunks = [head];
    const length = head.readUInt32LE(5);
    if (buffered < HEADER + length) return;
    const frame = take(HEADER + length);
    const type = frame.readUInt8(0);
    const job = frame.readUInt32LE(1);
    const payload = frame.subarray(HEADER);
    if (type === 1) start(job, JSON.parse(payload.toString("utf8")));
    else if (type === 2) jobs.get(job)?.stdin.write(payload);
    else if (type === 3) jobs.get(job)?.stdin.end();
  }
});

// The engine's process is gone: so are its jobs.
process.stdin.on("end", () => {
  for (const child of jobs.values()) child.kill();
  process.exit(0);
});

// The engine's process went away while a program's output was being relayed (EPIPE): stop as above,
// quietly, rather than with an unhandled 'error' event.
process.stdout.on("error", () => {
  for (const child of jobs.values()) child.kill();
  process.exit(0);
});
