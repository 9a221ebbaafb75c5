/**
 * The signed NFC-e (model 65): `infNFe` signed as the NF-e's (sign.ts), then `infNFeSupl` (the QR
 * code's text and `urlChave` of the issuer's UF, nfce-qrcode.ts) placed between `infNFe` and the
 * `Signature`, as the layout orders them. The signature covers `infNFe` only (its Reference is
 * `#NFe<key>`), so the supplement, written after signing, does not change it; the offline QR code
 * (tpEmis 9) needs the signed note's total and, in version 2, its DigestValue.
 */
import { canonicalize, element, signEnveloped } from "../../lib/xmldsig";
import type { Uf } from "../company/fiscal-profile";
import { buildNFe, NFE_NAMESPACE } from "./build";
import { EmissionDraftError } from "./errors";
import type { FiscalDocumentDraft } from "./model";
import { NfceQrCodeError, type NfceQrRecipient, nfceSupplement } from "./nfce-qrcode";
import { nfceQrCodeVersion } from "./nfce-urls";
import type { NFeSigner, SignedNFe } from "./sign";

export type Csc = { id: string; code: string } | null;

/** The QR code version of the issuer's UF: the table's, or 2 when the UF asks for it (the CSC then required). */
export const nfceVersionOf = (uf: string): 2 | 3 => nfceQrCodeVersion(uf as Uf);

function recipientOf(draft: FiscalDocumentDraft): NfceQrRecipient | null {
  const document = draft.recipient?.document;
  if (!document) return null;
  return document.length === 11 ? { kind: "cpf", document } : { kind: "cnpj", document };
}

/** Builds, signs and completes the NFC-e with its QR code; `EmissionDraftError` on any refusal. */
export async function signNfce(
  draft: FiscalDocumentDraft,
  signer: NFeSigner,
  csc: Csc,
): Promise<SignedNFe & { qrCode: string }> {
  const built = buildNFe(draft);
  const signature = await signEnveloped({
    target: built.infNFe,
    inheritedNamespace: NFE_NAMESPACE,
    key: signer.key,
    certificatePem: signer.certificatePem,
  });
  const uf = draft.issuer.address.uf as Uf;
  const version = nfceVersionOf(uf);
  const offline = draft.emissionType === 9;
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(canonicalize(signature, NFE_NAMESPACE))?.[1];
  let supplement: Awaited<ReturnType<typeof nfceSupplement>>;
  try {
    supplement = await nfceSupplement({
      uf,
      accessKey: built.accessKey,
      environment: draft.environment,
      version,
      csc: version === 2 ? csc : null,
      ...(offline
        ? {
            offline: {
              issuedAt: draft.issuedAt,
              total: built.totals.vNF,
              recipient: recipientOf(draft),
              ...(digestValue ? { digestValue } : {}),
              signingKey: signer.key,
            },
          }
        : {}),
    });
  } catch (error) {
    if (error instanceof NfceQrCodeError) throw new EmissionDraftError(error.message);
    throw error;
  }
  const nfe = element("NFe", { xmlns: NFE_NAMESPACE }, built.infNFe, supplement.infNFeSupl, signature);
  return {
    accessKey: built.accessKey,
    xml: canonicalize(nfe),
    total: built.totals.vNF,
    qrCode: supplement.qrCode,
  };
}
