/**
 * What issuing uses of the other NF-e pieces, in one place: the XML (build, sign, enviNFe, nfeProc),
 * the SEFAZ authorization client, the DANFE and the certificate store's signer. The job and the routes
 * take these through `EmissionPorts`, so they read as the steps of the issue.
 */
import { authorizationClient } from "../../adapters/sefaz/authorization/client";
import { certificateSigner } from "../certificates/signer";
import { renderDanfe } from "./danfe/render";
import { nfeProcXml } from "./proc";
import { enviNFeXml, signNFe } from "./sign";

export type EmissionPorts = {
  signer: typeof certificateSigner;
  sign: typeof signNFe;
  envelope: typeof enviNFeXml;
  proc: typeof nfeProcXml;
  client: typeof authorizationClient;
  danfe: typeof renderDanfe;
};

export const emissionPorts: EmissionPorts = {
  signer: certificateSigner,
  sign: signNFe,
  envelope: enviNFeXml,
  proc: nfeProcXml,
  client: authorizationClient,
  danfe: renderDanfe,
};
