import { createRouter } from "../../http/router";
import { createTaxProfile, createTaxProfileRoute } from "./create";
import { listCstIbsCbs, listCstIbsCbsRoute } from "./cst-list";
import { getTaxProfile, getTaxProfileRoute } from "./get";
import { listTaxProfiles, listTaxProfilesRoute } from "./list";
import { updateTaxProfile, updateTaxProfileRoute } from "./update";

/** `/tax`: tax profiles (the rates and CSTs of order items) and the IBS/CBS CST registry. */
export const taxProfilesRouter = createRouter()
  .openapi(listCstIbsCbsRoute, listCstIbsCbs)
  .openapi(listTaxProfilesRoute, listTaxProfiles)
  .openapi(createTaxProfileRoute, createTaxProfile)
  .openapi(getTaxProfileRoute, getTaxProfile)
  .openapi(updateTaxProfileRoute, updateTaxProfile);
