/**
 * What a request wrote to a tenant database: a full snapshot of every data table (to prove a row
 * did not change) and a cheap write counter kept by temporary triggers (to prove a refused request
 * wrote nothing, thousands of times in a fuzz run).
 */

const AUDIT_TABLE = "_test_write_audit";

/** Data tables of the database (not SQLite's, D1's, the migrations' or the audit's own). */
export async function dataTables(database: D1Database): Promise<string[]> {
  const { results } = await database
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'
         AND name <> ?1 ORDER BY name`,
    )
    .bind(AUDIT_TABLE)
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

export type Snapshot = Map<string, string>;

/** Every row of every data table, by table, in rowid order. */
export async function snapshot(database: D1Database): Promise<Snapshot> {
  const tables = await dataTables(database);
  const results = await database.batch(
    tables.map((t) => database.prepare(`SELECT * FROM "${t}" ORDER BY rowid`)),
  );
  return new Map(tables.map((t, i) => [t, JSON.stringify(results[i]!.results)]));
}

/** Tables whose content differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** Installs (once per database) triggers that count every insert, update and delete of every data table. */
export async function installWriteAudit(database: D1Database): Promise<void> {
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${AUDIT_TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, op TEXT NOT NULL)`,
  ];
  for (const table of await dataTables(database)) {
    for (const op of ["INSERT", "UPDATE", "DELETE"]) {
      statements.push(
        `CREATE TRIGGER IF NOT EXISTS "_test_audit_${table}_${op}" AFTER ${op} ON "${table}" BEGIN INSERT INTO ${AUDIT_TABLE} (tbl, op) VALUES ('${table}', '${op}'); END`,
      );
    }
  }
  await database.batch(statements.map((s) => database.prepare(s)));
}

