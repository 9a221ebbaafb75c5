/**
 * The main-account rule (SPEC: POST rule 1, PUT mode 1): an account that becomes the main receiving
 * account of its invoicing company takes over both main roles of the others; one that becomes the
 * main paying account takes over only that role.
 */

/** Flags to clear on the other active accounts of the same invoicing company. */
export type MainClearing = { income: boolean; payment: boolean };

export type RaisedFlags = { mainIncome: boolean; mainPayment: boolean };

export function mainFlagsToClear(raised: RaisedFlags): MainClearing | null {
  if (raised.mainIncome) return { income: true, payment: true };
  if (raised.mainPayment) return { income: false, payment: true };
  return null;
}

/**
 * Flags an update raises: the ones sent as 1, and, when the account moves to another invoicing
 * company, the ones it carries there (otherwise that company would end up with two main accounts).
 */
export function raisedOnUpdate(
  sent: { mainIncome?: number; mainPayment?: number },
  result: { mainIncome: number; mainPayment: number },
  movedToAnotherInvoicingCompany: boolean,
): RaisedFlags {
  return {
    mainIncome: sent.mainIncome === 1 || (movedToAnotherInvoicingCompany && result.mainIncome === 1),
    mainPayment: sent.mainPayment === 1 || (movedToAnotherInvoicingCompany && result.mainPayment === 1),
  };
}
