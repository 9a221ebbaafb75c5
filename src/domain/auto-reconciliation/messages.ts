/** Texts of the rule application (the spec fixes none; the wording is the service's own). */

/** `Message` of `POST /accounts/bank-statement/conciliation-rule/apply`. */
export const RULE_APPLY_SCHEDULED = "Aplicação das regras de conciliação agendada";
