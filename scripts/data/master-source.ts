/**
 * The readable source of the bundled master data (data/master/*.csv). Edit here, then run
 *   node_modules/.bin/node -r @swc-node/register scripts/data/generate-master-data.ts
 * How the figures were chosen: docs/pricing.md.
 *
 * One line per TLD:  name | meaning | renew | register | tags | options
 *   renew     per-year renewal price, yen, tax included (transfer defaults to it: a transfer adds one year)
 *   register  first-year normal price; empty = the renewal price
 *   tags      category letters (see CATEGORY_TAGS)
 *   options   ';'-separated: idn (Japanese-script names can be registered), camp=N (campaign first-year price, red),
 *             sp=N (special first-year price, blue), tr=N (transfer price), notr (no transfer-in), noproxy, nolock,
 *             min=N, unit=N, grace=N, restore=N, rfee=N (restore fee before the renewal is added),
 *             deadline=K (key of DEADLINES), top=N (top-page tile order)
 * Lines are in display order (ordinal). Blank lines and lines starting with # are skipped.
 */

/** Category id, name and the tag letter that puts a TLD in it (some are filled by group instead of a letter). */
export const CATEGORIES: { id: number; name: string; tag: string }[] = [
  { id: 1, name: '人気', tag: 'p' },
  { id: 2, name: '新gTLD', tag: '' },
  { id: 3, name: 'ccTLD（国別）', tag: '' },
  { id: 4, name: '日本語', tag: 'j' },
  { id: 5, name: '.jp', tag: '' },
  { id: 6, name: '都道府県型JP', tag: '' },
  { id: 7, name: '地域', tag: 'r' },
  { id: 8, name: 'ビジネス', tag: 'b' },
  { id: 9, name: 'IT・テック', tag: 't' },
  { id: 10, name: 'ショップ・EC', tag: 's' },
  { id: 11, name: 'エンタメ・趣味', tag: 'e' },
  { id: 12, name: 'ライフスタイル', tag: 'l' },
  { id: 13, name: '金融・士業', tag: 'f' },
  { id: 14, name: '汎用gTLD', tag: '' },
];

/** Renewal deadline texts (the deadline page shows them as they are). */
export const DEADLINES = {
  g: '有効期限日の前日まで',
  cc: '有効期限日の5日前まで',
  cc10: '有効期限日の10日前まで',
  cc30: '有効期限日の30日前まで',
  jp: '有効期限日の22時まで',
} as const;
export type DeadlineKey = keyof typeof DEADLINES;

export interface GroupDefaults {
  group: 'generic' | 'new' | 'idn' | 'cc' | 'jp' | 'pref';
  isCctld: boolean;
  grace: number;
  restore: number;
  rfee: number;
  deadline: DeadlineKey;
}

export const GENERIC: GroupDefaults = { group: 'generic', isCctld: false, grace: 30, restore: 30, rfee: 8_800, deadline: 'g' };
export const NEW_GTLD: GroupDefaults = { group: 'new', isCctld: false, grace: 30, restore: 30, rfee: 8_800, deadline: 'g' };
export const IDN_GTLD: GroupDefaults = { group: 'idn', isCctld: false, grace: 30, restore: 30, rfee: 8_800, deadline: 'g' };
export const CCTLD: GroupDefaults = { group: 'cc', isCctld: true, grace: 30, restore: 30, rfee: 11_000, deadline: 'cc' };
export const JP: GroupDefaults = { group: 'jp', isCctld: true, grace: 0, restore: 30, rfee: 5_500, deadline: 'jp' };
export const PREF: GroupDefaults = { group: 'pref', isCctld: true, grace: 0, restore: 30, rfee: 5_500, deadline: 'jp' };

