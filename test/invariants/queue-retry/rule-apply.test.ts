import { killCasesFor, RETRY_GROUPS } from "./kill-cases";

// the conciliation-rule apply, killed and retried (see kill-cases.ts)
killCasesFor(RETRY_GROUPS.ruleApply);
