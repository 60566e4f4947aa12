// The report's outcome columns, named once: the report writer puts them first, and the
// reader recognises a report fed back as input by them (src/read/report-input.ts).

export const REPORT_COLUMNS = ['#row', '#status', '#id', '#message', '#warnings'] as const;

export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/**
 * A dry run's report has one more: what each row would send, after coercion and lookups,
 * as JSON. It is ours too: a report fed back as input sets it aside with the others.
 */
export const SENT_COLUMN = '#sent';

/** The columns that make a sheet one of our reports: a user's own sheet has no reason to carry all three. */
export const REPORT_SIGNATURE: readonly ReportColumn[] = ['#row', '#status', '#id'];
