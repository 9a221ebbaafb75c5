import { createRouter } from "../../../http/router";
import { createPaymentType, createPaymentTypeRoute } from "./create";
import { deletePaymentType, deletePaymentTypeRoute } from "./delete";
import { getPaymentType, getPaymentTypeRoute } from "./get";
import { listPaymentTypes, listPaymentTypesRoute } from "./list";
import { listPaymentTypeRates, listPaymentTypeRatesRoute } from "./rates";
import { replacePaymentTypeRates, replacePaymentTypeRatesRoute } from "./replace-rates";
import { updatePaymentType, updatePaymentTypeRoute } from "./update";

export const paymentTypeRouter = createRouter()
  .openapi(listPaymentTypesRoute, listPaymentTypes)
  .openapi(getPaymentTypeRoute, getPaymentType)
  .openapi(listPaymentTypeRatesRoute, listPaymentTypeRates)
  .openapi(replacePaymentTypeRatesRoute, replacePaymentTypeRates)
  .openapi(createPaymentTypeRoute, createPaymentType)
  .openapi(updatePaymentTypeRoute, updatePaymentType)
  .openapi(deletePaymentTypeRoute, deletePaymentType);
