// The embedded database's owner lock (issue 16, finding 6). PGlite has no server process to keep a
// second opener out, and two processes writing one PGlite directory corrupt it. So a process that opens
// the directory first creates `songloom.lock` in it, holding its pid; another process that finds the file
// with a live pid refuses to start. A lock left by a process that died (kill -9, a crash, a power cut) is
// taken over, because its pid no longer runs.
//
// Liveness is judged by pid on this machine. In a container the server is PID 1 on every start, so a lock
// with our own pid that this process did not take is a previous run's, and is taken over too.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export const LOCK_FILE_NAME = "songloom.lock";

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly holder: LockContent,
  ) {
    super(
      `Another Songloom process (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}) is using the embedded database in ` +
        `${path.dirname(lockFile)}. Two processes on one PGlite directory corrupt it, so this one will not start. Stop the other ` +
        `process first, or set DATABASE_URL to a PostgreSQL server to run several processes. If no such process is running, ` +
        `delete ${lockFile}.`,
    );
    this.name = "DataDirLockedError";
  }
}

// Directories this process holds, so a second open in the same process is refused too.
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockContent>;
    return Number.isInteger(parsed.pid) ? { pid: parsed.pid!, host: String(parsed.host ?? "?"), startedAt: String(parsed.startedAt ?? "?") } : null;
  } catch {
    return null;
  }
}

/** Whether the lock's owner may still be using the directory. */
function holderIsAlive(file: string, holder: LockContent): boolean {
  if (holder.pid === process.pid) return held.has(file);
  return isRunning(holder.pid);
}

/**
 * Takes the lock on `dataDir` (which must exist) or throws DataDirLockedError. Returns the release
 * function; the lock is also released when the process exits, however it exits short of a kill.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.resolve(dataDir, LOCK_FILE_NAME);
  const content: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      // "wx": create, failing if the file exists, in one step, so two starters cannot both create it.
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, `${JSON.stringify(content)}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(file);
      // An unreadable file is one being written this instant (or garbage): let the next attempt decide.
      if (holder && holderIsAlive(file, holder)) throw new DataDirLockedError(file, holder);
      if (attempt >= 2) throw new DataDirLockedError(file, holder ?? { pid: -1, host: "?", startedAt: "?" });
      try {
        unlinkSync(file);
        if (holder) console.warn(`Taking over ${file}: its process (pid ${holder.pid}) is no longer running.`);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== "ENOENT") throw unlinkError;
      }
    }
  }
  // Two processes that both found the same stale lock could both remove it; the one whose lock is not in
  // the file now lost that race.
  const now = readLock(file);
  if (now?.pid !== process.pid || now.startedAt !== content.startedAt) throw new DataDirLockedError(file, now ?? content);
  held.add(file);

  const release = () => {
    if (!held.delete(file)) return;
    process.removeListener("exit", release);
    const current = readLock(file);
    if (current?.pid === process.pid && current.startedAt === content.startedAt) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone: nothing to release.
      }
    }
  };
  process.on("exit", release);
  return release;
}
