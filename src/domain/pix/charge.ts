/**
 * A Pix charge (`cob`) on a receivable title: the title's charge slot is taken (one row per title,
 * so concurrent requests make one call), then the PSP is asked `PUT /v2/cob/{txid}` for the title's
 * open value, through the integration's settings (`pixPspFor`); the charge is stored, the title gets
 * its `TxId` and the slot is freed in one batch. A PSP failure frees the slot, records the
 * integration's state (one statement) and answers 400 with the PSP's reason.
 */

import type { PixPsp } from "../../adapters/pix/types";
import {
  activeChargeOf,
  type ChargeableTitle,
  chargeSlotOf,
  chargesOfTitle,
  chargeTxidUsed,
  findChargeableTitle,
  findIntegrationWithPix,
  freeChargeSlot,
  type PixChargeRow,
  setPixState,
  storePixCharge,
  takeChargeSlot,
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

/**
 * After this long a title's charge slot is taken to be left by a request that died mid-call (its
 * calls take at most two tokens and two `PUT`s of 10 s each) and the next request takes it over.
 */
export const CHARGE_SLOT_LEASE_SECONDS = 120;

/** Tries to take the slot before refusing: a slot freed between the take and the read is taken again. */
const SLOT_TRIES = 3;

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
  const connection = await pixPspFor(env, db, pix, { timeoutMs: CHARGE_TIMEOUT_MS });
  if (!connection.ok) throw await refuse({ state: PIX_STATE.notConfigured, reason: connection.reason });

  const wanted = title.txId && !(await chargeTxidUsed(db, companyId, title.txId)) ? title.txId : newTxid();
  const txid = await takeSlot(db, companyId, title.id, input.integrationId, wanted);
  let stored: PixChargeRow | undefined;
  try {
    stored = await chargeAndStore(db, companyId, title, input, pix.pixKey, connection.psp, txid, refuse);
  } finally {
    // a stored charge freed the slot in its batch; anything else frees it here
    if (!stored) await freeChargeSlot(db, companyId, title.id, txid);
  }
  return stored;
}

/** Asks the PSP for the charge and stores it; throws the refusal on a PSP failure or a lost race. */
async function chargeAndStore(
  db: Db,
  companyId: number,
  title: ChargeableTitle,
  input: PixChargeInput,
  pixKey: string,
  psp: PixPsp,
  txid: string,
  refuse: (state: { state: string; reason: string; retryAfterSeconds?: number | null }) => Promise<Error>,
): Promise<PixChargeRow> {
  const charged = await psp.createCharge(txid, {
    expiresInSeconds: input.expiresInSeconds,
    debtor: debtorOf(title),
    amountCents: title.openValue,
    key: pixKey,
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

/**
 * The title's charge slot for this request, answering the txid to send (a stale slot taken over
 * keeps its own). Held by another request, or the title charged meanwhile: refused as a title with
 * an active charge, naming that charge's txid (or the one being charged).
 */
async function takeSlot(
  db: Db,
  companyId: number,
  titleId: number,
  integrationId: number,
  txId: string,
): Promise<string> {
  for (let attempt = 0; attempt < SLOT_TRIES; attempt++) {
    const slot = await takeChargeSlot(
      db,
      companyId,
      { titleId, integrationId, txId },
      ACTIVE,
      CHARGE_SLOT_LEASE_SECONDS,
    );
    if (slot) return slot.txId;
    const holder =
      (await activeChargeOf(db, companyId, titleId, ACTIVE)) ?? (await chargeSlotOf(db, companyId, titleId));
    if (holder) throw badRequest(M.chargeActive(holder.txId));
  }
  throw badRequest(M.chargeActive(txId));
}

/** The charges of a live receivable title, newest first. */
export async function listPixCharges(db: Db, companyId: number, titleId: number): Promise<PixChargeRow[]> {
  const title = await receivableTitle(db, companyId, titleId);
  return chargesOfTitle(db, companyId, title.id);
}
