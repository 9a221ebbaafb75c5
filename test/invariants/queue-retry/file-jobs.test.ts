import { killCasesFor, RETRY_GROUPS } from "./kill-cases";

// the file imports (SKU, OFX, inventory, NF-e, settlement) and cost recalculation, killed and retried (see kill-cases.ts)
killCasesFor(RETRY_GROUPS.files);
