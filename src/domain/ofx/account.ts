import type { OfxAccount } from "./types";

/**
 * A file's account reduced to digits, the form in which banks and our registry can be compared:
 * separators, spaces and letters go (so a check digit written `X`, as Banco do Brasil does, is
 * dropped like the dash before it), and so do leading zeros (`0341` is bank 341, `001` is 1).
 */
export type AccountIdentity = {
  /** Febraban/COMPE code when BANKID looks like one (at most 3 digits); null for routing numbers, ISPB, cards. */
  bankNumber: string | null;
  branch: string | null;
  account: string;
};

export function accountIdentity(account: OfxAccount): AccountIdentity | null {
  const digits = normaliseDigits(account.accountId);
  if (!digits) return null;
  const bank = normaliseDigits(account.bankId ?? "");
  return {
    bankNumber: bank && bank.length <= 3 ? bank : null,
    branch: normaliseDigits(account.branchId ?? "") || null,
    account: digits,
  };
}

/**
 * Whether a file's account is the registered bank account (bank code, agência, conta).
 *
 * - Bank: compared only when BANKID is a bank code; an internal account (`000`) never matches.
 * - Account, digits only, with the check digit on either side or on neither: the file's ACCTID
 *   may equal the registered number, lack its last digit, or carry one the registry lacks.
 * - ACCTID may also carry the agência in front, with zero padding between (Itaú `1604812066` is
 *   agência 1604, conta 81206-6; Santander `0708087322507` is 0708 + 08732250-7), with or
 *   without the agência's check digit.
 * - BRANCHID is not compared: some banks fill it with something else (Nubank sends `4` for 0001).
 *
 * False when either side has no account number: the caller decides whether an account without a
 * registered number may import.
 */
export function sameAccount(
  fileAccount: OfxAccount | null,
  registeredBankNumber: string,
  registeredAgency: string | null,
  registeredAccountNumber: string | null,
): boolean {
  const file = fileAccount ? accountIdentity(fileAccount) : null;
  const bank = normaliseDigits(registeredBankNumber);
  const account = normaliseDigits(registeredAccountNumber ?? "");
  if (!file || !bank || !account) return false;
  if (file.bankNumber !== null && file.bankNumber !== bank) return false;

  const agencies = withAndWithoutLastDigit(normaliseDigits(registeredAgency ?? ""));
  const fileNumbers = withAndWithoutLastDigit(file.account);
  const registeredNumbers = withAndWithoutLastDigit(account);
  return fileNumbers.some((f, i) =>
    registeredNumbers.some((r, j) => {
      if (i > 0 && j > 0) return false; // dropping both last digits would equate 123456 and 123457
      return f === r || agencies.some((g) => new RegExp(`^${g}0*${r}$`).test(f));
    }),
  );
}

function normaliseDigits(text: string): string {
  return text.replace(/\D/g, "").replace(/^0+/, "");
}

function withAndWithoutLastDigit(digits: string): string[] {
  if (!digits) return [];
  return digits.length > 1 ? [digits, digits.slice(0, -1)] : [digits];
}
