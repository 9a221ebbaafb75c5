import { z } from "@hono/zod-openapi";
import { JOB_TYPES, type JobType } from "../../domain/jobs/job-message";
import type { JobView } from "../../domain/jobs/job-queries";
import { JOBS } from "../../jobs";
import { inZone } from "../../lib/dates";

/** What a `BankStatementOFX` job does (OpenAPI description of POST /job). */
export const OFX_IMPORT_DESCRIPTION = [
  "Importação OFX (`BankStatementOFX`): o job lê o arquivo (OFX 1.x SGML ou 2.x XML, datas no fuso da empresa) e",
  "grava uma linha do extrato bancário (status 1 Pendente) por lançamento dos extratos da conta escolhida.",
  "Quando a conta tem número cadastrado, só os extratos dessa conta (BANKID/ACCTID) entram e os demais são",
  "apontados em `Errors`; nenhum extrato da conta: o job falha nomeando as duas contas. Sem número cadastrado, o",
  "arquivo precisa ser de uma só conta. Um lançamento já importado na conta (mesmo FITID, ou a mesma impressão",
  "digital quando o banco repete ou zera o FITID) conta como `duplicate` e não entra de novo; linhas de saldo",
  "(SALDO ANTERIOR...) contam como `skipped`. Arquivo ilegível: o job falha com o motivo e a linha.",
  "Depois, as regras de conciliação da conta rodam sobre as linhas novas: as conciliadas ficam com status 2",
  "(Conciliado automaticamente). `Total`/`Processed` contam as linhas gravadas; o job fica `Processing` até as",
  "regras terminarem.",
].join(" ");

export const JOB_TAG = "Job";

/** `` `Type` (what it is) `` for each of the types, in the given order. */
export const jobTypeList = (types: readonly JobType[]) =>
  types.map((type) => `\`${type}\` (${JOBS[type].description})`).join("; ");

export const JOB_STATUSES = ["Pending", "Processing", "Done", "Failed"] as const;

export const JobSchema = z
  .object({
    IDJob: z.number().int(),
    Type: z.enum(JOB_TYPES as [string, ...string[]]),
    Status: z.enum(JOB_STATUSES),
    Total: z
      .number()
      .int()
      .openapi({ description: "Linhas de dados do arquivo (0 até o processamento começar)" }),
    Processed: z.number().int().openapi({ description: "Linhas já processadas" }),
    Result: z.record(z.string(), z.number()).openapi({
      description:
        "Contagens do resultado: SkuTemplate `{created, updated, errors}`; BankStatementOFX `{imported, duplicate, " +
        "skipped, autoReconciled, pending}`; ConciliationRuleApply `{lines, autoReconciled, pending}`",
      example: { created: 10, updated: 2, errors: 1 },
    }),
    Errors: z.array(z.object({ Line: z.number().int(), Message: z.string() })).openapi({
      description: "Erros por linha, ordenados por linha (até 5000 no job, 50 por job na lista)",
    }),
    Params: z
      .record(z.string(), z.number())
      .openapi({ description: "Parâmetros do job, ex.: `{IDBankAccount}`" }),
    FileName: z
      .string()
      .nullable()
      .openapi({ description: "Nome do arquivo enviado; null em jobs sem arquivo" }),
    CreatedAt: z.string().openapi({ example: "2026-05-29 10:15:00" }),
    FinishedAt: z.string().nullable(),
    FailureReason: z
      .string()
      .nullable()
      .openapi({
        description:
          "Motivo de um job `Failed`: o arquivo inutilizável (falha na hora) ou, após 5 entregas seguidas com erro " +
          "sem progresso, `Falha no processamento após 5 tentativas: <erro>`; null nos demais",
      }),
  })
  .openapi("Job");

function parseObject(text: string | null): Record<string, number> {
  try {
    const value = JSON.parse(text ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

export function jobBody({ job, errors, timeZone }: JobView): z.infer<typeof JobSchema> {
  return {
    IDJob: job.id,
    Type: job.type,
    Status: job.status as (typeof JOB_STATUSES)[number],
    Total: job.total,
    Processed: job.processed,
    Result: parseObject(job.result),
    Errors: errors.map((error) => ({ Line: error.line, Message: error.message })),
    Params: parseObject(job.params),
    FileName: job.fileName || null,
    CreatedAt: inZone(job.createdAt, timeZone)!,
    FinishedAt: inZone(job.finishedAt, timeZone),
    FailureReason: job.failureReason,
  };
}
