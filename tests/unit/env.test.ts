// The environment schema: what boots, what refuses to, and how values are read.
import path from "node:path";
import { parseEnv } from "~/server/env.server";

describe("parseEnv", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  test("an empty environment boots on the embedded database with the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      APP_URL: "http://localhost:3000",
      DATA_DIR: path.resolve("./data"),
      WORKER_IN_PROCESS: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeTruthy();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET"));
  });

  test("production refuses to start without SESSION_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production", APP_URL: "https://songloom.example" })).toThrow("SESSION_SECRET");
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s3cret", APP_URL: "https://songloom.example" }).SESSION_SECRET).toBe("s3cret");
  });

  test("outside production APP_URL follows the port; production refuses to start without it", () => {
    expect(parseEnv({ PORT: "4123" }).APP_URL).toBe("http://localhost:4123");
    expect(parseEnv({ PORT: "4123", APP_URL: "" }).APP_URL).toBe("http://localhost:4123");
    expect(parseEnv({ NODE_ENV: "test", PORT: "5000", APP_URL: "http://127.0.0.1:5000" }).APP_URL).toBe("http://127.0.0.1:5000");
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s3cret" })).toThrow(
      /APP_URL: required in production: the address people reach Songloom at/,
    );
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s3cret", APP_URL: "https://songloom.example" }).APP_URL).toBe(
      "https://songloom.example",
    );
  });

  test("throttle factor and shutdown budget default to 1 and 7 s, within Docker's 10 s stop timeout", () => {
    expect(parseEnv({})).toMatchObject({ RATE_LIMIT_FACTOR: 1, SHUTDOWN_TIMEOUT_MS: 7000 });
    expect(parseEnv({ RATE_LIMIT_FACTOR: "20", SHUTDOWN_TIMEOUT_MS: "5000" })).toMatchObject({ RATE_LIMIT_FACTOR: 20, SHUTDOWN_TIMEOUT_MS: 5000 });
    expect(() => parseEnv({ RATE_LIMIT_FACTOR: "0" })).toThrow("RATE_LIMIT_FACTOR");
  });

  test("a malformed value stops the boot and names the variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow("DATABASE_URL");
    expect(() => parseEnv({ PORT: "eighty" })).toThrow("PORT");
  });

  test("WORKER_IN_PROCESS reads false, 0, no and off as false", () => {
    for (const value of ["false", "0", "no", "OFF"]) expect(parseEnv({ WORKER_IN_PROCESS: value }).WORKER_IN_PROCESS).toBe(false);
    for (const value of ["true", "1", ""]) expect(parseEnv({ WORKER_IN_PROCESS: value }).WORKER_IN_PROCESS).toBe(true);
  });

  test("empty optional values count as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  test("S3 storage, metrics and the render excerpt: parsed, checked, and the excerpt refused in production", () => {
    const scaled = parseEnv({ S3_BUCKET: "media", S3_ENDPOINT: "http://minio:9000", METRICS_TOKEN: "t0ken", METRICS_PORT: "9464", RENDER_EXCERPT_SECONDS: "2.5" });
    expect(scaled).toMatchObject({ S3_BUCKET: "media", S3_ENDPOINT: "http://minio:9000", S3_REGION: "us-east-1", METRICS_TOKEN: "t0ken", METRICS_PORT: 9464, RENDER_EXCERPT_SECONDS: 2.5, LOG_LEVEL: "info" });
    expect(parseEnv({ S3_BUCKET: "", METRICS_PORT: "" })).toMatchObject({ S3_BUCKET: undefined, METRICS_PORT: undefined });
    expect(() => parseEnv({ S3_ENDPOINT: "minio" })).toThrow("S3_ENDPOINT");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow("LOG_LEVEL");
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s", APP_URL: "https://songloom.example", RENDER_EXCERPT_SECONDS: "3" })).toThrow("RENDER_EXCERPT_SECONDS");
  });
});
