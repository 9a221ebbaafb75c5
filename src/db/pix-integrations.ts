import { and, desc, eq, getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  bankAccounts,
  companyIntegrations,
  consumers,
  pixChargeSlots,
  pixCharges,
  pixIntegrations,
  titles,
} from "../../drizzle/schema";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { existsInCompany } from "./lookups";
import type { CompanyIntegrationRow } from "./registries/simple-registries";
import { onPage, type Statement, utcNow } from "./sql";

export type PixIntegrationRow = typeof pixIntegrations.$inferSelect;
export type PixChargeRow = typeof pixCharges.$inferSelect;

/** A company integration with its Pix settings (null: not a configured Pix integration). */
export type IntegrationWithPix = { integration: CompanyIntegrationRow; pix: PixIntegrationRow | null };

const ACTIVE = 1;

/**
 * `INSERT INTO table SELECT <values> WHERE <condition>` as a batch statement: every column gets its
 * value, its default or NULL, so the row is written only when the condition holds at that moment.
 */
function insertSelectWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Partial<Record<keyof T["$inferInsert"], unknown>>,
  condition: SQL,
) {
  const selected = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = (values as Record<string, unknown>)[key];
    if (value !== undefined) return is(value, SQL) ? value : sql.param(value, column);
    const fallback: unknown = column.default;
    if (fallback === undefined || fallback === null) return sql`null`;
    return is(fallback, SQL) ? sql`${fallback}` : sql.param(fallback, column);
  });
  return db
    .insert(table as SQLiteTable)
    .select(sql`select ${sql.join(selected, sql`, `)} where ${condition}`);
}

function selectWithPix(db: Db) {
  return db
    .select({ integration: getTableColumns(companyIntegrations), pix: getTableColumns(pixIntegrations) })
    .from(companyIntegrations)
    .leftJoin(
      pixIntegrations,
      and(
        eq(pixIntegrations.companyIntegrationId, companyIntegrations.id),
        eq(pixIntegrations.companyId, companyIntegrations.companyId),
      ),
    );
}

const visible = (companyId: number) =>
  and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.status, ACTIVE));

