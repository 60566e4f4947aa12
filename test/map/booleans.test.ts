// coerceBoolean: the ways a sheet says yes or no.
import { describe, expect, it } from 'vitest';
import { coerceBoolean } from '../../src/map/coerce.js';
import type { CellValue } from '../../src/read/types.js';

describe('coerceBoolean', () => {
  const cases: [string, CellValue, boolean][] = [
    ['yes', 'yes', true],
    ['YES in capitals', 'YES', true],
    ['y', 'y', true],
    ['true', 'true', true],
    ['1 as text', '1', true],
    ['x (a ticked box)', 'x', true],
    ['a check mark', '✓', true],
    ['no', 'no', false],
    ['n', 'N', false],
    ['false', 'False', false],
    ['0 as text', '0', false],
    ['a boolean cell true', true, true],
    ['a boolean cell false', false, false],
    ['the number 1', 1, true],
    ['the number 0', 0, false],
    ['surrounding spaces', '  yes ', true],
    ['German Ja', 'Ja', true],
    ['German Nein', 'Nein', false],
    ['French Oui', 'Oui', true],
    ['French Non', 'NON', false],
    ['Spanish Sí', 'Sí', true],
    ['Spanish No', 'No', false],
    ['Italian Sì', 'Sì', true],
    ['Spanish si, typed without its accent', 'si', true],
    ['Dutch Ja', 'ja', true],
    ['Dutch Nee', 'Nee', false],
    ['Portuguese Sim', 'Sim', true],
    ['Portuguese Não', 'Não', false],
    ['Portuguese nao, typed without its accent', 'nao', false],
    ["German Excel's WAHR", 'WAHR', true],
    ["French Excel's FAUX", 'FAUX', false],
    ["Spanish Excel's VERDADERO", 'VERDADERO', true],
    ["Italian and Portuguese Excel's FALSO", 'FALSO', false],
    ["Dutch Excel's ONWAAR", 'ONWAAR', false],
  ];
  it.each(cases)('%s', (_name, cell, value) => {
    expect(coerceBoolean(cell)).toEqual({ value });
  });

  const refused: [string, CellValue][] = [
    ['maybe', 'maybe'],
    ['the number 2', 2],
    ['a date', '2024-01-01'],
    ['a single letter that is yes in no language we read (S for sí)', 'S'],
    ['Jein', 'Jein'],
  ];
  it.each(refused)('refuses %s', (_name, cell) => {
    expect(coerceBoolean(cell).problem).toMatch(/is not yes or no/);
  });
});
