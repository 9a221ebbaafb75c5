import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Cents } from "../../../lib/money";
import { centsOfDecimal } from "../../nfe/decimals";
import type { DanfeAddress, DanfeItem, DanfeParty, DanfeView, DanfeVolume } from "./view";

/**
 * Reads a stored `nfeProc` (the NF-e with its authorization protocol, layout 4.00, model 55 or 65)
 * into the DANFE's view model: what the auxiliary documents print (the A4 DANFE here; the NFC-e's
 * 80 mm DANFE later), in the layout's own texts and integer cents, nothing formatted yet. Every
 * field the layout makes optional stays optional; a document that is not XML, not an `nfeProc`, or
 * lacks what every DANFE prints (the key, number, issuer, protocol) is refused with a `DanfeError`.
 */

/** Why a document cannot be printed: the route answers `malformed_xml`/`invalid` 400, `not_nfe_proc` 409. */
export type DanfeErrorCode = "malformed_xml" | "not_nfe_proc" | "invalid";

export class DanfeError extends Error {
  constructor(
    readonly code: DanfeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "DanfeError";
  }
}

export const DANFE_MALFORMED_XML = "O documento não é um XML bem formado";
export const DANFE_NOT_NFE_PROC =
  "O documento não é uma NF-e autorizada (nfeProc com NFe e protNFe, versão 4.00)";
export const DANFE_NOT_AUTHORIZED =
  "O nfeProc não traz uma autorização de uso (protNFe com cStat 100 ou 150 e nProt)";
export const danfeFieldMissing = (path: string) => `O nfeProc não tem o campo obrigatório ${path}`;
export const danfeFieldInvalid = (path: string, value: string) =>
  `O campo ${path} do nfeProc tem um valor inválido: ${value.slice(0, 60)}`;

type Node = { [name: string]: unknown };

/** Elements that repeat in the layout, always read as arrays. */
const REPEATED = new Set(["det", "dup", "detPag", "vol", "reboque", "obsCont", "obsFisco", "NFref"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  // every value stays text: codes keep their leading zeros, amounts their digits
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  processEntities: true,
  stopNodes: ["*.Signature"],
  isArray: (name) => REPEATED.has(name),
});

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string | undefined => {
  if (typeof value === "string") return value;
  if (isNode(value)) return typeof value["#text"] === "string" ? value["#text"] : "";
  return undefined;
};

function child(node: Node, name: string, path: string): Node {
  const value = node[name];
  if (!isNode(value)) throw new DanfeError("invalid", danfeFieldMissing(`${path}/${name}`));
  return value;
}

const optionalChild = (node: Node | undefined, name: string): Node | undefined => {
  const value = node?.[name];
  return isNode(value) ? value : undefined;
};

function text(node: Node, name: string, path: string): string {
  const value = textOf(node[name]);
  if (value === undefined || value === "")
    throw new DanfeError("invalid", danfeFieldMissing(`${path}/${name}`));
  return value;
}

const optionalText = (node: Node | undefined, name: string): string | null => {
  const value = node ? textOf(node[name]) : undefined;
  return value === undefined || value === "" ? null : value;
};

function cents(node: Node, name: string, path: string): Cents {
  const value = text(node, name, path);
  const parsed = centsOfDecimal(value);
  if (parsed === null) throw new DanfeError("invalid", danfeFieldInvalid(`${path}/${name}`, value));
  return parsed;
}

function optionalCents(node: Node | undefined, name: string, path: string): Cents | null {
  const value = optionalText(node, name);
  if (value === null) return null;
  const parsed = centsOfDecimal(value);
  if (parsed === null) throw new DanfeError("invalid", danfeFieldInvalid(`${path}/${name}`, value));
  return parsed;
}

