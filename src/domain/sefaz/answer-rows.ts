/**
 * The rows an answer's documents become (pure): each document as stored (documents.ts), a new
 * authorized summary marked for its automatic awareness when the integration asks for it, and the
 * feed line of each summary.
 */
import type { DistributedDocument } from "../../adapters/sefaz/distribution-types";
import type { SummaryLine } from "../../db/sefaz-followups";
import type { NewSefazDocument } from "../../db/sefaz-integrations";
import { AUTHORIZED, storedDocument, summaryLine } from "./documents";

export type RowsOptions = {
  target: { companyId: number; integrationId: number };
  /** The integration's CNPJ: the recipient of what it is distributed. */
  recipient: string;
  environment: 1 | 2;
  autoAwareness: boolean;
};

export function answeredRows(options: RowsOptions, documents: DistributedDocument[]): NewSefazDocument[] {
  return documents.map((document) => {
    const row = storedDocument(options.target, document);
    const aware = options.autoAwareness && row.status === "Summary" && row.situation === AUTHORIZED;
    return aware ? { ...row, awareness: "Pending" } : row;
  });
}

export function summaryLines(options: RowsOptions, rows: NewSefazDocument[]): SummaryLine[] {
  return rows
    .map((row) => summaryLine(row, options.recipient, options.environment))
    .filter((line): line is SummaryLine => line !== null);
}
