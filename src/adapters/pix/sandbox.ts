/**
 * A PSP in memory that behaves like one for the demo and the local runs: charges created with the
 * company's txid (revised while `ATIVA`, refused once paid, as `PUT /cob/{txid}` says), their BR Code
 * text, and payments: `pay` settles a charge the way a payer's app would, producing a received Pix
 * whose endToEndId has the manual's form (`E` + ISPB + `yyyyMMddHHmm` + 11 characters).
 */
import { dynamicBrCode } from "../../domain/pix/br-code";
import { isTxid, makeEndToEndId } from "../../domain/pix/identifiers";
import type { Cents } from "../../lib/money";
import { chargeBody } from "./charge-body";
import { failed } from "./failures";
import type {
  PixCharge,
  PixChargeRequest,
  PixParty,
  PixPsp,
  PixResult,
  ReceivedPix,
  ReceivedPixPage,
  ReceivedPixQuery,
} from "./types";

export type SandboxPixOptions = {
  /** The receiving company as its BR Codes name it. */
  merchantName: string;
  merchantCity: string;
  /** ISPB of the payers' PSP in the endToEndIds (default `99999999`). */
  payerIspb?: string;
  /** Host of the payload locations (default `pix.sandbox.invalid`). */
  locationHost?: string;
  itemsPerPage?: number;
  now?: () => Date;
  randomBytes?: (count: number) => Uint8Array;
};

const notFound = (txid: string) =>
  failed({
    kind: "refused",
    status: 404,
    problem: {
      type: "https://pix.bcb.gov.br/api/v2/error/CobNaoEncontrado",
      title: "Cobrança não encontrada",
      status: 404,
      detail: `Cobrança não encontrada para o txid ${txid}`,
      violations: [],
    },
  });

const invalidCharge = (reason: string, property: string) =>
  failed({
    kind: "refused",
    status: 400,
    problem: {
      type: "https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida",
      title: "Cobrança inválida.",
      status: 400,
      detail: reason,
      violations: [{ reason, property }],
    },
  });

export class SandboxPixPsp implements PixPsp {
  readonly #charges = new Map<string, PixCharge>();
  readonly #received: ReceivedPix[] = [];
  readonly #options: Required<SandboxPixOptions>;

  constructor(options: SandboxPixOptions) {
    this.#options = {
      payerIspb: "99999999",
      locationHost: "pix.sandbox.invalid",
      itemsPerPage: 100,
      now: () => new Date(),
      randomBytes: (count) => crypto.getRandomValues(new Uint8Array(count)),
      ...options,
    };
  }

  async createCharge(txid: string, charge: PixChargeRequest): Promise<PixResult<PixCharge>> {
    const body = chargeBody(txid, charge);
    if ("field" in body) return failed({ kind: "invalid_request", field: body.field });
    const existing = this.#charges.get(txid);
    if (existing && existing.status !== "ATIVA") {
      return invalidCharge("A cobrança já existe e não está ATIVA", "cob.txid");
    }
    const location =
      existing?.location ?? `${this.#options.locationHost}/qr/v2/${this.#hex(this.#options.randomBytes(16))}`;
    const created: PixCharge = {
      txid,
      revision: existing ? existing.revision + 1 : 0,
      status: "ATIVA",
      createdAt: existing?.createdAt ?? this.#options.now().toISOString(),
      expiresInSeconds: charge.expiresInSeconds,
      amountCents: charge.amountCents,
      key: charge.key,
      debtor: charge.debtor,
      payerRequest: charge.payerRequest,
      location,
      pixCopiaECola: dynamicBrCode({
        location,
        merchantName: this.#options.merchantName,
        merchantCity: this.#options.merchantCity,
      }),
      received: [],
    };
    this.#charges.set(txid, created);
    return { ok: true, value: structuredClone(created) };
  }

  async getCharge(txid: string): Promise<PixResult<PixCharge>> {
    if (!isTxid(txid)) return failed({ kind: "invalid_request", field: "txid" });
    const charge = this.#charges.get(txid);
    return charge ? { ok: true, value: structuredClone(charge) } : notFound(txid);
  }

  async listReceived(query: ReceivedPixQuery & { page: number }): Promise<PixResult<ReceivedPixPage>> {
    if (!(query.start.getTime() <= query.end.getTime())) {
      return failed({ kind: "invalid_request", field: "inicio/fim" });
    }
    if (!Number.isSafeInteger(query.page) || query.page < 0) {
      return failed({ kind: "invalid_request", field: "paginacao.paginaAtual" });
    }
    const inWindow = this.#received.filter((pix) => {
      const at = Date.parse(pix.at);
      return at >= query.start.getTime() && at <= query.end.getTime();
    });
    const size = this.#options.itemsPerPage;
    return {
      ok: true,
      value: {
        pix: structuredClone(inWindow.slice(query.page * size, (query.page + 1) * size)),
        page: query.page,
        pages: Math.max(1, Math.ceil(inWindow.length / size)),
        itemsPerPage: size,
        totalItems: inWindow.length,
      },
    };
  }

  async listAllReceived(query: ReceivedPixQuery): Promise<PixResult<ReceivedPix[]>> {
    const all: ReceivedPix[] = [];
    for (let page = 0; ; page++) {
      const answer = await this.listReceived({ ...query, page });
      if (!answer.ok) return answer;
      all.push(...answer.value.pix);
      if (page + 1 >= answer.value.pages) return { ok: true, value: all };
    }
  }

  /** The payer's app pays the charge in full: the charge is `CONCLUIDA` and the Pix is received. */
  async pay(
    txid: string,
    payer: PixParty | null,
    payerInfo: string | null = null,
  ): Promise<PixResult<ReceivedPix>> {
    const charge = this.#charges.get(txid);
    if (!charge) return notFound(txid);
    const now = this.#options.now();
    if (charge.status !== "ATIVA") return invalidCharge("A cobrança não está ATIVA", "cob.status");
    if (now.getTime() > Date.parse(charge.createdAt) + charge.expiresInSeconds * 1000) {
      return invalidCharge("A cobrança está expirada", "cob.calendario.expiracao");
    }
    const pix = this.#receive(txid, charge.amountCents, payer, payerInfo, now);
    charge.status = "CONCLUIDA";
    charge.received.push(pix);
    return { ok: true, value: structuredClone(pix) };
  }

  /** A Pix sent to the company's key by hand (no charge, no txid). */
  receiveWithoutCharge(
    amountCents: Cents,
    payer: PixParty | null,
    payerInfo: string | null = null,
  ): ReceivedPix {
    return structuredClone(this.#receive(null, amountCents, payer, payerInfo, this.#options.now()));
  }

  #receive(
    txid: string | null,
    amountCents: Cents,
    payer: PixParty | null,
    payerInfo: string | null,
    at: Date,
  ) {
    const pix: ReceivedPix = {
      endToEndId: makeEndToEndId(this.#options.payerIspb, at, this.#options.randomBytes(11)),
      txid,
      amountCents,
      at: at.toISOString(),
      payer,
      payerInfo,
      refunds: [],
    };
    this.#received.push(pix);
    return pix;
  }

  #hex(bytes: Uint8Array): string {
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }
}
