// Writes the realistic sample inputs (samples/) and the import's small messy CSV fixtures
// (test/fixtures/import/). The data is deliberately messy, like real exports; the names
// match the sandbox's seed for company 1 so that most rows resolve. Run: npm run gen:samples.
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

type Cell = ExcelJS.CellValue;

/** A date as a UTC day, so that the Excel serial written does not shift with the time zone. */
const day = (y: number, m: number, d: number): Date => new Date(Date.UTC(y, m - 1, d));

// A fixed timestamp keeps the workbooks' properties stable between runs.
const GENERATED_AT = day(2024, 2, 3);

function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'AssetTrack 4.2';
  wb.created = GENERATED_AT;
  wb.modified = GENERATED_AT;
  return wb;
}

// ---------------------------------------------------------------------------------
// samples/legacy-asset-register.xlsx

const REGISTER_HEADERS = [
  'Asset Tag',
  'Description',
  'Serial No.',
  'Make',
  'Model',
  'Cat',
  'Sub Cat',
  'Status',
  'Owner',
  'Dept',
  'Site City',
  'Country',
  'Purchase Date',
  'Purchase Cost ($)',
  'Warranty Exp.',
  'Vendor',
  'Cost Centre',
  'Notes',
] as const;

type RegisterRow = Partial<Record<(typeof REGISTER_HEADERS)[number], Cell>> & { error?: string };

const formula = (f: string, result: number): Cell => ({ formula: f, result });

/**
 * The register's data rows in sheet order. `error` marks a row that is wrong on purpose
 * (it is not written to the sheet; the generator prints where each one landed).
 */