export const GENERIC_TLDS = `
com|商業・企業|1738||pbt|idn;camp=1078;top=1
net|ネットワーク|2068||pbt|idn;camp=1298;top=3
org|非営利団体・組織|2178||pb|idn;top=6
info|情報|3278||pt|idn;camp=548;top=8
biz|ビジネス|2948||pb|idn;top=11
name|個人名|1628||l|idn
mobi|モバイル|4378||t|idn
pro|専門家・プロフェッショナル|3498||bf|
asia|アジア|2398||r|idn
tel|電話・連絡先|2398||b|
`;

/** Japanese- and Chinese-script gTLDs. */
export const IDN_TLDS = `
コム|コム（.com の日本語版）|2728||pjb|idn;top=13
みんな|みんな|3498||pjl|idn;top=15
クラウド|クラウド|3938||jt|idn
ストア|ストア・お店|8580||js|idn
セール|セール・特売|5478||js|idn
ファッション|ファッション|5478||jsl|idn
ポイント|ポイント|5478||js|idn
書籍|書籍・本|5478||je|idn
家電|家電製品|5478||js|idn
通販|通信販売|5478||js|idn
食品|食品|5478||jsl|idn
世界|世界|5478||j|idn
在线|オンライン（中国語）|4378|||
中文网|中国語のウェブサイト|4378|||
公司|会社（中国語）|4378||b|
网络|ネットワーク（中国語）|4378||t|
商标|商標（中国語）|9878||b|
商城|ショッピングモール（中国語）|6578||s|
网店|ネットショップ（中国語）|6578||s|
网址|ウェブアドレス（中国語）|6578||t|
移动|モバイル（中国語）|4378||t|
游戏|ゲーム（中国語）|9878||e|
企业|企業（中国語）|9878||b|
娱乐|娯楽（中国語）|5478||e|
我爱你|愛してる（中国語）|3278||l|
手机|携帯電話（中国語）|4378||t|
集团|グループ企業（中国語）|4378||b|
信息|情報（中国語）|4378||t|
`;

