/** Versions the service answers; a path without a version segment is served as 1.0. */
export const KNOWN_VERSIONS = ["1.0", "1.1", "1.4"] as const;
export const DEFAULT_VERSION = "1.0";