export const REGISTER_ROWS: readonly (RegisterRow | 'blank')[] = [
  {
    'Asset Tag': 'ACME-0101',
    Description: 'Finance laptop - A. Johnson',
    'Serial No.': '7HJK2X3',
    Make: 'Dell',
    Model: 'Latitude 7440',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'Alice Johnson',
    Dept: 'Finance',
    'Site City': 'New York',
    Country: 'USA',
    'Purchase Date': '31/01/2023',
    'Purchase Cost ($)': '$1,234.50',
    'Warranty Exp.': '31/01/2026',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-1001',
  },
  {
    'Asset Tag': 'ACME-0102',
    Description: 'Engineering workstation',
    'Serial No.': '5CG3141XYZ',
    Make: 'HP',
    Model: 'HP Z2 G9',
    Cat: 'Hardware',
    'Sub Cat': 'Desktop',
    Status: 'In Use',
    Owner: 'Bob Smith',
    Dept: 'Engineering',
    'Site City': 'Austin',
    Country: 'United States',
    'Purchase Date': day(2023, 2, 14),
    'Purchase Cost ($)': 2899,
    'Warranty Exp.': day(2026, 2, 14),
    Vendor: 'HP Inc.',
    'Cost Centre': 'CC-2001',
  },
  {
    'Asset Tag': 'ACME-0103',
    Description: 'Sales laptop',
    'Serial No.': 'PF4ABCD1',
    Make: 'Lenovo',
    Model: 'ThinkPad T14 Gen 4',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'Carol Williams',
    Dept: 'Sales',
    'Site City': 'London',
    Country: 'U.K.',
    'Purchase Date': '15/03/2023',
    'Purchase Cost ($)': '$ 899.00',
    'Warranty Exp.': '15/03/2026',
    Vendor: 'Lenovo',
    'Cost Centre': 'CC-3001',
  },
  {
    'Asset Tag': 'ACME-0104',
    Description: 'Marketing MacBook',
    'Serial No.': 'C02ZK1ABMD6M',
    Make: 'Apple',
    Model: 'MacBook Pro 14 M3',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'david brown',
    Dept: 'Marketing',
    'Site City': 'Manchester',
    Country: 'UK',
    'Purchase Date': '02/11/2023',
    'Purchase Cost ($)': '2,499.00',
    'Warranty Exp.': '02/11/2024',
    Vendor: 'Apple',
    'Cost Centre': 'CC-3101',
  },
  {
    'Asset Tag': 'ACME-0105',
    Description: 'Core switch - rack B2',
    'Serial No.': 'FOC2712X0AB',
    Make: 'Cisco',
    Model: 'Catalyst 9300-48P',
    Cat: 'Hardware',
    'Sub Cat': 'Network',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Berlin',
    Country: 'Germany',
    'Purchase Date': '20/06/2022',
    'Purchase Cost ($)': formula('7850*1.19', 9341.5),
    'Warranty Exp.': '20/06/2027',
    Vendor: 'Cisco Systems',
    'Cost Centre': 'CC-4001',
    Notes: 'Stacked with ACME-0106',
  },
  {
    'Asset Tag': 'ACME-0106',
    Description: 'Access switch - rack B2',
    'Serial No.': 'FOC2712X0AC',
    Make: 'Cisco',
    Model: 'Catalyst 9300-48P',
    Cat: 'Hardware',
    'Sub Cat': 'Network',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Berlin',
    Country: 'Germany',
    'Purchase Date': '20/06/2022',
    'Purchase Cost ($)': formula('7850*1.19', 9341.5),
    'Warranty Exp.': '20/06/2027',
    Vendor: 'Cisco Systems',
    'Cost Centre': 'CC-4001',
  },
  {
    'Asset Tag': 'ACME-0107',
    Description: 'Munich office printer',
    'Serial No.': 'PHBQB12345',
    Make: 'HP',
    Model: 'LaserJet Pro M404',
    Cat: 'Hardware',
    'Sub Cat': 'Printer',
    Status: 'In Use',
    Owner: 'Eve Davis',
    Dept: 'Facilities',
    'Site City': 'Munich',
    Country: 'Germny',
    'Purchase Date': '18/04/2023',
    'Purchase Cost ($)': '$429.00',
    'Warranty Exp.': '18/04/2025',
    Vendor: 'CDW',
    'Cost Centre': 'CC-5001',
    error: 'country "Germny" is a typo of "Germany"',
  },
  {
    'Asset Tag': 'ACME-0108',
    Description: 'HR laptop',
    'Serial No.': 'PF4ABCD7',
    Make: 'Lenovo',
    Model: 'ThinkPad X1 Carbon Gen 11',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'Eve Davis',
    Dept: 'Human Resources',
    'Site City': 'Amsterdam',
    Country: 'Holland',
    'Purchase Date': '23/05/2023',
    'Purchase Cost ($)': '$1,689.00',
    'Warranty Exp.': '23/05/2026',
    Vendor: 'Insight Enterprises',
    'Cost Centre': 'CC-6001',
  },
  {
    'Asset Tag': 'ACME-0109',
    Description: 'Database server 01',
    'Serial No.': 'J7QX9T3',
    Make: 'Dell',
    Model: 'PowerEdge R760',
    Cat: 'Hardware',
    'Sub Cat': 'Server',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Dallas',
    Country: 'United States',
    'Purchase Date': day(2023, 9, 28),
    'Purchase Cost ($)': 18450.75,
    'Warranty Exp.': day(2028, 9, 28),
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-4002',
    Notes: 'Rack A4, U12-U13',
  },
  {
    'Asset Tag': 'ACME-0110',
    Description: 'Database server 02',
    'Serial No.': 'J7QX9T4',
    Make: 'Dell',
    Model: 'PowerEdge R760',
    Cat: 'Hardware',
    'Sub Cat': 'Server',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Dallas',
    Country: 'US',
    'Purchase Date': day(2023, 9, 28),
    'Purchase Cost ($)': 18450.75,
    'Warranty Exp.': day(2028, 9, 28),
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-4002',
  },
  {
    'Asset Tag': 'ACME-0111',
    Description: 'Legal dept monitor',
    'Serial No.': 'CN0H7X2K74261',
    Make: 'Dell',
    Model: 'UltraSharp U2723QE',
    Cat: 'Hardware',
    'Sub Cat': 'Monitor',
    Status: 'In Stock',
    Owner: 'Alice Johnson',
    Dept: 'Legal',
    'Site City': 'Toronto',
    Country: 'Canada',
    'Purchase Date': '07/08/2023',
    'Purchase Cost ($)': '$579.99',
    'Warranty Exp.': '07/08/2026',
    Vendor: 'CDW',
    'Cost Centre': 'CC-7001',
  },
  {
    'Asset Tag': 'ACME-0112',
    Description: 'Storage array',
    'Serial No.': 'PV-ME5024-EU-WEST-RACK-B7-SLOT-12-CHASSIS-0001-REV-A',
    Make: 'Dell',
    Model: 'PowerVault ME5024',
    Cat: 'Hardware',
    'Sub Cat': 'Storage',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Dublin',
    Country: 'Ireland',
    'Purchase Date': '12/12/2022',
    'Purchase Cost ($)': '$24,300.00',
    'Warranty Exp.': '12/12/2027',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-4003',
    error: 'serial number longer than 50 characters',
  },
  {
    'Asset Tag': 'ACME-0113',
    Description: 'Reception iMac',
    'Serial No.': 'C02FX1ZZQ6L4',
    Make: 'Apple',
    Model: 'iMac 24',
    Cat: 'Hardware',
    'Sub Cat': 'Desktop',
    Status: 'In Use',
    Owner: 'Carol Williams',
    Dept: 'Customer Support',
    'Site City': 'Sydney',
    Country: 'Australia',
    'Purchase Date': '19/09/2023',
    'Purchase Cost ($)': '$2,299.00',
    'Warranty Exp.': '19/09/2024',
    Vendor: 'Apple',
    'Cost Centre': 'CC-8001',
  },
  {
    'Asset Tag': 'ACME-0114',
    Description: 'Field engineer phone',
    'Serial No.': 'F2LZK0ABN72J',
    Make: 'Apple',
    Model: 'iPhone 15',
    Cat: 'Hardware',
    'Sub Cat': 'Mobile Phone',
    Status: 'In Use',
    Owner: 'Bob Smith',
    Dept: 'Engineering',
    'Site City': 'Austin',
    Country: 'USA',
    'Purchase Date': '26/10/2023',
    'Purchase Cost ($)': '$ 999.00',
    'Warranty Exp.': '26/10/2024',
    Vendor: 'Verizon Business',
    'Cost Centre': 'CC-2001',
  },
  {
    'Asset Tag': 'ACME-0115',
    Description: 'Sales phone',
    'Serial No.': 'R5CW30ABC1D',
    Make: 'Samsung',
    Model: 'Galaxy S24',
    Cat: 'Hardware',
    'Sub Cat': 'Mobile Phone',
    Status: 'In Use',
    Owner: 'carol.williams@acme.example',
    Dept: 'Sales',
    'Site City': 'Chicago',
    Country: 'USA',
    'Purchase Date': 44941,
    'Purchase Cost ($)': 799,
    'Warranty Exp.': '15/01/2025',
    Vendor: 'AT&T Business',
    'Cost Centre': 'CC-3001',
    Notes: 'Purchase date typed as a number by accident',
  },
  'blank',
  {
    'Asset Tag': 'ACME-0116',
    Description: 'Design tablet',
    'Serial No.': 'DMPXQ1ABCD12',
    Make: 'Apple',
    Model: 'iPad Air',
    Cat: 'Hardware',
    'Sub Cat': 'Tablet',
    Status: 'On Loan',
    Owner: 'David Brown',
    Dept: 'Marketing',
    'Site City': 'Paris',
    Country: 'France',
    'Purchase Date': '13/02/2024',
    'Purchase Cost ($)': '$749.00',
    'Warranty Exp.': '13/02/2025',
    Vendor: 'Computacenter',
    'Cost Centre': 'CC-3101',
  },
  {
    'Asset Tag': 'ACME-0117',
    Description: 'Exec 2-in-1',
    'Serial No.': '0F3ABC123456',
    Make: 'Microsoft',
    Model: 'Surface Pro 9',
    Cat: 'Hardware',
    'Sub Cat': 'Tablet',
    Status: 'In Use',
    Owner: 'Alice Johnson',
    Dept: 'Finance',
    'Site City': 'Madrid',
    Country: 'Spain',
    'Purchase Date': '28/02/2023',
    'Purchase Cost ($)': '$1,599.00',
    'Warranty Exp.': '28/02/2025',
    Vendor: 'Bechtle',
    'Cost Centre': 'CC-1001',
  },
  {
    'Asset Tag': 'ACME-0118',
    Description: 'Wi-Fi AP 3rd floor',
    'Serial No.': 'Q2KD-ABCD-1234',
    Make: 'Cisco',
    Model: 'Meraki MR46',
    Cat: 'Hardware',
    'Sub Cat': 'Network',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'London',
    Country: 'United Kingdom',
    'Purchase Date': '14/07/2022',
    'Purchase Cost ($)': '$1,049.00',
    'Warranty Exp.': '14/07/2027',
    Vendor: 'Logicalis',
    'Cost Centre': 'CC-4001',
  },
  {
    'Asset Tag': 'ACME-0119',
    Description: 'Old finance desktop',
    'Serial No.': '4XK8L2R',
    Make: 'Dell',
    Model: 'OptiPlex 7010',
    Cat: 'Hardware',
    'Sub Cat': 'Desktop',
    Status: 'Retird',
    Owner: 'Alice Johnson',
    Dept: 'Finance',
    'Site City': 'New York',
    Country: 'USA',
    'Purchase Date': '16/05/2019',
    'Purchase Cost ($)': '$ 749.00',
    'Warranty Exp.': '16/05/2022',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-1001',
    error: 'usage status "Retird" is a typo of "Retired"',
  },
  {
    'Asset Tag': 'ACME-0120',
    Description: 'R&D laptop',
    'Serial No.': '5CG3299QRS',
    Make: 'HP',
    Model: 'EliteBook 840 G10',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'Bob Smith',
    Dept: 'Research & Development',
    'Site City': 'Bangalore',
    Country: 'India',
    'Purchase Date': '21/08/2023',
    'Purchase Cost ($)': '$1,349.00',
    'Warranty Exp.': '21/08/2026',
    Vendor: 'HP Inc.',
    'Cost Centre': 'CC-9001',
  },
  {
    'Asset Tag': 'ACME-0121',
    Description: 'Support desk laptop',
    'Serial No.': '5CD3301TUV',
    Make: 'HP',
    Model: 'ProBook 450 G10',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Repair',
    Owner: 'IT Service Desk',
    Dept: 'Customer Support',
    'Site City': 'Tokyo',
    Country: 'Japan',
    'Purchase Date': '30/06/2023',
    'Purchase Cost ($)': '$949.00',
    'Warranty Exp.': '30/06/2025',
    Vendor: 'TD SYNNEX',
    'Cost Centre': 'CC-8001',
    Notes: 'Screen replaced under warranty',
  },
  {
    'Asset Tag': 'ACME-0122',
    Description: 'Branch desktop',
    'Serial No.': 'MJ0ABCDE',
    Make: 'Lenovo',
    Model: 'ThinkCentre M90q',
    Cat: 'Hardware',
    'Sub Cat': 'Desktop',
    Status: 'In Stock',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Rotterdam',
    Country: 'Netherlands',
    'Purchase Date': '05/04/2023',
    'Purchase Cost ($)': '$819.00',
    'Warranty Exp.': '05/04/2026',
    Vendor: 'Ingram Micro',
    'Cost Centre': 'CC-4001',
  },
  {
    'Asset Tag': 'ACME-0123',
    Description: 'Hot-desk monitor',
    'Serial No.': 'CNC3210ABC',
    Make: 'HP',
    Model: 'HP E24 G5',
    Cat: 'Hardware',
    'Sub Cat': 'Monitor',
    Status: 'In Use',
    Owner: 'Eve Davis',
    Dept: 'Human Resources',
    'Site City': 'Leeds',
    Country: 'U.K.',
    'Purchase Date': '11/01/2024',
    'Purchase Cost ($)': '$219.00',
    'Warranty Exp.': '11/01/2027',
    Vendor: 'Softcat',
    'Cost Centre': 'CC-6001',
  },
  {
    'Asset Tag': 'ACME-0124',
    Description: 'Lab bench PC',
    'Serial No.': '9PQR7S2',
    Make: 'Dell',
    Model: 'OptiPlex 7010',
    Cat: 'Hardwear',
    'Sub Cat': 'Desktop',
    Status: 'In Use',
    Owner: 'Bob Smith',
    Dept: 'Research & Development',
    'Site City': 'Boston',
    Country: 'USA',
    'Purchase Date': '17/10/2023',
    'Purchase Cost ($)': '$1,029.00',
    'Warranty Exp.': '17/10/2026',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-9001',
    error: 'category "Hardwear" is a typo of "Hardware"',
  },
  {
    'Asset Tag': 'ACME-0125',
    Description: 'Finance laptop - spare',
    'Serial No.': '8LMN3K4',
    Make: 'Dell',
    Model: 'Latitude 5540',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Stock',
    Owner: 'IT Service Desk',
    Dept: 'Finance',
    'Site City': 'New York',
    Country: 'USA',
    'Purchase Date': '22/03/2023',
    'Purchase Cost ($)': '$1,119.00',
    'Warranty Exp.': '22/03/2026',
    Vendor: 'SHI International',
    'Cost Centre': 'CC-1001',
  },
  {
    'Asset Tag': 'ACME-0126',
    Description: 'Backup server',
    'Serial No.': 'H2KL8M9',
    Make: 'Dell',
    Model: 'PowerEdge R650',
    Cat: 'Hardware',
    'Sub Cat': 'Server',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Frankfurt',
    Country: 'Germany',
    'Purchase Date': day(2022, 11, 3),
    'Purchase Cost ($)': formula('9800+1250', 11050),
    'Warranty Exp.': day(2027, 11, 3),
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-4002',
    Notes: 'Includes 3-year ProSupport',
  },
  {
    'Asset Tag': 'ACME-0127',
    Description: 'Designer laptop',
    'Serial No.': 'C02DX2ABQ05D',
    Make: 'Apple',
    Model: 'MacBook Air 13 M2',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'David Brown',
    Dept: 'Marketing',
    'Site City': 'Paris',
    Country: 'France',
    'Purchase Date': '29/06/2023',
    'Purchase Cost ($)': '$1,199.00',
    'Warranty Exp.': '29/06/2024',
    Vendor: 'Apple',
    'Cost Centre': 'CC-3101',
  },
  {
    'Asset Tag': 'ACME-0128',
    Description: 'Legal laptop',
    'Serial No.': 'PF4ABCE9',
    Make: 'Lenovo',
    Model: 'ThinkPad T14 Gen 4',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'Carol Williams',
    Dept: 'Legal',
    'Site City': 'Dublin',
    Country: 'Ireland',
    'Purchase Date': '14/11/2023',
    'Purchase Cost ($)': '$1,289.00',
    'Warranty Exp.': '14/11/2026',
    Vendor: 'Softchoice',
    'Cost Centre': 'CC-7001',
  },
  {
    'Asset Tag': 'ACME-0129',
    Description: 'Lost phone - sales',
    'Serial No.': 'F2LZK0ABN99Q',
    Make: 'Apple',
    Model: 'iPhone 15',
    Cat: 'Hardware',
    'Sub Cat': 'Mobile Phone',
    Status: 'Lost/Stolen',
    Owner: 'Carol Williams',
    Dept: 'Sales',
    'Site City': 'Chicago',
    Country: 'USA',
    'Purchase Date': '26/10/2023',
    'Purchase Cost ($)': '$999.00',
    'Warranty Exp.': '26/10/2024',
    Vendor: 'Verizon Business',
    'Cost Centre': 'CC-3001',
    Notes: 'Police report 2024-0311',
  },
  'blank',
  {
    'Asset Tag': 'ACME-0130',
    Description: 'Returned laptop - credit note',
    'Serial No.': '1XYZ2W3',
    Make: 'Dell',
    Model: 'Latitude 7440',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Stock',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'New York',
    Country: 'USA',
    'Purchase Date': '09/01/2024',
    'Purchase Cost ($)': '(12.00)',
    'Warranty Exp.': '',
    Vendor: 'CDW',
    'Cost Centre': 'CC-4001',
    Notes: 'Credit note booked as a negative cost',
    error: 'negative cost "(12.00)"',
  },
  {
    'Asset Tag': 'ACME-0131',
    Description: 'Finance monitor 1',
    'Serial No.': 'CN0H7X2K74301',
    Make: 'Dell',
    Model: 'UltraSharp U2723QE',
    Cat: 'Hardware',
    'Sub Cat': 'Monitor',
    Status: 'In Use',
    Owner: 'Alice Johnson',
    Dept: 'Finance',
    'Site City': 'New York',
    Country: 'United States',
    'Purchase Date': '31/01/2023',
    'Purchase Cost ($)': '$579.99',
    'Warranty Exp.': '31/01/2026',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-1001',
  },
  {
    'Asset Tag': 'ACME-0132',
    Description: 'Finance monitor 2',
    'Serial No.': 'CN0H7X2K74302',
    Make: 'Dell',
    Model: 'UltraSharp U2723QE',
    Cat: 'Hardware / Monitor',
    'Sub Cat': '',
    Status: 'In Use',
    Owner: 'Alice Johnson',
    Dept: 'Finance',
    'Site City': 'New York',
    Country: 'United States',
    'Purchase Date': '31/01/2023',
    'Purchase Cost ($)': '$579.99',
    'Warranty Exp.': '31/01/2026',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-1001',
    Notes: 'Category written as "Name / Sub"',
  },
  {
    'Asset Tag': 'ACME-0133',
    Description: 'Retired laptop',
    'Serial No.': '2BCD3E4',
    Make: 'Dell',
    Model: 'Latitude 5540',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'Retired',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Austin',
    Country: 'USA',
    'Purchase Date': '03/03/2020',
    'Purchase Cost ($)': '$1,050.00',
    'Warranty Exp.': '03/03/2023',
    Vendor: 'Dell Technologies',
    'Cost Centre': 'CC-4001',
  },
  {
    'Asset Tag': 'ACME-0134',
    Description: 'Disposed desktop',
    'Serial No.': '6FGH7J8',
    Make: 'Dell',
    Model: 'OptiPlex 7010',
    Cat: 'Hardware',
    'Sub Cat': 'Desktop',
    Status: 'Disposed',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Austin',
    Country: 'USA',
    'Purchase Date': '03/03/2018',
    'Purchase Cost ($)': '$699.00',
    'Warranty Exp.': '03/03/2021',
    Vendor: 'Iron Mountain',
    'Cost Centre': 'CC-4001',
    Notes: { text: 'Disposal certificate', hyperlink: 'https://servicedesk.acme.example/disposal/2023-118' },
  },
  {
    'Asset Tag': 'ACME-0135',
    Description: 'Sales laptop - Sydney',
    'Serial No.': 'PF4ABCF2',
    Make: 'Lenovo',
    Model: 'ThinkPad X1 Carbon Gen 11',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'In Use',
    Owner: 'Carol Williams',
    Dept: 'Sales',
    'Site City': 'Sydney',
    Country: 'Australia',
    'Purchase Date': '24/07/2023',
    'Purchase Cost ($)': '$1,849.00',
    'Warranty Exp.': '24/07/2026',
    Vendor: 'Del Technologies',
    'Cost Centre': 'CC-3001',
    error: 'supplier "Del Technologies" is a typo of "Dell Technologies"',
  },
  {
    'Asset Tag': 'ACME-0136',
    Description: { richText: [{ text: 'Loaner ', font: { bold: true } }, { text: 'laptop pool #1' }] },
    'Serial No.': '3CDE4F5',
    Make: 'Dell',
    Model: 'Latitude 5540',
    Cat: 'Hardware',
    'Sub Cat': 'Laptop',
    Status: 'On Loan',
    Owner: 'IT Service Desk',
    Dept: 'Customer Support',
    'Site City': 'Toronto',
    Country: 'Canada',
    'Purchase Date': '16/08/2023',
    'Purchase Cost ($)': '$1,099.00',
    'Warranty Exp.': '16/08/2026',
    Vendor: 'Insight Enterprises',
    'Cost Centre': 'CC-8001',
  },
  {
    'Asset Tag': 'ACME-0137',
    Description: 'HR desktop',
    'Serial No.': 'MJ0ABCDF',
    Make: 'Lenovo',
    Model: 'ThinkCentre M90q',
    Cat: 'Hardware',
    'Sub Cat': 'Desktop',
    Status: 'In Use',
    Owner: 'Eve Davis',
    Dept: 'Human Resources',
    'Site City': 'Utrecht',
    Country: 'Netherlands',
    'Purchase Date': 45446,
    'Purchase Cost ($)': 845,
    'Warranty Exp.': '03/06/2027',
    Vendor: 'Lenovo',
    'Cost Centre': 'CC-6001',
  },
  {
    'Asset Tag': 'ACME-0138',
    Description: 'Marketing monitor',
    'Serial No.': 'CNC3210ABD',
    Make: 'HP',
    Model: 'HP E24 G5',
    Cat: 'Hardware',
    'Sub Cat': 'Monitor',
    Status: 'In Use',
    Owner: 'David Brown',
    Dept: 'Marketing',
    'Site City': 'Manchester',
    Country: 'UK',
    'Purchase Date': '19/12/2023',
    'Purchase Cost ($)': formula('199+20', 219),
    'Warranty Exp.': '19/12/2026',
    Vendor: 'Softcat',
    'Cost Centre': 'CC-3101',
  },
  {
    'Asset Tag': 'ACME-0139',
    Description: 'Edge switch - Tokyo',
    'Serial No.': 'FOC2712X0AD',
    Make: 'Cisco',
    Model: 'Catalyst 9300-48P',
    Cat: 'Hardware',
    'Sub Cat': 'Network',
    Status: 'In Use',
    Owner: 'IT Service Desk',
    Dept: 'IT Operations',
    'Site City': 'Tokyo',
    Country: 'Japan',
    'Purchase Date': '25/09/2023',
    'Purchase Cost ($)': '$7,850.00',
    'Warranty Exp.': '25/09/2028',
    Vendor: 'Cisco Systems',
    'Cost Centre': 'CC-4001',
  },
  {
    'Asset Tag': 'ACME-0140',
    Description: '  Support tablet  ',
    'Serial No.': 'DMPXQ1ABCD77',
    Make: 'Apple',
    Model: 'iPad Air',
    Cat: 'hardware',
    'Sub Cat': 'tablet',
    Status: 'in use',
    Owner: 'Eve Davis ',
    Dept: 'customer support',
    'Site City': 'Madrid',
    Country: 'Spain',
    'Purchase Date': '27/11/2023',
    'Purchase Cost ($)': '749',
    'Warranty Exp.': '27/11/2024',
    Vendor: 'apple',
    'Cost Centre': 'CC-8001',
    Notes: 'Names typed in lower case, stray spaces',
  },
];

