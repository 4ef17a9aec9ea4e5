// Import FIRST in a test file that talks to the built server over HTTP: the test process and the server
// must sign cookies with the same secret and share the data directory (media storage), and the
// environment is read once when env.server loads.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.SESSION_SECRET = "http-test-session-secret";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-http-"));
