import type { JobHandler } from "../../domain/jobs/job-context";
import { importNfe } from "../../domain/nfe/import-job";

/** `NFeXML`: one NF-e XML file becomes a stored NF-e, its supplier and its purchase (domain/nfe/import-job). */
export const nfeXmlHandler: JobHandler = importNfe;