const REGISTER_HEADER_ROW = 3;

// exceljs keeps range-wide validations in worksheet.dataValidations, which its typings leave out.
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

async function legacyRegister(file: string): Promise<string[]> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet('Register');
  const lists = wb.addWorksheet('Lists');
  lists.state = 'hidden';
  const notes = wb.addWorksheet('Notes');

  ws.getCell('A1').value = 'ACME Corp — IT Asset Register';
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value = 'Exported from AssetTrack 4.2 on 03/02/2024';
  ws.getCell('A2').font = { italic: true };
  const header = ws.getRow(REGISTER_HEADER_ROW);
  REGISTER_HEADERS.forEach((h, i) => {
    const c = header.getCell(i + 1);
    c.value = h;
    c.font = { bold: true };
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
  });
  ws.views = [{ state: 'frozen', ySplit: REGISTER_HEADER_ROW }];

  const col = (h: (typeof REGISTER_HEADERS)[number]) => REGISTER_HEADERS.indexOf(h) + 1;
  const manifest: string[] = [];
  let r = REGISTER_HEADER_ROW + 1;
  for (const spec of REGISTER_ROWS) {
    if (spec !== 'blank') {
      const row = ws.getRow(r);
      for (const h of REGISTER_HEADERS) {
        const v = spec[h];
        if (v === undefined || v === '') continue;
        const cell = row.getCell(col(h));
        cell.value = v;
        if (v instanceof Date) cell.numFmt = 'dd/mm/yyyy';
        else if (h === 'Purchase Cost ($)' && typeof v !== 'string') cell.numFmt = '"$"#,##0.00';
      }
      if (spec.error) manifest.push(`row ${r}: ${spec.error}`);
    } else {
      manifest.push(`row ${r}: blank`);
    }
    r++;
  }
  const firstData = REGISTER_HEADER_ROW + 1;
  const lastData = r - 1;
  // Excel's SUM ignores text cells, so the cached result is the sum of the numeric ones.
  const costCol = col('Purchase Cost ($)');
  const letter = ws.getColumn(costCol).letter;
  let numericSum = 0;
  for (const spec of REGISTER_ROWS) {
    if (spec === 'blank') continue;
    const v = spec['Purchase Cost ($)'];
    if (typeof v === 'number') numericSum += v;
    else if (v && typeof v === 'object' && 'formula' in v && typeof v.result === 'number')
      numericSum += v.result;
  }
  const total = ws.getRow(r);
  total.getCell(1).value = 'TOTAL';
  total.getCell(1).font = { bold: true };
  total.getCell(costCol).value = {
    formula: `SUM(${letter}${firstData}:${letter}${lastData})`,
    result: Math.round(numericSum * 100) / 100,
  };
  total.getCell(costCol).numFmt = '"$"#,##0.00';
  total.getCell(costCol).font = { bold: true };
  manifest.push(`row ${r}: TOTAL row (SUM formula)`);

  // The old tool's own drop-down for Status, fed from the hidden sheet.
  const statuses = ['In Use', 'In Stock', 'In Repair', 'Retired', 'Disposed', 'Lost/Stolen', 'On Loan'];
  statuses.forEach((s, i) => (lists.getCell(i + 1, 1).value = s));
  ['Hardware', 'Software', 'Services', 'Facilities', 'Professional Services'].forEach(
    (s, i) => (lists.getCell(i + 1, 2).value = s),
  );
  const statusLetter = ws.getColumn(col('Status')).letter;
  // One range-wide rule: exceljs squeezes per-cell rules into overlapping ranges (H4:H45 and H10:H45).
  (ws as unknown as RangeValidations).dataValidations.add(
    `${statusLetter}${firstData}:${statusLetter}${lastData}`,
    {
      type: 'list',
      allowBlank: true,
      formulae: [`Lists!$A$1:$A$${statuses.length}`],
    },
  );

  ws.columns.forEach((c) => (c.width = 18));
  notes.getCell('A1').value = 'About this export';
  notes.getCell('A1').font = { bold: true };
  notes.getCell('A2').value = 'Costs are in US dollars unless marked otherwise. Dates are day/month/year.';
  notes.getCell('A3').value = 'Rows marked TOTAL are computed by the register and are not assets.';
  notes.getCell('A4').value = 'Owner may be a name or an email address.';

  await wb.xlsx.writeFile(file);
  return manifest;
}

