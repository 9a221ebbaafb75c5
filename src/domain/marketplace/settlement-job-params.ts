import { integrationExists } from "../../db/marketplace";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { SETTLEMENT_INTEGRATION_NOT_FOUND, SETTLEMENT_INTEGRATION_REQUIRED } from "./messages";

/** `IDCompanyIntegration` of a `MarketplaceSettlement` job: the channel integration the report comes from. */
export async function settlementParams(
  db: Db,
  companyId: number,
  input: { IDCompanyIntegration?: number },
): Promise<Record<string, number>> {
  const id = input.IDCompanyIntegration;
  if (id === undefined) throw badRequest(SETTLEMENT_INTEGRATION_REQUIRED);
  if (!(await integrationExists(db, companyId, id))) throw badRequest(SETTLEMENT_INTEGRATION_NOT_FOUND);
  return { IDCompanyIntegration: id };
}

/** The integration id stored on a job; null when absent or unreadable. */
export function settlementIntegrationOf(params: string): number | null {
  try {
    const { IDCompanyIntegration: id } = JSON.parse(params) as Record<string, unknown>;
    return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
