import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { syncDistribution } from "./sync";

/** `SefazDistribution`: the NF-e SEFAZ distributes for an integration's CNPJ since its cursor (sync.ts). */
export const sefazDistributionJob: JobDefinition = {
  description:
    "Distribuição de NF-e da SEFAZ (NFeDistribuicaoDFe) de uma integração SEFAZ, pelo agendamento ou por POST /company/integration/{idcompanyintegration}/sefaz/sync",
  params: z.object({ IDCompanyIntegration: z.number().int().positive() }),
  handler: syncDistribution,
};