export const NEW_GTLDS = `
xyz|次世代・何でも|1848||pt|idn;camp=98;top=4
online|オンライン|4950||pt|idn;sp=548;top=9
shop|ショップ|4708||ps|idn;camp=328;top=10
site|サイト|4378||pt|idn;sp=548
store|ストア・お店|7920||s|idn;sp=880
tech|テクノロジー|7150||t|sp=1078
app|アプリ|2728||pt|
dev|開発者|2398||t|
blog|ブログ|3938||pl|idn
club|クラブ|2640||e|idn
fun|楽しい|4048||e|idn;sp=548
space|宇宙・空間|3608||l|idn;sp=548
website|ウェブサイト|3608||t|idn;sp=548
top|トップ|1738||p|idn;sp=218
icu|I see you・集中治療室|1738|||sp=218
work|仕事|1298||b|idn
link|リンク|1628||t|idn
life|人生・生活|4048||l|idn
live|ライブ・生きる|4048||e|idn
world|世界|4818||l|idn
today|今日|3278||l|idn
company|会社|1738||b|idn
inc|株式会社|29480||b|
ltd|有限会社|3058||b|idn
llc|合同会社|3608||b|
group|グループ|2728||b|idn
email|メール|3278||t|idn
network|ネットワーク|3278||t|idn
cloud|クラウド|2728||t|idn
digital|デジタル|4378||t|idn
media|メディア|4378||e|idn
news|ニュース|3278||e|idn
design|デザイン|6040||t|idn
studio|スタジオ|3278||e|idn
art|アート|2178||e|idn
photo|写真|4378||e|idn
photography|写真撮影|2728||e|idn
pics|写真・画像|3278||e|
gallery|ギャラリー|2728||e|idn
band|バンド|3278||e|idn
games|ゲーム|2728||e|idn
game|ゲーム|49280||e|
video|動画|3278||e|idn
movie|映画|40480||e|
fans|ファン|1848||e|
fan|ファン|4378||e|
chat|チャット|4378||t|idn
social|ソーシャル|4378||t|idn
community|コミュニティ|4378||l|idn
page|ページ|1848||t|
one|ひとつ・一番|2728||b|
vip|VIP・重要人物|2178||l|idn
win|勝利|3278||e|
trade|取引|3278||f|
market|マーケット・市場|4378||s|idn
money|お金|4378||f|idn
finance|金融|6578||f|idn
capital|資本|6578||f|idn
fund|ファンド|6578||f|idn
investments|投資|13200||f|idn
exchange|取引所|4378||f|idn
cash|現金|4378||f|idn
tax|税金|6578||f|idn
accountant|会計士|3278||f|
credit|クレジット|13200||f|
loans|ローン|13200||f|
consulting|コンサルティング|4378||b|idn
agency|代理店|2728||b|idn
marketing|マーケティング|4378||b|idn
solutions|ソリューション|2728||b|idn
services|サービス|4378||b|idn
support|サポート|2728||b|idn
systems|システム|2728||t|idn
software|ソフトウェア|4378||t|idn
technology|テクノロジー|2728||t|idn
engineering|エンジニアリング|4378||t|idn
engineer|エンジニア|4378||t|idn
computer|コンピュータ|4378||t|idn
host|ホスト|13200||t|
hosting|ホスティング|6578||t|
domains|ドメイン|4378||t|idn
academy|アカデミー|4378||l|idn
school|学校|4378||l|idn
education|教育|2728||l|idn
college|大学・カレッジ|9878||l|
university|大学|6578||l|idn
study|勉強|3278||l|
training|研修・トレーニング|4378||b|idn
institute|研究所|2728||b|idn
science|科学|3278||t|
health|健康|9878||l|
clinic|クリニック|6578||l|idn
dental|歯科|6578||l|idn
dentist|歯科医|6578||f|
doctor|医師|13200||f|
healthcare|ヘルスケア|6578||l|idn
vet|獣医|4378||f|idn
care|ケア・介護|4378||l|idn
fitness|フィットネス|4378||l|idn
yoga|ヨガ|3608||l|
beauty|美容|2178||l|
hair|ヘア|2178||l|
salon|サロン|6578||l|idn
spa|スパ|4378||l|
fashion|ファッション|3608||sl|
style|スタイル|4378||l|idn
clothing|衣料品|4378||s|idn
shoes|靴|4378||s|idn
jewelry|ジュエリー|6578||s|idn
watch|時計・見る|4378||s|idn
boutique|ブティック|4378||s|idn
gift|ギフト|2728||s|
gifts|ギフト|1848||s|idn
deals|お買い得|4378||s|idn
sale|セール|4378||s|idn
discount|割引|4378||s|idn
coupons|クーポン|6578||s|idn
shopping|ショッピング|4378||s|idn
cheap|格安|4378||s|idn
delivery|配達|6578||s|idn
supply|供給|2728||b|idn
equipment|機器|2728||b|idn
tools|ツール|4378||t|idn
enterprises|企業|4378||b|idn
holdings|ホールディングス|6578||b|idn
business|ビジネス|1848||b|idn
ventures|ベンチャー|6578||b|idn
partners|パートナー|6578||b|idn
management|マネジメント|2728||b|idn
global|グローバル|9878||b|
international|国際|2728||b|idn
careers|キャリア|6578||b|idn
jobs|求人|16500||b|
works|作品・工場|4378||b|idn
press|プレス・報道|9878||e|
reviews|レビュー|2728||l|idn
review|レビュー|3278||l|
guide|ガイド|4378||l|idn
wiki|ウィキ|3608||t|
help|ヘルプ|3278||t|
expert|エキスパート|6578||f|idn
guru|達人|4378||l|idn
ninja|忍者|2728||e|idn
love|愛|3608||l|
wedding|結婚式|3608||l|
family|家族|3278||l|idn
baby|赤ちゃん|9878||l|
kids|子ども|3278||l|
pet|ペット|2178||l|
dog|犬|6578||l|idn
fish|魚|4378||e|idn
golf|ゴルフ|6578||e|idn
soccer|サッカー|2728||e|idn
football|フットボール|2728||e|idn
run|ランニング|2728||e|idn
fit|フィット・健康|3608||l|
team|チーム|4378||e|idn
events|イベント|4378||e|idn
party|パーティー|3278||e|
green|グリーン|6578||l|
gold|金・ゴールド|13200||f|idn
cool|クール|4378||e|idn
moe|萌え|1848||e|idn
bond|絆・債券|1738|||sp=218
cyou|See you|1738|||sp=218
cfd|差金決済取引|1738||f|sp=218
sbs|小規模事業|1738||b|sp=218
lat|ラテンアメリカ|3608||r|
quest|探求|1738||e|
cam|カメラ|3278||e|
rest|休息|6578||l|
mba|MBA|4378||f|idn
law|法律|13200||f|
lawyer|弁護士|6578||f|idn
legal|法務|6578||f|idn
fyi|参考までに|3278||l|idn
download|ダウンロード|3278||t|
stream|ストリーミング|3278||e|
loan|ローン|3278||f|
kitchen|キッチン|6578||l|idn
recipes|レシピ|6578||l|idn
cafe|カフェ|4378||l|idn
restaurant|レストラン|6578||l|idn
bar|バー|9878||l|
wine|ワイン|6578||l|idn
beer|ビール|3608||l|
pizza|ピザ|6578||l|idn
coffee|コーヒー|4378||l|idn
farm|農場|4378||l|idn
garden|庭|4378||l|
house|家|4378||l|idn
home|家庭|4378||l|
land|土地|4378||f|idn
estate|不動産|4378||f|idn
properties|物件|4378||f|idn
realty|不動産|49280||f|
apartments|アパート|6578||f|idn
construction|建設|4378||b|idn
builders|建設業者|4378||b|idn
contractors|請負業者|4378||b|idn
repair|修理|4378||b|idn
energy|エネルギー|13200||b|idn
solar|太陽光|6578||b|idn
eco|エコ|9878||l|
earth|地球|3278||l|
city|都市|3278||r|idn
town|町|4378||r|idn
place|場所|3278||r|idn
zone|ゾーン|4378||l|idn
center|センター|3278||b|idn
travel|旅行|13200||l|
tours|ツアー|6578||l|idn
holiday|休日|6578||l|idn
bike|自転車|4378||e|idn
cars|車|413600||e|
car|車|413600||e|
auto|自動車|413600||e|
taxi|タクシー|6578||l|idn
foundation|財団|4378||b|idn
charity|慈善団体|4378||b|
gives|寄付|4378||b|
ngo|非政府組織|6578||b|
ong|非政府組織（仏・西語）|6578||b|
church|教会|4378||l|idn
tokyo|東京|1848||prj|idn;sp=218;top=7
osaka|大阪|2728||rj|idn;top=14
nagoya|名古屋|1848||rj|idn
yokohama|横浜|1848||rj|idn
kyoto|京都|8580||rj|idn
okinawa|沖縄|1848||rj|idn
ryukyu|琉球|1848||rj|idn
nyc|ニューヨーク|4378||r|
london|ロンドン|6578||r|
paris|パリ|6578||r|
berlin|ベルリン|7150||r|
amsterdam|アムステルダム|6578||r|
vegas|ラスベガス|7150||r|
miami|マイアミ|4378||r|
sydney|シドニー|13200||r|
melbourne|メルボルン|13200||r|
quebec|ケベック|6578||r|
wien|ウィーン|6578||r|
hamburg|ハンブルク|7150||r|
koeln|ケルン|3278||r|
bayern|バイエルン|6578||r|
istanbul|イスタンブール|4378||r|
africa|アフリカ|3608||r|
kaufen|購入する（ドイツ語）|4378||s|
wang|王（中国語）|1848|||
ren|人（中国語）|1848|||
xin|信頼（中国語）|6578|||
cat|カタルーニャ|3278||r|
luxury|高級・ラグジュアリー|6578||l|
ceo|最高経営責任者|13200||b|
`;

