import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, status, updatedAt } from "./columns";

export const bankAccounts = sqliteTable(
  "bank_accounts",
  {
    id: id(),
    companyId: companyId(),
    bank: text().notNull(),
    /** Febraban code, at most 3 characters; `000` is an internal account. */
    bankNumber: text().notNull(),
    agency: text(),
    accountNumber: text(),
    mainIncome: integer().notNull().default(0),
    mainPayment: integer().notNull().default(0),
    companyInvoiceId: integer(),
    companyIntegrationId: integer(),
    companyIntegrationPixId: integer(),
    orderTypeId: integer(),
    tefTerminal: text(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bank_accounts_company").on(t.companyId, t.status)],
);

/** Who changed what on a bank account, and when. `changes` is a JSON object. */
export const bankAccountHistory = sqliteTable(
  "bank_account_history",
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: integer().notNull(),
    userId: integer(),
    /** `create` | `update` | `adjustment` | `delete` */
    action: text().notNull(),
    changes: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("bank_account_history_account").on(t.bankAccountId, t.id)],
);

/**
 * Per-account, per-day totals of internal entries, written in the same batch as every
 * entry write, so balances cost one indexed range sum whatever the history size.
 */
export const bankAccountDays = sqliteTable(
  "bank_account_days",
  {
    bankAccountId: integer().notNull(),
    /** `YYYY-MM-DD` in the company's zone. */
    day: text().notNull(),
    inflow: cents(),
    outflow: cents(),
    entries: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bankAccountId, t.day] })],
);

/** Titles payable (IDTypeAccount 1) and receivable (IDTypeAccount 0). */
export const titles = sqliteTable(
  "titles",
  {
    id: id(),
    companyId: companyId(),
    /** Set when the title is inserted inside a larger batch that refers to it (`titleIdByUid`). */
    uid: text(),
    /** 0 = receivable, 1 = payable. */
    typeAccount: integer().notNull(),
    description: text().notNull(),
    document: text(),
    value: integer().notNull(),
    openValue: integer().notNull(),
    dueDate: text().notNull(),
    supplierId: integer(),
    consumerId: integer(),
    documentTypeId: integer(),
    paymentTypeId: integer(),
    accountTypeId: integer(),
    costCenterId: integer(),
    /** Forecast bank account. */
    bankAccountId: integer(),
    /** The bank's nosso número of the boleto: 1 to 20 digits, stored as sent (leading zeros kept). */
    nossoNumero: text(),
    /** The nosso número without its leading zeros, the form it is compared by (computed by SQLite). */
    nossoNumeroKey: text().generatedAlwaysAs(sql`ltrim(nosso_numero, '0')`, { mode: "virtual" }),
    /** The Pix charge id (BACEN txid): 26 to 35 characters `[a-zA-Z0-9]`, case-sensitive. */
    txId: text(),
    /** 0 = deleted, 1 = open, 2 = partially paid, 3 = paid. */
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("titles_company_type_due").on(t.companyId, t.typeAccount, t.status, t.dueDate),
    uniqueIndex("titles_uid").on(t.uid),
    /**
     * One live title of a kind per nosso número (leading zeros ignored) in a bank account of the
     * company, and one among the company's titles with no bank account (a group of their own).
     */
    uniqueIndex("titles_nosso_numero")
      .on(t.companyId, t.typeAccount, t.bankAccountId, t.nossoNumeroKey)
      .where(sql`${t.nossoNumero} IS NOT NULL AND ${t.status} <> 0`),
    uniqueIndex("titles_nosso_numero_no_account")
      .on(t.companyId, t.typeAccount, t.nossoNumeroKey)
      .where(sql`${t.nossoNumero} IS NOT NULL AND ${t.bankAccountId} IS NULL AND ${t.status} <> 0`),
    /** One live title of a kind per Pix txid in the company. */
    uniqueIndex("titles_tx_id")
      .on(t.companyId, t.typeAccount, t.txId)
      .where(sql`${t.txId} IS NOT NULL AND ${t.status} <> 0`),
    index("titles_forecast_account").on(t.bankAccountId, t.status, t.dueDate),
    check("titles_open_value_range", sql`${t.openValue} >= 0 AND ${t.openValue} <= ${t.value}`),
    check("titles_value_positive", sql`${t.value} > 0`),
  ],
);

