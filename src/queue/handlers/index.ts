import type { JobRow } from "../../db/jobs";
import { discardStagedLines } from "../../domain/import/ofx-staging";
import type { JobHandler } from "../../domain/jobs/job-context";
import type { JobType } from "../../domain/jobs/job-message";
import { bankStatementOfxHandler } from "./bank-statement-ofx";
import { conciliationRuleApplyHandler } from "./conciliation-rule-apply";
import { hubOrderPullHandler } from "./hub-order-pull";
import { marketplaceSettlementHandler } from "./marketplace-settlement";
import { nfeXmlHandler } from "./nfe-xml";
import { ordersTemplateHandler } from "./orders-template";
import { skuCostRecalculateHandler } from "./sku-cost-recalculate";
import { skuTemplateHandler } from "./sku-template";
import { stockInventoryCountHandler } from "./stock-inventory-count";

/** The processing of each job type; a type without an entry ends Failed with a clear reason. */
export const JOB_HANDLERS: { readonly [T in JobType]?: JobHandler } = {
  SkuTemplate: skuTemplateHandler,
  SkuCostRecalculate: skuCostRecalculateHandler,
  OrdersTemplate: ordersTemplateHandler,
  BankStatementOFX: bankStatementOfxHandler,
  ConciliationRuleApply: conciliationRuleApplyHandler,
  StockInventoryCount: stockInventoryCountHandler,
  NFeXML: nfeXmlHandler,
  HubOrderPull: hubOrderPullHandler,
  MarketplaceSettlement: marketplaceSettlementHandler,
};

/** What a job type leaves in R2 besides its file, removed when the job ends Done or Failed. */
export const JOB_CLEANUPS: {
  readonly [T in JobType]?: (bucket: R2Bucket, job: JobRow) => Promise<void>;
} = {
  BankStatementOFX: discardStagedLines,
};
