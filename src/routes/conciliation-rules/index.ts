import { createRouter } from "../../http/router";
import { applyConciliationRules, applyConciliationRulesRoute } from "./apply";
import { createConciliationRule, createConciliationRuleRoute } from "./create";
import { deleteConciliationRule, deleteConciliationRuleRoute } from "./delete";
import { listConciliationRules, listConciliationRulesRoute } from "./list";
import { previewConciliationRule, previewConciliationRuleRoute } from "./preview";
import { updateConciliationRule, updateConciliationRuleRoute } from "./update";

/** Automatic reconciliation rules of the bank statement. */
export const conciliationRulesRouter = createRouter()
  .openapi(listConciliationRulesRoute, listConciliationRules)
  .openapi(createConciliationRuleRoute, createConciliationRule)
  .openapi(updateConciliationRuleRoute, updateConciliationRule)
  .openapi(deleteConciliationRuleRoute, deleteConciliationRule)
  .openapi(applyConciliationRulesRoute, applyConciliationRules)
  .openapi(previewConciliationRuleRoute, previewConciliationRule);
