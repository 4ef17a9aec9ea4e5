// package.json and package-lock.json must agree, or `npm ci` (CI and the Docker image) refuses the
// lockfile. This says which entry differs, sooner and more plainly than npm does.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;

type Ranges = Record<string, string>;
interface Manifest {
  name?: string;
  version?: string;
  dependencies?: Ranges;
  devDependencies?: Ranges;
  optionalDependencies?: Ranges;
  peerDependencies?: Ranges;
  engines?: Ranges;
}
interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion?: number;
  packages?: Record<string, Manifest & { dev?: boolean }>;
}

const manifest = readJson("package.json") as Manifest;
const lockfile = readJson("package-lock.json") as Lockfile;
const rootEntry = lockfile.packages?.[""];
const DEPENDENCY_KINDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const;

test("the lockfile is the v3 format npm ci reads, with a root package entry", () => {
  expect(lockfile.lockfileVersion).toBe(3);
  expect(rootEntry).toBeDefined();
});

test("the lockfile's name and version are package.json's", () => {
  expect({ name: lockfile.name, version: lockfile.version }).toEqual({ name: manifest.name, version: manifest.version });
  expect({ name: rootEntry?.name, version: rootEntry?.version }).toEqual({ name: manifest.name, version: manifest.version });
});

test.each(DEPENDENCY_KINDS)("every entry of package.json's %s is in the lockfile's root entry with the same range, and nothing else", (kind) => {
  expect(rootEntry?.[kind] ?? {}).toEqual(manifest[kind] ?? {});
});

test("the lockfile's root entry declares package.json's engines", () => {
  expect(rootEntry?.engines ?? {}).toEqual(manifest.engines ?? {});
});

test("every direct dependency is installed by the lockfile at a version its range accepts", async () => {
  // npm's own semver (a dependency of npm, present wherever npm is) would pull in a package only for this;
  // the ranges here are exact versions or ^x.y.z, which this checks directly and anything else is flagged.
  const problems: string[] = [];
  for (const kind of DEPENDENCY_KINDS) {
    for (const [name, range] of Object.entries(manifest[kind] ?? {})) {
      const installed = lockfile.packages?.[`node_modules/${name}`];
      if (!installed?.version) {
        problems.push(`${name}: not in the lockfile`);
        continue;
      }
      if (!satisfies(installed.version, range)) problems.push(`${name}: lockfile has ${installed.version}, package.json wants ${range}`);
    }
  }
  expect(problems).toEqual([]);
});

function parse(version: string): number[] {
  return version.split("-")[0].split(".").map(Number);
}

function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = parse(version);
  const exact = /^=?(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(range);
  if (exact) return version === exact[1];
  const caret = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (caret) {
    const [wantMajor, wantMinor, wantPatch] = caret.slice(1).map(Number);
    if (version.includes("-")) return false;
    if (major !== wantMajor) return false;
    if (wantMajor === 0) return minor === wantMinor && patch >= wantPatch;
    return minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
  }
  const tilde = /^~(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (tilde) {
    const [wantMajor, wantMinor, wantPatch] = tilde.slice(1).map(Number);
    return major === wantMajor && minor === wantMinor && patch >= wantPatch;
  }
  throw new Error(`The lockfile check does not understand the range "${range}": extend satisfies() in this test`);
}