/** The reference that ties the two legs of a transfer. */
export const transfers = sqliteTable(
  "bank_statement_transfers",
  {
    id: id(),
    companyId: companyId(),
    /** Client-generated key, so later statements of the same batch can find the row. */
    uid: text().notNull(),
    fromBankAccountId: integer().notNull(),
    toBankAccountId: integer().notNull(),
    value: integer().notNull(),
    description: text().notNull(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("transfers_uid").on(t.uid), check("transfers_value_positive", sql`${t.value} > 0`)],
);

/** Internal bank statement entries (IDBankStatement). */
export const entries = sqliteTable(
  "bank_statements",
  {
    id: id(),
    companyId: companyId(),
    uid: text().notNull(),
    bankAccountId: integer().notNull(),
    /** 0 = inflow, 1 = outflow. */
    typeAccount: integer().notNull(),
    value: integer().notNull(),
    /** `YYYY-MM-DD HH:MM:SS` in the company's zone. */
    date: text().notNull(),
    description: text().notNull(),
    document: text(),
    /** Settled title (payment); null for transfer legs and adjustments. */
    titleId: integer(),
    transferId: integer(),
    /** `payment` | `transfer` | `adjustment` | `reconciliation` | `rule` */
    origin: text().notNull(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("entries_uid").on(t.uid),
    index("entries_account_date").on(t.bankAccountId, t.date, t.id),
    index("entries_company_date").on(t.companyId, t.date, t.id),
    index("entries_title").on(t.titleId),
    uniqueIndex("entries_transfer_leg").on(t.transferId, t.typeAccount).where(sql`transfer_id IS NOT NULL`),
    check("entries_value_positive", sql`${t.value} > 0`),
    check("entries_type_account", sql`${t.typeAccount} IN (0, 1)`),
  ],
);

/** Imported (or manually typed) bank lines (IDBankStatementConciliation). */
export const bankLines = sqliteTable(
  "bank_statement_conciliations",
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: integer().notNull(),
    /** `YYYY-MM-DD` */
    date: text().notNull(),
    /** Signed cents: credit > 0, debit < 0. */
    value: integer().notNull(),
    description: text().notNull().default(""),
    document: text(),
    fitId: text(),
    /** `fit:<FITID>`, `fp:<content fingerprint>` or `manual:<uuid>`: one line per key and account. */
    dedupeKey: text().notNull(),
    /** 1 pending, 2 auto-reconciled, 3 manually reconciled, 4 partially reconciled. */
    statusId: integer().notNull().default(1),
    /** Absolute cents already reconciled; never above |value|. */
    reconciledValue: cents(),
    ruleId: integer(),
    jobId: integer(),
    /** A received Pix: its BACEN `endToEndId` (the line's dedupe key is `e2e:<endToEndId>`). */
    endToEndId: text(),
    /** A received Pix: the charge (`txid`) it paid, when it paid one. */
    txId: text(),
    /** The payer's CPF (11 digits) or CNPJ (14 characters), when the bank told it. */
    payerDocument: text(),
    /** The payer's name, when the bank told it. */
    payerName: text(),
    /**
     * Where the line came from when the dedupe key does not say it: `OpenFinance` for a line of a bank
     * feed (dedupe key `of:<first aggregator id>`); null for the other sources, told by their key's
     * prefix (`fit:`/`fp:` an upload, `e2e:` the Pix API, `manual:` typed).
     */
    origin: text(),
    /** The aggregator's current transaction id of the movement (a feed line); unique per account. */
    feedTransactionId: text(),
    /** 1 while the bank reports the movement as pending (not posted): never reconciled until posted. */
    pending: integer().notNull().default(0),
    /** UTC `YYYY-MM-DD HH:MM:SS` the bank withdrew the (posted) movement; null = standing. */
    withdrawnAt: text(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bank_lines_account_key").on(t.bankAccountId, t.dedupeKey),
    uniqueIndex("bank_lines_account_feed_id")
      .on(t.bankAccountId, t.feedTransactionId)
      .where(sql`${t.feedTransactionId} IS NOT NULL`),
    /**
     * One movement, one line (docs/OPEN-FINANCE.md, "One movement, one line"): the institution's id
     * of a movement (an upload's FITID keyed `fit:`, a feed line's `providerId` kept in `fit_id`)
     * once per account, and a Pix endToEndId once per account, whichever source brought it first.
     */
    uniqueIndex("bank_lines_account_fit_id")
      .on(t.bankAccountId, t.fitId)
      .where(
        sql`${t.fitId} IS NOT NULL AND (${t.origin} = 'OpenFinance' OR ${t.dedupeKey} = 'fit:' || ${t.fitId})`,
      ),
    uniqueIndex("bank_lines_account_end_to_end_id")
      .on(t.bankAccountId, t.endToEndId)
      .where(sql`${t.endToEndId} IS NOT NULL`),
    index("bank_lines_company_date").on(t.companyId, t.date, t.id),
    /** The statement page of one account (Source=2), in page order. */
    index("bank_lines_account_date").on(t.bankAccountId, t.date, t.id),
    index("bank_lines_account_status").on(t.bankAccountId, t.statusId, t.date),
    check(
      "bank_lines_reconciled_range",
      sql`${t.reconciledValue} >= 0 AND ${t.reconciledValue} <= abs(${t.value})`,
    ),
    check("bank_lines_status", sql`${t.statusId} BETWEEN 1 AND 4`),
  ],
);

/** Acquirer reconciliation lines (IDAccountsPayableReceivableConciliation). */
export const acquirerLines = sqliteTable(
  "acquirer_conciliations",
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: integer(),
    acquirer: text().notNull(),
    date: text().notNull(),
    grossValue: integer().notNull(),
    netValue: integer().notNull(),
    statusId: integer().notNull().default(1),
    reconciledValue: cents(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("acquirer_lines_company_date").on(t.companyId, t.date),
    check(
      "acquirer_lines_reconciled_range",
      sql`${t.reconciledValue} >= 0 AND ${t.reconciledValue} <= abs(${t.netValue})`,
    ),
    check("acquirer_lines_status", sql`${t.statusId} BETWEEN 1 AND 4`),
  ],
);

/**
 * The link of one internal entry to one bank line or one acquirer line.
 * `entry_id` is unique: an entry can be reconciled only once, even under concurrent requests.
 */
export const conciliationLinks = sqliteTable(
  "conciliation_links",
  {
    id: id(),
    companyId: companyId(),
    entryId: integer().notNull(),
    bankLineId: integer(),
    acquirerLineId: integer(),
    /** 1 when the reconciliation itself posted the entry (undo deletes it); 0 when it reused one. */
    postedByLink: integer().notNull().default(0),
    ruleId: integer(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conciliation_links_entry").on(t.entryId),
    index("conciliation_links_bank_line").on(t.bankLineId),
    index("conciliation_links_acquirer_line").on(t.acquirerLineId),
    check("conciliation_links_one_target", sql`(${t.bankLineId} IS NULL) <> (${t.acquirerLineId} IS NULL)`),
  ],
);

/** Audit trail of reconciliations and their undo. `details` is JSON. */
export const reconciliationAudit = sqliteTable(
  "reconciliation_audit",
  {
    id: id(),
    companyId: companyId(),
    userId: integer(),
    /** `reconcile` | `undo` | `auto` */
    action: text().notNull(),
    bankLineId: integer(),
    acquirerLineId: integer(),
    details: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("reconciliation_audit_bank_line").on(t.bankLineId),
    index("reconciliation_audit_company").on(t.companyId, t.id),
  ],
);

export const conciliationRules = sqliteTable(
  "bank_statement_conciliation_rules",
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: integer().notNull(),
    /** 1 = payable/receivable, 2 = transfer. */
    typeRule: integer().notNull(),
    /** 0 = credit (inflow), 1 = debit (outflow). */
    typeAccount: integer().notNull(),
    description: text(),
    /** Normalised description (trimmed, lower case, no accents) for uniqueness and matching. */
    descriptionKey: text(),
    bankAccountToId: integer(),
    accountTypeId: integer(),
    documentTypeId: integer(),
    paymentTypeId: integer(),
    supplierId: integer(),
    consumerId: integer(),
    /** Match only lines whose payer has this CPF/CNPJ (digits / CNPJ characters); null = any payer. */
    payerDocument: text(),
    /** 1 = only lines with a Pix txid, 0 = only lines without one, null = either. */
    hasTxId: integer(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("conciliation_rules_account").on(t.bankAccountId),
    uniqueIndex("conciliation_rules_account_description").on(t.bankAccountId, t.descriptionKey),
  ],
);

/**
 * The collection history of a title: what the bank said about it, from a CNAB return file
 * (`source` `CNAB`) or the Pix API (`PIX`). Liquidations carry the amounts they settled; the other
 * occurrences (entry confirmed, rejected, written off, tariff) move no money and keep the bank's reason.
 */
export const titleCollectionEvents = sqliteTable(
  "title_collection_events",
  {
    id: id(),
    companyId: companyId(),
    titleId: integer().notNull(),
    bankAccountId: integer().notNull(),
    /** `CNAB` | `PIX` */
    source: text().notNull(),
    /** `liquidation` | `entryConfirmed` | `rejected` | `writtenOff` | `tariff` (domain/bank-returns/occurrences.ts). */
    kind: text().notNull(),
    /** The bank's occurrence code as written in the file (CNAB), or `PIX`. */
    occurrenceCode: text().notNull(),
    /** The nosso número without leading zeros (CNAB) or the Pix endToEndId (PIX): the key the bank named. */
    bankKey: text().notNull(),
    /** `YYYY-MM-DD`: the credit date of a liquidation, else the occurrence date. */
    date: text().notNull(),
    /** Cents the payer paid (liquidation), 0 otherwise. */
    paidValue: cents(),
    interest: cents(),
    discount: cents(),
    tariff: cents(),
    /** The bank's reasons (rejection motives), readable; null when none. */
    reason: text(),
    jobId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("title_collection_events_title").on(t.titleId, t.id),
    /** One occurrence per bank account, key, code and date: a return re-sent never settles twice. */
    uniqueIndex("title_collection_events_occurrence").on(
      t.bankAccountId,
      t.bankKey,
      t.occurrenceCode,
      t.date,
    ),
    check("title_collection_events_source", sql`${t.source} IN ('CNAB', 'PIX')`),
  ],
);
