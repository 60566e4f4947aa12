// The report's outcome columns, named once: the report writer puts them first, and the
// reader recognises a report fed back as input by them (src/read/report-input.ts).

export const REPORT_COLUMNS = ['#row', '#status', '#id', '#message', '#warnings'] as const;

export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** The columns that make a sheet one of our reports: a user's own sheet has no reason to carry all three. */
export const REPORT_SIGNATURE: readonly ReportColumn[] = ['#row', '#status', '#id'];