// ---------------------------------------------------------------------------------
// samples/contracts-finance.xlsx

const CONTRACT_HEADERS = [
  'Contract No',
  'Contract Name',
  'Type',
  'Parent Contract',
  'Supplier',
  'Customer',
  'Country',
  'Status',
  'Category',
  'Sub Category',
  'Start',
  'End',
  'Notice (days)',
  'Total Value',
  'MRC',
  'NRC',
  'Capex/Opex',
  'CapEx',
  'OpEx',
  'Payment Terms',
  'Auto renew',
] as const;

type ContractRow = Partial<Record<(typeof CONTRACT_HEADERS)[number], Cell>> & { error?: string };

export const FINANCE_CONTRACTS: readonly ContractRow[] = [
  {
    'Contract No': 'FIN-2024-001',
    'Contract Name': 'Microsoft 365 E5 enterprise agreement',
    Type: 'Buy side',
    Supplier: 'Microsoft',
    Country: 'United States',
    Status: 'Active',
    Category: 'Software',
    'Sub Category': 'Productivity',
    Start: '2024-01-01',
    End: '2026-12-31',
    'Notice (days)': 90,
    'Total Value': 486000,
    MRC: 13500,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto renewed',
  },
  {
    'Contract No': 'FIN-2024-002',
    'Contract Name': 'AWS enterprise discount program',
    Type: 'Buy side',
    Supplier: 'Amazon Web Services',
    Country: 'United States',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Cloud Hosting',
    Start: '2024-02-01',
    End: '2027-01-31',
    'Notice (days)': 60,
    'Total Value': 1200000,
    MRC: 33333.33,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 45',
    'Auto renew': 'Auto expires',
  },
  {
    'Contract No': 'FIN-2024-003',
    'Contract Name': 'Dell laptop refresh 2024',
    Type: 'Buy side',
    Supplier: 'Dell Technologies',
    Country: 'United States',
    Status: 'Active',
    Category: 'Hardware',
    'Sub Category': 'Laptop',
    Start: '2024-03-01',
    End: '2025-02-28',
    'Notice (days)': 30,
    'Total Value': 245000,
    NRC: 245000,
    'Capex/Opex': 'CapEx',
    'Payment Terms': 'Net 60',
    'Auto renew': 'Auto expires',
  },
  {
    'Contract No': 'FIN-2024-004',
    'Contract Name': 'Dell ProSupport for servers',
    Type: 'Buy side',
    Supplier: 'Dell Technologies',
    Country: 'United States',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Maintenance',
    Start: '2024-03-01',
    End: '2027-02-28',
    'Notice (days)': 60,
    'Total Value': 36000,
    MRC: 1000,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto renewed',
  },
  {
    'Contract No': 'FIN-2024-005',
    'Contract Name': 'Verizon WAN circuits',
    Type: 'Buy side',
    Supplier: 'Verizon Business',
    Country: 'United States',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Telecom',
    Start: '2023-07-01',
    End: '2026-06-30',
    'Notice (days)': 90,
    'Total Value': 216000,
    MRC: 5500,
    NRC: 18000,
    'Capex/Opex': 'Blended',
    CapEx: 18000,
    OpEx: 198000,
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto renewed',
  },
  {
    'Contract No': 'FIN-2024-006',
    'Contract Name': 'Iron Mountain secure disposal',
    Type: 'Buy side',
    Supplier: 'Iron Mountain',
    Country: 'United Kingdom',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Maintenance',
    Start: '2024-01-15',
    End: '2025-01-14',
    'Notice (days)': 30,
    'Total Value': 12500,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto expires',
  },
  {
    'Contract No': 'FIN-2024-007',
    'Contract Name': 'Northwind managed workplace',
    Type: 'Sell side',
    Customer: 'Northwind Traders',
    Country: 'United States',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Support',
    Start: '2024-04-01',
    End: '2027-03-31',
    'Notice (days)': 90,
    'Total Value': 540000,
    MRC: 15000,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto renewed',
  },
  {
    'Contract No': 'FIN-2024-008',
    'Contract Name': 'Contoso cloud hosting',
    Type: 'Sell side',
    Customer: 'Contoso Ltd',
    Country: 'United Kingdom',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Cloud Hosting',
    Start: '2024-05-01',
    End: '2025-04-30',
    'Notice (days)': 30,
    'Total Value': 96000,
    MRC: 8000,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 45',
    'Auto renew': 'Auto renewed',
  },
  {
    'Contract No': 'FIN-2024-009',
    'Contract Name': 'Fabrikam consulting SOW 3',
    Type: 'Sell side',
    'Parent Contract': 'CT-2023-003',
    Customer: 'Fabrikam Inc',
    Country: 'Germany',
    Status: 'Draft',
    Category: 'Professional Services',
    Start: '2024-06-01',
    End: '2024-11-30',
    'Notice (days)': 14,
    'Total Value': 75000,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto expires',
  },
  {
    'Contract No': 'FIN-2024-010',
    'Contract Name': 'Cisco network refresh',
    Type: 'Buy side',
    Supplier: 'Cisco Systems',
    Country: 'Germany',
    Status: 'Active',
    Category: 'Hardware',
    'Sub Category': 'Network',
    Start: '2024-02-15',
    End: '2029-02-14',
    'Notice (days)': 180,
    'Total Value': 320000,
    NRC: 200000,
    'Capex/Opex': 'Blended',
    CapEx: 200000,
    OpEx: 120000,
    'Payment Terms': 'Net 60',
    'Auto renew': 'Auto expires',
  },
  {
    'Contract No': 'FIN-2024-011',
    'Contract Name': 'Bechtle office furniture',
    Type: 'Buy side',
    Supplier: 'Bechtle',
    Country: 'Germany',
    Status: 'Expired',
    Category: 'Facilities',
    'Sub Category': 'Furniture',
    Start: '2022-01-01',
    End: '2023-12-31',
    'Notice (days)': 30,
    'Total Value': 48000,
    'Capex/Opex': 'CapEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto expires',
  },
  {
    'Contract No': 'FIN-2024-012',
    'Contract Name': 'AT&T mobile fleet',
    Type: 'Buy side',
    Supplier: 'AT&T Business',
    Country: 'United States',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Telecom',
    Start: '2025-01-01',
    End: '2024-12-31',
    'Notice (days)': 30,
    'Total Value': 60000,
    MRC: 2500,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto renewed',
    error: 'start date after end date',
  },
  {
    'Contract No': 'FIN-2024-013',
    'Contract Name': 'Softcat security licences',
    Type: 'Buy side',
    Supplier: 'Softcat',
    Country: 'United Kingdom',
    Status: 'Active',
    Category: 'Software',
    'Sub Category': 'Security',
    Start: '2024-04-01',
    End: '2027-03-31',
    'Notice (days)': 60,
    'Total Value': 150000,
    'Capex/Opex': 'Blended',
    CapEx: 100000,
    OpEx: 40000,
    'Payment Terms': 'Net 30',
    'Auto renew': 'Auto expires',
    error: 'blended: CapEx 100000 + OpEx 40000 does not add up to the total 150000',
  },
  {
    'Contract No': 'FIN-2024-014',
    'Contract Name': 'Computacenter service desk',
    Type: 'Buy side',
    Supplier: 'Computacenter',
    Country: 'Netherlands',
    Status: 'Active',
    Category: 'Services',
    'Sub Category': 'Support',
    Start: '2023-10-01',
    End: '2026-09-30',
    'Notice (days)': 90,
    'Total Value': 288000,
    MRC: 8000,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Custom',
    'Auto renew': 'Auto renewed',
  },
  {
    'Contract No': 'FIN-2024-015',
    'Contract Name': 'Oracle DB support via SHI',
    Type: 'Buy side',
    Supplier: 'SHI International',
    Country: 'Canada',
    Status: 'Active',
    Category: 'Software',
    'Sub Category': 'Database',
    Start: '2024-07-01',
    End: '2025-06-30',
    'Notice (days)': 45,
    'Total Value': 84000,
    MRC: 7000,
    'Capex/Opex': 'OpEx',
    'Payment Terms': 'Net 45',
    'Auto renew': 'Auto renewed',
  },
];