/** A decimal text as the layout writes it (`10.0000`), checked, kept as text for display. */
function decimalText(node: Node, name: string, path: string): string {
  const value = text(node, name, path);
  if (!/^\d{1,15}(\.\d{1,10})?$/.test(value))
    throw new DanfeError("invalid", danfeFieldInvalid(`${path}/${name}`, value));
  return value;
}

const optionalDecimalText = (node: Node | undefined, name: string): string | null => {
  const value = optionalText(node, name);
  return value !== null && /^\d{1,15}(\.\d{1,10})?$/.test(value) ? value : null;
};

const list = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);

function address(node: Node | undefined): DanfeAddress | null {
  if (!node) return null;
  return {
    street: optionalText(node, "xLgr") ?? "",
    number: optionalText(node, "nro") ?? "",
    complement: optionalText(node, "xCpl"),
    district: optionalText(node, "xBairro") ?? "",
    cityCode: optionalText(node, "cMun"),
    city: optionalText(node, "xMun") ?? "",
    uf: optionalText(node, "UF") ?? "",
    zipCode: optionalText(node, "CEP"),
    phone: optionalText(node, "fone"),
  };
}

const documentOf = (node: Node) =>
  optionalText(node, "CNPJ") ?? optionalText(node, "CPF") ?? optionalText(node, "idEstrangeiro");

/** The single child group of a choice (`ICMS/ICMS00`, `IPI/IPITrib`...), if any. */
function groupOf(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  for (const [name, value] of Object.entries(node)) if (!name.startsWith("@") && isNode(value)) return value;
  return undefined;
}

function item(det: Node, index: number): DanfeItem {
  const path = `det[${index + 1}]`;
  const prod = child(det, "prod", path);
  const tax = optionalChild(det, "imposto");
  const icms = groupOf(optionalChild(tax, "ICMS"));
  const ipiGroup = optionalChild(tax, "IPI");
  const ipi = optionalChild(ipiGroup, "IPITrib");
  const ibsCbs = optionalChild(tax, "IBSCBS");
  const gIbsCbs = optionalChild(ibsCbs, "gIBSCBS");
  const origin = optionalText(icms, "orig") ?? "";
  const cst = optionalText(icms, "CST") ?? optionalText(icms, "CSOSN") ?? "";
  return {
    number: Number(optionalText(det, "@nItem") ?? index + 1),
    code: text(prod, "cProd", `${path}/prod`),
    description: text(prod, "xProd", `${path}/prod`),
    gtin: optionalText(prod, "cEAN"),
    ncm: optionalText(prod, "NCM") ?? "",
    cest: optionalText(prod, "CEST"),
    cst: `${origin}${cst}`,
    cfop: optionalText(prod, "CFOP") ?? "",
    unit: optionalText(prod, "uCom") ?? "",
    quantity: decimalText(prod, "qCom", `${path}/prod`),
    unitValue: decimalText(prod, "vUnCom", `${path}/prod`),
    total: cents(prod, "vProd", `${path}/prod`),
    discount: optionalCents(prod, "vDesc", `${path}/prod`) ?? 0,
    icmsBase: optionalCents(icms, "vBC", `${path}/imposto/ICMS`) ?? 0,
    icmsValue: optionalCents(icms, "vICMS", `${path}/imposto/ICMS`) ?? 0,
    icmsRate: optionalDecimalText(icms, "pICMS"),
    ipiValue: optionalCents(ipi, "vIPI", `${path}/imposto/IPI`) ?? 0,
    ipiRate: optionalDecimalText(ipi, "pIPI"),
    ibsCbs: ibsCbs
      ? {
          cst: optionalText(ibsCbs, "CST") ?? "",
          classTrib: optionalText(ibsCbs, "cClassTrib") ?? "",
          base: optionalCents(gIbsCbs, "vBC", `${path}/imposto/IBSCBS/gIBSCBS`) ?? 0,
          ibs: optionalCents(gIbsCbs, "vIBS", `${path}/imposto/IBSCBS/gIBSCBS`) ?? 0,
          cbs: optionalCents(optionalChild(gIbsCbs, "gCBS"), "vCBS", `${path}/imposto/IBSCBS/gCBS`) ?? 0,
        }
      : null,
    additionalInfo: optionalText(det, "infAdProd"),
  };
}

