// The embedded database's owner lock (issue 16, finding 6): one process per PGlite directory; a lock
// whose process is gone is taken over.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from "~/server/data-dir-lock.server";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "songloom-lock-"));
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, LOCK_FILE_NAME);

test("the lock holds this process's pid; a second open refuses until the first releases", () => {
  const release = lockDataDir(dir);
  expect(JSON.parse(readFileSync(lockFile(), "utf8"))).toMatchObject({ pid: process.pid });
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  release();
  expect(existsSync(lockFile())).toBe(false);
  lockDataDir(dir)();
});

test("a lock held by another running process refuses with a message that says what to do", async () => {
  const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  try {
    writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, host: "here", startedAt: "2026-01-01T00:00:00.000Z" }));
    let thrown: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const message = (thrown as Error).message;
    expect(message).toContain(`Another Songloom process (pid ${other.pid}`);
    expect(message).toContain(`is using the embedded database in ${dir}`);
    expect(message).toContain("set DATABASE_URL");
    expect(message).toContain(`delete ${lockFile()}`);
    // The other process's lock is left as it was.
    expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(other.pid);
  } finally {
    other.kill("SIGKILL");
  }
});

test("a stale lock (its process has exited) is taken over", () => {
  const gone = spawnSync(process.execPath, ["-e", "process.exit(0)"]);
  expect(gone.status).toBe(0);
  writeFileSync(lockFile(), JSON.stringify({ pid: gone.pid, host: "here", startedAt: "2026-01-01T00:00:00.000Z" }));
  const release = lockDataDir(dir);
  expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(`pid ${gone.pid}) is no longer running`));
  release();
});

test("a lock with this process's pid that this process did not take (a container's PID 1 last time) is taken over", () => {
  writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, host: "old-container", startedAt: "2026-01-01T00:00:00.000Z" }));
  const release = lockDataDir(dir);
  expect(JSON.parse(readFileSync(lockFile(), "utf8")).host).not.toBe("old-container");
  release();
});
