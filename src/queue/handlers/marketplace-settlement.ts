import type { JobHandler } from "../../domain/jobs/job-context";
import { importSettlements } from "../../domain/marketplace/settlement-import-job";

/** `MarketplaceSettlement`: a channel's settlement report (domain/marketplace/settlement-import-job). */
export const marketplaceSettlementHandler: JobHandler = importSettlements;
