// One try of a webhook delivery (app/services/webhooks/deliver.server.ts). A failed try throws, so pg-boss
// tries again with back-off (jobs/queues.ts); the last allowed try records the delivery as failed.
import { attemptWebhookDelivery } from "../../app/services/webhooks/deliver.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"webhook.deliver"> = async (jobs) => {
  for (const job of jobs) {
    const outcome = await attemptWebhookDelivery(job.data.deliveryId, { finalAttempt: job.retryCount >= queues["webhook.deliver"].retryLimit });
    if (outcome === "retry") throw new Error(`Webhook delivery ${job.data.deliveryId} failed; it is tried again later`);
  }
};
