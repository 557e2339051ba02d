/**
 * Seed data for the double: brand voices and assets, enough of each (36 and 42, a few deleted) to show
 * search and range pagination. Generated from fixed word lists, so every run sees the same library.
 */

export interface SeedBrandVoice {
  _id: string;
  unique_id: string;
  created_date: string;
  updated_date: string;
  name: string;
  content_policy: string;
  extracted_keywords: string;
  writing_guidelines: string;
  user_input: Record<string, string | boolean | string[]>;
  filename: string | null;
  text: string;
  deleted: boolean;
  require_guideline: boolean;
}

export interface SeedAsset {
  _id: string;
  unique_id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
  asset_type: string;
  tag_ids: string[];
  filename: string;
  total_words: number;
  file_size: number;
  file_description: string;
  /** Kept by the double only (not sent): the text of an uploaded file, for file-mode generation. */
  content?: string;
}

export const DOUBLE_USER_ID = 'user-7f3a9c';

const BRANDS = [
  'Acme',
  'Northwind',
  'Contoso',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Hooli',
  'Vandelay',
  'Pied Piper',
  'Soylent',
];
const STYLES = ['Friendly', 'Formal', 'Playful'];
const TONES = ['warm', 'authoritative', 'witty'];
const FORMALITY = ['casual', 'formal', 'neutral'];

/** A Mongo-style 24-hex id from a number, so ids look like the real service's. */
export function objectId(prefix: number, index: number): string {
  return (prefix.toString(16).padStart(8, '0') + index.toString(16).padStart(16, '0')).slice(0, 24);
}

function isoDate(day: number): string {
  return new Date(Date.UTC(2025, 0, 1 + day, 9, day % 60, 0)).toISOString();
}

/** Python-style isoformat, no zone: the asset timestamps' format is not documented, so the two differ. */
function pythonDate(day: number): string {
  return isoDate(day)
    .replace('Z', '')
    .replace(/\.\d{3}$/, '.000000');
}

export function seedBrandVoices(): SeedBrandVoice[] {
  const voices: SeedBrandVoice[] = [];
  let index = 0;
  for (const brand of BRANDS) {
    for (let style = 0; style < STYLES.length; style++) {
      const name = `${brand} ${STYLES[style]}`;
      voices.push({
        _id: objectId(0x65a1b2c3, index),
        unique_id: DOUBLE_USER_ID,
        created_date: isoDate(index * 3),
        updated_date: isoDate(index * 3 + 1),
        name,
        content_policy: `Never make medical or financial promises on behalf of ${brand}. Cite sources for every statistic.`,
        extracted_keywords: `${brand.toLowerCase()}, ${TONES[style]}, customers, quality`,
        writing_guidelines: `Write for ${brand}'s customers in a ${TONES[style]} voice. Short sentences; active verbs.`,
        user_input: {
          acronym_style: 'spell out on first use',
          common_acronym: ['FAQ', 'USA'],
          capitalization_nouns: style === 1,
          capitalization_case: style === 1 ? 'title case' : 'sentence case',
          capitalization_names: true,
          date_format: style === 1 ? 'DD MMMM YYYY' : 'MMM D, YYYY',
          currency_format: '$1,000.00',
          spell_number_start_sentence: true,
          commas_seperated_number: true,
          space_between_unit: style !== 2,
          time_format: style === 1 ? '24-hour' : '12-hour',
          spell_timezone: false,
          emoji: style === 2,
          punctuation: true,
          readability_age: style === 1 ? '16+' : '12+',
          formality: FORMALITY[style]!,
          tone: TONES[style]!,
        },
        filename: index % 4 === 0 ? `${brand.toLowerCase().replace(/ /g, '-')}-style-guide.pdf` : null,
        text: `${brand} makes things people enjoy using. This sample shows the ${TONES[style]} voice.`,
        // Two deleted voices check that deleted entries are not listed.
        deleted: index === 5 || index === 17,
        require_guideline: style === 1,
      });
      index++;
    }
  }
  return voices;
}

const ASSET_TOPICS = [
  'annual-report',
  'product-catalogue',
  'press-kit',
  'market-research',
  'customer-survey',
  'style-guide',
  'whitepaper',
  'case-study',
  'pricing-sheet',
  'faq',
  'onboarding-guide',
  'release-notes',
  'sustainability-report',
  'brand-book',
];
const EXTENSIONS = ['pdf', 'docx', 'txt'];

export function seedAssets(): SeedAsset[] {
  const assets: SeedAsset[] = [];
  for (let index = 0; index < ASSET_TOPICS.length * EXTENSIONS.length; index++) {
    const topic = ASSET_TOPICS[index % ASSET_TOPICS.length]!;
    const extension = EXTENSIONS[Math.floor(index / ASSET_TOPICS.length)]!;
    const year = 2020 + (index % 6);
    const words = 400 + ((index * 7919) % 12000);
    assets.push({
      _id: objectId(0x66b2c3d4, index),
      unique_id: DOUBLE_USER_ID,
      created_at: pythonDate(200 + index * 2),
      updated_at: pythonDate(201 + index * 2),
      deleted: index === 9,
      asset_type: 'file',
      tag_ids: index % 3 === 0 ? ['tag-marketing'] : [],
      filename: `${topic}-${year}.${extension}`,
      total_words: words,
      file_size: words * 6 + 2048,
      file_description: `${topic.replace(/-/g, ' ')} (${year})`,
      content: `The ${topic.replace(/-/g, ' ')} for ${year} covers ${words} words of material.`,
    });
  }
  return assets;
}
