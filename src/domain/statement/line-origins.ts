/**
 * `origin` of a bank line written by a bank feed (`bank_statement_conciliations.origin`; the other
 * sources leave it null and are told by their dedupe key's prefix). A leaf: the db modules' SQL binds it.
 */
export const BANK_FEED_ORIGIN = "OpenFinance";
