import type { XmlElement, XmlNode } from "../../lib/xmldsig";
import { EmissionDraftError } from "./errors";

/**
 * The sums of an NF-e that the XSD cannot check, checked on the built `infNFe` itself (the text
 * that will be signed, read back): a wrong total is refused here rather than by SEFAZ.
 * - ICMSTot: vProd, vDesc, vFrete, vBC, vICMS, vIPI, vPIS, vCOFINS are the sums of the items';
 * - vNF = vProd - vDesc - vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol;
 * - IBSCBSTot: vBCIBSCBS, vIBSUF, vIBSMun, vCBS are the sums of the items'; vIBS = vIBSUF + vIBSMun;
 *   vNFTot = vNF (2026) or vNF + vIBS + vCBS (from 2027);
 * - cobr: vLiq = vOrig - vDesc = the sum of vDup;
 * - pag: the sum of vPag is at least vNF (model 55) and the change is what exceeds it
 *   (vTroco = sum - vNF when vTroco is written; model 65 always).
 */

const isElement = (node: XmlNode | undefined): node is XmlElement =>
  typeof node === "object" && node !== null;
const children = (node: XmlElement, name: string) =>
  node.children.filter((child): child is XmlElement => isElement(child) && child.name === name);
const child = (node: XmlElement | null | undefined, name: string): XmlElement | null =>
  node ? (children(node, name)[0] ?? null) : null;

/** The first descendant named `name` (depth first). */
function find(node: XmlElement, name: string): XmlElement | null {
  for (const c of node.children) {
    if (!isElement(c)) continue;
    if (c.name === name) return c;
    const found = find(c, name);
    if (found) return found;
  }
  return null;
}

/** A decimal text read back as an integer of `decimals` places (cents for 2). */
function decimalOf(node: XmlElement | null, decimals = 2): number {
  if (!node) return 0;
  const text = node.children.join("");
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new EmissionDraftError(`${node.name}: valor "${text}" não é um decimal`);
  const fraction = (match[2] ?? "").padEnd(decimals, "0");
  if (fraction.length > decimals)
    throw new EmissionDraftError(`${node.name}: casas decimais demais ("${text}")`);
  return Number(match[1]) * 10 ** decimals + Number(fraction || "0");
}

const reais = (cents: number) => `${(cents / 100).toFixed(2)}`;

export type SumsContext = { model: 55 | 65; emitIbsCbs: boolean; ibsCbsTestYear: boolean };

