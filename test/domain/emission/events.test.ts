import { describe, expect, it } from "vitest";
import { EmissionDraftError } from "../../../src/domain/emission/errors";
import {
  CORRECTION_CONDITIONS,
  envEventoXml,
  procEventoXml,
  signNFeEvent,
} from "../../../src/domain/emission/events-xml";
import { procInutXml, signVoid, voidId } from "../../../src/domain/emission/void-xml";
import { importSigningKey } from "../../../src/lib/xmldsig";
import { testCertificatePem, testKeyPem, validateXsd } from "../../support/nfe-xsd";
import { independentlyVerified } from "../../support/sefaz-event-double-verify.mjs";

const certificatePem = testCertificatePem();
const signer = async () => ({ key: await importSigningKey(testKeyPem()), certificatePem });
const KEY = "35261111222333000181550010000012341503618421";
const CNPJ = "11222333000181";

/** A retEvento as the event schemas describe SEFAZ's answer (135: registered and linked to the note). */
const retEvento = (type: number, sequence: number) =>
  `<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${KEY}</chNFe><tpEvento>${type}</tpEvento><xEvento>${type === 110111 ? "Cancelamento" : "Carta de Correcao"}</xEvento><nSeqEvento>${sequence}</nSeqEvento><dhRegEvento>2026-11-26T11:00:02-03:00</dhRegEvento><nProt>135260000012399</nProt></infEvento></retEvento>`;

describe("NF-e events", () => {
  it("cancellation (110111): envEvento and procEventoNFe valid, signature verified, cOrgao from the key", async () => {
    const evento = await signNFeEvent(
      {
        accessKey: KEY,
        cnpj: CNPJ,
        environment: 2,
        type: 110111,
        sequence: 1,
        at: "2026-11-26T11:00:00-03:00",
        protocol: "135260000012345",
        text: "  Pedido cancelado\npelo cliente — desistência  ",
      },
      await signer(),
    );
    expect(evento).toContain(`<infEvento Id="ID110111${KEY}01"><cOrgao>35</cOrgao>`);
    expect(evento).toContain(
      '<detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135260000012345</nProt><xJust>Pedido cancelado pelo cliente - desistência</xJust></detEvento>',
    );
    expect(independentlyVerified(evento, certificatePem)).toBe(true);
    const lot = envEventoXml("7", evento);
    expect(validateXsd(lot, "envEventoCancNFe_v1.00.xsd")).toMatchObject({ ok: true });
    expect(independentlyVerified(lot, certificatePem)).toBe(true);
    const proc = procEventoXml(evento, retEvento(110111, 1));
    expect(validateXsd(proc, "procEventoCancNFe_v1.00.xsd")).toMatchObject({ ok: true });
    expect(independentlyVerified(proc, certificatePem)).toBe(true);
  });

  it("CC-e (110110): the correction with the layout's fixed xCondUso, sequence 3", async () => {
    const evento = await signNFeEvent(
      {
        accessKey: KEY,
        cnpj: CNPJ,
        environment: 2,
        type: 110110,
        sequence: 3,
        at: "2026-11-27T09:30:00-03:00",
        text: "Complemento do endereço de entrega: fundos",
      },
      await signer(),
    );
    expect(evento).toContain(`Id="ID110110${KEY}03"`);
    expect(evento).toContain(`<xCondUso>${CORRECTION_CONDITIONS}</xCondUso>`);
    const lot = envEventoXml("8", evento);
    expect(validateXsd(lot, "envCCe_v1.00.xsd")).toMatchObject({ ok: true });
    expect(independentlyVerified(lot, certificatePem)).toBe(true);
    const proc = procEventoXml(evento, retEvento(110110, 3));
    expect(validateXsd(proc, "procCCeNFe_v1.00.xsd")).toMatchObject({ ok: true });
  });

  it("refuses a justification shorter than 15 characters once cleaned, and a cancellation without nProt", async () => {
    const base = {
      accessKey: KEY,
      cnpj: CNPJ,
      environment: 2 as const,
      type: 110111 as const,
      sequence: 1,
      at: "2026-11-26T11:00:00-03:00",
      protocol: "135260000012345",
    };
    await expect(signNFeEvent({ ...base, text: " 😀😀 curto\n demais " }, await signer())).rejects.toThrow(
      /xJust deve ter ao menos 15 caracteres/,
    );
    await expect(
      signNFeEvent({ ...base, protocol: undefined, text: "Cancelado pelo cliente" }, await signer()),
    ).rejects.toThrow(EmissionDraftError);
  });
});

describe("inutilização", () => {
  const input = {
    environment: 2 as const,
    uf: "SP",
    year: 2026,
    cnpj: CNPJ,
    model: 55 as const,
    series: 1,
    from: 1235,
    to: 1240,
    justification: "Números pulados por falha do sistema",
  };

  it("Id = ID + cUF + ano + CNPJ + mod + serie(3) + nNFIni(9) + nNFFin(9)", () => {
    expect(voidId(input)).toBe("ID35261122233300018155001000001235000001240");
  });

  it("inutNFe and ProcInutNFe valid, signature verified", async () => {
    const inut = await signVoid(input, await signer());
    expect(validateXsd(inut, "inutNFe_v4.00.xsd")).toMatchObject({ ok: true });
    expect(independentlyVerified(inut, certificatePem)).toBe(true);
    const ret =
      '<retInutNFe versao="4.00"><infInut><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><cStat>102</cStat><xMotivo>Inutilizacao de numero homologado</xMotivo><cUF>35</cUF><ano>26</ano><CNPJ>11222333000181</CNPJ><mod>55</mod><serie>1</serie><nNFIni>1235</nNFIni><nNFFin>1240</nNFFin><dhRecbto>2026-11-26T12:00:00-03:00</dhRecbto><nProt>135260000012400</nProt></infInut></retInutNFe>';
    const proc = procInutXml(`<?xml version="1.0" encoding="UTF-8"?>${inut}`, ret);
    expect(validateXsd(proc, "procInutNFe_v4.00.xsd")).toMatchObject({ ok: true });
    expect(independentlyVerified(proc, certificatePem)).toBe(true);
  });

  it("refuses a range ending before it starts", async () => {
    await expect(signVoid({ ...input, from: 10, to: 9 }, await signer())).rejects.toThrow(
      /faixa de números inválida/,
    );
  });
});
