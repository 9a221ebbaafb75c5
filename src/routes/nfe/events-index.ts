import { createRouter } from "../../http/router";
import { cancelNFe, cancelNFeRoute } from "./cancel";
import { correctNFe, correctNFeRoute } from "./correction";
import { nfeGaps, nfeGapsRoute } from "./gaps";
import { voidNFeNumbers, voidNFeNumbersRoute } from "./void";

/**
 * The issuer's events on its NF-e and its numbers: cancellation, CC-e, voiding, gaps. Mounted before
 * the notes' own routes: `/nfe/gaps` and `/nfe/void` are static paths `/nfe/{idnfe}` would also match.
 */
export const nfeEventsRouter = createRouter()
  .openapi(nfeGapsRoute, nfeGaps)
  .openapi(voidNFeNumbersRoute, voidNFeNumbers)
  .openapi(cancelNFeRoute, cancelNFe)
  .openapi(correctNFeRoute, correctNFe);
