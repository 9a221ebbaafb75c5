import { z } from "zod";

/** Every job message names the account (which D1 database) and the job row; the job row holds the rest. */
const jobRef = { account: z.string().min(1), jobId: z.number().int().positive() };

export const JobMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("BankStatementOFX"), ...jobRef }),
  z.object({ type: z.literal("SkuTemplate"), ...jobRef }),
  z.object({ type: z.literal("OrdersTemplate"), ...jobRef }),
  z.object({ type: z.literal("SkuCostRecalculate"), ...jobRef }),
  z.object({ type: z.literal("ConciliationRuleApply"), ...jobRef }),
]);

export type JobMessage = z.infer<typeof JobMessageSchema>;
export type JobType = JobMessage["type"];
