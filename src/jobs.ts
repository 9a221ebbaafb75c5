import type { JobRow } from "./db/jobs";
import { conciliationRuleApplyJob } from "./domain/auto-reconciliation/job";
import { bankReturnCnabJob } from "./domain/bank-returns/job";
import { nfeEmissionJob } from "./domain/emission/job";
import { hubOrderPullJob } from "./domain/hub/job";
import { mlStockPublishJob } from "./domain/hub/mercado-livre/stock-publish";
import { bankStatementOfxJob } from "./domain/import/job";
import { discardStagedLines } from "./domain/import/ofx-staging";
import type { JobHandler } from "./domain/jobs/job-context";
import type { JobType } from "./domain/jobs/job-message";
import type { JobRegistry } from "./domain/jobs/types";
import { marketplaceSettlementJob } from "./domain/marketplace/job";
import { nfeXmlJob } from "./domain/nfe/job";
import { openFinanceSyncJob } from "./domain/openfinance/job";
import { ordersTemplateJob } from "./domain/orders/job";
import { pixReceivedPollJob } from "./domain/pix/poll-job";
import { sefazAwarenessJob, sefazDistributionJob } from "./domain/sefaz/job";
import { skuCostRecalculateJob, skuTemplateJob } from "./domain/sku/jobs";
import { stockInventoryCountJob } from "./domain/stock/job";

/**
 * The list of job types: each area exports the definition of its types (description, stored
 * parameters, handler, file) and this registry names them all. A type of the job messages
 * (domain/jobs/job-message) without an entry here fails the type check. The types created from a
 * file come first, in the order `POST /job` lists them.
 */
export const JOBS: JobRegistry = {
  SkuTemplate: skuTemplateJob,
  OrdersTemplate: ordersTemplateJob,
  BankStatementOFX: bankStatementOfxJob,
  StockInventoryCount: stockInventoryCountJob,
  NFeXML: nfeXmlJob,
  MarketplaceSettlement: marketplaceSettlementJob,
  BankReturnCNAB: bankReturnCnabJob,
  SkuCostRecalculate: skuCostRecalculateJob,
  ConciliationRuleApply: conciliationRuleApplyJob,
  HubOrderPull: hubOrderPullJob,
  PixReceivedPoll: pixReceivedPollJob,
  SefazDistribution: sefazDistributionJob,
  SefazAwareness: sefazAwarenessJob,
  MlStockPublish: mlStockPublishJob,
  NFeEmission: nfeEmissionJob,
  OpenFinanceSync: openFinanceSyncJob,
};

/** The processing of each job type (the queue consumer's). */
export const JOB_HANDLERS = Object.fromEntries(
  Object.entries(JOBS).map(([type, definition]) => [type, definition.handler]),
) as Record<JobType, JobHandler>;

/** What a job type leaves in R2 besides its file, removed when the job ends Done or Failed. */
export const JOB_CLEANUPS: {
  readonly [T in JobType]?: (bucket: R2Bucket, job: JobRow) => Promise<void>;
} = {
  BankStatementOFX: discardStagedLines,
};