function party(node: Node | undefined): DanfeParty | null {
  if (!node) return null;
  return {
    name: optionalText(node, "xNome") ?? "",
    tradeName: optionalText(node, "xFant"),
    document: documentOf(node),
    stateRegistration: optionalText(node, "IE"),
    address: address(optionalChild(node, "enderEmit") ?? optionalChild(node, "enderDest")),
    email: optionalText(node, "email"),
  };
}

function volumes(transp: Node | undefined): DanfeVolume[] {
  return list(transp?.vol).map((vol) => ({
    quantity: optionalText(vol, "qVol"),
    species: optionalText(vol, "esp"),
    brand: optionalText(vol, "marca"),
    numbering: optionalText(vol, "nVol"),
    grossKg: optionalDecimalText(vol, "pesoB"),
    netKg: optionalDecimalText(vol, "pesoL"),
  }));
}

function parseDocument(xml: string): Node {
  if (typeof xml !== "string" || xml.trim() === "" || XMLValidator.validate(xml) !== true)
    throw new DanfeError("malformed_xml", DANFE_MALFORMED_XML);
  try {
    return parser.parse(xml) as Node;
  } catch {
    throw new DanfeError("malformed_xml", DANFE_MALFORMED_XML);
  }
}

/** The `nfeProc`'s NFe and infProt, or null when `root` is not one. */
function procOf(root: Node): { nfe: Node; prot: Node } | null {
  const proc = root.nfeProc;
  if (!isNode(proc) || !isNode(proc.NFe) || !isNode(proc.protNFe)) return null;
  const prot = proc.protNFe.infProt;
  return isNode(prot) ? { nfe: proc.NFe, prot } : null;
}

/** Reads `xml` (an `nfeProc`) into the DANFE's view; throws `DanfeError` when it cannot. */
export function readDanfe(xml: string): DanfeView {
  const proc = procOf(parseDocument(xml));
  if (!proc) throw new DanfeError("not_nfe_proc", DANFE_NOT_NFE_PROC);
  const view = readNote(proc.nfe, proc.prot);
  if (view.protocol === null) throw new DanfeError("not_nfe_proc", DANFE_NOT_AUTHORIZED);
  return { ...view, protocol: view.protocol };
}

/** The NFC-e's view: its protocol is null while an offline note (tpEmis 9) waits to be transmitted. */
export type DanfeNfceView = Omit<DanfeView, "protocol"> & { protocol: DanfeView["protocol"] | null };

export const DANFE_NOT_NFCE = "O documento não é uma NFC-e (modelo 65)";
export const DANFE_NFCE_NOT_OFFLINE =
  "Uma NFC-e sem protocolo de autorização só tem DANFE quando emitida em contingência off-line (tpEmis 9)";

/**
 * Reads an NFC-e (model 65) for its DANFE: an authorized `nfeProc`, or the signed `NFe` alone of a
 * note issued in offline contingency (tpEmis 9) not yet transmitted, printed "pendente de
 * autorização". Throws `DanfeError` when it cannot.
 */
export function readDanfeNfce(xml: string): DanfeNfceView {
  const root = parseDocument(xml);
  const proc = procOf(root);
  let view: DanfeNfceView;
  if (proc) {
    view = readNote(proc.nfe, proc.prot);
    if (view.protocol === null) throw new DanfeError("not_nfe_proc", DANFE_NOT_AUTHORIZED);
  } else if (isNode(root.NFe)) {
    view = readNote(root.NFe, null);
    if (view.model === 65 && view.emissionType !== "9")
      throw new DanfeError("not_nfe_proc", DANFE_NFCE_NOT_OFFLINE);
  } else throw new DanfeError("not_nfe_proc", DANFE_NOT_NFE_PROC);
  if (view.model !== 65) throw new DanfeError("invalid", DANFE_NOT_NFCE);
  return view;
}

