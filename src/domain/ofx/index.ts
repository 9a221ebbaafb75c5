export { type AccountIdentity, accountIdentity, sameAccount } from "./account";
export { type BankLineCandidate, type BankLines, toBankLines } from "./bank-lines";
export { type OfxIssue, OfxParseError } from "./errors";
export { type ParseOfxOptions, parseOfx } from "./parse-ofx";
export type {
  OfxAccount,
  OfxBalance,
  OfxMoment,
  OfxParseResult,
  OfxStatement,
  OfxTransaction,
} from "./types";
