import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { syncDistribution } from "./sync";

/** `SefazDistribution`: the NF-e SEFAZ distributes for an integration's CNPJ since its cursor (sync.ts). */
export const sefazDistributionJob: JobDefinition = {
  description:
    "Distribuição de NF-e da SEFAZ (NFeDistribuicaoDFe) de uma integração SEFAZ, pelo agendamento ou por POST /company/integration/{idcompanyintegration}/sefaz/sync",
  // the stored parameters also name the account its NF-e import jobs are queued for (`Account`)
  params: z.object({ IDCompanyIntegration: z.number().int().positive() }),
  handler: syncDistribution,
};