const MONEY_HEADERS = new Set<string>(['Total Value', 'MRC', 'NRC', 'CapEx', 'OpEx']);

async function contractsFinance(file: string): Promise<string[]> {
  const wb = newWorkbook();
  wb.creator = 'ACME Finance';
  const ws = wb.addWorksheet('Contracts');
  ws.addRow([...CONTRACT_HEADERS]).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const manifest: string[] = [];
  FINANCE_CONTRACTS.forEach((spec, i) => {
    const row = ws.getRow(i + 2);
    CONTRACT_HEADERS.forEach((h, c) => {
      const v = spec[h];
      if (v === undefined) return;
      const cell = row.getCell(c + 1);
      cell.value = v;
      if (MONEY_HEADERS.has(h)) cell.numFmt = '#,##0.00';
    });
    if (spec.error) manifest.push(`row ${i + 2}: ${spec.error}`);
  });
  ws.columns.forEach((c) => (c.width = 16));
  await wb.xlsx.writeFile(file);
  return manifest;
}

// ---------------------------------------------------------------------------------
// samples/customers.csv

const CUSTOMER_HEADERS = [
  'Customer Name',
  'Contact',
  'Email',
  'Phone',
  'Address',
  'City',
  'Postcode',
  'Country',
  'NDA',
  'NDA Date',
];

