import type { OfxAccount } from "../ofx";
import { UNKNOWN_FILE_ACCOUNT } from "./messages";

/** A bank account as registered, for the account check and its messages. */
export type RegisteredAccount = {
  bank: string;
  bankNumber: string;
  agency: string | null;
  accountNumber: string | null;
};

const filled = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** `banco 0341, agência 1604, conta 1604812066`, as the file writes it. */
export function fileAccountLabel(account: OfxAccount | null): string {
  if (!account) return UNKNOWN_FILE_ACCOUNT;
  const parts = [
    filled(account.bankId) && `banco ${account.bankId}`,
    filled(account.branchId) && `agência ${account.branchId}`,
    `conta ${account.accountId}`,
  ];
  return parts.filter(Boolean).join(", ");
}

/** `Itaú (341), agência 1604, conta 81206-6`, as registered. */
export function registeredAccountLabel(account: RegisteredAccount): string {
  const parts = [
    `${account.bank.trim()} (${account.bankNumber})`,
    filled(account.agency) && `agência ${account.agency!.trim()}`,
    filled(account.accountNumber) ? `conta ${account.accountNumber!.trim()}` : "sem número de conta",
  ];
  return parts.filter(Boolean).join(", ");
}

/** True when the registered account has a number the file's account can be compared with. */
export function hasAccountNumber(account: RegisteredAccount): boolean {
  return /[1-9]/.test(account.accountNumber ?? "");
}
