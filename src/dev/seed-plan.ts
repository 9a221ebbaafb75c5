// Demo data of the local accounts (development and tests only; never seeded in production).
// Self-contained on purpose: the start script (plain Node) and the tests (workerd) both read it.

export type SeedUser = { id: number; name: string; email: string; companyId: number; access: number[] };
export type SeedAccount = {
  companies: {
    id: number;
    name: string;
    document: string | null;
    invoice: { id: number; name: string; document: string | null };
    /** The company's stock warehouse (one per demo company). */
    warehouse: { id: number; name: string };
  }[];
  users: SeedUser[];
};

export const DEMO_PASSWORD = "demo123";

export const SEED_PLAN: Record<string, SeedAccount> = {
  demo: {
    companies: [
      {
        id: 1,
        name: "Demo Comércio",
        document: "11222333000181",
        invoice: { id: 1, name: "Demo Comércio Ltda", document: "11222333000181" },
        warehouse: { id: 1, name: "Depósito principal" },
      },
      {
        id: 2,
        name: "Demo Filial",
        document: "11222333000262",
        invoice: { id: 2, name: "Demo Filial Ltda", document: "11222333000262" },
        warehouse: { id: 2, name: "Depósito da filial" },
      },
    ],
    users: [
      { id: 1, name: "Admin Demo", email: "admin@demo.local", companyId: 1, access: [1, 2] },
      { id: 2, name: "Filial Demo", email: "filial@demo.local", companyId: 2, access: [2] },
    ],
  },
  acme: {
    companies: [
      {
        id: 1,
        name: "Acme Distribuidora",
        document: "44555666000181",
        invoice: { id: 1, name: "Acme Distribuidora S.A.", document: "44555666000181" },
        warehouse: { id: 1, name: "CD Acme" },
      },
    ],
    users: [{ id: 1, name: "Admin Acme", email: "admin@acme.local", companyId: 1, access: [1] }],
  },
};

export type StoredPassword = { hash: string; salt: string; iterations: number };

const quote = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`;

/**
 * SQL that seeds an account when it is empty: each table is filled only while it has no rows,
 * so running it again changes nothing.
 */
export function seedStatements(plan: SeedAccount, passwordOf: (user: SeedUser) => StoredPassword): string[] {
  const statements: string[] = [];
  const insertIfEmpty = (table: string, columns: string[], rows: (string | number | null)[][]) => {
    const selects = rows.map((row) => `SELECT ${row.map(quote).join(", ")}`).join(" UNION ALL ");
    statements.push(
      `INSERT INTO ${table} (${columns.join(", ")}) SELECT * FROM (${selects}) WHERE NOT EXISTS (SELECT 1 FROM ${table})`,
    );
  };
  insertIfEmpty(
    "companies",
    ["id", "name", "document"],
    plan.companies.map((c) => [c.id, c.name, c.document]),
  );
  insertIfEmpty(
    "company_invoices",
    ["id", "company_id", "name", "document"],
    plan.companies.map((c) => [c.invoice.id, c.id, c.invoice.name, c.invoice.document]),
  );
  insertIfEmpty(
    "warehouses",
    ["id", "company_id", "name"],
    plan.companies.map((c) => [c.warehouse.id, c.id, c.warehouse.name]),
  );
  insertIfEmpty(
    "users",
    ["id", "name", "email", "password_hash", "password_salt", "password_iterations", "company_id"],
    plan.users.map((u) => {
      const p = passwordOf(u);
      return [u.id, u.name, u.email, p.hash, p.salt, p.iterations, u.companyId];
    }),
  );
  insertIfEmpty(
    "user_companies",
    ["user_id", "company_id"],
    plan.users.flatMap((u) => u.access.map((companyId) => [u.id, companyId])),
  );
  return statements;
}
