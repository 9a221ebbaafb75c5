import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { CSV_CONTENT_TYPES } from "../uploads/content-types";
import { importSettlements } from "./settlement-import-job";
import { settlementParams } from "./settlement-job-params";

/** `MarketplaceSettlement`: a channel's settlement report (settlement-import-job). */
export const marketplaceSettlementJob: JobDefinition = {
  description:
    "relatório de repasses de um canal em CSV `Pedido;Data;Bruto;Comissao;Tarifas;Liquido`; exige `IDCompanyIntegration`",
  params: z.object({ IDCompanyIntegration: z.number().int().positive() }),
  handler: importSettlements,
  file: { contentTypes: CSV_CONTENT_TYPES, routes: ["job"], params: settlementParams },
};