/** Position of the write counter. */
export async function writeMark(database: D1Database): Promise<number> {
  const row = await database
    .prepare(`SELECT coalesce(max(id), 0) AS n FROM ${AUDIT_TABLE}`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Writes since `mark`, as `table:OP` strings (empty when nothing was written). */
export async function writesSince(database: D1Database, mark: number): Promise<string[]> {
  const { results } = await database
    .prepare(
      `SELECT tbl, op, count(*) AS n FROM ${AUDIT_TABLE} WHERE id > ?1 GROUP BY tbl, op ORDER BY tbl, op`,
    )
    .bind(mark)
    .all<{ tbl: string; op: string; n: number }>();
  return results.map((r) => `${r.tbl}:${r.op}x${r.n}`);
}

/** Objects in an R2 bucket (count only), to prove a refused upload stored nothing. */
export async function objectCount(bucket: R2Bucket): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    count += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return count;
}

/**
 * The finance invariants, recomputed from scratch with plain SQL over the whole tenant database and
 * compared with what the service keeps. Answers one line per violation (empty when consistent):
 * - every account's day totals (bank_account_days) equal the sums of its entries per day;
 * - every title's open value is its value minus the sum of its entries, and its status follows;
 * - every bank or acquirer line's reconciled value is the absolute sum of its linked entries, and
 *   its status follows (1 nothing linked, 2/3 fully reconciled, 4 partially);
 * - every transfer has exactly two legs of its value: an outflow on its origin, an inflow on its destination;
 * - every link points to an existing entry and an existing line of the same company;
 * - no movement counted twice across sources: a Pix endToEndId, or an institution's FITID among an
 *   upload's and a bank feed's lines, on one standing line of the account;
 * - a pending line never reconciled: a line the bank still reports pending has no link, nothing
 *   reconciled and status 1;
 * - the stock ledger's running totals and average costs, and the orders' (ORDER_CHECKS).
 */
export async function invariantViolations(database: D1Database): Promise<string[]> {
  const checks: [string, string][] = [
    [
      "day totals",
      `WITH computed AS (
         SELECT bank_account_id, substr(date, 1, 10) AS day,
           sum(CASE WHEN type_account = 0 THEN value ELSE 0 END) AS inflow,
           sum(CASE WHEN type_account = 1 THEN value ELSE 0 END) AS outflow, count(*) AS entries
         FROM bank_statements GROUP BY bank_account_id, substr(date, 1, 10))
       SELECT 'account ' || d.bank_account_id || ' day ' || d.day || ': kept ' || d.inflow || '/' || d.outflow || '/' || d.entries
         || ', entries ' || coalesce(c.inflow, 0) || '/' || coalesce(c.outflow, 0) || '/' || coalesce(c.entries, 0) AS problem
       FROM bank_account_days d LEFT JOIN computed c ON c.bank_account_id = d.bank_account_id AND c.day = d.day
       WHERE d.inflow <> coalesce(c.inflow, 0) OR d.outflow <> coalesce(c.outflow, 0) OR d.entries <> coalesce(c.entries, 0)
       UNION ALL
       SELECT 'account ' || c.bank_account_id || ' day ' || c.day || ': entries without a day total'
       FROM computed c LEFT JOIN bank_account_days d ON d.bank_account_id = c.bank_account_id AND d.day = c.day
       WHERE d.day IS NULL`,
    ],
    [
      "titles",
      `WITH paid AS (SELECT title_id, sum(value) AS total FROM bank_statements WHERE title_id IS NOT NULL GROUP BY title_id)
       SELECT 'title ' || t.id || ': open ' || t.open_value || ' status ' || t.status || ', value ' || t.value
         || ' paid ' || coalesce(p.total, 0) AS problem
       FROM titles t LEFT JOIN paid p ON p.title_id = t.id
       WHERE t.open_value <> t.value - coalesce(p.total, 0)
          OR (t.status <> 0 AND t.status <> CASE WHEN t.open_value = 0 THEN 3 WHEN t.open_value = t.value THEN 1 ELSE 2 END)
       UNION ALL
       SELECT 'entry ' || e.id || ': settles title ' || e.title_id || ' of another company or missing'
       FROM bank_statements e LEFT JOIN titles t ON t.id = e.title_id
       WHERE e.title_id IS NOT NULL AND (t.id IS NULL OR t.company_id <> e.company_id)`,
    ],
    [
      "bank lines",
      `WITH linked AS (
         SELECT l.bank_line_id AS id, count(*) AS n,
           abs(sum(CASE WHEN e.type_account = 0 THEN e.value ELSE -e.value END)) AS total
         FROM conciliation_links l JOIN bank_statements e ON e.id = l.entry_id
         WHERE l.bank_line_id IS NOT NULL GROUP BY l.bank_line_id)
       SELECT 'bank line ' || b.id || ': reconciled ' || b.reconciled_value || ' status ' || b.status_id
         || ', value ' || b.value || ' linked ' || coalesce(k.n, 0) || ' entries of ' || coalesce(k.total, 0) AS problem
       FROM bank_statement_conciliations b LEFT JOIN linked k ON k.id = b.id
       WHERE b.reconciled_value <> coalesce(k.total, 0)
          OR (coalesce(k.n, 0) = 0 AND b.status_id <> 1)
          OR (coalesce(k.n, 0) > 0 AND b.reconciled_value = abs(b.value) AND b.status_id NOT IN (2, 3))
          OR (coalesce(k.n, 0) > 0 AND b.reconciled_value < abs(b.value) AND b.status_id <> 4)`,
    ],
    [
      "acquirer lines",
      `WITH linked AS (
         SELECT l.acquirer_line_id AS id, count(*) AS n,
           abs(sum(CASE WHEN e.type_account = 0 THEN e.value ELSE -e.value END)) AS total
         FROM conciliation_links l JOIN bank_statements e ON e.id = l.entry_id
         WHERE l.acquirer_line_id IS NOT NULL GROUP BY l.acquirer_line_id)
       SELECT 'acquirer line ' || a.id || ': reconciled ' || a.reconciled_value || ' status ' || a.status_id
         || ', linked ' || coalesce(k.n, 0) || ' entries of ' || coalesce(k.total, 0) AS problem
       FROM acquirer_conciliations a LEFT JOIN linked k ON k.id = a.id
       WHERE a.reconciled_value <> coalesce(k.total, 0)
          OR (coalesce(k.n, 0) = 0 AND a.status_id <> 1)
          OR (coalesce(k.n, 0) > 0 AND a.status_id <> 3)`,
    ],
    [
      "transfers",
      `SELECT 'transfer ' || t.id || ': ' || count(e.id) || ' legs, '
         || coalesce(sum(e.type_account = 1 AND e.bank_account_id = t.from_bank_account_id AND e.value = t.value), 0) || ' valid outflow, '
         || coalesce(sum(e.type_account = 0 AND e.bank_account_id = t.to_bank_account_id AND e.value = t.value), 0) || ' valid inflow' AS problem
       FROM bank_statement_transfers t LEFT JOIN bank_statements e ON e.transfer_id = t.id
       GROUP BY t.id
       HAVING count(e.id) <> 2
          OR coalesce(sum(e.type_account = 1 AND e.bank_account_id = t.from_bank_account_id AND e.value = t.value AND e.company_id = t.company_id), 0) <> 1
          OR coalesce(sum(e.type_account = 0 AND e.bank_account_id = t.to_bank_account_id AND e.value = t.value AND e.company_id = t.company_id), 0) <> 1
       UNION ALL
       SELECT 'entry ' || e.id || ': leg of missing transfer ' || e.transfer_id
       FROM bank_statements e LEFT JOIN bank_statement_transfers t ON t.id = e.transfer_id
       WHERE e.transfer_id IS NOT NULL AND t.id IS NULL`,
    ],
    [
      "links",
      `SELECT 'link ' || l.id || ': ' || CASE
           WHEN e.id IS NULL THEN 'entry ' || l.entry_id || ' missing'
           WHEN e.company_id <> l.company_id THEN 'entry of another company'
           WHEN l.bank_line_id IS NOT NULL AND b.id IS NULL THEN 'bank line ' || l.bank_line_id || ' missing'
           WHEN l.acquirer_line_id IS NOT NULL AND a.id IS NULL THEN 'acquirer line ' || l.acquirer_line_id || ' missing'
           WHEN coalesce(b.company_id, a.company_id) <> l.company_id THEN 'line of another company'
           ELSE 'entry on another account than its bank line' END AS problem
       FROM conciliation_links l
       LEFT JOIN bank_statements e ON e.id = l.entry_id
       LEFT JOIN bank_statement_conciliations b ON b.id = l.bank_line_id
       LEFT JOIN acquirer_conciliations a ON a.id = l.acquirer_line_id
       WHERE e.id IS NULL OR e.company_id <> l.company_id
          OR (l.bank_line_id IS NOT NULL AND (b.id IS NULL OR b.bank_account_id <> e.bank_account_id))
          OR (l.acquirer_line_id IS NOT NULL AND a.id IS NULL)
          OR coalesce(b.company_id, a.company_id) <> l.company_id`,
    ],
    [
      "one movement, one line",
      // The same movement from two sources is one standing line of the account (docs/OPEN-FINANCE.md):
      // a Pix endToEndId on one line, an institution's FITID on one line among an upload's `fit:` lines
      // and the bank feed's (compared as the rules compare them: case, blanks; placeholders are no key).
      `SELECT 'account ' || bank_account_id || ': endToEndId ' || upper(end_to_end_id) || ' on ' || count(*)
         || ' lines (' || group_concat(id, ', ') || ')' AS problem
       FROM bank_statement_conciliations
       WHERE end_to_end_id IS NOT NULL AND withdrawn_at IS NULL
       GROUP BY bank_account_id, upper(end_to_end_id) HAVING count(*) > 1
       UNION ALL
       SELECT 'account ' || bank_account_id || ': FITID ' || trim(fit_id) || ' on ' || count(*)
         || ' lines (' || group_concat(id, ', ') || ')' AS problem
       FROM bank_statement_conciliations
       WHERE fit_id IS NOT NULL AND ltrim(trim(fit_id), '0') <> '' AND withdrawn_at IS NULL
         AND (origin = 'OpenFinance' OR dedupe_key = 'fit:' || fit_id)
       GROUP BY bank_account_id, trim(fit_id) HAVING count(*) > 1`,
    ],
    [
      "pending lines",
      // A line the bank still reports pending (a bank feed's) is never reconciled, by a rule, a person,
      // a Pix or a CNAB credit (docs/OPEN-FINANCE.md, "Pending lines"): it may still disappear.
      `SELECT 'bank line ' || b.id || ': pending at the bank, status ' || b.status_id || ' reconciled '
         || b.reconciled_value || ', ' || (SELECT count(*) FROM conciliation_links l WHERE l.bank_line_id = b.id)
         || ' links' AS problem
       FROM bank_statement_conciliations b
       WHERE b.pending = 1 AND (b.status_id <> 1 OR b.reconciled_value <> 0
         OR EXISTS (SELECT 1 FROM conciliation_links l WHERE l.bank_line_id = b.id))`,
    ],
    ...STOCK_CHECKS,
    ...ORDER_CHECKS,
    ...PURCHASE_CHECKS,
    ...NFE_CHECKS,
    ...ISSUED_NFE_CHECKS,
  ];
  const results = await database.batch(checks.map(([, sql]) => database.prepare(sql)));
  return [
    ...checks.flatMap(([name], i) =>
      (results[i]!.results as { problem: string }[]).map((row) => `${name}: ${row.problem}`),
    ),
    ...(await averageCostViolations(database)),
    ...(await payableScheduleViolations(database)),
  ];
}

const DELTA = "CASE WHEN type_movement = 0 THEN quantity ELSE -quantity END";

/** The stock ledger: running totals equal the sum of the immutable movements. */
const STOCK_CHECKS: [string, string][] = [
  [
    "stock balances",
    `WITH computed AS (SELECT sku_id, warehouse_id, sum(${DELTA}) AS qty, count(*) AS n FROM stock_movements GROUP BY sku_id, warehouse_id)
     SELECT 'sku ' || b.sku_id || ' warehouse ' || b.warehouse_id || ': kept ' || b.qty || '/' || b.movements
       || ', movements ' || coalesce(c.qty, 0) || '/' || coalesce(c.n, 0) AS problem
     FROM stock_balances b LEFT JOIN computed c ON c.sku_id = b.sku_id AND c.warehouse_id = b.warehouse_id
     WHERE b.qty <> coalesce(c.qty, 0) OR b.movements <> coalesce(c.n, 0)
     UNION ALL
     SELECT 'sku ' || c.sku_id || ' warehouse ' || c.warehouse_id || ': movements without a running total'
     FROM computed c LEFT JOIN stock_balances b ON b.sku_id = c.sku_id AND b.warehouse_id = c.warehouse_id
     WHERE b.sku_id IS NULL`,
  ],
  [
    "sku totals",
    `WITH computed AS (SELECT sku_id, sum(${DELTA}) AS qty, count(*) AS n FROM stock_movements GROUP BY sku_id)
     SELECT 'sku ' || t.sku_id || ': kept ' || t.qty || '/' || t.movements || ', movements ' || coalesce(c.qty, 0) || '/' || coalesce(c.n, 0) AS problem
     FROM sku_stock_totals t LEFT JOIN computed c ON c.sku_id = t.sku_id
     WHERE t.qty <> coalesce(c.qty, 0) OR t.movements <> coalesce(c.n, 0)
     UNION ALL
     SELECT 'sku ' || t.sku_id || ': total ' || t.qty || ' but warehouses ' || coalesce(sum(b.qty), 0)
     FROM sku_stock_totals t LEFT JOIN stock_balances b ON b.sku_id = t.sku_id
     GROUP BY t.sku_id HAVING t.qty <> coalesce(sum(b.qty), 0)`,
  ],
  [
    "batch balances",
    `WITH computed AS (SELECT batch_id, warehouse_id, sum(${DELTA}) AS qty, sum(${DELTA} * unit_cost) AS value
                       FROM stock_movements WHERE batch_id IS NOT NULL GROUP BY batch_id, warehouse_id)
     SELECT 'batch ' || bb.batch_id || ' warehouse ' || bb.warehouse_id || ': kept ' || bb.qty || '/' || bb.value
       || ', movements ' || coalesce(c.qty, 0) || '/' || coalesce(c.value, 0) AS problem
     FROM stock_batch_balances bb LEFT JOIN computed c ON c.batch_id = bb.batch_id AND c.warehouse_id = bb.warehouse_id
     WHERE bb.qty <> coalesce(c.qty, 0) OR bb.value <> coalesce(c.value, 0)
     UNION ALL
     SELECT 'sku ' || b.sku_id || ' warehouse ' || b.warehouse_id || ': balance ' || b.qty || ' but batches ' || coalesce(sum(bb.qty), 0)
     FROM stock_balances b JOIN products p ON p.id = b.sku_id AND p.batch_control = 1
     LEFT JOIN stock_batch_balances bb ON bb.sku_id = b.sku_id AND bb.warehouse_id = b.warehouse_id
     GROUP BY b.sku_id, b.warehouse_id HAVING b.qty <> coalesce(sum(bb.qty), 0)
     UNION ALL
     SELECT 'batch ' || bt.id || ' of sku ' || bt.sku_id || ' moved under sku ' || m.sku_id
     FROM stock_movements m JOIN sku_batches bt ON bt.id = m.batch_id WHERE bt.sku_id <> m.sku_id OR bt.company_id <> m.company_id`,
  ],
  [
    "kardex lines",
    `SELECT 'movement ' || id || ': balance after ' || warehouse_qty_after || ', running sum ' || running AS problem FROM (
       SELECT id, warehouse_qty_after, sum(${DELTA}) OVER (PARTITION BY sku_id, warehouse_id ORDER BY id) AS running
       FROM stock_movements) WHERE warehouse_qty_after <> running
     UNION ALL
     SELECT 'movement ' || id || ': batch balance after ' || batch_qty_after || ', running sum ' || running FROM (
       SELECT id, batch_qty_after, sum(${DELTA}) OVER (PARTITION BY batch_id ORDER BY id) AS running
       FROM stock_movements WHERE batch_id IS NOT NULL) WHERE batch_qty_after <> running
     UNION ALL
     SELECT 'movement ' || m.id || ': warehouse or sku of another company'
     FROM stock_movements m LEFT JOIN warehouses w ON w.id = m.warehouse_id LEFT JOIN products p ON p.id = m.sku_id
     WHERE w.company_id IS NOT m.company_id OR p.company_id IS NOT m.company_id`,
  ],
];

/**
 * Orders: reservations equal the open reserving items, invoiced items have their outbound movement
 * once (and returned ones their return once), totals and paid values follow the items and titles,
 * every payment is its live receivable titles (none deleted, missing or foreign; each installment
 * 1..N of a payment has its title), and the status history is one row per accepted transition,
 * chained, ending at the order's status.
 */
const ORDER_CHECKS: [string, string][] = [
  [
    "order reservations",
    `WITH expected AS (
       SELECT o.id AS order_id, i.sku_id, o.warehouse_id, o.status_id, o.company_id, sum(i.quantity) AS qty
       FROM orders o JOIN order_statuses s ON s.id = o.status_id JOIN order_items i ON i.order_id = o.id
       WHERE s.reserves_stock = 1 AND o.stock_state = 0 GROUP BY o.id, i.sku_id)
     SELECT 'order ' || e.order_id || ' sku ' || e.sku_id || ': items ' || e.qty || ', reserved ' || coalesce(r.quantity, 0) AS problem
     FROM expected e LEFT JOIN stock_reservations r ON r.order_id = e.order_id AND r.sku_id = e.sku_id
     WHERE r.quantity IS NOT e.qty OR r.warehouse_id IS NOT e.warehouse_id OR r.status_order_id IS NOT e.status_id
        OR r.company_id IS NOT e.company_id
     UNION ALL
     SELECT 'reservation ' || r.id || ' (order ' || r.order_id || ', sku ' || r.sku_id || '): no open reserving item'
     FROM stock_reservations r LEFT JOIN expected e ON e.order_id = r.order_id AND e.sku_id = r.sku_id
     WHERE e.order_id IS NULL`,
  ],
  [
    "order movements",
    `WITH moves AS (
       SELECT origin_id AS item_id, sum(type_movement = 1) AS outs, sum(type_movement = 0) AS backs,
         max(CASE WHEN type_movement = 1 THEN id END) AS out_id, max(CASE WHEN type_movement = 0 THEN id END) AS back_id,
         max(CASE WHEN type_movement = 1 THEN quantity END) AS out_qty, max(CASE WHEN type_movement = 0 THEN quantity END) AS back_qty
       FROM stock_movements WHERE origin = 'order' GROUP BY origin_id)
     SELECT 'item ' || i.id || ' of order ' || o.id || ' (stock state ' || o.stock_state || '): ' || coalesce(m.outs, 0)
       || ' outbound, ' || coalesce(m.backs, 0) || ' returns, linked ' || coalesce(i.out_movement_id, '-') || '/'
       || coalesce(i.return_movement_id, '-') AS problem
     FROM order_items i JOIN orders o ON o.id = i.order_id LEFT JOIN moves m ON m.item_id = i.id
     WHERE coalesce(m.outs, 0) <> (o.stock_state >= 1) OR coalesce(m.backs, 0) <> (o.stock_state = 2)
        OR i.out_movement_id IS NOT m.out_id OR i.return_movement_id IS NOT m.back_id
        OR (o.stock_state >= 1 AND m.out_qty <> i.quantity) OR (o.stock_state = 2 AND m.back_qty <> i.quantity)
     UNION ALL
     SELECT 'movement ' || m.id || ': order item ' || m.origin_id || ' missing or of another company'
     FROM stock_movements m LEFT JOIN order_items i ON i.id = m.origin_id
     WHERE m.origin = 'order' AND (i.id IS NULL OR i.company_id <> m.company_id OR i.sku_id <> m.sku_id)`,
  ],
  [
    "order totals",
    `WITH items AS (SELECT order_id, sum(value) AS value, sum(tax_total) AS taxes, sum(total) AS total,
                      sum(value + tax_total <> total) AS broken FROM order_items GROUP BY order_id),
          paid AS (SELECT op.order_id, sum(t.value) AS value, sum(t.type_account <> 0 OR t.company_id <> op.company_id) AS foreign_titles
                   FROM order_payments op JOIN titles t ON t.id = op.title_id WHERE t.status <> 0 GROUP BY op.order_id)
     SELECT 'order ' || o.id || ': kept ' || o.items_value || '/' || o.tax_total || '/' || o.items_total || '/' || o.total
       || '/paid ' || o.paid_value || ', items ' || coalesce(i.value, 0) || '/' || coalesce(i.taxes, 0) || '/'
       || coalesce(i.total, 0) || ', titles ' || coalesce(p.value, 0) AS problem
     FROM orders o LEFT JOIN items i ON i.order_id = o.id LEFT JOIN paid p ON p.order_id = o.id
     WHERE o.items_value <> coalesce(i.value, 0) OR o.tax_total <> coalesce(i.taxes, 0) OR o.items_total <> coalesce(i.total, 0)
        OR o.total <> o.items_total + o.freight - o.discount OR o.paid_value <> coalesce(p.value, 0)
        OR coalesce(i.broken, 0) > 0 OR coalesce(p.foreign_titles, 0) > 0`,
  ],
  [
    "order payments",
    `SELECT 'order ' || op.order_id || ' payment title ' || op.title_id || ': ' || CASE
         WHEN t.id IS NULL THEN 'missing' WHEN t.status = 0 THEN 'deleted'
         WHEN t.type_account <> 0 THEN 'not a receivable' ELSE 'of another company' END AS problem
     FROM order_payments op LEFT JOIN titles t ON t.id = op.title_id
     WHERE t.id IS NULL OR t.status = 0 OR t.type_account <> 0 OR t.company_id <> op.company_id
     UNION ALL
     SELECT 'order ' || order_id || ' payment of type ' || payment_type_id || ' in ' || installments
       || ' installment(s): titles of installments ' || group_concat(installment, ',')
     FROM order_payments GROUP BY order_id, payment_type_id, installments
     HAVING count(*) <> installments * sum(installment = 1) OR max(installment) > installments OR min(installment) < 1`,
  ],
  [
    "order history",
    `SELECT 'order ' || o.id || ': status ' || o.status_id || ' seq ' || o.status_seq || ', history ' || count(h.id)
       || ' rows up to seq ' || coalesce(max(h.seq), 0) AS problem
     FROM orders o LEFT JOIN order_status_history h ON h.order_id = o.id
     GROUP BY o.id
     HAVING count(h.id) <> o.status_seq OR max(h.seq) <> o.status_seq
        OR (SELECT x.to_status_id FROM order_status_history x WHERE x.order_id = o.id AND x.seq = o.status_seq) IS NOT o.status_id
     UNION ALL
     SELECT 'order ' || h.order_id || ' seq ' || h.seq || ': from ' || coalesce(h.from_status_id, '-') || ', previous went to '
       || coalesce(p.to_status_id, '-')
     FROM order_status_history h LEFT JOIN order_status_history p ON p.order_id = h.order_id AND p.seq = h.seq - 1
     WHERE (h.seq = 1 AND h.from_status_id IS NOT NULL) OR (h.seq > 1 AND h.from_status_id IS NOT p.to_status_id)`,
  ],
];

/** Average cost: replaying every SKU's movements with the domain rule gives the stored averages. */
async function averageCostViolations(database: D1Database): Promise<string[]> {
  const { nextAverageCost } = await import("../../src/domain/stock/average-cost");
  const { results } = await database
    .prepare(
      "SELECT id, sku_id, type_movement, quantity, unit_cost, average_cost FROM stock_movements ORDER BY sku_id, id",
    )
    .all<{
      id: number;
      sku_id: number;
      type_movement: number;
      quantity: number;
      unit_cost: number;
      average_cost: number;
    }>();
  const totals = await database
    .prepare("SELECT sku_id, average_cost FROM sku_stock_totals")
    .all<{ sku_id: number; average_cost: number }>();
  const problems: string[] = [];
  const state = new Map<number, { qty: number; averageCost: number }>();
  for (const m of results) {
    const before = state.get(m.sku_id) ?? { qty: 0, averageCost: 0 };
    const direction = m.type_movement === 1 ? 1 : 0;
    if (direction === 1 && m.unit_cost !== before.averageCost) {
      problems.push(
        `average cost: movement ${m.id} went out at ${m.unit_cost}, average was ${before.averageCost}`,
      );
    }
    const averageCost = nextAverageCost(before, direction, m.quantity, m.unit_cost);
    if (averageCost !== m.average_cost) {
      problems.push(`average cost: movement ${m.id} recorded ${m.average_cost}, recomputed ${averageCost}`);
    }
    state.set(m.sku_id, { qty: before.qty + (direction === 0 ? m.quantity : -m.quantity), averageCost });
  }
  for (const t of totals.results) {
    const expected = state.get(t.sku_id)?.averageCost ?? 0;
    if (t.average_cost !== expected)
      problems.push(`average cost: sku ${t.sku_id} kept ${t.average_cost}, recomputed ${expected}`);
  }
  return problems;
}

/**
 * NF-e: a stored document has every item it declares (no half-written file) and counts its unmatched
 * ones; a linked purchase carries the document's key, in the same company.
 */
const NFE_CHECKS: [string, string][] = [
  [
    "nfe items",
    `SELECT 'nfe ' || d.id || ': ' || d.item_count || ' items, ' || d.unmatched_items || ' unmatched; stored '
       || count(i.id) || ', ' || coalesce(sum(i.id IS NOT NULL AND i.sku_id IS NULL), 0) || ' without SKU' AS problem
     FROM nfe_documents d LEFT JOIN nfe_items i ON i.nfe_id = d.id AND i.company_id = d.company_id
     GROUP BY d.id HAVING count(i.id) <> d.item_count OR coalesce(sum(i.id IS NOT NULL AND i.sku_id IS NULL), 0) <> d.unmatched_items`,
  ],
  [
    "nfe purchase",
    `SELECT 'nfe ' || d.id || ': purchase ' || d.purchase_id || ' has key ' || coalesce(p.ch_nfe, 'none') AS problem
     FROM nfe_documents d LEFT JOIN purchases p ON p.id = d.purchase_id AND p.company_id = d.company_id
     WHERE d.purchase_id IS NOT NULL AND (p.ch_nfe IS NULL OR p.ch_nfe <> d.ch_nfe)`,
  ],
];

const RECEIVED_CENTS =
  "(SELECT coalesce(sum((i.received_qty * i.unit_cost + 500) / 1000), 0) FROM purchase_items i WHERE i.purchase_id = p.id)";

/**
 * Purchases and production:
 * - every received quantity has its inbound movement once: per purchase, SKU and batch, the receipt
 *   lines and the movements of origin `purchase` agree in quantity and count, and no such movement
 *   lacks a receipt line; an item's received quantity is the sum of its receipt lines;
 * - payables equal the purchase's installments: a received purchase's live payable titles add up to
 *   what it received at its unit costs, one per installment of its terms (its NF-e's duplicatas when
 *   the receipt names one, else one without a payment type, none when nothing is owed), all payables
 *   of its supplier and company, none deleted (dates and values: payableScheduleViolations);
 * - production cost equals the sum of the consumed lines: each line's cost is quantity x unit cost,
 *   the order's total their sum; one outbound movement per line at that quantity and cost, one
 *   inbound movement of the product within rounding of the total; finished exactly once.
 */
const PURCHASE_CHECKS: [string, string][] = [
  [
    "purchase receipts",
    `WITH l AS (SELECT purchase_id, sku_id, coalesce(batch_id, 0) AS b, sum(quantity) AS q, count(*) AS n
                FROM purchase_receipt_lines GROUP BY purchase_id, sku_id, coalesce(batch_id, 0)),
          m AS (SELECT origin_id AS purchase_id, sku_id, coalesce(batch_id, 0) AS b, sum(quantity) AS q, count(*) AS n
                FROM stock_movements WHERE origin = 'purchase' AND type_movement = 0
                GROUP BY origin_id, sku_id, coalesce(batch_id, 0))
     SELECT 'purchase ' || l.purchase_id || ' sku ' || l.sku_id || ': received ' || l.q || ' in ' || l.n
       || ' line(s), moved ' || coalesce(m.q, 0) || ' in ' || coalesce(m.n, 0) AS problem
     FROM l LEFT JOIN m ON m.purchase_id = l.purchase_id AND m.sku_id = l.sku_id AND m.b = l.b
     WHERE m.q IS NULL OR m.q <> l.q OR m.n <> l.n
     UNION ALL
     SELECT 'purchase ' || m.purchase_id || ' sku ' || m.sku_id || ': movement without a receipt line'
     FROM m LEFT JOIN l ON l.purchase_id = m.purchase_id AND l.sku_id = m.sku_id AND l.b = m.b WHERE l.q IS NULL
     UNION ALL
     SELECT 'purchase item ' || i.id || ': received ' || coalesce(i.received_qty, 'null') || ', receipt lines ' || coalesce(s.q, 0)
     FROM purchase_items i JOIN purchases p ON p.id = i.purchase_id AND p.origin <> 'production'
     LEFT JOIN (SELECT item_id, sum(quantity) AS q FROM purchase_receipt_lines GROUP BY item_id) s ON s.item_id = i.id
     WHERE coalesce(i.received_qty, 0) <> coalesce(s.q, 0)
     UNION ALL
     SELECT 'purchase ' || p.id || ': status ' || p.status_id || ' disagrees with its receipt'
     FROM purchases p
     WHERE EXISTS (SELECT 1 FROM purchase_receipts r WHERE r.purchase_id = p.id) <> (p.status_id IN (8, 9, 10, 11))`,
  ],
  [
    "purchase payables",
    `SELECT 'purchase ' || p.id || ': received ' || ${RECEIVED_CENTS} || ', payables ' || count(t.id) || ' of '
       || coalesce(sum(t.value), 0) AS problem
     FROM purchases p JOIN purchase_receipts r ON r.purchase_id = p.id
     LEFT JOIN purchase_titles pt ON pt.purchase_id = p.id
     LEFT JOIN titles t ON t.id = pt.title_id AND t.type_account = 1 AND t.company_id = p.company_id
       AND t.supplier_id IS p.supplier_id AND t.status <> 0
     WHERE p.origin <> 'production'
     GROUP BY p.id
     HAVING coalesce(sum(t.value), 0) <> ${RECEIVED_CENTS}
        OR count(t.id) <> count(pt.title_id)
        OR count(t.id) <> CASE WHEN ${RECEIVED_CENTS} = 0 THEN 0 WHEN r.nfe_id IS NOT NULL THEN count(t.id)
                               WHEN p.payment_type_id IS NULL THEN 1 ELSE p.installments END
     UNION ALL
     SELECT 'purchase ' || pt.purchase_id || ' installment ' || pt.installment || ': title ' || pt.title_id || ' '
       || CASE WHEN t.id IS NULL THEN 'missing' WHEN t.status = 0 THEN 'deleted' ELSE 'not a payable of the purchase''s supplier' END
     FROM purchase_titles pt JOIN purchases p ON p.id = pt.purchase_id LEFT JOIN titles t ON t.id = pt.title_id
     WHERE t.id IS NULL OR t.status = 0 OR t.type_account <> 1 OR t.company_id <> p.company_id OR t.supplier_id IS NOT p.supplier_id
     UNION ALL
     SELECT 'purchase ' || pt.purchase_id || ': payables of a purchase never received'
     FROM purchase_titles pt LEFT JOIN purchase_receipts r ON r.purchase_id = pt.purchase_id WHERE r.purchase_id IS NULL`,
  ],
  [
    "production cost",
    `SELECT 'production ' || s.id || ': total ' || coalesce(s.total_cost, 'null') || ', lines ' || coalesce(sum(i.total_cost), 0)
       || ' (' || sum(i.total_cost <> (i.quantity * i.unit_cost + 500) / 1000) || ' line(s) off)' AS problem
     FROM sku_productions s JOIN sku_production_items i ON i.production_id = s.id
     WHERE s.finished = 1
     GROUP BY s.id
     HAVING s.total_cost IS NULL OR s.total_cost <> sum(i.total_cost)
        OR sum(i.total_cost <> (i.quantity * i.unit_cost + 500) / 1000) > 0
     UNION ALL
     SELECT 'production ' || s.id || ' line ' || i.id || ': ' || count(m.id) || ' outbound movement(s) at its quantity and cost'
     FROM sku_productions s JOIN sku_production_items i ON i.production_id = s.id
     LEFT JOIN stock_movements m ON m.origin = 'production' AND m.origin_id = s.id AND m.type_movement = 1
       AND m.sku_id = i.input_sku_id AND m.quantity = i.quantity AND m.unit_cost = i.unit_cost
     WHERE s.finished = 1
     GROUP BY s.id, i.id
     HAVING count(m.id) <> (SELECT count(*) FROM sku_production_items x
                            WHERE x.production_id = s.id AND x.input_sku_id = i.input_sku_id
                              AND x.quantity = i.quantity AND x.unit_cost = i.unit_cost)
     UNION ALL
     SELECT 'production ' || s.id || ': ' || count(m.id) || ' inbound movement(s) of the product for a total of ' || coalesce(s.total_cost, 'null')
     FROM sku_productions s
     LEFT JOIN stock_movements m ON m.origin = 'production' AND m.origin_id = s.id AND m.type_movement = 0
       AND m.sku_id = s.sku_id AND m.quantity = s.quantity
       AND abs(m.quantity * m.unit_cost - s.total_cost * 1000) <= m.quantity / 2
     GROUP BY s.id
     HAVING count(m.id) <> s.finished
        OR s.finished <> (SELECT count(*) FROM sku_production_finishes f WHERE f.production_id = s.id)`,
  ],
];

/**
 * Payables equal the installments in their dates too: the rate's schedule from the receiving date
 * (rates as they stand now), or the duplicatas of the NF-e the receipt names, as the domain settles them.
 */
async function payableScheduleViolations(database: D1Database): Promise<string[]> {
  const { installmentSchedule } = await import("../../src/domain/payment-terms/schedule");
  const { duplicataInstallments } = await import("../../src/domain/purchases/payables");
  const { results } = await database
    .prepare(
      `SELECT p.id, p.installments, substr(r.received_at, 1, 10) AS day, p.payment_type_id,
         (SELECT d.installments FROM nfe_documents d WHERE d.id = r.nfe_id) AS duplicatas,
         rt.first_due_days, rt.interval_days, rt.additional_business_days, rt.additional_business_days_position,
         (SELECT json_group_array(json_array(pt.installment, t.due_date, t.value)) FROM purchase_titles pt
            JOIN titles t ON t.id = pt.title_id WHERE pt.purchase_id = p.id ORDER BY pt.installment) AS payables
       FROM purchases p JOIN purchase_receipts r ON r.purchase_id = p.id
       LEFT JOIN payment_type_rates rt ON rt.payment_type_id = p.payment_type_id AND rt.installments = p.installments
       WHERE p.origin <> 'production'`,
    )
    .all<{
      id: number;
      installments: number;
      day: string;
      payment_type_id: number | null;
      duplicatas: string | null;
      first_due_days: number | null;
      interval_days: number | null;
      additional_business_days: number | null;
      additional_business_days_position: number | null;
      payables: string;
    }>();
  const problems: string[] = [];
  for (const p of results) {
    const payables = (JSON.parse(p.payables) as [number, string, number][]).sort((a, b) => a[0] - b[0]);
    const total = payables.reduce((sum, [, , value]) => sum + value, 0);
    if (payables.length === 0) continue;
    const expected =
      p.duplicatas !== null
        ? duplicataInstallments(JSON.parse(p.duplicatas) as { dueDate: string; value: number }[], total)
        : p.payment_type_id === null
          ? [{ number: 1, dueDate: p.day, valueCents: total }]
          : p.first_due_days === null
            ? []
            : installmentSchedule(
                {
                  installments: p.installments,
                  firstDueDays: p.first_due_days,
                  intervalDays: p.interval_days!,
                  additionalBusinessDays: p.additional_business_days!,
                  additionalBusinessDaysPosition: p.additional_business_days_position as 1 | 2,
                },
                p.day,
                total,
              );
    const got = payables.map(([number, dueDate, valueCents]) => ({ number, dueDate, valueCents }));
    if (JSON.stringify(got) !== JSON.stringify(expected))
      problems.push(
        `purchase payables: purchase ${p.id}: ${JSON.stringify(got)}, terms say ${JSON.stringify(expected)}`,
      );
  }
  return problems;
}

/**
 * Issued NF-e: every authorized note's order is invoiced (its stock left, once: the order movements
 * check counts the outbound movements of an order whose stock left), no order has two authorized
 * notes (a cancelled one counts: it was authorized), whatever their keys (a note re-signed for SVC
 * contingency has a new key: its order still has one note), and no number is used twice in a series
 * of an invoicing company. Contingency: a note's key carries its tpEmis (position 35), an SVC note
 * (tpEmis 6/7) is an NF-e (model 55) of its UF's SVC (7 SVC-RS for AM, BA, GO, MA, MS, MT, PE, PR;
 * 6 SVC-AN for the others), and an invoicing company in contingency has its UF's SVC, dhCont and xJust.
 */
const ISSUED_NFE_CHECKS: [string, string][] = [
  [
    "issued nfe order",
    `SELECT 'nfe ' || n.id || ' authorized for order ' || n.order_id || ': ' || CASE
         WHEN o.id IS NULL THEN 'order missing' WHEN o.company_id <> n.company_id THEN 'order of another company'
         ELSE 'stock state ' || o.stock_state || ', status ' || o.status_id END AS problem
     FROM issued_nfes n LEFT JOIN orders o ON o.id = n.order_id
     WHERE n.status = 'Authorized' AND (o.id IS NULL OR o.company_id <> n.company_id OR o.stock_state <> 1)`,
  ],
  [
    "issued nfe per order",
    `SELECT 'order ' || order_id || ': ' || count(*) || ' authorized notes (' || group_concat(id, ',') || ')' AS problem
     FROM issued_nfes WHERE status IN ('Authorized', 'Cancelled') GROUP BY order_id HAVING count(*) > 1`,
  ],
  [
    "issued nfe numbers",
    `SELECT 'invoicing company ' || company_invoice_id || ' model ' || model || ' series ' || series || ' number ' || number
       || ': used by notes ' || group_concat(id, ',') AS problem
     FROM issued_nfes GROUP BY company_invoice_id, model, series, number HAVING count(*) > 1`,
  ],
  [
    "issued nfe key tpEmis",
    `SELECT 'nfe ' || id || ': key ' || access_key || ' has tpEmis ' || substr(access_key, 35, 1)
       || ', the note ' || emission_type AS problem
     FROM issued_nfes WHERE length(access_key) = 44 AND substr(access_key, 35, 1) <> CAST(emission_type AS TEXT)`,
  ],
  [
    "issued nfe svc",
    `SELECT 'nfe ' || n.id || ': tpEmis ' || n.emission_type || ' of model ' || n.model || ' issued in '
       || coalesce(ci.uf, 'no UF') AS problem
     FROM issued_nfes n LEFT JOIN company_invoices ci ON ci.id = n.company_invoice_id
     WHERE n.emission_type IN (6, 7) AND (n.model <> 55 OR n.emission_type <>
       CASE WHEN ci.uf IN ('AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR') THEN 7 ELSE 6 END)`,
  ],
  [
    "invoice contingency",
    `SELECT 'invoicing company ' || id || ': contingency mode ' || coalesce(contingency_mode, 'none')
       || ' since ' || coalesce(contingency_since, 'none') || ' reason ' || coalesce(contingency_reason, 'none')
       || ' in ' || coalesce(uf, 'no UF') AS problem
     FROM company_invoices
     WHERE (contingency_mode IS NULL) <> (contingency_since IS NULL)
        OR (contingency_mode IS NULL) <> (contingency_reason IS NULL)
        OR (contingency_mode IS NOT NULL AND contingency_mode <>
          CASE WHEN uf IN ('AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR') THEN 7 ELSE 6 END)`,
  ],
];
