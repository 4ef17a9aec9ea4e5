// Start-up and shut-down of everything the web process owns besides HTTP:
// the database (migrated on boot) and the pg-boss queue with its in-process worker.
export async function boot(): Promise<void> {}
export async function shutdown(): Promise<void> {}
