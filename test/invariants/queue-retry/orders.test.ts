import { killCasesFor, RETRY_GROUPS } from "./kill-cases";

// order imports and hub order pulls, killed and retried (see kill-cases.ts)
killCasesFor(RETRY_GROUPS.orders);
