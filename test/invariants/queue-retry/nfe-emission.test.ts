import { killCasesFor, RETRY_GROUPS } from "./kill-cases";

// the NF-e emission, killed and retried (see kill-cases.ts)
killCasesFor(RETRY_GROUPS.nfeEmission);
