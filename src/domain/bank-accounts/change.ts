import type { Caller, Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { adjustOpeningBalance } from "./adjust";
import type { BankAccountInput } from "./fields";
import { OPENING_BALANCE_PAIR } from "./messages";
import { updateBankAccount } from "./update";

export type BankAccountChange = {
  registry: BankAccountInput;
  initialBalance?: Cents | null;
  initialBalanceDate?: string | null;
};

/**
 * PUT chooses its mode by the body (SPEC): both opening-balance fields adjust the balance and ignore
 * the registry fields; neither updates the registry. Only one of the two is refused, since the
 * registry mode would silently clear the always-rewritten fields of a client that meant to adjust.
 */
export async function changeBankAccount(
  db: Db,
  caller: Caller,
  accountId: number,
  change: BankAccountChange,
): Promise<void> {
  const { initialBalance, initialBalanceDate } = change;
  const hasBalance = initialBalance !== undefined && initialBalance !== null;
  const hasDate = initialBalanceDate !== undefined && initialBalanceDate !== null;
  if (hasBalance && hasDate)
    return adjustOpeningBalance(db, caller, accountId, initialBalance, initialBalanceDate);
  if (hasBalance || hasDate) throw badRequest(OPENING_BALANCE_PAIR);
  return updateBankAccount(db, caller, accountId, change.registry);
}
