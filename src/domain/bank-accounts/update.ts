import {
  type BankAccountRow,
  type BankAccountValues,
  clearMainFlags,
  findActiveAccount,
  hasOpenCashier,
  INTERNAL_BANK_NUMBER,
  insertHistory,
  runBatch,
  updateAccount,
} from "../../db/bank-accounts";
import type { Caller, Db } from "../../env";
import { nowIn } from "../../lib/dates";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";
import { changedFields, hasChanges } from "./changes";
import { retryOnConflict } from "./conflicts";
import { alwaysRewrittenFields, apiFields, type BankAccountInput, requiredText } from "./fields";
import { mainFlagsToClear, raisedOnUpdate } from "./main-account";
import { BANK_NUMBER_REQUIRED, BANK_REQUIRED, CASHIER_OPEN, COMPANY_NOT_FOUND } from "./messages";
import { checkRegistries } from "./registries";

/** An active account of the caller's company; another company's (or a missing) one: `Empresa não existe` (SPEC). */
export async function accountToChange(db: Db, companyId: number, accountId: number): Promise<BankAccountRow> {
  const account = await findActiveAccount(db, companyId, accountId);
  if (!account) throw badRequest(COMPANY_NOT_FOUND);
  return account;
}

/** The values after a registry update: the five always-rewritten fields, and the others only when sent. */
export function updatedValues(current: BankAccountRow, input: BankAccountInput): BankAccountValues {
  const keep = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent);
  return {
    bank: input.bank === undefined ? current.bank : requiredText(input.bank, BANK_REQUIRED),
    bankNumber:
      input.bankNumber === undefined
        ? current.bankNumber
        : requiredText(input.bankNumber, BANK_NUMBER_REQUIRED),
    agency: keep(input.agency, current.agency),
    accountNumber: keep(input.accountNumber, current.accountNumber),
    mainIncome: keep(input.mainIncome, current.mainIncome),
    mainPayment: keep(input.mainPayment, current.mainPayment),
    ...alwaysRewrittenFields(input),
  };
}

/** Registry update of an account (PUT mode 1), with its history and the main-account rule in one batch. */
export async function updateBankAccount(
  db: Db,
  caller: Caller,
  accountId: number,
  input: BankAccountInput,
): Promise<void> {
  const company = await getCompany(db, caller.companyId);
  await retryOnConflict(async () => {
    const current = await accountToChange(db, caller.companyId, accountId);
    const values = updatedValues(current, input);
    const bankNumberChanges = values.bankNumber !== current.bankNumber;
    if (
      bankNumberChanges &&
      current.bankNumber === INTERNAL_BANK_NUMBER &&
      (await hasOpenCashier(db, accountId))
    ) {
      throw badRequest(CASHIER_OPEN);
    }
    await checkRegistries(db, caller.companyId, values);

    const by = { userId: caller.userId, at: nowIn(company.timeZone) };
    const clear = mainFlagsToClear(
      raisedOnUpdate(input, values, values.companyInvoiceId !== current.companyInvoiceId),
    );
    const changes = changedFields(apiFields(current), apiFields(values));
    await runBatch(db, [
      ...(clear
        ? clearMainFlags(
            db,
            {
              companyId: caller.companyId,
              companyInvoiceId: values.companyInvoiceId,
              exceptAccountId: accountId,
            },
            clear,
            by,
          )
        : []),
      updateAccount(db, caller.companyId, accountId, values, bankNumberChanges),
      ...(hasChanges(changes)
        ? [
            insertHistory(db, {
              companyId: caller.companyId,
              accountId,
              userId: by.userId,
              action: "update",
              changes: JSON.stringify(changes),
              at: by.at,
            }),
          ]
        : []),
    ]);
  });
}
