// Seed people: asset owners and users. Names are fictional; emails use the
// reserved .example domain.
export const OWNERS_COMPANY_1: readonly string[] = [
  'Alice Johnson',
  'Bob Smith',
  'Carol Williams',
  'David Brown',
  'Eve Davis',
  'Frank Miller',
  'Grace Wilson',
  'Henry Moore',
  'Isabel Taylor',
  'Jack Anderson',
  'Karen Thomas',
  'Liam Jackson',
  'Mia White',
  'Noah Harris',
  'Olivia Martin',
  'Peter Thompson',
  'Quinn Garcia',
  'Rachel Martinez',
  'Samuel Robinson',
  'Tina Clark',
  'Umar Rodriguez',
  'Victoria Lewis',
  'William Lee',
  'Xena Walker',
  'Yusuf Hall',
  'Zoe Allen',
  'Aaron Young',
  'Bianca King',
  'Carlos Wright',
];

export const OWNERS_COMPANY_2: readonly string[] = [
  'Anna Schmidt',
  'Lukas Müller',
  'Sophie Weber',
  'Jonas Fischer',
];

export const USERS: readonly (readonly [
  string,
  string,
  'admin' | 'user',
  'has_site_access' | 'no_site_access' | 'removed',
])[] = [
  ['Morgan', 'Reyes', 'admin', 'has_site_access'],
  ['Priya', 'Natarajan', 'admin', 'has_site_access'],
  ['Tom', 'Becker', 'user', 'has_site_access'],
  ['Hannah', 'Okafor', 'user', 'has_site_access'],
  ['Lars', 'Johansson', 'user', 'no_site_access'],
  ['Mei', 'Chen', 'user', 'has_site_access'],
  ['Diego', 'Alvarez', 'admin', 'removed'],
  ['Sara', 'Lindqvist', 'user', 'removed'],
];

export function emailOf(name: string, domain: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  return `${ascii
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@${domain}`;
}