export const CUSTOMERS: readonly { cells: string[]; error?: string; skip?: string }[] = [
  {
    cells: [
      'Tailwind Logistics',
      'Maria Garcia',
      'maria.garcia@tailwind.example',
      '+1 206 555 0143',
      '1200 Harbor Ave',
      'Seattle',
      '98101',
      'United States',
      'Yes',
      '2023-03-14',
    ],
  },
  {
    cells: [
      'Blue Yonder Airlines',
      'Tom Becker',
      'tom.becker@blueyonder.example',
      '+49 30 5550 1234',
      'Flughafenstraße 12',
      'Berlin',
      '10115',
      'Germany',
      'Yes',
      '2022-11-02',
    ],
  },
  {
    cells: [
      'Lucerne Publishing',
      'Anna Keller',
      'anna.keller@lucerne.example',
      '020 7946 0958',
      '14 Fleet Street',
      'London',
      'EC4Y 1AA',
      'UK',
      'No',
      '',
    ],
  },
  {
    cells: [
      "Margie's Travel",
      'Margie Shoop',
      'margie@margiestravel.example',
      '(312) 555-0199',
      '77 W Wacker Dr',
      'Chicago',
      '60601',
      'USA',
      'Yes',
      '2024-01-08',
    ],
  },
  {
    cells: [
      'Coho Winery',
      'Pierre Dubois',
      'pierre.dubois@cohowinery.example',
      '+33 5 56 00 00 00',
      '3 Quai des Chartrons',
      'Bordeaux',
      '33000',
      'France',
      'No',
      '',
    ],
  },
  {
    cells: [
      'Contoso Ltd',
      'Jane Doe',
      'jane.doe@contoso.example',
      '+44 161 555 0100',
      '1 Contoso Way',
      'Manchester',
      'M1 1AA',
      'United Kingdom',
      'Yes',
      '2021-06-30',
    ],
    skip: 'already exists in the sandbox (duplicate name)',
  },
  {
    cells: [
      'Alpine Ski House',
      'Lukas Huber',
      'lukas.huber@alpineski.example',
      '+49 89 555 0177',
      'Leopoldstraße 40',
      'Munich',
      '80802',
      'Germany',
      'Yes',
      '2023-09-19',
    ],
  },
  {
    cells: [
      'Proseware Inc',
      '',
      'info@proseware.example',
      '+1 512 555 0110',
      '500 Congress Ave',
      'Austin',
      '78701',
      'United States',
      'No',
      '',
    ],
    error: 'contact email without a contact name',
  },
  {
    cells: [
      'Trey Research',
      'Ravi Patel',
      'ravi.patel@treyresearch.example',
      '+91 80 5550 1234',
      '21 MG Road',
      'Bangalore',
      '560001',
      'India',
      'Yes',
      '2023-05-22',
    ],
  },
  {
    cells: [
      'Woodgrove Bank',
      'Emily Clarke',
      'emily.clarke@woodgrove.example',
      '+1 416 555 0133',
      '100 King St W',
      'Toronto',
      'M5X 1A9',
      'Canada',
      'Yes',
      '2022-08-15',
    ],
  },
  {
    cells: [
      'Litware Inc',
      'Kenji Sato',
      'kenji.sato@litware.example',
      '+81 3 5550 1234',
      '1-1 Marunouchi',
      'Tokyo',
      '100-0005',
      'Japan',
      'No',
      '',
    ],
  },
  {
    cells: [
      'Graphic Design Institute',
      'Olivia Brown',
      'olivia.brown@gdi.example',
      '+61 2 5550 1234',
      '200 George St',
      'Sydney',
      '2000',
      'Australia',
      'Yes',
      '2024-02-01',
    ],
  },
  {
    cells: [
      'The Phone Company',
      'Seán Murphy',
      'sean.murphy@phoneco.example',
      '+353 1 555 0123',
      '10 Grafton Street',
      'Dublin',
      'D02 XY45',
      'Ireland',
      'No',
      '',
    ],
  },
  {
    cells: [
      'Wingtip Toys',
      'Lucía Fernández',
      'lucia.fernandez@wingtip.example',
      '+34 91 555 0123',
      'Calle de Alcalá 50',
      'Madrid',
      '28014',
      'Spain',
      'Yes',
      '2023-12-05',
    ],
  },
  {
    cells: [
      'VanArsdel Ltd',
      'Pieter de Vries',
      'pieter.devries@vanarsdel.example',
      '+31 20 555 0123',
      'Damrak 1',
      'Amsterdam',
      '1012 LG',
      'Holland',
      'Yes',
      '2023-07-11',
    ],
  },
  {
    cells: [
      'Relecloud',
      'Sam Taylor',
      'sam.taylor@relecloud.example',
      '+1 415 555 0188',
      '1 Market St',
      'San Francisco',
      '94105',
      'US',
      'No',
      '',
    ],
  },
  {
    cells: [
      'School of Fine Art',
      'Grace Lee',
      'grace.lee@finearts.example',
      '+44 131 555 0100',
      '74 Lauriston Pl',
      'Edinburgh',
      'EH3 9DF',
      'U.K.',
      'Yes',
      '2022-04-27',
    ],
  },
  {
    cells: [
      'City Power & Light',
      'Marcus Johnson',
      'marcus.johnson@cpandl.example',
      '+1 617 555 0150',
      '800 Boylston St',
      'Boston',
      '02199',
      'United States',
      'Yes',
      '2024-03-18',
    ],
  },
  {
    cells: [
      'Consolidated Messenger',
      'Hannah Schmidt',
      'hannah.schmidt@consolidated.example',
      '+49 69 555 0123',
      'Zeil 1',
      'Frankfurt',
      '60313',
      'Germany',
      'No',
      '',
    ],
  },
  {
    cells: [
      'Humongous Insurance',
      'Chris Evans',
      'chris.evans@humongous.example',
      '+1 860 555 0177',
      '151 Farmington Ave',
      'Hartford',
      '06156',
      'United States',
      'Yes',
      '2023-10-30',
    ],
  },
];

