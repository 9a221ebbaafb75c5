import {
  type BankAccountValues,
  clearMainFlags,
  insertAccount,
  insertedAccountId,
  insertHistory,
  runBatch,
} from "../../db/bank-accounts";
import type { Caller, Db } from "../../env";
import { nowIn } from "../../lib/dates";
import { getCompany } from "../company/company";
import { changedFields } from "./changes";
import { alwaysRewrittenFields, apiFields, type BankAccountInput, requiredText } from "./fields";
import { mainFlagsToClear } from "./main-account";
import { BANK_NUMBER_REQUIRED, BANK_REQUIRED } from "./messages";
import { checkRegistries } from "./registries";

/** Creates an account; the main-flag clearing, the insert and its history go in one batch. */
export async function createBankAccount(db: Db, caller: Caller, input: BankAccountInput): Promise<void> {
  const company = await getCompany(db, caller.companyId);
  const values: BankAccountValues = {
    bank: requiredText(input.bank, BANK_REQUIRED),
    bankNumber: requiredText(input.bankNumber, BANK_NUMBER_REQUIRED),
    agency: input.agency ?? null,
    accountNumber: input.accountNumber ?? null,
    mainIncome: input.mainIncome ?? 0,
    mainPayment: input.mainPayment ?? 0,
    ...alwaysRewrittenFields(input),
  };
  await checkRegistries(db, caller.companyId, values);

  const by = { userId: caller.userId, at: nowIn(company.timeZone) };
  const clear = mainFlagsToClear({
    mainIncome: values.mainIncome === 1,
    mainPayment: values.mainPayment === 1,
  });
  await runBatch(db, [
    ...(clear
      ? clearMainFlags(
          db,
          { companyId: caller.companyId, companyInvoiceId: values.companyInvoiceId },
          clear,
          by,
        )
      : []),
    insertAccount(db, caller.companyId, values),
    insertHistory(db, {
      companyId: caller.companyId,
      accountId: insertedAccountId,
      userId: by.userId,
      action: "create",
      changes: JSON.stringify(changedFields(null, apiFields(values))),
      at: by.at,
    }),
  ]);
}
