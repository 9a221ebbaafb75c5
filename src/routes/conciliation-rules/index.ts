import { createRouter } from "../../http/router";
import { createRuleHandler, createRuleRoute } from "./create";
import { deleteRuleHandler, deleteRuleRoute } from "./delete";
import { listRulesHandler, listRulesRoute } from "./list";
import { updateRuleHandler, updateRuleRoute } from "./update";

/** Automatic reconciliation rules of the bank statement. */
export const conciliationRulesRouter = createRouter()
  .openapi(listRulesRoute, listRulesHandler)
  .openapi(createRuleRoute, createRuleHandler)
  .openapi(updateRuleRoute, updateRuleHandler)
  .openapi(deleteRuleRoute, deleteRuleHandler);
