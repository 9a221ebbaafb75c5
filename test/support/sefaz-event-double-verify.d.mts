/** Whether the document's first Signature verifies against `certificatePem` (xml-crypto). */
export function independentlyVerified(xml: string, certificatePem: string): boolean;