/** Country-code TLDs; the meaning is the country or territory. */
export const CCTLDS = `
co|コロンビア|4378||pbt|sp=1078;top=12
io|イギリス領インド洋地域|9350||pt|top=16
ai|アンギラ|12980||pt|min=2;unit=2;top=5;restore=0
me|モンテネグロ|3278||pl|idn
tv|ツバル|5478||e|
cc|ココス諸島|2728||t|idn
us|アメリカ合衆国|1848||b|noproxy
uk|イギリス|1628||b|
eu|欧州連合|1738||b|noproxy;grace=0;restore=40;deadline=cc10
de|ドイツ|1298||b|grace=0;restore=30;deadline=cc10
fr|フランス|1738||b|grace=0;restore=30;noproxy
it|イタリア|1958|||grace=0;restore=30;noproxy
nl|オランダ|1628|||grace=0;restore=40;deadline=cc10
be|ベルギー|1738|||grace=0;restore=40
ch|スイス|2398|||grace=0;restore=40
at|オーストリア|2398|||grace=0;restore=30
es|スペイン|1738|||grace=0;restore=10;deadline=cc10
se|スウェーデン|2728|||grace=0;restore=60
dk|デンマーク|2728|||grace=0;restore=0;deadline=cc30
fi|フィンランド|3168|||grace=0;restore=30
pl|ポーランド|2398|||grace=0;restore=30
cz|チェコ|2398|||grace=0;restore=60
pt|ポルトガル|3058|||grace=0;restore=30
ie|アイルランド|4378|||noproxy;grace=0;restore=30
is|アイスランド|7590|||grace=0;restore=0;deadline=cc30
li|リヒテンシュタイン|2398|||grace=0;restore=40
lu|ルクセンブルク|4378|||grace=0;restore=0
lt|リトアニア|2398|||grace=0;restore=30
lv|ラトビア|3278|||grace=0;restore=0;deadline=cc30
ro|ルーマニア|2948|||grace=0;restore=0;notr
si|スロベニア|3278|||grace=0;restore=30
sk|スロバキア|3278|||grace=0;restore=30
ca|カナダ|2178|||noproxy
mx|メキシコ|5478|||grace=0;restore=30
cl|チリ|4378|||grace=0;restore=0;notr
pe|ペルー|7018|||grace=0;restore=30
hn|ホンジュラス|11000|||grace=0;restore=0
ht|ハイチ|11000|||grace=0;restore=0
bz|ベリーズ|3608|||
lc|セントルシア|3608|||
vc|セントビンセント・グレナディーン|5478|||
ag|アンティグア・バーブーダ|11000|||
ms|モントセラト|5478|||
gs|サウスジョージア・サウスサンドウィッチ諸島|5478|||
sx|シント・マールテン|4378|||
vg|イギリス領ヴァージン諸島|6578|||
cn|中国|3278|||noproxy;grace=0;restore=15;deadline=cc10
hk|香港|6578|||grace=0;restore=30
tw|台湾|5478|||grace=0;restore=30
kr|韓国|3938|||noproxy;grace=0;restore=30
sg|シンガポール|6578|||noproxy;grace=0;restore=30
my|マレーシア|9878|||grace=0;restore=0;notr
ph|フィリピン|8580|||grace=0;restore=0
in|インド|1628||b|
la|ラオス|5478||r|
mn|モンゴル|7018|||
am|アルメニア|8580||e|
nz|ニュージーランド|3608|||grace=0;restore=90;deadline=cc10
nu|ニウエ|3608|||
ws|サモア|3608|||grace=0;restore=0
fm|ミクロネシア連邦|9878||e|
pw|パラオ|2728|||
to|トンガ|9878|||grace=0;restore=0;nolock
cx|クリスマス島|3608|||
ac|アセンション島|4378||t|
sh|セントヘレナ|5478||t|
ly|リビア|11000||t|grace=0;restore=0
so|ソマリア|9878|||grace=0;restore=0
sc|セーシェル|9878|||
mu|モーリシャス|9878|||
cm|カメルーン|11000|||grace=0;restore=0
re|レユニオン|3278|||grace=0;restore=30;noproxy
pm|サンピエール島・ミクロン島|3278|||grace=0;restore=30;noproxy
tf|フランス領南方・南極地域|3278|||grace=0;restore=30;noproxy
wf|ウォリス・フツナ|3278|||grace=0;restore=30;noproxy
yt|マヨット|3278|||grace=0;restore=30;noproxy
je|ジャージー|13200|||grace=0;restore=0
gg|ガーンジー|11000||e|grace=0;restore=0
im|マン島|2728|||
gl|グリーンランド|5478|||
st|サントメ・プリンシペ|7018|||nolock
`;

