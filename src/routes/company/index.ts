import { createRouter } from "../../http/router";
import { getCompany, getCompanyRoute } from "./get";
import { updateCompany, updateCompanyRoute } from "./update";

/** `/company`: the company of the signed-in user. */
export const companyRouter = createRouter()
  .openapi(getCompanyRoute, getCompany)
  .openapi(updateCompanyRoute, updateCompany);
