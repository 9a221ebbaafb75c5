import { createRouter } from "../../http/router";
import { listNfeFeed, listNfeFeedRoute } from "./list";
import { manifestNfe, manifestNfeRoute } from "./manifest";

/** `/purchase/feed`: NF-e addressed to the company and the recipient's manifest events. */
export const purchaseFeedRouter = createRouter()
  .openapi(listNfeFeedRoute, listNfeFeed)
  .openapi(manifestNfeRoute, manifestNfe);