/** The .jp family (JPRS). 日本語.jp is jp with is_idn and separate IDN prices (JP_IDN_PRICES). */
export const JP_TLDS = `
jp|日本|3278||pjb|idn;camp=1848;tr=0;top=2
co.jp|日本の企業（会社）|4620||pjb|tr=4620;noproxy
or.jp|日本の法人・組織|4620||jb|noproxy
ne.jp|日本のネットワークサービス|4620||jt|noproxy
ac.jp|日本の高等教育機関|4620||j|noproxy
ad.jp|JPNIC会員|4620||j|noproxy;notr
ed.jp|日本の初等中等教育機関|4620||j|noproxy
go.jp|日本の政府機関|4620||j|noproxy;notr
gr.jp|日本の任意団体|4620||j|noproxy
lg.jp|日本の地方公共団体|4620||j|noproxy;notr
`;

/** 日本語.jp: register, renew, transfer (transfer of a .jp is free: it does not extend the expiry). */
export const JP_IDN_PRICES = { register: 1_628, renew: 2_178, transfer: 0, camp: 980 };

/** The 47 prefecture-type .jp second levels, north to south, with their Japanese names. */
export const PREFECTURES: [string, string][] = [
  ['hokkaido', '北海道'], ['aomori', '青森'], ['iwate', '岩手'], ['miyagi', '宮城'], ['akita', '秋田'], ['yamagata', '山形'], ['fukushima', '福島'],
  ['ibaraki', '茨城'], ['tochigi', '栃木'], ['gunma', '群馬'], ['saitama', '埼玉'], ['chiba', '千葉'], ['tokyo', '東京'], ['kanagawa', '神奈川'],
  ['niigata', '新潟'], ['toyama', '富山'], ['ishikawa', '石川'], ['fukui', '福井'], ['yamanashi', '山梨'], ['nagano', '長野'], ['gifu', '岐阜'],
  ['shizuoka', '静岡'], ['aichi', '愛知'], ['mie', '三重'], ['shiga', '滋賀'], ['kyoto', '京都'], ['osaka', '大阪'], ['hyogo', '兵庫'],
  ['nara', '奈良'], ['wakayama', '和歌山'], ['tottori', '鳥取'], ['shimane', '島根'], ['okayama', '岡山'], ['hiroshima', '広島'], ['yamaguchi', '山口'],
  ['tokushima', '徳島'], ['kagawa', '香川'], ['ehime', '愛媛'], ['kochi', '高知'], ['fukuoka', '福岡'], ['saga', '佐賀'], ['nagasaki', '長崎'],
  ['kumamoto', '熊本'], ['oita', '大分'], ['miyazaki', '宮崎'], ['kagoshima', '鹿児島'], ['okinawa', '沖縄'],
];
/** Prefecture-type .jp prices (the same for all 47). */
export const PREF_PRICES = { register: 1_628, renew: 3_058 };

