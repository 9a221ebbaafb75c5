import { createRouter } from "../../http/router";
import { applyRulesHandler, applyRulesRoute } from "./apply";
import { createRuleHandler, createRuleRoute } from "./create";
import { deleteRuleHandler, deleteRuleRoute } from "./delete";
import { listRulesHandler, listRulesRoute } from "./list";
import { previewRuleHandler, previewRuleRoute } from "./preview";
import { updateRuleHandler, updateRuleRoute } from "./update";

/** Automatic reconciliation rules of the bank statement. */
export const conciliationRulesRouter = createRouter()
  .openapi(listRulesRoute, listRulesHandler)
  .openapi(createRuleRoute, createRuleHandler)
  .openapi(updateRuleRoute, updateRuleHandler)
  .openapi(deleteRuleRoute, deleteRuleHandler)
  .openapi(applyRulesRoute, applyRulesHandler)
  .openapi(previewRuleRoute, previewRuleHandler);