/** The company's active integration with its Pix settings, or undefined. */
export async function findIntegrationWithPix(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<IntegrationWithPix | undefined> {
  const row = await selectWithPix(db)
    .where(and(visible(companyId), eq(companyIntegrations.id, integrationId)))
    .get();
  return row ? { integration: row.integration, pix: row.pix ?? null } : undefined;
}

/** One page of the company's active integrations with their Pix settings, by id. */
export async function listIntegrationsWithPix(
  db: Db,
  companyId: number,
  page: number,
): Promise<IntegrationWithPix[]> {
  const rows = await onPage(
    selectWithPix(db).where(visible(companyId)).orderBy(companyIntegrations.id),
    page,
  );
  return rows.map((row) => ({ integration: row.integration, pix: row.pix ?? null }));
}

export const bankAccountOfCompany = (db: Db, companyId: number, bankAccountId: number) =>
  existsInCompany(db, bankAccounts, companyId, bankAccountId);

/** What a Pix integration's settings write sets (the credentials already sealed). */
export type PixSettingsValues = {
  bankAccountId: number;
  baseUrl: string | null;
  credentials: string | null;
  pixKey: string | null;
  mtlsCertificate: string | null;
  state: string;
  stateReason: string | null;
};

/** The registry row (Kind PIX) and its Pix row in one batch; answers the IDCompanyIntegration. */
export async function insertPixIntegration(
  db: Db,
  companyId: number,
  description: string,
  kind: string,
  values: PixSettingsValues,
  webhookSecretHash: string,
): Promise<number> {
  const [inserted] = await db.batch([
    db
      .insert(companyIntegrations)
      .values({ companyId, description, kind })
      .returning({ id: companyIntegrations.id }),
    db.insert(pixIntegrations).values({
      ...values,
      companyIntegrationId: sql`last_insert_rowid()`,
      companyId,
      webhookSecretHash,
    }),
  ]);
  return inserted[0]!.id;
}

/**
 * Changes an integration and its Pix settings in one batch: the registry columns given, then the
 * Pix row inserted (`webhookSecretHash` given: the integration gets its settings now) or updated
 * (only the columns given). Answers false when the integration is not an active one of the company.
 */
export async function changePixIntegration(
  db: Db,
  companyId: number,
  integrationId: number,
  registry: { description?: string | undefined; kind?: string | undefined },
  pix:
    | { insert: PixSettingsValues & { webhookSecretHash: string } }
    | {
        update: Partial<
          PixSettingsValues & {
            failures: number;
            retryAfter: string | null;
            accessToken: null;
            accessTokenRenewAt: null;
          }
        >;
      },
): Promise<boolean> {
  const where = and(visible(companyId), eq(companyIntegrations.id, integrationId));
  const owned = sql`EXISTS (SELECT 1 FROM ${companyIntegrations} WHERE ${where})`;
  const registrySet = Object.fromEntries(Object.entries(registry).filter(([, v]) => v !== undefined));
  const statements: Statement[] = [
    db
      .update(companyIntegrations)
      .set({ ...registrySet, id: sql`${companyIntegrations.id}` })
      .where(where)
      .returning({ id: companyIntegrations.id }),
  ];
  if ("insert" in pix) {
    statements.push(
      insertSelectWhere(
        db,
        pixIntegrations,
        { ...pix.insert, companyIntegrationId: integrationId, companyId },
        owned,
      ),
    );
  } else {
    const set = Object.fromEntries(Object.entries(pix.update).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) {
      statements.push(
        db
          .update(pixIntegrations)
          .set({ ...set, updatedAt: utcNow })
          .where(
            and(
              eq(pixIntegrations.companyId, companyId),
              eq(pixIntegrations.companyIntegrationId, integrationId),
              owned,
            ),
          ),
      );
    }
  }
  const [changed] = (await db.batch(statements as [Statement, ...Statement[]])) as [{ id: number }[]];
  return changed.length > 0;
}

/** Replaces the webhook secret's hash of an active Pix integration; false when there is none. */
export async function replaceWebhookSecretHash(
  db: Db,
  companyId: number,
  integrationId: number,
  webhookSecretHash: string,
): Promise<boolean> {
  const rows = await db
    .update(pixIntegrations)
    .set({ webhookSecretHash, updatedAt: utcNow })
    .where(
      and(
        eq(pixIntegrations.companyId, companyId),
        eq(pixIntegrations.companyIntegrationId, integrationId),
        sql`EXISTS (SELECT 1 FROM ${companyIntegrations} WHERE ${and(visible(companyId), eq(companyIntegrations.id, integrationId))})`,
      ),
    )
    .returning({ id: pixIntegrations.companyIntegrationId });
  return rows.length > 0;
}

/** The state a call to the PSP left: one statement (a failed charge writes nothing else). */
export async function setPixState(
  db: Db,
  companyId: number,
  integrationId: number,
  state: { state: string; reason: string | null; retryAfterSeconds?: number | null },
): Promise<void> {
  await db
    .update(pixIntegrations)
    .set({
      state: state.state,
      stateReason: state.reason,
      ...(state.retryAfterSeconds != null
        ? { retryAfter: sql`strftime('%Y-%m-%d %H:%M:%S', 'now', ${`+${state.retryAfterSeconds} seconds`})` }
        : {}),
      updatedAt: utcNow,
    })
    .where(
      and(eq(pixIntegrations.companyId, companyId), eq(pixIntegrations.companyIntegrationId, integrationId)),
    )
    .run();
}

/** What a charge needs of its receivable title: open value, txid and the consumer (debtor). */
export type ChargeableTitle = {
  id: number;
  description: string;
  status: number;
  openValue: Cents;
  txId: string | null;
  consumerName: string | null;
  consumerDocument: string | null;
};

/** A live title of the kind `typeAccount` with its consumer, or undefined. */
export async function findChargeableTitle(
  db: Db,
  companyId: number,
  typeAccount: number,
  titleId: number,
  deletedStatus: number,
): Promise<ChargeableTitle | undefined> {
  return db
    .select({
      id: titles.id,
      description: titles.description,
      status: titles.status,
      openValue: titles.openValue,
      txId: titles.txId,
      consumerName: consumers.name,
      consumerDocument: consumers.document,
    })
    .from(titles)
    .leftJoin(consumers, and(eq(consumers.id, titles.consumerId), eq(consumers.companyId, titles.companyId)))
    .where(
      and(
        eq(titles.id, titleId),
        eq(titles.companyId, companyId),
        eq(titles.typeAccount, typeAccount),
        sql`${titles.status} <> ${deletedStatus}`,
      ),
    )
    .get();
}

/** Condition of a charge still payable: `ATIVA` and not expired (by the database's clock). */
const activeCharge = (status: string) =>
  sql`${pixCharges.status} = ${status} AND datetime(${pixCharges.createdAt}, '+' || ${pixCharges.expiresInSeconds} || ' seconds') > datetime('now')`;

/** The title's charge still payable, if any. */
export async function activeChargeOf(
  db: Db,
  companyId: number,
  titleId: number,
  activeStatus: string,
): Promise<PixChargeRow | undefined> {
  return db
    .select()
    .from(pixCharges)
    .where(
      and(eq(pixCharges.companyId, companyId), eq(pixCharges.titleId, titleId), activeCharge(activeStatus)),
    )
    .get();
}

/** A title's charge slot: the txid its holder sends to the PSP. */
export type PixChargeSlot = { txId: string };

/** No payable charge of the title exists: the condition of a new charge and of its slot. */
const noPayableCharge = (companyId: number, titleId: number, activeStatus: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${pixCharges} WHERE ${and(
    eq(pixCharges.companyId, companyId),
    eq(pixCharges.titleId, titleId),
    activeCharge(activeStatus),
  )})`;

/**
 * Takes the title's charge slot for `txId` in one statement: inserted when the title has no slot and
 * no payable charge; a slot older than `leaseSeconds` (its holder died mid-call) is taken over and
 * keeps its txid, so the PSP is asked again for the same charge (`PUT /cob/{txid}` is idempotent
 * while `ATIVA`). Answers the slot taken, or undefined when another request holds it or a payable
 * charge exists.
 */
export async function takeChargeSlot(
  db: Db,
  companyId: number,
  slot: { titleId: number; integrationId: number; txId: string },
  activeStatus: string,
  leaseSeconds: number,
): Promise<PixChargeSlot | undefined> {
  const noActive = noPayableCharge(companyId, slot.titleId, activeStatus);
  const [taken] = await db.all<{ txId: string }>(sql`
    INSERT INTO pix_charge_slots (title_id, company_id, company_integration_id, tx_id, taken_at)
    SELECT ${slot.titleId}, ${companyId}, ${slot.integrationId}, ${slot.txId}, ${utcNow} WHERE ${noActive}
    ON CONFLICT (title_id) DO UPDATE SET
      company_integration_id = excluded.company_integration_id,
      taken_at = excluded.taken_at
    WHERE pix_charge_slots.company_id = excluded.company_id
      AND pix_charge_slots.taken_at <= strftime('%Y-%m-%d %H:%M:%S', 'now', ${`-${leaseSeconds} seconds`})
    RETURNING tx_id AS txId`);
  return taken;
}

/** The title's slot as it stands (held by another request), if any. */
export async function chargeSlotOf(
  db: Db,
  companyId: number,
  titleId: number,
): Promise<PixChargeSlot | undefined> {
  return db
    .select({ txId: pixChargeSlots.txId })
    .from(pixChargeSlots)
    .where(and(eq(pixChargeSlots.companyId, companyId), eq(pixChargeSlots.titleId, titleId)))
    .get();
}

const slotOf = (companyId: number, titleId: number, txId: string) =>
  and(
    eq(pixChargeSlots.companyId, companyId),
    eq(pixChargeSlots.titleId, titleId),
    eq(pixChargeSlots.txId, txId),
  );

/** Frees the slot this request took (a failed call): only while it is still this txid's. */
export async function freeChargeSlot(
  db: Db,
  companyId: number,
  titleId: number,
  txId: string,
): Promise<void> {
  await db
    .delete(pixChargeSlots)
    .where(slotOf(companyId, titleId, txId))
    .run();
}

/** True when the company already stored a charge with this txid. */
export async function chargeTxidUsed(db: Db, companyId: number, txId: string): Promise<boolean> {
  const row = await db
    .select({ id: pixCharges.id })
    .from(pixCharges)
    .where(and(eq(pixCharges.companyId, companyId), eq(pixCharges.txId, txId)))
    .get();
  return row !== undefined;
}

export type NewPixCharge = {
  titleId: number;
  integrationId: number;
  txId: string;
  status: string;
  value: Cents;
  expiresInSeconds: number;
  location: string | null;
  pixCopiaECola: string | null;
};

/**
 * Stores a charge the PSP created and sets the title's TxId, in one batch: the charge row is written
 * only while the title has no other payable charge (a concurrent charge of the same title makes it
 * insert nothing: the answer is then undefined and nothing was written), and the integration's
 * state is cleared to `okState`. Answers the stored row.
 */
export async function storePixCharge(
  db: Db,
  companyId: number,
  charge: NewPixCharge,
  okState: string,
  activeStatus: string,
  typeAccount: number,
): Promise<PixChargeRow | undefined> {
  const noOther = noPayableCharge(companyId, charge.titleId, activeStatus);
  const [inserted] = await db.batch([
    insertSelectWhere(
      db,
      pixCharges,
      {
        companyId,
        titleId: charge.titleId,
        companyIntegrationId: charge.integrationId,
        txId: charge.txId,
        status: charge.status,
        value: charge.value,
        expiresInSeconds: charge.expiresInSeconds,
        location: charge.location,
        pixCopiaECola: charge.pixCopiaECola,
      },
      noOther,
    ).returning(),
    db
      .update(titles)
      .set({ txId: charge.txId, updatedAt: utcNow })
      .where(
        and(
          eq(titles.id, charge.titleId),
          eq(titles.companyId, companyId),
          eq(titles.typeAccount, typeAccount),
          sql`EXISTS (SELECT 1 FROM ${pixCharges} WHERE ${and(eq(pixCharges.companyId, companyId), eq(pixCharges.txId, charge.txId))})`,
        ),
      ),
    db
      .update(pixIntegrations)
      .set({ state: okState, stateReason: null, updatedAt: utcNow })
      .where(
        and(
          eq(pixIntegrations.companyId, companyId),
          eq(pixIntegrations.companyIntegrationId, charge.integrationId),
          sql`${pixIntegrations.state} <> ${okState}`,
        ),
      ),
    // the title's slot is free again (the charge row now answers "already has an active charge")
    db.delete(pixChargeSlots).where(slotOf(companyId, charge.titleId, charge.txId)),
  ]);
  return (inserted as PixChargeRow[])[0];
}

/** The title's charges, newest first. */
export async function chargesOfTitle(db: Db, companyId: number, titleId: number): Promise<PixChargeRow[]> {
  return db
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.companyId, companyId), eq(pixCharges.titleId, titleId)))
    .orderBy(desc(pixCharges.id));
}