/** Requirements shown as a tooltip and in the TLD detail table; TLDs absent here have none. */
export const REQUIREMENTS: Record<string, string> = {
  jp: '日本国内に住所を有する個人・団体・組織であれば登録できます。',
  'co.jp': '日本国内で登記している会社（株式会社、合同会社、有限会社、合名会社、合資会社、相互会社、特定目的会社、外国会社の日本支店など）。1つの組織につき1つだけ登録できます。登記前でも仮登録が可能で、6か月以内に本登録が必要です。',
  'or.jp': '日本国内で登記している財団法人、社団法人、医療法人、監査法人、宗教法人、特定非営利活動法人（NPO法人）、農業協同組合、生活協同組合などの法人。1つの組織につき1つだけ登録できます。',
  'ne.jp': '日本国内でネットワークサービスを提供している個人または組織（サービス名での登録）。',
  'ac.jp': '学校教育法に定める大学、大学院、短期大学、高等専門学校、学校法人、職業訓練校などの高等教育機関。1つの組織につき1つだけ登録できます。',
  'ad.jp': '一般社団法人日本ネットワークインフォメーションセンター（JPNIC）の会員。',
  'ed.jp': '保育所、幼稚園、小学校、中学校、高等学校、特別支援学校など、主に18歳未満を対象とする教育機関。',
  'go.jp': '日本国の政府機関、各省庁所轄研究所、独立行政法人、特殊法人（特殊会社を除く）。',
  'gr.jp': '日本国内に住所を有する複数の個人、または日本国内で登記している法人で構成される任意団体。',
  'lg.jp': '地方自治法に定める地方公共団体（都道府県、市区町村など）とその機関。',
  us: 'アメリカ合衆国の市民・永住者、または米国内に拠点を持つ組織に限られます（Nexus要件）。',
  eu: '欧州連合（EU）加盟国、アイスランド、リヒテンシュタイン、ノルウェーに住所を有する個人・組織、またはEU市民に限られます。',
  fr: '欧州連合（EU）加盟国などに住所を有する個人・組織に限られます。',
  it: '欧州経済領域（EEA）などに住所を有する個人・組織に限られます。',
  re: '欧州連合（EU）加盟国などに住所を有する個人・組織に限られます。',
  pm: '欧州連合（EU）加盟国などに住所を有する個人・組織に限られます。',
  tf: '欧州連合（EU）加盟国などに住所を有する個人・組織に限られます。',
  wf: '欧州連合（EU）加盟国などに住所を有する個人・組織に限られます。',
  yt: '欧州連合（EU）加盟国などに住所を有する個人・組織に限られます。',
  ca: 'カナダの市民・永住者、またはカナダ国内の法人・団体に限られます（カナダ在住要件）。',
  cn: '登録者の身分証明書（個人は本人確認書類、法人は営業許可証）の提出が必要です。',
  kr: '韓国国内に住所を有する個人・組織に限られます（現地住所の提供が必要です）。',
  sg: 'シンガポール国内の連絡先住所（管理担当者）の提供が必要です。',
  ie: 'アイルランドとの関係（居住、事業、商標など）を示す必要があります。',
  jobs: '人事・採用活動に関わる企業・組織向けのTLDです。',
  law: '弁護士など法律専門職の資格確認が必要です。',
  ngo: '非政府組織（NGO）・非営利団体であることの確認が必要です。',
  ong: '非政府組織（NGO）・非営利団体であることの確認が必要です。',
  cat: 'カタルーニャ語・カタルーニャ文化に関わる内容であることが条件です。',
  quebec: 'ケベック州に関わる個人・組織向けです。',
  nyc: 'ニューヨーク市内に住所を有する個人・組織に限られます。',
  berlin: 'ベルリンに関わる個人・組織向けです。',
  hamburg: 'ハンブルクに関わる個人・組織向けです。',
  sydney: 'オーストラリアに関わる個人・組織（現地住所または商標）に限られます。',
  melbourne: 'オーストラリアに関わる個人・組織（現地住所または商標）に限られます。',
};
for (const [slug] of PREFECTURES) REQUIREMENTS[`${slug}.jp`] = '日本国内に住所を有する個人・団体・組織であれば登録できます。';

