import { DEFAULT_TRANSFER_DESCRIPTION } from "./messages";

/** `Banco do Brasil 12345-6`: the bank name and, when registered, the account number. */
export function accountLabel(account: { bank: string; accountNumber: string | null }): string {
  const number = account.accountNumber?.trim();
  return number ? `${account.bank.trim()} ${number}` : account.bank.trim();
}

/** The text of the transfer: the client's description, or the default when absent or blank. */
export function transferText(description: string | null | undefined): string {
  const text = description?.trim();
  return text ? text : DEFAULT_TRANSFER_DESCRIPTION;
}

/** Description of one leg: the transfer text joined with the bank and account number of the other side. */
export function legDescription(
  text: string,
  otherSide: { bank: string; accountNumber: string | null },
): string {
  return `${text} ${accountLabel(otherSide)}`;
}
