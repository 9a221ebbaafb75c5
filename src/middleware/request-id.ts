import { requestId } from "hono/request-id";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The request id, answered in `X-Request-Id` on every response and written on every log line of
 * the request. A client may send its own (up to 64 letters, digits, `_`, `-`, `=`) to correlate
 * its logs with ours; anything else is replaced by a fresh UUID.
 */
export const requestIds = requestId({ headerName: REQUEST_ID_HEADER, limitLength: 64 });
