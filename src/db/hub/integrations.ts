import { and, eq, sql } from "drizzle-orm";
import { companyIntegrations, hubIntegrations } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { onPage, type Statement, utcNow } from "../sql";

export type HubIntegrationRow = typeof hubIntegrations.$inferSelect & { description: string; status: number };

/** Kind of the `company_integrations` row of a channel integration. */
export const HUB_INTEGRATION_KIND = "HUB";

function selectIntegrations(db: Db) {
  return db
    .select({
      companyIntegrationId: hubIntegrations.companyIntegrationId,
      companyId: hubIntegrations.companyId,
      typeCompanyIntegrationId: hubIntegrations.typeCompanyIntegrationId,
      credentials: hubIntegrations.credentials,
      authState: hubIntegrations.authState,
      authExpiresAt: hubIntegrations.authExpiresAt,
      authReason: hubIntegrations.authReason,
      sandbox: hubIntegrations.sandbox,
      warehouseId: hubIntegrations.warehouseId,
      cursor: hubIntegrations.cursor,
      settlementCursor: hubIntegrations.settlementCursor,
      paymentTypeId: hubIntegrations.paymentTypeId,
      stockBuffer: hubIntegrations.stockBuffer,
      lastPullAt: hubIntegrations.lastPullAt,
      createdAt: hubIntegrations.createdAt,
      updatedAt: hubIntegrations.updatedAt,
      description: companyIntegrations.description,
      status: companyIntegrations.status,
    })
    .from(hubIntegrations)
    .innerJoin(
      companyIntegrations,
      and(
        eq(companyIntegrations.id, hubIntegrations.companyIntegrationId),
        eq(companyIntegrations.companyId, hubIntegrations.companyId),
        eq(companyIntegrations.status, 1),
      ),
    );
}

/** The active channel integration of the company, or undefined (deleted or another company's). */
export async function findHubIntegration(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<HubIntegrationRow | undefined> {
  return selectIntegrations(db)
    .where(
      and(eq(hubIntegrations.companyId, companyId), eq(hubIntegrations.companyIntegrationId, integrationId)),
    )
    .get();
}

export async function listHubIntegrations(
  db: Db,
  companyId: number,
  page: number,
): Promise<HubIntegrationRow[]> {
  return onPage(
    selectIntegrations(db)
      .where(eq(hubIntegrations.companyId, companyId))
      .orderBy(hubIntegrations.companyIntegrationId),
    page,
  );
}

/** Every active channel integration with credentials, across companies (the hourly pull). */
export async function pullableIntegrations(db: Db): Promise<{ companyId: number; integrationId: number }[]> {
  const rows = await selectIntegrations(db).where(eq(hubIntegrations.authState, "Authenticated"));
  return rows.map((row) => ({ companyId: row.companyId, integrationId: row.companyIntegrationId }));
}

export type HubIntegrationValues = {
  description: string;
  typeCompanyIntegrationId: number;
  credentials: string | null;
  authState: string;
  authExpiresAt: string | null;
  sandbox: string;
  warehouseId: number | null;
  paymentTypeId: number | null;
  authReason?: string | null;
  /** Units kept back from the channel's published stock (default 0). */
  stockBuffer?: number;
};

/** The registry row (Kind HUB) and its channel row, in one batch; answers the IDCompanyIntegration. */
export async function insertHubIntegration(
  db: Db,
  companyId: number,
  values: HubIntegrationValues,
  /** Statements of the channel's own rows, after the channel row (`last_insert_rowid()` is its id). */
  channelRows: Statement[] = [],
): Promise<number> {
  const [inserted] = await db.batch([
    db
      .insert(companyIntegrations)
      .values({ companyId, description: values.description, kind: HUB_INTEGRATION_KIND })
      .returning({ id: companyIntegrations.id }),
    db.insert(hubIntegrations).values({
      companyIntegrationId: sql`last_insert_rowid()`,
      companyId,
      typeCompanyIntegrationId: values.typeCompanyIntegrationId,
      credentials: values.credentials,
      authState: values.authState,
      authExpiresAt: values.authExpiresAt,
      sandbox: values.sandbox,
      warehouseId: values.warehouseId,
      paymentTypeId: values.paymentTypeId,
      stockBuffer: values.stockBuffer ?? 0,
    }),
    ...channelRows,
  ]);
  return inserted[0]!.id;
}

export type HubIntegrationChanges = Partial<
  Omit<HubIntegrationValues, "typeCompanyIntegrationId"> & { cursor: string; settlementCursor: string }
>;

export async function updateHubIntegration(
  db: Db,
  companyId: number,
  integrationId: number,
  changes: HubIntegrationChanges,
): Promise<void> {
  const { description, ...rest } = changes;
  const set = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const statements: Statement[] = [
    db
      .update(hubIntegrations)
      .set({ ...set, updatedAt: utcNow })
      .where(
        and(
          eq(hubIntegrations.companyId, companyId),
          eq(hubIntegrations.companyIntegrationId, integrationId),
        ),
      ),
  ];
  if (description !== undefined) {
    statements.push(
      db
        .update(companyIntegrations)
        .set({ description })
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.id, integrationId))),
    );
  }
  await db.batch(statements as [Statement, ...Statement[]]);
}

/** What a cursor walks through at the channel: its orders or its settlements. */
export type CursorOf = "orders" | "settlements";

/** One of an integration's two cursors. */
export type CursorTarget = { companyId: number; integrationId: number; of: CursorOf };

const CURSOR_COLUMN = { orders: "cursor", settlements: "settlementCursor" } as const;

/**
 * Moves the integration's cursor from `expected` to `next`, for the batch that stores what was
 * pulled: when another pull moved it first, the CASE writes NULL into the NOT NULL column and the
 * whole batch is refused, so two pulls never store the same page twice.
 */
export function advanceCursor(db: Db, target: CursorTarget, expected: string, next: string): Statement {
  const column = CURSOR_COLUMN[target.of];
  return db
    .update(hubIntegrations)
    .set({
      [column]: sql`CASE WHEN ${hubIntegrations[column]} = ${expected} THEN ${next} ELSE NULL END`,
      lastPullAt: utcNow,
    })
    .where(
      and(
        eq(hubIntegrations.companyId, target.companyId),
        eq(hubIntegrations.companyIntegrationId, target.integrationId),
      ),
    );
}

export async function integrationCursor(db: Db, target: CursorTarget): Promise<string> {
  const column = CURSOR_COLUMN[target.of];
  const row = await db
    .select({ cursor: hubIntegrations[column] })
    .from(hubIntegrations)
    .where(
      and(
        eq(hubIntegrations.companyId, target.companyId),
        eq(hubIntegrations.companyIntegrationId, target.integrationId),
      ),
    )
    .get();
  return row?.cursor ?? "";
}

/** True when the company has an active integration of this channel kind. */
export async function hasIntegrationOfKind(db: Db, companyId: number, typeId: number): Promise<boolean> {
  const row = await selectIntegrations(db)
    .where(
      and(eq(hubIntegrations.companyId, companyId), eq(hubIntegrations.typeCompanyIntegrationId, typeId)),
    )
    .limit(1)
    .get();
  return row !== undefined;
}
