// Import FIRST in a test file that fills the render queues: a small admission limit (jobs/admission.ts),
// read once when env.server loads.
export const TEST_RENDER_QUEUE_LIMIT = 3;
process.env.RENDER_QUEUE_LIMIT = String(TEST_RENDER_QUEUE_LIMIT);