export function checkNFeSums(infNFe: XmlElement, context: SumsContext): void {
  const problems: string[] = [];
  const expect = (what: string, written: number, computed: number) => {
    if (written !== computed) problems.push(`${what}: escrito ${reais(written)}, soma ${reais(computed)}`);
  };
  const dets = children(infNFe, "det");
  const sum = (path: (det: XmlElement) => XmlElement | null) =>
    dets.reduce((total, det) => total + decimalOf(path(det)), 0);
  const prod = (det: XmlElement) => child(det, "prod");
  const imposto = (det: XmlElement) => child(det, "imposto");
  const icmsInner = (det: XmlElement) => child(imposto(det), "ICMS")?.children.find(isElement) ?? null;
  const total = child(infNFe, "total");
  const tot = child(total, "ICMSTot");
  if (!tot) throw new EmissionDraftError("total/ICMSTot ausente");
  const t = (name: string) => decimalOf(child(tot, name));

  // quantity x unit value = vProd per item (SEFAZ rule 629)
  for (const det of dets) {
    const p = prod(det)!;
    const q = decimalOf(child(p, "qCom"), 4);
    const unitText = child(p, "vUnCom")!.children.join("");
    const [whole, fraction = ""] = unitText.split(".");
    const unit = BigInt(whole! + fraction.padEnd(10, "0"));
    // q (1e-4) x unit (1e-10) = 1e-14 reais = 1e-12 cents
    const gross = Number((BigInt(q) * unit + 500_000_000_000n) / 1_000_000_000_000n);
    expect(`item ${det.attributes.nItem}: qCom x vUnCom`, decimalOf(child(p, "vProd")), gross);
  }
  expect(
    "total/ICMSTot/vProd",
    t("vProd"),
    sum((d) => child(prod(d), "vProd")),
  );
  expect(
    "total/ICMSTot/vDesc",
    t("vDesc"),
    sum((d) => child(prod(d), "vDesc")),
  );
  expect(
    "total/ICMSTot/vFrete",
    t("vFrete"),
    sum((d) => child(prod(d), "vFrete")),
  );
  expect(
    "total/ICMSTot/vBC",
    t("vBC"),
    sum((d) => child(icmsInner(d), "vBC")),
  );
  expect(
    "total/ICMSTot/vICMS",
    t("vICMS"),
    sum((d) => child(icmsInner(d), "vICMS")),
  );
  expect(
    "total/ICMSTot/vIPI",
    t("vIPI"),
    sum((d) => find(child(imposto(d), "IPI") ?? imposto(d)!, "vIPI")),
  );
  expect(
    "total/ICMSTot/vPIS",
    t("vPIS"),
    sum((d) => find(child(imposto(d), "PIS") ?? imposto(d)!, "vPIS")),
  );
  expect(
    "total/ICMSTot/vCOFINS",
    t("vCOFINS"),
    sum((d) => find(child(imposto(d), "COFINS") ?? imposto(d)!, "vCOFINS")),
  );
  const vNF =
    t("vProd") -
    t("vDesc") -
    t("vICMSDeson") +
    t("vST") +
    t("vFCPST") +
    t("vFrete") +
    t("vSeg") +
    t("vOutro") +
    t("vII") +
    t("vIPI") +
    t("vIPIDevol");
  expect("total/ICMSTot/vNF", t("vNF"), vNF);

  const ibsTot = child(total, "IBSCBSTot");
  if (context.emitIbsCbs !== (ibsTot !== null))
    problems.push("total/IBSCBSTot: presente sem IBS/CBS nos itens, ou ausente com eles");
  if (ibsTot) {
    const ibsOf = (d: XmlElement) => child(child(imposto(d), "IBSCBS"), "gIBSCBS");
    const gIBS = child(ibsTot, "gIBS");
    const vIBSUF = decimalOf(child(child(gIBS, "gIBSUF"), "vIBSUF"));
    const vIBSMun = decimalOf(child(child(gIBS, "gIBSMun"), "vIBSMun"));
    const vCBS = decimalOf(child(child(ibsTot, "gCBS"), "vCBS"));
    expect(
      "IBSCBSTot/vBCIBSCBS",
      decimalOf(child(ibsTot, "vBCIBSCBS")),
      sum((d) => child(ibsOf(d), "vBC")),
    );
    expect(
      "IBSCBSTot/gIBSUF/vIBSUF",
      vIBSUF,
      sum((d) => child(child(ibsOf(d), "gIBSUF"), "vIBSUF")),
    );
    expect(
      "IBSCBSTot/gIBSMun/vIBSMun",
      vIBSMun,
      sum((d) => child(child(ibsOf(d), "gIBSMun"), "vIBSMun")),
    );
    expect("IBSCBSTot/gIBS/vIBS", decimalOf(child(gIBS, "vIBS")), vIBSUF + vIBSMun);
    expect(
      "IBSCBSTot/gIBS/vIBS (itens)",
      decimalOf(child(gIBS, "vIBS")),
      sum((d) => child(ibsOf(d), "vIBS")),
    );
    expect(
      "IBSCBSTot/gCBS/vCBS",
      vCBS,
      sum((d) => child(child(ibsOf(d), "gCBS"), "vCBS")),
    );
    const vNFTot = child(total, "vNFTot");
    if (!vNFTot) problems.push("total/vNFTot: obrigatório com IBSCBSTot");
    else
      expect(
        "total/vNFTot",
        decimalOf(vNFTot),
        t("vNF") + (context.ibsCbsTestYear ? 0 : vIBSUF + vIBSMun + vCBS),
      );
  }

  const cobr = child(infNFe, "cobr");
  if (cobr) {
    const fat = child(cobr, "fat");
    const dups = children(cobr, "dup").reduce((total, dup) => total + decimalOf(child(dup, "vDup")), 0);
    if (fat) {
      const vLiq = decimalOf(child(fat, "vLiq"));
      expect("cobr/fat/vLiq", vLiq, decimalOf(child(fat, "vOrig")) - decimalOf(child(fat, "vDesc")));
      expect("cobr/dup (soma de vDup) e fat/vLiq", dups, vLiq);
    }
    if (dups > t("vNF"))
      problems.push(`cobr: duplicatas (${reais(dups)}) acima do valor da nota (${reais(t("vNF"))})`);
  }

  const pag = child(infNFe, "pag");
  if (!pag) throw new EmissionDraftError("pag ausente");
  const paid = children(pag, "detPag").reduce((total, det) => total + decimalOf(child(det, "vPag")), 0);
  const change = decimalOf(child(pag, "vTroco"));
  if (paid < t("vNF"))
    problems.push(`pag: pagamentos (${reais(paid)}) abaixo do valor da nota (vNF ${reais(t("vNF"))})`);
  else if (change > 0 || context.model === 65)
    expect("pag/vTroco (pagamentos - vNF)", change, paid - t("vNF"));

  if (problems.length > 0)
    throw new EmissionDraftError(`Totais da NF-e não conferem: ${problems.join("; ")}`);
}
