import { z } from "zod";
import { type JobDefinition, noParams } from "../jobs/types";
import { XML_CONTENT_TYPES } from "../uploads/content-types";
import { importNfe } from "./import-job";

/** `NFeXML`: one NF-e XML file becomes a stored NF-e, its supplier and its purchase (import-job). */
export const nfeXmlJob: JobDefinition = {
  description: "NF-e de compra em XML (nfeProc ou NFe, layout 4.00)",
  params: z.object({}),
  handler: importNfe,
  file: { contentTypes: XML_CONTENT_TYPES, routes: ["job"], params: noParams },
};
