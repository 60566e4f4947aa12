// The pre-built templates in templates/ are what the generator makes now: compared by
// content read back with exceljs (values, notes, formats, validations), not by bytes.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { WRITABLE } from '../../src/resources/index.js';
import { buildTemplate, templateCsv } from '../../src/template/template.js';
import { readBack, snapshot } from './snapshot.js';

const templatesDir = fileURLToPath(new URL('../../templates/', import.meta.url));
const stale = 'templates/ is out of date: run npm run gen:templates';

describe('templates/ is current', () => {
  it.each(WRITABLE.map((n) => [n]))('%s.xlsx', async (name) => {
    const committed = new ExcelJS.Workbook();
    await committed.xlsx.readFile(`${templatesDir}${name}.xlsx`);
    const fresh = await readBack(await buildTemplate(name));
    expect(snapshot(committed), stale).toEqual(snapshot(fresh));
  });

  it.each(WRITABLE.map((n) => [n]))('%s.csv', async (name) => {
    expect(await readFile(`${templatesDir}${name}.csv`, 'utf8'), stale).toBe(templateCsv(name));
  });
});
