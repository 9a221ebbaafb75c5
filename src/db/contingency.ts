import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { authorizerStatuses, companyInvoices } from "../../drizzle/schema";
import type { Db } from "../env";
import type { Statement } from "./sql";

/**
 * SVC contingency (src/domain/emission/contingency*.ts): the authorizer status store (one row per
 * authorizer, model, environment and endpoint; SEFAZ's state, the same for every company of the
 * account) with the status service's claim by compare-and-set, and the invoicing company's
 * contingency mode, entered and left by compare-and-set so two jobs never both change it.
 */

export type AuthorizerStatusRow = typeof authorizerStatuses.$inferSelect;

export type AuthorizerKey = { authorizer: string; model: number; environment: number; endpoint: string };

type AuthorizerAnswer = {
  cStat: number | null;
  xMotivo: string;
  stopped: boolean;
  source: "status" | "authorization";
  /** UTC `YYYY-MM-DD HH:MM:SS`. */
  askedAt: string;
};

const keyIs = (key: AuthorizerKey) =>
  and(
    eq(authorizerStatuses.authorizer, key.authorizer),
    eq(authorizerStatuses.model, key.model),
    eq(authorizerStatuses.environment, key.environment),
    eq(authorizerStatuses.endpoint, key.endpoint),
  );

/** The stored rows of `keys` (absent: never asked). */
export async function authorizerStatusRows(db: Db, keys: AuthorizerKey[]): Promise<AuthorizerStatusRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(authorizerStatuses)
    .where(or(...keys.map(keyIs)));
}

/**
 * The status service's claim: true when this caller may poll the authorizer now (never polled, or
 * its last poll is at least `intervalSeconds` old), taking it by compare-and-set on `polled_at`.
 * Of two concurrent callers only one gets true.
 */
export async function claimStatusPoll(
  db: Db,
  key: AuthorizerKey,
  now: string,
  intervalSeconds: number,
): Promise<boolean> {
  const rows = await db
    .insert(authorizerStatuses)
    .values({ ...key, polledAt: now })
    .onConflictDoUpdate({
      target: [
        authorizerStatuses.authorizer,
        authorizerStatuses.model,
        authorizerStatuses.environment,
        authorizerStatuses.endpoint,
      ],
      set: { polledAt: now },
      setWhere: or(
        isNull(authorizerStatuses.polledAt),
        sql`${authorizerStatuses.polledAt} <= datetime(${now}, ${`-${intervalSeconds} seconds`})`,
      ),
    })
    .returning({ id: authorizerStatuses.id });
  return rows.length === 1;
}

/** Records an answer about the authorizer (the status service's, or a 108/109 to a send). */
export async function recordAuthorizerAnswer(db: Db, key: AuthorizerKey, answer: AuthorizerAnswer) {
  const values = {
    cStat: answer.cStat,
    xMotivo: answer.xMotivo,
    stopped: answer.stopped ? 1 : 0,
    source: answer.source,
    askedAt: answer.askedAt,
  };
  await db
    .insert(authorizerStatuses)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [
        authorizerStatuses.authorizer,
        authorizerStatuses.model,
        authorizerStatuses.environment,
        authorizerStatuses.endpoint,
      ],
      set: values,
      // an older question never overwrites a newer answer
      setWhere: or(
        isNull(authorizerStatuses.askedAt),
        sql`${authorizerStatuses.askedAt} <= ${answer.askedAt}`,
      ),
    });
}

/** The invoicing company's entry in SVC contingency, only from normal emission (compare-and-set). */
export function enterContingencyStatement(
  db: Db,
  companyId: number,
  invoiceId: number,
  entry: { mode: 6 | 7; since: string; reason: string },
): Statement {
  return db
    .update(companyInvoices)
    .set({ contingencyMode: entry.mode, contingencySince: entry.since, contingencyReason: entry.reason })
    .where(
      and(
        eq(companyInvoices.companyId, companyId),
        eq(companyInvoices.id, invoiceId),
        isNull(companyInvoices.contingencyMode),
      ),
    );
}

/** The invoicing company's return to normal emission, only from the contingency begun at `since`. */
export function leaveContingencyStatement(
  db: Db,
  companyId: number,
  invoiceId: number,
  since: string,
): Statement {
  return db
    .update(companyInvoices)
    .set({ contingencyMode: null, contingencySince: null, contingencyReason: null })
    .where(
      and(
        eq(companyInvoices.companyId, companyId),
        eq(companyInvoices.id, invoiceId),
        isNotNull(companyInvoices.contingencyMode),
        eq(companyInvoices.contingencySince, since),
      ),
    );
}
