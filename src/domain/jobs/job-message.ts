import { z } from "zod";

/** Dead-letter queue of wrangler.toml's jobs queue (same consumer Worker). */
export const JOBS_DEAD_LETTER_QUEUE = "finance-jobs-dlq";

/** Every job message names the account (which D1 database) and the job row; the job row holds the rest. */
const jobRef = { account: z.string().min(1), jobId: z.number().int().positive() };

export const JobMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("BankStatementOFX"), ...jobRef }),
  z.object({ type: z.literal("SkuTemplate"), ...jobRef }),
  z.object({ type: z.literal("OrdersTemplate"), ...jobRef }),
  z.object({ type: z.literal("SkuCostRecalculate"), ...jobRef }),
  z.object({ type: z.literal("ConciliationRuleApply"), ...jobRef }),
  z.object({ type: z.literal("StockInventoryCount"), ...jobRef }),
  z.object({ type: z.literal("NFeXML"), ...jobRef }),
  z.object({ type: z.literal("HubOrderPull"), ...jobRef }),
  z.object({ type: z.literal("MarketplaceSettlement"), ...jobRef }),
  z.object({ type: z.literal("BankReturnCNAB"), ...jobRef }),
  z.object({ type: z.literal("PixReceivedPoll"), ...jobRef }),
  z.object({ type: z.literal("SefazDistribution"), ...jobRef }),
  z.object({ type: z.literal("SefazAwareness"), ...jobRef }),
  z.object({ type: z.literal("MlStockPublish"), ...jobRef }),
  z.object({
    type: z.literal("NFeEmission"),
    ...jobRef,
    /**
     * A message that wakes the job once (`POST /nfe/{idnfe}/transmit`): its delivery does the job's
     * work then ends, never sent again; the job's own message goes on as before.
     */
    wake: z.literal(true).optional(),
  }),
  z.object({ type: z.literal("OpenFinanceSync"), ...jobRef }),
]);

export type JobMessage = z.infer<typeof JobMessageSchema>;
export type JobType = JobMessage["type"];

/** Every job type, in the order of the union (OpenAPI enums, filters). */
export const JOB_TYPES = JobMessageSchema.options.map((option) => option.shape.type.value) as JobType[];
