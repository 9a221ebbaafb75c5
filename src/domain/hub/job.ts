import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { pullHubOrders } from "./pull-job";

/** `HubOrderPull`: new orders of a channel integration since its cursor (pull-job). */
export const hubOrderPullJob: JobDefinition = {
  description: "pedidos de um canal de venda, por POST /hub/integration/{idcompanyintegration}/pull",
  params: z.object({ IDCompanyIntegration: z.number().int().positive() }),
  handler: pullHubOrders,
};
