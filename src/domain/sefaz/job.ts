import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { sendPendingAwareness } from "./awareness";
import { syncDistribution } from "./sync";

const params = z.object({ IDCompanyIntegration: z.number().int().positive() });

/** `SefazDistribution`: the NF-e SEFAZ distributes for an integration's CNPJ since its cursor (sync.ts). */
export const sefazDistributionJob: JobDefinition = {
  description:
    "Distribuição de NF-e da SEFAZ (NFeDistribuicaoDFe) de uma integração SEFAZ, pelo agendamento ou por POST /company/integration/{idcompanyintegration}/sefaz/sync",
  params,
  handler: syncDistribution,
};

/** `SefazAwareness`: the automatic 210210 of the summaries a distribution brought (awareness.ts). */
export const sefazAwarenessJob: JobDefinition = {
  description:
    "Ciência da Operação (210210) automática dos resumos de NF-e recebidos pela distribuição de uma integração SEFAZ com AutoAwareness 1, criado pelo job SefazDistribution",
  params,
  handler: sendPendingAwareness,
};
