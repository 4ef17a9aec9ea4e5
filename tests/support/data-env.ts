// Import FIRST in a test file whose renders must start from an empty stem cache: a data directory of the
// file's own (the environment is read once when env.server loads). Without it the renders of every run
// share ./data/stem-cache, and a song rendered by an earlier run finds its stems and strip fronts there.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-data-"));
