import { createRouter } from "../../http/router";
import { accountTypeRouter } from "./account-type";
import { brandRouter } from "./brand";
import { carrierHubMappingRouter } from "./carrier-hub-mapping";
import { carrierModalRouter } from "./carrier-modal";
import { cashierRouter } from "./cashier";
import { companyIntegrationRouter } from "./company-integration";
import { companyInvoiceRouter } from "./company-invoice";
import { consumerRouter } from "./consumer";
import { costCenterRouter } from "./cost-center";
import { documentTypeRouter } from "./document-type";
import { orderTypeRouter } from "./order-type";
import { paymentTypeRouter } from "./payment-type";
import { productRouter } from "./product";
import { supplierRouter } from "./supplier";

/** Company-scoped registries the finance area depends on. */
export const registriesRouter = createRouter()
  .route("/", companyInvoiceRouter)
  .route("/", companyIntegrationRouter)
  .route("/", carrierModalRouter)
  .route("/", carrierHubMappingRouter)
  .route("/", brandRouter)
  .route("/", supplierRouter)
  .route("/", consumerRouter)
  .route("/", productRouter)
  .route("/", orderTypeRouter)
  .route("/", accountTypeRouter)
  .route("/", documentTypeRouter)
  .route("/", paymentTypeRouter)
  .route("/", costCenterRouter)
  .route("/", cashierRouter);
