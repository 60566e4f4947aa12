// The zip format's record signatures and limits (PKWARE's APPNOTE.TXT), for the writer of
// exports (src/export/writers/zip.ts) and its tests; workbooks are read with yauzl.

/** Local file header. */
export const LFH_SIG = 0x04034b50;
/** Data descriptor (after an entry written as a stream). */
export const DD_SIG = 0x08074b50;
/** Central directory file header. */
export const CDH_SIG = 0x02014b50;
/** End of central directory. */
export const EOCD_SIG = 0x06054b50;
/** Zip64 end of central directory, and its locator. */
export const ZIP64_EOCD_SIG = 0x06064b50;
export const ZIP64_LOCATOR_SIG = 0x07064b50;
/** A 32-bit or 16-bit field at its maximum means "see the Zip64 record". */
export const MAX32 = 0xffffffff;
export const MAX16 = 0xffff;