/** The view of an NFe (its `infNFe`, `infNFeSupl`) and its protocol's infProt, if any. */
function readNote(nfe: Node, prot: Node | null): DanfeNfceView {
  const inf = nfe.infNFe;
  if (!isNode(inf)) throw new DanfeError("not_nfe_proc", DANFE_NOT_NFE_PROC);
  if (optionalText(inf, "@versao") !== "4.00") throw new DanfeError("not_nfe_proc", DANFE_NOT_NFE_PROC);

  const id = text(inf, "@Id", "infNFe");
  const accessKey = id.replace(/^NFe/, "");
  if (!/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(accessKey))
    throw new DanfeError("invalid", danfeFieldInvalid("infNFe/@Id", id));
  const ide = child(inf, "ide", "infNFe");
  const model = text(ide, "mod", "ide");
  if (model !== "55" && model !== "65") throw new DanfeError("invalid", danfeFieldInvalid("ide/mod", model));
  const environment = text(ide, "tpAmb", "ide");
  if (environment !== "1" && environment !== "2")
    throw new DanfeError("invalid", danfeFieldInvalid("ide/tpAmb", environment));
  const number = Number(text(ide, "nNF", "ide"));
  const series = Number(text(ide, "serie", "ide"));
  if (!Number.isSafeInteger(number) || !Number.isSafeInteger(series))
    throw new DanfeError("invalid", danfeFieldInvalid("ide/nNF", String(ide.nNF)));
  const emit = child(inf, "emit", "infNFe");
  const dest = optionalChild(inf, "dest");
  const total = child(inf, "total", "infNFe");
  const icmsTot = child(total, "ICMSTot", "total");
  const ibsCbsTot = optionalChild(total, "IBSCBSTot");
  const gIbs = optionalChild(ibsCbsTot, "gIBS");
  const transp = optionalChild(inf, "transp");
  const transporta = optionalChild(transp, "transporta");
  const vehicle = optionalChild(transp, "veicTransp");
  const cobr = optionalChild(inf, "cobr");
  const fat = optionalChild(cobr, "fat");
  const pag = optionalChild(inf, "pag");
  const infAdic = optionalChild(inf, "infAdic");
  const supl = optionalChild(nfe, "infNFeSupl");
  const dets = list(inf.det);
  if (dets.length === 0) throw new DanfeError("invalid", danfeFieldMissing("infNFe/det"));
  const t = (name: string) => cents(icmsTot, name, "total/ICMSTot");
  const ot = (name: string) => optionalCents(icmsTot, name, "total/ICMSTot") ?? 0;

  // 100 authorized, 150 authorized out of time: a denied or rejected note has no DANFE
  const status = prot ? optionalText(prot, "cStat") : null;
  const protocolNumber = prot ? optionalText(prot, "nProt") : null;
  if (prot && ((status !== "100" && status !== "150") || protocolNumber === null))
    throw new DanfeError("not_nfe_proc", DANFE_NOT_AUTHORIZED);
  return {
    accessKey,
    model: model === "55" ? 55 : 65,
    environment: environment === "1" ? 1 : 2,
    entryExit: optionalText(ide, "tpNF") === "0" ? 0 : 1,
    number,
    series,
    issuedAt: text(ide, "dhEmi", "ide"),
    exitAt: optionalText(ide, "dhSaiEnt"),
    natOp: text(ide, "natOp", "ide"),
    emissionType: optionalText(ide, "tpEmis") ?? "1",
    contingency:
      optionalText(ide, "dhCont") === null
        ? null
        : { at: optionalText(ide, "dhCont")!, reason: optionalText(ide, "xJust") ?? "" },
    protocol:
      prot && status !== null && protocolNumber !== null
        ? {
            number: protocolNumber,
            receivedAt: optionalText(prot, "dhRecbto") ?? "",
            status,
            reason: optionalText(prot, "xMotivo") ?? "",
          }
        : null,
    issuer: {
      ...party(emit)!,
      document: documentOf(emit) ?? "",
      stStateRegistration: optionalText(emit, "IEST"),
      municipalRegistration: optionalText(emit, "IM"),
      taxRegime: optionalText(emit, "CRT"),
    },
    recipient: party(dest),
    invoice: fat
      ? {
          number: optionalText(fat, "nFat"),
          original: optionalCents(fat, "vOrig", "cobr/fat"),
          discount: optionalCents(fat, "vDesc", "cobr/fat"),
          net: optionalCents(fat, "vLiq", "cobr/fat"),
        }
      : null,
    installments: list(cobr?.dup).map((dup) => ({
      number: optionalText(dup, "nDup") ?? "",
      dueDate: optionalText(dup, "dVenc") ?? "",
      value: cents(dup, "vDup", "cobr/dup"),
    })),
    payments: list(pag?.detPag).map((detPag) => ({
      type: optionalText(detPag, "tPag") ?? "",
      description: optionalText(detPag, "xPag"),
      value: cents(detPag, "vPag", "pag/detPag"),
    })),
    change: optionalCents(pag, "vTroco", "pag") ?? 0,
    totals: {
      icmsBase: t("vBC"),
      icms: t("vICMS"),
      icmsExempt: ot("vICMSDeson"),
      fcp: ot("vFCP"),
      icmsStBase: t("vBCST"),
      icmsSt: t("vST"),
      products: t("vProd"),
      freight: t("vFrete"),
      insurance: t("vSeg"),
      discount: t("vDesc"),
      other: t("vOutro"),
      ipi: t("vIPI"),
      pis: ot("vPIS"),
      cofins: ot("vCOFINS"),
      approximateTaxes: optionalCents(icmsTot, "vTotTrib", "total/ICMSTot"),
      total: t("vNF"),
      ibsCbs: ibsCbsTot
        ? {
            base: cents(ibsCbsTot, "vBCIBSCBS", "total/IBSCBSTot"),
            ibsUf: optionalCents(optionalChild(gIbs, "gIBSUF"), "vIBSUF", "total/IBSCBSTot/gIBS/gIBSUF") ?? 0,
            ibsMun:
              optionalCents(optionalChild(gIbs, "gIBSMun"), "vIBSMun", "total/IBSCBSTot/gIBS/gIBSMun") ?? 0,
            ibs: optionalCents(gIbs, "vIBS", "total/IBSCBSTot/gIBS") ?? 0,
            cbs: optionalCents(optionalChild(ibsCbsTot, "gCBS"), "vCBS", "total/IBSCBSTot/gCBS") ?? 0,
          }
        : null,
      totalWithIbsCbs: optionalCents(total, "vNFTot", "total"),
    },
    transport: {
      freightBy: optionalText(transp, "modFrete") ?? "9",
      carrier: transporta
        ? {
            name: optionalText(transporta, "xNome") ?? "",
            document: documentOf(transporta),
            stateRegistration: optionalText(transporta, "IE"),
            address: optionalText(transporta, "xEnder"),
            city: optionalText(transporta, "xMun"),
            uf: optionalText(transporta, "UF"),
          }
        : null,
      vehicle: vehicle
        ? {
            plate: optionalText(vehicle, "placa") ?? "",
            uf: optionalText(vehicle, "UF"),
            rntc: optionalText(vehicle, "RNTC"),
          }
        : null,
      volumes: volumes(transp),
    },
    items: dets.map(item),
    additionalInfo: optionalText(infAdic, "infCpl"),
    fiscoInfo: optionalText(infAdic, "infAdFisco"),
    qrCode: optionalText(supl, "qrCode"),
    consultUrl: optionalText(supl, "urlChave"),
  };
}
