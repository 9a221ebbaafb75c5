import { insertJobErrors } from "../../db/jobs";
import { settlementStatements } from "../../db/marketplace";
import { processInChunks } from "../jobs/chunked-job";
import { readCsvJobLines, resumedCounts, setTotalOnFirstRun } from "../jobs/csv-job-file";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { readJobFile } from "../jobs/job-file";
import { decodeText } from "../sku/text-decoding";
import { SETTLEMENT_CSV_EMPTY, SETTLEMENT_INTEGRATION_REQUIRED } from "./messages";
import { readSettlementLine, settlementHeader } from "./settlement-csv";
import { settlementIntegrationOf } from "./settlement-job-params";

type Counts = { imported: number; errors: number };
const NO_COUNTS: Counts = { imported: 0, errors: 0 };

const openFile = (text: string) =>
  readCsvJobLines(text, SETTLEMENT_CSV_EMPTY, settlementHeader, readSettlementLine);

/**
 * `MarketplaceSettlement`: a channel's settlement report (`Pedido;Data;Bruto;Comissao;Tarifas;Liquido`)
 * in chunks; bad lines are reported by number, good ones written once per job line.
 */
export async function importSettlements(context: JobContext): Promise<JobOutcome> {
  const { db, job } = context;
  const integrationId = settlementIntegrationOf(job.params);
  if (integrationId === null) throw new JobFailure(SETTLEMENT_INTEGRATION_REQUIRED);
  const { text } = decodeText(await readJobFile(context.bucket, job));
  await setTotalOnFirstRun(context, () => openFile(text), NO_COUNTS);
  return processInChunks(
    context,
    openFile(text),
    resumedCounts(context, NO_COUNTS),
    async (chunk, counts) => {
      const errors = chunk.flatMap((l) =>
        l.ok ? [] : [{ jobId: job.id, line: l.line, message: l.message }],
      );
      const rows = chunk.flatMap((l) =>
        l.ok
          ? [
              {
                companyId: job.companyId,
                companyIntegrationId: integrationId,
                channelOrderId: l.channelOrderId,
                settlementDate: l.settlementDate,
                gross: l.gross,
                commission: l.commission,
                fees: l.fees,
                net: l.net,
                reference: `job:${job.id}:${l.line}`,
              },
            ]
          : [],
      );
      return {
        statements: [...settlementStatements(db, rows), ...insertJobErrors(db, errors)],
        counts: { imported: counts.imported + rows.length, errors: counts.errors + errors.length },
      };
    },
  );
}
