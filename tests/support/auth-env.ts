// Import FIRST in an auth integration test file: the environment is read once when env.server loads.
// Gives the file its own outbox directory and turns on the local OAuth stand-in, served by
// startStandinServer() (tests/support/auth.ts) at APP_URL.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-auth-"));
process.env.OAUTH_STANDIN = "1";
// A port per worker process, so parallel runs of different files do not collide.
export const STANDIN_PORT = 20_000 + (process.pid % 20_000);
process.env.APP_URL = `http://127.0.0.1:${STANDIN_PORT}`;
