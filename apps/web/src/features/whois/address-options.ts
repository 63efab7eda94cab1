/** Select options shared by the WHOIS forms: countries and the Japanese prefectures (Latin names or codes as values). */
import { PREFECTURES } from '@registrar/rules';

const PREFECTURES_EN = [
  'Hokkaido', 'Aomori', 'Iwate', 'Miyagi', 'Akita', 'Yamagata', 'Fukushima', 'Ibaraki', 'Tochigi', 'Gunma', 'Saitama', 'Chiba', 'Tokyo', 'Kanagawa',
  'Niigata', 'Toyama', 'Ishikawa', 'Fukui', 'Yamanashi', 'Nagano', 'Gifu', 'Shizuoka', 'Aichi', 'Mie', 'Shiga', 'Kyoto', 'Osaka', 'Hyogo',
  'Nara', 'Wakayama', 'Tottori', 'Shimane', 'Okayama', 'Hiroshima', 'Yamaguchi', 'Tokushima', 'Kagawa', 'Ehime', 'Kochi', 'Fukuoka', 'Saga', 'Nagasaki',
  'Kumamoto', 'Oita', 'Miyazaki', 'Kagoshima', 'Okinawa',
] as const;

/** WHOIS contacts are published in Latin letters: the value is the romanised name, the label the Japanese one. */
export const PREFECTURE_EN_OPTIONS = PREFECTURES.map((ja, i) => ({ value: PREFECTURES_EN[i] ?? ja, label: `${ja}（${PREFECTURES_EN[i]}）` }));
/** The .co.jp form stores the prefecture code (1-47), as the postal lookup answers it. */
export const PREFECTURE_CODE_OPTIONS = PREFECTURES.map((ja, i) => ({ value: String(i + 1), label: ja }));

export const COUNTRY_OPTIONS = [
  { value: 'JP', label: '日本 (JP)' },
  { value: 'US', label: 'アメリカ合衆国 (US)' },
  { value: 'GB', label: 'イギリス (GB)' },
  { value: 'CA', label: 'カナダ (CA)' },
  { value: 'AU', label: 'オーストラリア (AU)' },
  { value: 'CN', label: '中国 (CN)' },
  { value: 'KR', label: '韓国 (KR)' },
  { value: 'TW', label: '台湾 (TW)' },
  { value: 'HK', label: '香港 (HK)' },
  { value: 'SG', label: 'シンガポール (SG)' },
  { value: 'TH', label: 'タイ (TH)' },
  { value: 'VN', label: 'ベトナム (VN)' },
  { value: 'PH', label: 'フィリピン (PH)' },
  { value: 'IN', label: 'インド (IN)' },
  { value: 'DE', label: 'ドイツ (DE)' },
  { value: 'FR', label: 'フランス (FR)' },
  { value: 'NL', label: 'オランダ (NL)' },
];
