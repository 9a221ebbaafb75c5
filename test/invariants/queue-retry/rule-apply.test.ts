import { killCasesFor, RETRY_GROUPS } from "./kill-cases";

// the conciliation-rule apply, the received Pix poll, the SEFAZ distribution and awareness and the
// Mercado Livre stock publish, killed and retried (see kill-cases.ts)
killCasesFor(RETRY_GROUPS.ruleApply);
