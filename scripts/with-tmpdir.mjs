#!/usr/bin/env node
// Runs a command with a temporary folder of its own (TMPDIR), removed when the command ends.
//
// The test suites and benchmarks make their data folders, media stores, stem caches and browser profiles
// under os.tmpdir(): a full `npm test` left about 5 GB there, a whole-song soak several more, and a machine
// that ran the suite a few times ran out of disk (PostgreSQL then failed to write). With this wrapper the
// command and every process it starts (servers, workers, Chromium) write under one folder, which goes when
// the command ends, whatever its exit code, and when it is interrupted. Folders of earlier runs whose
// process is gone (killed before it could clean up) are removed at the next start.
//
//   node scripts/with-tmpdir.mjs vitest run --project unit

import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PREFIX = "songloom-run-";
const base = os.tmpdir();

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

for (const name of readdirSync(base)) {
  const pid = Number(/^songloom-run-(\d+)-/.exec(name)?.[1]);
  if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(base, name), { recursive: true, force: true });
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-tmpdir.mjs <command> [args...]");
  process.exit(2);
}

const dir = mkdtempSync(path.join(base, `${PREFIX}${process.pid}-`));
const child = spawn(command, args, { stdio: "inherit", shell: process.platform === "win32", env: { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir } });

const cleanUp = () => rmSync(dir, { recursive: true, force: true });
// Passed on to the command, which ends and is then cleaned up after.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  console.error(`with-tmpdir: could not start ${command}: ${error.message}`);
  cleanUp();
  process.exit(127);
});
child.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
});
