import { createRouter } from "../../http/router";
import { issueNFeBatch, issueNFeBatchRoute, issueOrderNFe, issueOrderNFeRoute } from "./issue";
import {
  getNFe,
  getNFeDanfe,
  getNFeDanfeRoute,
  getNFeRoute,
  getNFeXml,
  getNFeXmlRoute,
  listNFe,
  listNFeRoute,
} from "./read";
import { nfeStatus, nfeStatusRoute } from "./status";
import { transmitNFe, transmitNFeRoute } from "./transmit";

/** `/nfe` and `/orders/{idorder}/nfe`: the NF-e this service issues (static paths before `{idnfe}`). */
export const nfeRouter = createRouter()
  .openapi(issueOrderNFeRoute, issueOrderNFe)
  .openapi(issueNFeBatchRoute, issueNFeBatch)
  .openapi(listNFeRoute, listNFe)
  .openapi(nfeStatusRoute, nfeStatus)
  .openapi(getNFeRoute, getNFe)
  .openapi(getNFeXmlRoute, getNFeXml)
  .openapi(getNFeDanfeRoute, getNFeDanfe)
  .openapi(transmitNFeRoute, transmitNFe);
