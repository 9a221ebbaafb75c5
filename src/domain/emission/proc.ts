import { NFE_NAMESPACE, NFE_VERSION } from "./build";
import { bareXml } from "./sign";

/**
 * The `nfeProc` 4.00 kept as the legal document: the signed NF-e followed by SEFAZ's `protNFe` as
 * SEFAZ sent it (only an XML declaration before it is dropped). Both keep their text byte for byte,
 * so the note's signature and the protocol's `digVal` still match.
 */
export function nfeProcXml(signedNFeXml: string, protNFeXml: string): string {
  const nfe = bareXml(signedNFeXml, "NFe");
  const prot = bareXml(protNFeXml, "protNFe");
  return `<nfeProc xmlns="${NFE_NAMESPACE}" versao="${NFE_VERSION}">${nfe}${prot}</nfeProc>`;
}
