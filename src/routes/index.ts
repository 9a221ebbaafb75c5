import { createRouter } from "../http/router";
import { acquirerRouter } from "./acquirer";
import { bankAccountRouter } from "./bank-accounts";
import { bankStatementRouter } from "./bank-statement";
import { certificatesRouter } from "./certificates";
import { companyRouter } from "./company";
import { conciliationRulesRouter } from "./conciliation-rules";
import { hubRouter } from "./hub";
import { jobsRouter } from "./jobs";
import { mailRouter } from "./mail";
import { marketplaceConciliationRouter } from "./marketplace-conciliation";
import { nfeRouter } from "./nfe";
import { nfeEventsRouter } from "./nfe/events-index";
import { openFinanceRouter } from "./openfinance";
import { orderStatusesRouter } from "./order-statuses";
import { ordersRouter } from "./orders";
import { pixRouter } from "./pix";
import { productionRouter } from "./production";
import { purchaseFeedRouter } from "./purchase-feed";
import { purchasesRouter } from "./purchases";
import { registriesRouter } from "./registries";
import { salesPolicyRouter } from "./sales-policy";
import { sefazRouter } from "./sefaz";
import { skuJobsRouter, skuRouter } from "./sku";
import { stockSettingRouter } from "./stock-setting";
import { taxProfilesRouter } from "./tax-profiles";
import { titlesRouter } from "./titles";
import { trackingMessagesRouter } from "./tracking-messages";
import { userRouter } from "./user";
import { warehouseRouter } from "./warehouse";
import { webhookDeliveriesRouter } from "./webhook-deliveries";
import { webhooksRouter } from "./webhooks";

/** Every authenticated operation of the API, by area. */
export const protectedRoutes = createRouter()
  .route("/", userRouter)
  .route("/", companyRouter)
  .route("/", registriesRouter)
  .route("/", certificatesRouter)
  .route("/", bankAccountRouter)
  .route("/", conciliationRulesRouter)
  .route("/", bankStatementRouter)
  .route("/", acquirerRouter)
  .route("/", marketplaceConciliationRouter)
  .route("/", jobsRouter)
  .route("/", pixRouter)
  .route("/", openFinanceRouter)
  .route("/", sefazRouter)
  .route("/", productionRouter)
  .route("/", skuRouter)
  .route("/", warehouseRouter)
  .route("/", salesPolicyRouter)
  .route("/", stockSettingRouter)
  .route("/", skuJobsRouter)
  // Hub before orders: `/orders/hub` is a static path that `/orders/{idorder}` would also match.
  .route("/", hubRouter)
  // the NF-e's events before the notes' routes: `/nfe/gaps`, `/nfe/void` would match `/nfe/{idnfe}`
  .route("/", nfeEventsRouter)
  .route("/", nfeRouter)
  .route("/", ordersRouter)
  .route("/", orderStatusesRouter)
  .route("/", taxProfilesRouter)
  // the feed before the purchases: `/purchase/{idpurchase}` would refuse `feed` as a bad id
  .route("/", purchaseFeedRouter)
  .route("/", purchasesRouter)
  .route("/", webhooksRouter)
  .route("/", webhookDeliveriesRouter)
  .route("/", trackingMessagesRouter)
  .route("/", mailRouter)
  // Titles last: `/accounts/receivable/{idaccountreceivable}` would also match static paths such as
  // `/accounts/receivable/acquirer-conciliation` and refuse them as a bad id if it were mounted first.
  .route("/", titlesRouter);
