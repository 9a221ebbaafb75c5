import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import {
  bankLines,
  companyIntegrations,
  consumers,
  pixIntegrations,
  titleCollectionEvents,
  titles,
} from "../../drizzle/schema";
import { sealPixCredentials } from "../../src/domain/pix/connection";
import { pspDouble } from "./pix-psp-double";
import type { AccountName } from "./seed";
import { dbOf, seedBankAccount } from "./upload-factories";

// Pix integrations written straight into D1 (the settings routes are another area's), each with a
// PSP of its own on the loopback double, a bank account of its own and a webhook secret.

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

let sequence = 0;

export type PixSetup = Awaited<ReturnType<typeof pixIntegrationWithPsp>>;

/**
 * A `PIX` company integration of `companyId` with its `pix_integrations` row: its PSP on the double
 * (BaseUrl, sealed credentials), a new bank account, and the webhook secret (only its SHA-256 stored).
 */
export async function pixIntegrationWithPsp(
  options: { companyId?: number; account?: AccountName; configured?: boolean; active?: boolean } = {},
) {
  const companyId = options.companyId ?? 1;
  const account = options.account ?? "demo";
  const n = ++sequence;
  const name = `inbox${n}-${crypto.randomUUID().slice(0, 8)}`;
  const credentials = { clientId: `cli-${name}`, clientSecret: `sec-${crypto.randomUUID()}` };
  const psp = await pspDouble(name, credentials);
  const db = dbOf(account);
  const bankAccountId = await seedBankAccount(companyId, 1, account);
  const [integration] = await db
    .insert(companyIntegrations)
    .values({ companyId, description: `Pix ${name}`, kind: "PIX", status: options.active === false ? 0 : 1 })
    .returning({ id: companyIntegrations.id });
  const secret = `whsec-${crypto.randomUUID()}`;
  const configured = options.configured ?? true;
  await db.insert(pixIntegrations).values({
    companyIntegrationId: integration!.id,
    companyId,
    bankAccountId,
    baseUrl: configured ? psp.baseUrl : null,
    credentials: configured ? await sealPixCredentials(env, companyId, credentials) : null,
    pixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
    webhookSecretHash: await sha256Hex(secret),
    state: configured ? "Ok" : "NotConfigured",
  });
  return { companyId, account, integrationId: integration!.id, bankAccountId, secret, psp, credentials };
}

/** The integration's row as stored. */
export const pixIntegrationRow = (setup: { integrationId: number; account: AccountName }) =>
  dbOf(setup.account)
    .select()
    .from(pixIntegrations)
    .where(eq(pixIntegrations.companyIntegrationId, setup.integrationId))
    .get();

/** The bank lines of the integration's account, by id. */
export const linesOf = (setup: { bankAccountId: number; account: AccountName }) =>
  dbOf(setup.account)
    .select()
    .from(bankLines)
    .where(eq(bankLines.bankAccountId, setup.bankAccountId))
    .orderBy(bankLines.id);

export const collectionEventsOf = (titleId: number, account: AccountName = "demo") =>
  dbOf(account).select().from(titleCollectionEvents).where(eq(titleCollectionEvents.titleId, titleId));

export const titleRow = (titleId: number, account: AccountName = "demo") =>
  dbOf(account).select().from(titles).where(eq(titles.id, titleId)).get();

/** A consumer of the company with this document (digits, or formatted as a user might type it). */
export async function consumerWithDocument(
  companyId: number,
  document: string,
  account: AccountName = "demo",
) {
  const [row] = await dbOf(account)
    .insert(consumers)
    .values({ companyId, name: `Cliente ${document}`, document })
    .returning({ id: consumers.id });
  return row!.id;
}

/** An open receivable title (value cents, due date), with a txid and a consumer when given. */
export async function receivable(
  companyId: number,
  values: { value: number; dueDate: string; txId?: string; consumerId?: number; description?: string },
  account: AccountName = "demo",
) {
  const [row] = await dbOf(account)
    .insert(titles)
    .values({
      companyId,
      typeAccount: 0,
      description: values.description ?? "Venda a receber",
      value: values.value,
      openValue: values.value,
      dueDate: values.dueDate,
      status: 1,
      txId: values.txId ?? null,
      consumerId: values.consumerId ?? null,
    })
    .returning({ id: titles.id });
  return row!.id;
}

/** Receivable titles of the company with this txid (a check that no other company's title moved). */
export const titlesWithTxId = (companyId: number, txId: string, account: AccountName = "demo") =>
  dbOf(account)
    .select()
    .from(titles)
    .where(and(eq(titles.companyId, companyId), eq(titles.txId, txId)));

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An endToEndId of the manual's form (E + ISPB + yyyyMMddHHmm + 11 characters), unique per call. */
export function endToEndId(at = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, "").slice(0, 12);
  let tail = "";
  for (const byte of crypto.getRandomValues(new Uint8Array(11))) tail += ALPHABET[byte % ALPHABET.length];
  return `E00000000${stamp}${tail}`;
}

/** A txid of a charge (26 to 35 letters and digits), unique per call. */
export const newTxId = () => `Tit${crypto.randomUUID().replaceAll("-", "")}`.slice(0, 35);

/** A received Pix as the API writes it (`Pix` of the OpenAPI). */
export function pixJson(values: {
  cents: number;
  at?: Date;
  txid?: string;
  payer?: { cpf?: string; cnpj?: string; nome: string };
  e2e?: string;
}) {
  const at = values.at ?? new Date(Date.now() - 10 * 60_000);
  return {
    endToEndId: values.e2e ?? endToEndId(at),
    ...(values.txid ? { txid: values.txid } : {}),
    valor: `${Math.trunc(values.cents / 100)}.${String(values.cents % 100).padStart(2, "0")}`,
    horario: at.toISOString(),
    ...(values.payer ? { pagador: values.payer } : {}),
  };
}
