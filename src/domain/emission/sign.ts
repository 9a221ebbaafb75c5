import type { Cents } from "../../lib/money";
import { canonicalize, element, signEnveloped } from "../../lib/xmldsig";
import { buildNFe, NFE_NAMESPACE, NFE_VERSION } from "./build";
import { EmissionDraftError } from "./errors";
import type { FiscalDocumentDraft } from "./model";

/** The certificate's key (WebCrypto, RSASSA-PKCS1-v1_5 / SHA-1) and its X.509 certificate (PEM). */
export type NFeSigner = { key: CryptoKey; certificatePem: string };

/** The signed note: its key, `<NFe xmlns=…><infNFe …>…</infNFe><Signature …/></NFe>` (no declaration), vNF. */
export type SignedNFe = { accessKey: string; xml: string; total: Cents };

/**
 * Builds and signs the NF-e: enveloped XML-DSig over `infNFe` (C14N 1.0, RSA-SHA1, Reference
 * `#NFe<key>`), the `Signature` appended inside `NFe` after `infNFe`, as the layout places it.
 * The text is the canonical form, so what SEFAZ digests is byte for byte what was signed.
 */
export async function signNFe(draft: FiscalDocumentDraft, signer: NFeSigner): Promise<SignedNFe> {
  const built = buildNFe(draft);
  const signature = await signEnveloped({
    target: built.infNFe,
    inheritedNamespace: NFE_NAMESPACE,
    key: signer.key,
    certificatePem: signer.certificatePem,
  });
  const nfe = element("NFe", { xmlns: NFE_NAMESPACE }, built.infNFe, signature);
  return { accessKey: built.accessKey, xml: canonicalize(nfe), total: built.totals.vNF };
}

/** idLote (`TIdLote`): 1 to 15 digits. */
export function checkLotId(lotId: string): void {
  if (!/^\d{1,15}$/.test(lotId)) throw new EmissionDraftError("idLote deve ter de 1 a 15 dígitos");
}

/** The text of a signed document without an XML declaration or surrounding blanks. */
export function bareXml(xml: string, root: string): string {
  const text = xml.replace(/^\uFEFF?\s*(<\?xml[^?]*\?>)?\s*/, "").trimEnd();
  if (!new RegExp(`^<([A-Za-z0-9_]+:)?${root}[\\s>]`).test(text))
    throw new EmissionDraftError(`esperado um documento <${root}>`);
  return text;
}

/**
 * `enviNFe` 4.00 for NFeAutorizacao4: one signed NF-e, synchronous (`indSinc` 1, as SEFAZ requires
 * for a single note). The NF-e is inserted as signed (its default namespace is the lot's).
 */
export function enviNFeXml(lotId: string, signedNFeXml: string): string {
  checkLotId(lotId);
  const nfe = bareXml(signedNFeXml, "NFe");
  return `<enviNFe xmlns="${NFE_NAMESPACE}" versao="${NFE_VERSION}"><idLote>${lotId}</idLote><indSinc>1</indSinc>${nfe}</enviNFe>`;
}
