import { pullHubOrders } from "../../domain/hub/pull-job";
import type { JobHandler } from "../../domain/jobs/job-context";

/** `HubOrderPull`: new orders of a channel integration since its cursor (domain/hub/pull-job). */
export const hubOrderPullHandler: JobHandler = pullHubOrders;
