// The service's own limits, as service-api.md §8 and public-reference.md state them:
// defined once here, used by the client (pagination, pacing) and the sandbox alike.

/** Records per page on every list (service-api.md §8.1). */
export const PAGE_SIZE = 25;

/** Requests per sliding minute for the whole account (public-reference.md; 429 with Retry-After past it). */
export const RATE_LIMIT = 100;

/** The window the account's requests are counted in (public-reference.md: one minute). */
export const RATE_WINDOW_MS = 60_000;
