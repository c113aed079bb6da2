/*
 * The names of places people type besides GeoNames' own: countries (CLDR's English names, their
 * variants and common aliases) and US states in words. Read by gazetteer.ts.
 */

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Names people type that are not CLDR's English country names. */
export const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uae: 'AE',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  turkey: 'TR',
  holland: 'NL',
  'the netherlands': 'NL',
  burma: 'MM',
  'south korea': 'KR',
  korea: 'KR',
  'republic of korea': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  'russian federation': 'RU',
  vietnam: 'VN',
  'viet nam': 'VN',
  swaziland: 'SZ',
  'cabo verde': 'CV',
  'east timor': 'TL',
  macau: 'MO',
  'hong kong': 'HK',
  drc: 'CD',
  'dr congo': 'CD',
  'democratic republic of the congo': 'CD',
  'republic of the congo': 'CG',
  palestine: 'PS',
  vatican: 'VA',
};

export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * Every spelling of a country we accept, from CLDR's English name plus a few variants (the
 * gazetteer normalises them).
 */
export function countryNameVariants(code: string): string[] {
  const cldr = countryName(code);
  const variants = new Set<string>([cldr]);
  variants.add(cldr.replace(/\s*\(.*\)\s*/, ' ')); // 'Myanmar (Burma)' → 'Myanmar'
  variants.add(cldr.replace(/ SAR China$/, '')); // 'Hong Kong SAR China' → 'Hong Kong'
  for (const v of [...variants]) {
    variants.add(v.replace(/&/g, 'and'));
    variants.add(v.replace(/\bSt\.\s/g, 'Saint '));
    variants.add(v.replace(/&/g, 'and').replace(/\bSt\.\s/g, 'Saint '));
  }
  return [...variants];
}

/** US states by name, so 'Austin, Texas' works as well as 'Austin, TX'. */
export const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
};
