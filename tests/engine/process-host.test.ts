// Programs the engine runs (LAME) start from a small helper process (threads/processHost.ts) instead of
// the engine's own large one: they get their stdin in pieces, give back their stdout, report failures with
// their message, and a helper that died is replaced on the next run.
import { execFileSync } from "node:child_process";
import { runHosted } from "~/engine/threads/processHost";

test("a hosted program reads its stdin in pieces and gives back everything it wrote", async () => {
  const run = runHosted("/bin/sh", ["-c", "tr a-z A-Z; echo done"]);
  run.write(Buffer.from("hello "));
  run.write(Buffer.from("world\n"));
  expect(Buffer.from(await run.end()).toString("utf8")).toBe("HELLO WORLD\ndone\n");
});

test("large inputs and outputs pass through whole, and several programs run at once", async () => {
  const size = 8 * 1024 * 1024;
  const input = Buffer.alloc(size);
  for (let i = 0; i < size; i++) input[i] = (i * 7) & 0xff;
  const runs = [0, 1].map(() => runHosted("/bin/cat", []));
  for (const run of runs) {
    for (let offset = 0; offset < size; offset += 1 << 20) run.write(input.subarray(offset, offset + (1 << 20)));
  }
  const outputs = await Promise.all(runs.map((run) => run.end()));
  for (const output of outputs) expect(Buffer.from(output).equals(input)).toBe(true);
});

test("a program that fails rejects with its exit code and message; one that cannot start rejects too", async () => {
  await expect(runHosted("/bin/sh", ["-c", "echo broken >&2; exit 3"]).end()).rejects.toThrow("exited with 3: broken");
  await expect(runHosted("/nonexistent/program", []).end()).rejects.toThrow(/ENOENT/);
});

test("the programs are children of the helper, not of this process", async () => {
  const run = runHosted("/bin/sh", ["-c", "cat /proc/$PPID/cmdline | tr '\\0' ' '; echo; echo $PPID"]);
  const [helperCommand, helperPid] = Buffer.from(await run.end()).toString("utf8").trim().split("\n");
  expect(helperCommand).toContain("processHostChild.mjs");
  expect(Number(helperPid)).not.toBe(process.pid);
  // After the helper is gone, the next program starts a new one.
  execFileSync("kill", [helperPid!]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const again = runHosted("/bin/sh", ["-c", "echo $PPID"]);
  const newPid = Number(Buffer.from(await again.end()).toString("utf8").trim());
  expect(newPid).not.toBe(Number(helperPid));
});
