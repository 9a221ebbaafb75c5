import { createRouter } from "../../http/router";
import { createSalesPolicy, createSalesPolicyRoute } from "./create";
import { listSalesPolicies, listSalesPoliciesRoute } from "./list";
import { updateSalesPolicy, updateSalesPolicyRoute } from "./update";

export const salesPolicyRouter = createRouter()
  .openapi(listSalesPoliciesRoute, listSalesPolicies)
  .openapi(createSalesPolicyRoute, createSalesPolicy)
  .openapi(updateSalesPolicyRoute, updateSalesPolicy);
