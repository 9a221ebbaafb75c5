import { type BankAccountListRow, type ListFilters, listActiveAccounts } from "../../db/bank-accounts";
import type { Db } from "../../env";
import { todayIn } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { getCompany } from "../company/company";

export type BankAccountListItem = BankAccountListRow & { balanceForecast: Cents };

export type ListQuery = ListFilters & { dateForecast?: string };

/**
 * Active accounts with Balance (every entry up to today in the company's zone) and BalanceForecast
 * (Balance plus open receivables minus open payables forecast on the account, due up to DateForecast).
 */
export async function listBankAccounts(db: Db, companyId: number, query: ListQuery = {}) {
  const company = await getCompany(db, companyId);
  const today = todayIn(company.timeZone);
  const { dateForecast, ...filters } = query;
  const rows = await listActiveAccounts(db, companyId, filters, {
    balanceDay: today,
    forecastDay: dateForecast ?? today,
  });
  return rows.map(
    (row): BankAccountListItem => ({
      ...row,
      balanceForecast: row.balance + row.openTitlesNet + row.pendingFeed,
    }),
  );
}
