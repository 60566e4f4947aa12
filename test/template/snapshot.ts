// Reads a template workbook back into plain data (values, notes, formats, validations,
// sheet states) so that two workbooks can be compared by content, not by bytes.
import ExcelJS from 'exceljs';

export interface SheetSnapshot {
  name: string;
  state: string;
  frozenRows: number;
  cells: Record<string, unknown>;
  notes: Record<string, string>;
  columnFormats: Record<number, string | undefined>;
  validations: Record<string, unknown>;
}

export function noteText(note: ExcelJS.Comment | string | undefined): string | undefined {
  if (note === undefined) return undefined;
  if (typeof note === 'string') return note;
  return (note.texts ?? []).map((t) => t.text).join('');
}

// exceljs's typings leave out worksheet.dataValidations; its model maps addresses to rules.
type WithValidations = { dataValidations: { model: Record<string, unknown> } };

export async function readBack(wb: ExcelJS.Workbook): Promise<ExcelJS.Workbook> {
  const buf = await wb.xlsx.writeBuffer();
  const back = new ExcelJS.Workbook();
  await back.xlsx.load(buf as ArrayBuffer);
  return back;
}

export function snapshot(wb: ExcelJS.Workbook): SheetSnapshot[] {
  return wb.worksheets.map((ws) => {
    const cells: Record<string, unknown> = {};
    const notes: Record<string, string> = {};
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        cells[cell.address] = JSON.parse(
          JSON.stringify({ v: cell.value, f: cell.numFmt ?? null, b: cell.font?.bold ?? null }),
        );
        const n = noteText(cell.note as ExcelJS.Comment | string | undefined);
        if (n !== undefined) notes[cell.address] = n;
      }),
    );
    const columnFormats: Record<number, string | undefined> = {};
    for (let c = 1; c <= ws.columnCount; c++) columnFormats[c] = ws.getColumn(c).numFmt;
    const model = (ws as unknown as WithValidations).dataValidations.model;
    const validations: Record<string, unknown> = {};
    for (const [addr, v] of Object.entries(model)) if (v) validations[addr] = JSON.parse(JSON.stringify(v));
    const view = (ws.views ?? [])[0] as { state?: string; ySplit?: number } | undefined;
    return {
      name: ws.name,
      state: ws.state,
      frozenRows: view?.state === 'frozen' ? (view.ySplit ?? 0) : 0,
      cells,
      notes,
      columnFormats,
      validations,
    };
  });
}
