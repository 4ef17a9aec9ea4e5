// One release batch (or takedown) to one store; see deliverToStore in app/services/distribution.
import { deliverToStore, markDeliveryFailed } from "../../app/services/distribution/deliver.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"release.deliver"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await deliverToStore(job.data.deliveryId);
    } catch (error) {
      if (job.retryCount >= queues["release.deliver"].retryLimit) await markDeliveryFailed(job.data.deliveryId);
      throw error;
    }
  }
};
