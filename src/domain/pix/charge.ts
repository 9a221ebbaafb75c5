/**
 * A Pix charge (`cob`) on a receivable title: the PSP is asked `PUT /v2/cob/{txid}` for the title's
 * open value, through the integration's settings (`pixPspFor`); the charge is stored and the title
 * gets its `TxId` in one batch. A PSP failure writes nothing but the integration's state (one
 * statement) and answers 400 with the PSP's reason.
 */
import {
  activeChargeOf,
  type ChargeableTitle,
  chargesOfTitle,
  chargeTxidUsed,
  findChargeableTitle,
  findIntegrationWithPix,
  type PixChargeRow,
  setPixState,
  storePixCharge,
} from "../../db/pix-integrations";
import type { Db, Env } from "../../env";
import { isValidCnpj, isValidCpf } from "../../lib/document-number";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { RECEIVABLE } from "../titles/kinds";
import { TITLE_STATUS } from "../titles/statuses";
import { pixPspFor } from "./connection";
import {
  PIX_SETTINGS_MESSAGES as M,
  PIX_INTEGRATION_NOT_FOUND,
  RECEIVABLE_MESSAGES,
  TX_ID_TAKEN,
} from "./settings-messages";
import { baseUrlRefusal, newTxid, PIX_STATE, stateOfFailure } from "./settings-rules";

/** `CobrancaStatus` of a charge that can still be paid. */
const ACTIVE = "ATIVA";

/** Default `calendario.expiracao`: one day. */
export const DEFAULT_EXPIRES_IN_SECONDS = 86_400;

/** How long a charge request waits for the PSP (token and `PUT /v2/cob` each). */
const CHARGE_TIMEOUT_MS = 10_000;

export type PixChargeInput = {
  integrationId: number;
  expiresInSeconds: number;
  payerRequest: string | null;
};

/** The title's consumer as `devedor` when its document is a valid CPF or CNPJ and it has a name. */
function debtorOf(title: ChargeableTitle) {
  const document = title.consumerDocument ?? "";
  const name = (title.consumerName ?? "").trim().slice(0, 200);
  if (!name || !(isValidCpf(document) || isValidCnpj(document))) return null;
  return { document, name };
}

/** The live receivable title, or `Conta a receber não existe` (deleted, payable, another company's). */
async function receivableTitle(db: Db, companyId: number, titleId: number): Promise<ChargeableTitle> {
  const title = await findChargeableTitle(
    db,
    companyId,
    RECEIVABLE.typeAccount,
    titleId,
    TITLE_STATUS.deleted,
  );
  if (!title) throw badRequest(RECEIVABLE_MESSAGES.notFound);
  return title;
}

export async function createPixCharge(
  db: Db,
  env: Env,
  companyId: number,
  titleId: number,
  input: PixChargeInput,
  production: boolean,
): Promise<PixChargeRow> {
  const title = await receivableTitle(db, companyId, titleId);
  if (title.status === TITLE_STATUS.paid || title.openValue <= 0) throw badRequest(M.chargePaid);
  const found = await findIntegrationWithPix(db, companyId, input.integrationId);
  const pix = found?.pix;
  if (!pix) throw badRequest(PIX_INTEGRATION_NOT_FOUND);
  if (!pix.pixKey) throw badRequest(M.chargeNoPixKey);
  const active = await activeChargeOf(db, companyId, title.id, ACTIVE);
  if (active) throw badRequest(M.chargeActive(active.txId));

  const refuse = async (state: { state: string; reason: string; retryAfterSeconds?: number | null }) => {
    await setPixState(db, companyId, input.integrationId, state);
    return badRequest(state.reason);
  };
  // a BaseUrl stored in development is judged again when the Worker runs in production
  const refusal = pix.baseUrl ? baseUrlRefusal(pix.baseUrl, production) : null;
  if (refusal) throw await refuse({ state: PIX_STATE.notConfigured, reason: refusal });
  const connection = await pixPspFor(env, pix, { timeoutMs: CHARGE_TIMEOUT_MS });
  if (!connection.ok) throw await refuse({ state: PIX_STATE.notConfigured, reason: connection.reason });

  const txid = title.txId && !(await chargeTxidUsed(db, companyId, title.txId)) ? title.txId : newTxid();
  const charged = await connection.psp.createCharge(txid, {
    expiresInSeconds: input.expiresInSeconds,
    debtor: debtorOf(title),
    amountCents: title.openValue,
    key: pix.pixKey,
    payerRequest: input.payerRequest,
  });
  if (!charged.ok) throw await refuse(stateOfFailure(charged.failure, charged.reason));

  const cob = charged.value;
  const stored = await refuseOnConflict(
    () =>
      storePixCharge(
        db,
        companyId,
        {
          titleId: title.id,
          integrationId: input.integrationId,
          txId: cob.txid,
          status: cob.status,
          value: cob.amountCents,
          expiresInSeconds: cob.expiresInSeconds,
          location: cob.location,
          pixCopiaECola: cob.pixCopiaECola,
        },
        PIX_STATE.ok,
        ACTIVE,
        RECEIVABLE.typeAccount,
      ),
    TX_ID_TAKEN,
  );
  if (!stored) {
    const other = await activeChargeOf(db, companyId, title.id, ACTIVE);
    throw badRequest(M.chargeActive(other?.txId ?? cob.txid));
  }
  return stored;
}

/** The charges of a live receivable title, newest first. */
export async function listPixCharges(db: Db, companyId: number, titleId: number): Promise<PixChargeRow[]> {
  const title = await receivableTitle(db, companyId, titleId);
  return chargesOfTitle(db, companyId, title.id);
}
