// What `assetbatch status` prints for a run in each state: the first line says the state and
// why it stopped, and how to resume is said once, on a line of its own, when rows are left.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../src/cli/status.js';
import type { RunStatus } from '../../src/run/status.js';
import { interrupted } from '../../src/run/stop.js';

const base: RunStatus = {
  journal: 'register.csv.report.journal.ndjson',
  state: 'stopped',
  file: 'register.csv',
  resource: 'asset',
  mode: 'import',
  alive: false,
  runs: 1,
  rows: 10,
  counts: { created: 4, updated: 0, failed: 0, inFlight: 0 },
  left: 6,
  rowsPerMinute: 0,
};

describe('status text', () => {
  it.each([
    {
      name: 'stopped by Ctrl-C with rows left',
      status: { ...base, stoppedBecause: interrupted().message },
      first: 'Import of register.csv (assets): stopped: interrupted.',
      resumeLines: 1,
    },
    {
      name: 'stopped for another reason with rows left',
      status: { ...base, stoppedBecause: 'the service keeps refusing requests' },
      first: 'Import of register.csv (assets): stopped: the service keeps refusing requests.',
      resumeLines: 1,
    },
    {
      name: 'stopped with nothing left',
      status: { ...base, left: 0, stoppedBecause: 'the service keeps refusing requests' },
      first: 'Import of register.csv (assets): stopped: the service keeps refusing requests.',
      resumeLines: 0,
    },
    {
      name: 'a sync stopped by Ctrl-C',
      status: { ...base, mode: 'sync', stoppedBecause: interrupted().message },
      first: 'Sync of register.csv (assets): stopped: interrupted.',
      resumeLines: 1,
    },
  ])('$name', ({ status, first, resumeLines }) => {
    const text = formatStatus(status);
    expect(text.split('\n')[0]).toBe(first);
    expect(text.match(/again to resume/g)?.length ?? 0).toBe(resumeLines);
  });
});
