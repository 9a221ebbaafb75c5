import { createRouter } from "../../http/router";
import { listMarketplaceConciliation, listMarketplaceConciliationRoute } from "./list";

/** `/accounts/receivable/marketplace-conciliation`: channel settlements against the orders' receivables. */
export const marketplaceConciliationRouter = createRouter().openapi(
  listMarketplaceConciliationRoute,
  listMarketplaceConciliation,
);