/** Hand-written descriptions of the best-known TLDs; the others get one generated from their meaning and group. */
export const DESCRIPTIONS: Record<string, string> = {
  com: '世界で最も多く登録されているドメインです。\n「commercial（商業）」に由来しますが、現在は用途の制限がなく、個人・企業を問わず誰でも登録できます。\n迷ったらまず .com を選ぶのが定番です。',
  net: '「network（ネットワーク）」に由来する、.com に次いで歴史のあるドメインです。\nインターネット関連サービスに限らず、誰でも自由に登録できます。',
  org: '「organization（組織）」に由来し、非営利団体やコミュニティによく使われるドメインです。\n登録に資格は不要で、誰でも登録できます。',
  info: '「information（情報）」に由来するドメインです。\n情報発信サイト、キャンペーンサイト、ブログなど幅広く使われています。',
  biz: '「business（ビジネス）」に由来するドメインです。\nビジネス用途向けとして作られ、企業サイトやサービスサイトで使われています。',
  jp: '日本を表す国別コードトップレベルドメイン（ccTLD）で、日本国内に住所があれば誰でも登録できる汎用JPドメインです。\n日本語ドメイン名（日本語.jp）も登録でき、日本のユーザーから高い信頼を得られます。',
  'co.jp': '日本国内で登記された会社だけが、1社につき1つだけ登録できる属性型JPドメインです。\n登記簿で確認された会社であることが一目でわかるため、企業の公式サイトに最適です。',
  xyz: '「次世代（X・Y・Z世代）」や「何でも」を表す、用途の制限がない新gTLDです。\n短く覚えやすい名前が残っており、手頃な価格で始められます。',
  tokyo: '東京を表す地域型の新gTLDです。\n東京に関わる企業・店舗・イベント・個人のサイトに使われ、誰でも登録できます。',
  online: '「オンライン」を表す新gTLDです。\nWebサービス、オンラインショップ、オンライン講座など幅広い用途に使えます。',
  shop: '「ショップ（お店）」を表す新gTLDです。\nネットショップや店舗の公式サイトにひと目でわかる名前を付けられます。',
  co: '南米コロンビアの国別コードトップレベルドメイン（ccTLD）です。\n「company」「corporation」の略として世界中の企業・スタートアップに使われており、誰でも登録できます。',
  io: 'イギリス領インド洋地域の国別コードトップレベルドメイン（ccTLD）です。\n「Input/Output」を連想させることから、IT企業や開発者向けサービスで人気があります。',
  ai: 'カリブ海のアンギラの国別コードトップレベルドメイン（ccTLD）です。\n「Artificial Intelligence（人工知能）」を連想させることから、AI関連のサービスで人気があります。\n登録・更新は2年単位です。',
  me: 'モンテネグロの国別コードトップレベルドメイン（ccTLD）です。\n英語の「me（私）」として、個人サイトやポートフォリオに人気があります。',
  tv: 'ツバルの国別コードトップレベルドメイン（ccTLD）です。\n「television」を連想させることから、動画配信や映像関連のサイトで使われています。',
  'コム': '「.com」の日本語版として作られた、カタカナのトップレベルドメインです。\n「例え.コム」のように、すべて日本語のドメイン名にできます。',
  'みんな': 'ひらがなのトップレベルドメインです。\nコミュニティ、サークル、ファンサイトなど「みんな」が集まる場所に向いています。',
};
