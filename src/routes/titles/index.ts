import { createRouter } from "../../http/router";
import * as collection from "./collection-history";
import {
  createAccountPayable,
  createAccountPayableRoute,
  createAccountReceivable,
  createAccountReceivableRoute,
} from "./create";
import {
  createAccountPayablePayment,
  createAccountPayablePaymentRoute,
  createAccountReceivablePayment,
  createAccountReceivablePaymentRoute,
} from "./create-payment";
import {
  deleteAccountPayable,
  deleteAccountPayableRoute,
  deleteAccountReceivable,
  deleteAccountReceivableRoute,
} from "./delete";
import {
  deleteAccountPayablePayment,
  deleteAccountPayablePaymentRoute,
  deleteAccountReceivablePayment,
  deleteAccountReceivablePaymentRoute,
} from "./delete-payment";
import {
  getAccountPayable,
  getAccountPayableRoute,
  getAccountReceivable,
  getAccountReceivableRoute,
} from "./get";
import {
  listAccountPayable,
  listAccountPayableRoute,
  listAccountReceivable,
  listAccountReceivableRoute,
} from "./list";
import { pixChargeRouter } from "./pix-charge";
import {
  updateAccountPayable,
  updateAccountPayableRoute,
  updateAccountReceivable,
  updateAccountReceivableRoute,
} from "./update";

/** `/accounts/payable` and `/accounts/receivable`: titles and their payments. */
export const titlesRouter = createRouter()
  .openapi(listAccountPayableRoute, listAccountPayable)
  .openapi(getAccountPayableRoute, getAccountPayable)
  .openapi(createAccountPayableRoute, createAccountPayable)
  .openapi(updateAccountPayableRoute, updateAccountPayable)
  .openapi(deleteAccountPayableRoute, deleteAccountPayable)
  .openapi(createAccountPayablePaymentRoute, createAccountPayablePayment)
  .openapi(deleteAccountPayablePaymentRoute, deleteAccountPayablePayment)
  .openapi(listAccountReceivableRoute, listAccountReceivable)
  .openapi(getAccountReceivableRoute, getAccountReceivable)
  .openapi(createAccountReceivableRoute, createAccountReceivable)
  .openapi(updateAccountReceivableRoute, updateAccountReceivable)
  .openapi(deleteAccountReceivableRoute, deleteAccountReceivable)
  .openapi(createAccountReceivablePaymentRoute, createAccountReceivablePayment)
  .openapi(deleteAccountReceivablePaymentRoute, deleteAccountReceivablePayment)
  .openapi(collection.getAccountPayableCollectionRoute, collection.getAccountPayableCollection)
  .openapi(collection.getAccountReceivableCollectionRoute, collection.getAccountReceivableCollection)
  .route("/", pixChargeRouter);
