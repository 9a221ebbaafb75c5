import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { bankFeeds, openFinanceWebhookEvents } from "../../../drizzle/schema";
import { addDays, todayIn } from "../../../src/lib/dates";
import { client, signIn } from "../../support/api";
import { bankAccount, db } from "../../support/import-factories";
import { pluggyDouble } from "../../support/pluggy-double";
import { type JobBody, waitForJob } from "../../support/upload-factories";

/** What the Open Finance route tests share: a configured integration, a feed, the double, the movements. */

export const CLIENT_ID = "0b6f6f1c-2f4e-4d0a-9a55-3c1e7d1b2a10";
export const CLIENT_SECRET = "8c2d4e6f-sec-Vb8Nk3Hp6Jd1Fy5";

export const today = () => todayIn("America/Sao_Paulo");
export const daysAgo = (n: number) => addDays(today(), -n);

export async function session() {
  const token = await signIn("demo", "admin@demo.local");
  return { token, api: client("demo", token) };
}
export type Session = Awaited<ReturnType<typeof session>>;

let count = 0;

/**
 * A Pluggy application on the double with one item and account, an integration configured for it, and a
 * feed (on `bankAccountId` when given, else on a new bank account).
 */
export async function feedSetup(s: Session, options: { feed?: boolean; bankAccountId?: number } = {}) {
  const n = ++count;
  const name = `feed${n}-${Date.now()}`;
  const item = `item-${n}`;
  const accountId = `acc-${n}`;
  const pluggy = await pluggyDouble(name, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  await pluggy.item(item);
  await pluggy.accounts([
    {
      id: accountId,
      itemId: item,
      type: "BANK",
      subtype: "CHECKING_ACCOUNT",
      number: "0001/12345-0",
      name: "Conta Corrente",
      owner: "Loja Exemplo Ltda",
      taxNumber: "11222333000181",
      balance: 100,
      currencyCode: "BRL",
      bankData: { transferNumber: "0001/12345-0", closingBalance: 100 },
    },
  ]);
  const created = await s.api.post<{ IDCompanyIntegration: number }[]>("/company/integration", {
    Description: `Pluggy ${n}`,
    Kind: "OPENFINANCE",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const integrationId = created.body[0]!.IDCompanyIntegration;
  const settings = await s.api.put<{ WebhookSecret: string }>(
    `/company/integration/${integrationId}/openfinance`,
    {
      BaseUrl: pluggy.baseUrl,
      Credentials: { ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET },
    },
  );
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const bankAccountId = options.bankAccountId ?? (await bankAccount());
  if (options.feed !== false) {
    const feed = await s.api.put(`/accounts/bank-account/${bankAccountId}/feed`, {
      IDCompanyIntegration: integrationId,
      ItemId: item,
      AccountId: accountId,
    });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
  }
  return { pluggy, integrationId, bankAccountId, item, accountId, secret: settings.body.WebhookSecret, n };
}
export type FeedSetup = Awaited<ReturnType<typeof feedSetup>>;

let txCount = 0;
/** A transaction as Pluggy's API writes it (`date` a São Paulo day at its midnight, 03:00Z). */
export const tx = (
  setup: FeedSetup,
  fields: { amount: number; day: string; status?: "PENDING" | "POSTED"; description?: string } & Record<
    string,
    unknown
  >,
) => {
  const { amount, day, status, description, ...extra } = fields;
  return {
    id: `tx-${setup.n}-${++txCount}`,
    accountId: setup.accountId,
    date: `${day}T03:00:00.000Z`,
    description: description ?? `MOVIMENTO ${txCount}`,
    type: amount < 0 ? "DEBIT" : "CREDIT",
    amount,
    currencyCode: "BRL",
    status: status ?? "POSTED",
    ...extra,
  };
};

/** `POST .../feed/sync` (202) and the job's end. */
export async function syncNow(s: Session, setup: FeedSetup): Promise<JobBody> {
  const answer = await s.api.post<{ IDJob: number; Message: string }>(
    `/accounts/bank-account/${setup.bankAccountId}/feed/sync`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return waitForJob(s.token, answer.body.IDJob, 30_000);
}

export type StatementLine = {
  IDBankStatementConciliation: number;
  WithdrawnAt: string | null;
  Date: string;
  Value: number;
  Description: string;
  Origin: string;
  Pending: boolean;
  FeedTransactionId: string | null;
  IDTypeStatusConciliation: number;
};

export async function statement(s: Session, bankAccountId: number): Promise<StatementLine[]> {
  const answer = await s.api.get<StatementLine[]>(
    `/accounts/bank-statement?Source=2&IDBankAccount=${bankAccountId}&DateFrom=${daysAgo(120)}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export const feedRow = (bankAccountId: number) =>
  db().select().from(bankFeeds).where(eq(bankFeeds.bankAccountId, bankAccountId)).get();

export const webhookEvents = (integrationId: number) =>
  db()
    .select()
    .from(openFinanceWebhookEvents)
    .where(eq(openFinanceWebhookEvents.companyIntegrationId, integrationId));
