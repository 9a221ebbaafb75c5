import { killCasesFor, RETRY_GROUPS } from "./kill-cases";

// the conciliation-rule apply and the received Pix poll, killed and retried (see kill-cases.ts)
killCasesFor(RETRY_GROUPS.ruleApply);
