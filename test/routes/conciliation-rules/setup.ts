import { client, signIn } from "../../support/api";
import { ruleFactories } from "../../support/rule-factories";

export const RULES_PATH = "/accounts/bank-statement/conciliation-rule";

/**
 * Two users (company 1 and company 2 of `demo`), bank accounts and registries of company 1,
 * plus rows of company 2 and inactive rows, which must all answer as nonexistent.
 */
export async function ruleWorld() {
  const make = ruleFactories("demo");
  const admin = client("demo", await signIn("demo", "admin@demo.local"));
  const filial = client("demo", await signIn("demo", "filial@demo.local"));
  const world = {
    make,
    admin,
    filial,
    account: await make.bankAccount(1, { bank: "Banco Principal" }),
    otherAccount: await make.bankAccount(1, { bank: "Banco Reserva" }),
    inactiveAccount: await make.bankAccount(1, { status: 0 }),
    foreignAccount: await make.bankAccount(2),
    accountType: await make.accountType(1),
    foreignAccountType: await make.accountType(2),
    documentType: await make.documentType(1),
    foreignDocumentType: await make.documentType(2),
    paymentType: await make.paymentType(1),
    inactivePaymentType: await make.paymentType(1, 0),
    supplier: await make.supplier(1),
    foreignSupplier: await make.supplier(2),
    consumer: await make.consumer(1),
    inactiveConsumer: await make.consumer(1, 0),
  };
  return world;
}

export type RuleWorld = Awaited<ReturnType<typeof ruleWorld>>;

/** A valid type 1 body on the world's main account; override what a test needs. */
export const titleRule = (w: RuleWorld, fields: Record<string, unknown> = {}) => ({
  IDBankAccount: w.account,
  IDTypeRule: 1,
  IDTypeAccount: 0,
  Description: "PIX RECEBIDO",
  ...fields,
});

/** A valid type 2 body: debits of the main account go to the other account. */
export const transferRule = (w: RuleWorld, fields: Record<string, unknown> = {}) => ({
  IDBankAccount: w.account,
  IDTypeRule: 2,
  IDTypeAccount: 1,
  Description: "TED ENVIADA",
  IDBankAccountTo: w.otherAccount,
  ...fields,
});