async function customersCsv(file: string): Promise<string[]> {
  const text = stringify([CUSTOMER_HEADERS, ...CUSTOMERS.map((c) => c.cells)], {
    bom: true,
    record_delimiter: 'windows',
  });
  await writeFile(file, text, 'utf8');
  return CUSTOMERS.flatMap((c, i) =>
    c.error ? [`row ${i + 2}: ${c.error}`] : c.skip ? [`row ${i + 2}: ${c.skip}`] : [],
  );
}

// ---------------------------------------------------------------------------------
// samples/related-workbook.xlsx

const RELATED_CUSTOMERS: Cell[][] = [
  ['Customer Name', 'Contact', 'Email', 'City', 'Country', 'NDA'],
  ['Tailspin Toys', 'Nora Quinn', 'nora.quinn@tailspin.example', 'Denver', 'United States', 'Yes'],
  [
    'Wide World Importers',
    'Oliver Hughes',
    'oliver.hughes@wideworld.example',
    'Bristol',
    'United Kingdom',
    'No',
  ],
  [
    'Adventure Works Cycles',
    'Jonas Weber',
    'jonas.weber@adventureworks.example',
    'Hamburg',
    'Germany',
    'Yes',
  ],
];

const RELATED_CONTRACTS: Cell[][] = [
  [
    'Contract No',
    'Contract Name',
    'Type',
    'Parent Contract',
    'Customer',
    'Country',
    'Status',
    'Category',
    'Sub Category',
    'Start',
    'End',
    'Total Value',
    'Capex/Opex',
  ],
  [
    'RW-2024-001',
    'Tailspin managed devices',
    'Sell side',
    '',
    'Tailspin Toys',
    'United States',
    'Active',
    'Services',
    'Support',
    '2024-01-01',
    '2026-12-31',
    180000,
    'OpEx',
  ],
  [
    'RW-2024-002',
    'Wide World cloud hosting',
    'Sell side',
    '',
    'Wide World Importers',
    'United Kingdom',
    'Active',
    'Services',
    'Cloud Hosting',
    '2024-03-01',
    '2027-02-28',
    144000,
    'OpEx',
  ],
  [
    'RW-2024-003',
    'Adventure Works store kit',
    'Sell side',
    '',
    'Adventure Works Cycles',
    'Germany',
    'Active',
    'Hardware',
    'Desktop',
    '2024-05-01',
    '2025-04-30',
    42000,
    'CapEx',
  ],
  [
    'RW-2024-004',
    'Tailspin laptop add-on',
    'Sell side',
    'RW-2024-001',
    'Tailspin Toys',
    'United States',
    'Active',
    'Hardware',
    'Laptop',
    '2024-06-01',
    '2026-12-31',
    36000,
    'CapEx',
  ],
];

const RELATED_ASSETS: Cell[][] = [
  [
    'Asset Tag',
    'Name',
    'Serial Number',
    'Model',
    'Category',
    'Subcategory',
    'Status',
    'Contract',
    'Country',
    'Purchase Cost',
    'Purchase Date',
  ],
  [
    'TSP-0001',
    'Tailspin laptop 1',
    'TSP7440A01',
    'Latitude 7440',
    'Hardware',
    'Laptop',
    'In Use',
    'RW-2024-001',
    'United States',
    1234.5,
    day(2024, 1, 15),
  ],
  [
    'TSP-0002',
    'Tailspin laptop 2',
    'TSP7440A02',
    'Latitude 7440',
    'Hardware',
    'Laptop',
    'In Use',
    'RW-2024-001',
    'United States',
    1234.5,
    day(2024, 1, 15),
  ],
  [
    'TSP-0003',
    'Tailspin monitor 1',
    'TSPU2723A03',
    'UltraSharp U2723QE',
    'Hardware',
    'Monitor',
    'In Use',
    'RW-2024-001',
    'United States',
    579.99,
    day(2024, 1, 15),
  ],
  [
    'WWI-0001',
    'WWI web server 1',
    'WWIR650B01',
    'PowerEdge R650',
    'Hardware',
    'Server',
    'In Use',
    'RW-2024-002',
    'United Kingdom',
    11050,
    day(2024, 3, 4),
  ],
  [
    'WWI-0002',
    'WWI web server 2',
    'WWIR650B02',
    'PowerEdge R650',
    'Hardware',
    'Server',
    'In Use',
    'RW-2024-002',
    'United Kingdom',
    11050,
    day(2024, 3, 4),
  ],
  [
    'AWC-0001',
    'Adventure Works till PC',
    'AWCM90QC01',
    'ThinkCentre M90q',
    'Hardware',
    'Desktop',
    'In Stock',
    'RW-2024-003',
    'Germany',
    819,
    day(2024, 5, 6),
  ],
  [
    'TSP-0004',
    'Tailspin add-on laptop 1',
    'TSPT14D01',
    'ThinkPad T14 Gen 4',
    'Hardware',
    'Laptop',
    'In Use',
    'RW-2024-004',
    'United States',
    1289,
    day(2024, 6, 10),
  ],
  [
    'TSP-0005',
    'Tailspin add-on laptop 2',
    'TSPT14D02',
    'ThinkPad T14 Gen 4',
    'Hardware',
    'Laptop',
    'In Stock',
    'RW-2024-004',
    'United States',
    1289,
    day(2024, 6, 10),
  ],
];

/** A workbook whose sheets refer to each other: contracts name customers, assets name contracts. */
async function relatedWorkbook(file: string): Promise<void> {
  const wb = newWorkbook();
  const sheet = (name: string, rows: Cell[][]) => {
    const ws = wb.addWorksheet(name);
    rows.forEach((r) => ws.addRow(r));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    ws.columns.forEach((c) => (c.width = 18));
    return ws;
  };
  sheet('Customers', RELATED_CUSTOMERS);
  sheet('Contracts', RELATED_CONTRACTS).getColumn(12).numFmt = '#,##0.00';
  const assets = sheet('Assets', RELATED_ASSETS);
  assets.getColumn(10).numFmt = '#,##0.00';
  assets.getColumn(11).numFmt = 'yyyy-mm-dd';
  await wb.xlsx.writeFile(file);
}

// ---------------------------------------------------------------------------------
// test/fixtures/import/: tiny CSVs, each showing one kind of mess.

/** Windows-1252 bytes for the few characters outside Latin-1 that the fixtures use. */
const CP1252_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
};

export function encodeCp1252(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (CP1252_EXTRA[ch] !== undefined) out.push(CP1252_EXTRA[ch]);
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out.push(code);
    else throw new Error(`character ${JSON.stringify(ch)} has no Windows-1252 byte`);
  }
  return Buffer.from(out);
}

const csv = (rows: string[][], opts: { delimiter?: string; bom?: boolean } = {}) =>
  stringify(rows, { delimiter: opts.delimiter ?? ',', bom: opts.bom ?? false, record_delimiter: 'windows' });

/** One small CSV: its rows, and how its bytes differ from a plain UTF-8 comma CSV. */
interface CsvFixture {
  rows: string[][];
  delimiter?: string;
  bom?: boolean;
  /** Encoded as Windows-1252, as older Excel versions save "CSV". */
  windows1252?: boolean;
  /** Lines above the header, as a report generator writes them. */
  preamble?: string;
}

