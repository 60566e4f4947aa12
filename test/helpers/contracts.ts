// Contracts added to a sandbox through the API, so that the contract list runs to several
// pages (25 a page): tests of reading a list part-way by name need one that long.
import type { ApiClient } from '../../src/api/client.js';

/** One active buy-side contract in company 1 for each number, in order. */
export async function addContracts(client: ApiClient, numbers: readonly string[]): Promise<void> {
  for (const [i, number] of numbers.entries()) {
    await client.write('POST', client.path('contract'), {
      company: 1,
      contract_type: 'buy_side',
      name: `Test contract ${i + 1}`,
      number,
      supplier: 1,
      country: 840,
      status: 'active',
      contract_start_date: '2024-01-01',
      contract_end_date: '2024-12-31',
      total_contract_spend_value: 100,
    });
  }
}
