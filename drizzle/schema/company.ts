import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, status } from "./columns";

/** Invoicing companies ("faturadores") of a company. */
export const companyInvoices = sqliteTable(
  "company_invoices",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    document: text(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("company_invoices_company").on(t.companyId)],
);

/** Bank/TEF, Pix and other integrations of a company. */
export const companyIntegrations = sqliteTable(
  "company_integrations",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    /** `TEF`, `PIX` or another integration kind. */
    kind: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("company_integrations_company").on(t.companyId)],
);