const FIXTURES: Record<string, CsvFixture> = {
  'assets-utf8-bom.csv': {
    bom: true,
    rows: [
      [
        'Name',
        'Serial number',
        'Category',
        'Subcategory',
        'Usage status',
        'Owner',
        'Country',
        'Original cost',
        'Service start date',
      ],
      [
        'Café Müller kiosk PC',
        'FX-UTF8-0001',
        'Hardware',
        'Desktop',
        'In Use',
        'Alice Johnson',
        'Germany',
        '819.00',
        '2023-04-05',
      ],
      [
        'Zürich meeting-room display',
        'FX-UTF8-0002',
        'Hardware',
        'Monitor',
        'In Stock',
        'Bob Smith',
        'Germany',
        '579.99',
        '2023-05-06',
      ],
      [
        'Łódź warehouse scanner',
        'FX-UTF8-0003',
        'Hardware',
        'Mobile Phone',
        'In Use',
        'IT Service Desk',
        'Germany',
        '349.50',
        '2023-06-07',
      ],
    ],
  },
  'assets-windows-1252.csv': {
    windows1252: true,
    rows: [
      ['Name', 'Serial number', 'Manufacturer', 'City', 'Country', 'Original cost', 'Asset notes'],
      [
        'Café Müller laptop',
        'FX-1252-0001',
        'Dell',
        'Köln',
        'Germany',
        '1299.00',
        'Bought for €1.299 incl. VAT',
      ],
      [
        'Crème brûlée bar tablet',
        'FX-1252-0002',
        'Apple',
        'Orléans',
        'France',
        '749.00',
        'Señor García’s tablet – on loan',
      ],
      ['Straße 5 printer', 'FX-1252-0003', 'HP', 'Düsseldorf', 'Germany', '429.00', 'Toner “XL” ordered'],
    ],
  },
  'assets-semicolon-daymonth.csv': {
    delimiter: ';',
    rows: [
      ['Name', 'Serial No.', 'Category', 'Sub Cat', 'Purchase Date', 'Purchase Cost', 'Country'],
      ['Berlin finance laptop', 'FX-SEMI-0001', 'Hardware', 'Laptop', '31.01.2023', '1.234,50', 'Germany'],
      ['Berlin print server', 'FX-SEMI-0002', 'Hardware', 'Server', '15.03.2023', '12.345,00', 'Germany'],
      ['Paris design monitor', 'FX-SEMI-0003', 'Hardware', 'Monitor', '28/02/2023', '899,00', 'France'],
      ['Madrid sales phone', 'FX-SEMI-0004', 'Hardware', 'Mobile Phone', '05.04.2023', '999', 'Spain'],
    ],
  },
  'assets-title-row.csv': {
    preamble: 'ACME Corp — Asset export\r\nGenerated 2024-02-03 by AssetTrack 4.2\r\n\r\n',
    rows: [
      ['Asset Tag', 'Description', 'Serial No.', 'Model', 'Status', 'Owner', 'Country', 'Purchase Cost ($)'],
      [
        'ACME-9001',
        'Title-row laptop 1',
        'FX-TITLE-0001',
        'Latitude 7440',
        'In Use',
        'Alice Johnson',
        'USA',
        '$1,234.50',
      ],
      [
        'ACME-9002',
        'Title-row laptop 2',
        'FX-TITLE-0002',
        'ThinkPad T14 Gen 4',
        'In Stock',
        'bob.smith@acme.example',
        'U.K.',
        '$ 899.00',
      ],
      [
        'ACME-9003',
        'Title-row desktop',
        'FX-TITLE-0003',
        'OptiPlex 7010',
        'In Use',
        'Carol Williams',
        'United States',
        '749',
      ],
    ],
  },
  'assets-excel-serial-dates.csv': {
    rows: [
      ['Name', 'Serial number', 'Service start date', 'Warranty end date', 'Original cost'],
      ['Serial-date laptop', 'FX-SER-0001', '44941', '46037', '1199'],
      ['Serial-date server', 'FX-SER-0002', '45446', '47272', '18450.75'],
      ['Serial-date monitor', 'FX-SER-0003', '45000', '46096', '219'],
    ],
  },
  'contracts-basic.csv': {
    rows: [
      [
        'Contract type',
        'Name',
        'Contract number',
        'Parent contract',
        'Customer',
        'Supplier',
        'Country',
        'Status',
        'Category',
        'Subcategory',
        'Start date',
        'End date',
        'Notice period (days)',
        'Total contract value',
        'Expenditure type',
        'CapEx actual',
        'OpEx actual',
      ],
      [
        'Buy side',
        'Dell hardware supply',
        'FX-CT-001',
        '',
        '',
        'Dell Technologies',
        'United States',
        'Active',
        'Hardware',
        'Laptop',
        '2024-01-01',
        '2025-12-31',
        '60',
        '250000',
        'CapEx',
        '',
        '',
      ],
      [
        'Sell side',
        'Northwind support',
        'FX-CT-002',
        '',
        'Northwind Traders',
        '',
        'United States',
        'Active',
        'Services',
        'Support',
        '2024-02-01',
        '2026-01-31',
        '90',
        '120000',
        'Blended',
        '20000',
        '100000',
      ],
      [
        'Buy side',
        'Microsoft licences call-off',
        'FX-CT-003',
        'CT-2023-001',
        '',
        'Microsoft',
        'United Kingdom',
        'Draft',
        'Software',
        'Productivity',
        '2024-03-01',
        '2025-02-28',
        '30',
        '45000',
        'OpEx',
        '',
        '',
      ],
    ],
  },
  'customers-basic.csv': {
    rows: [
      ['Name', 'Contact name', 'Contact email', 'City', 'Country', 'NDA signed', 'NDA signed date'],
      [
        'Fixture Customer One',
        'Ada Lovelace',
        'ada@fixture-one.example',
        'London',
        'United Kingdom',
        'Yes',
        '2023-01-31',
      ],
      ['Fixture Customer Two', 'Alan Turing', 'alan@fixture-two.example', 'Manchester', 'UK', 'No', ''],
      [
        'Fixture Customer Three',
        'Grace Hopper',
        'grace@fixture-three.example',
        'New York',
        'USA',
        'y',
        '2024-02-29',
      ],
    ],
  },
};

function fixtureBytes(fixture: CsvFixture): string | Buffer {
  const text = (fixture.preamble ?? '') + csv(fixture.rows, fixture);
  return fixture.windows1252 ? encodeCp1252(text) : text;
}

async function fixtures(dir: string): Promise<void> {
  for (const [name, fixture] of Object.entries(FIXTURES))
    await writeFile(join(dir, name), fixtureBytes(fixture));
}

// ---------------------------------------------------------------------------------

export async function makeSamples(root: string): Promise<Record<string, string[]>> {
  const samples = join(root, 'samples');
  const fx = join(root, 'test', 'fixtures', 'import');
  await mkdir(samples, { recursive: true });
  await mkdir(fx, { recursive: true });
  const report: Record<string, string[]> = {};
  report['legacy-asset-register.xlsx'] = await legacyRegister(join(samples, 'legacy-asset-register.xlsx'));
  report['contracts-finance.xlsx'] = await contractsFinance(join(samples, 'contracts-finance.xlsx'));
  report['customers.csv'] = await customersCsv(join(samples, 'customers.csv'));
  await relatedWorkbook(join(samples, 'related-workbook.xlsx'));
  await fixtures(fx);
  return report;
}

// Run as a script: node dist/samples/make-samples.js [repo root]
if (
  process.argv[1] &&
  resolve(process.argv[1]).replace(/\.ts$/, '.js').endsWith(join('samples', 'make-samples.js'))
) {
  const root = resolve(process.argv[2] ?? '.');
  const report = await makeSamples(root);
  for (const [file, lines] of Object.entries(report)) {
    console.log(file);
    for (const l of lines) console.log(`  ${l}`);
  }
}
