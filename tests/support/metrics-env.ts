// Import FIRST in a test file that serves /metrics: the token it must present (the environment is read
// once when env.server loads).
export const METRICS_TEST_TOKEN = "metrics-test-token-1234";
process.env.METRICS_TOKEN = METRICS_TEST_TOKEN;
