import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { syncFeed } from "./sync";

/** `OpenFinanceSync`: the bank feed of one account (sync.ts). */
export const openFinanceSyncJob: JobDefinition = {
  description:
    "Sincronização do feed Open Finance de uma conta bancária (agregador Pluggy), pelo agendamento, por um webhook do agregador ou por POST /accounts/bank-account/{idbankaccount}/feed/sync",
  params: z.object({ IDBankAccount: z.number().int().positive(), Refresh: z.number().int().min(0).max(1) }),
  handler: syncFeed,
};
