/**
 * The public pages that the gateway answers as server-rendered HTML (docs/web-public-pages.md, ADR 0012).
 * One line per page: its route path (TanStack Router syntax), its title and description for <head>, and whether it is
 * listed in sitemap.xml. Everything else (member area, admin) stays a client-rendered app shell.
 * The titles are the same strings the pages set with useDocumentTitle, so the document title never changes on hydration.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TldDetailDto } from '@registrar/contracts';
import type { HelpArticle, HelpCategory, LegalDoc } from '../features/help/help.api';
import { PRODUCT } from '@registrar/messages';

export interface PageHead {
  title: string;
  description: string;
}

export interface PublicPage {
  /** the route path exactly as in src/routes (e.g. '/domain/tld/$tldName') */
  path: string;
  head: (ctx: { params: Record<string, string>; search: Record<string, unknown>; queryClient: QueryClient }) => PageHead;
  /** listed in sitemap.xml as is (pages with params are listed by the gateway from their data) */
  sitemap?: boolean;
  /** the page depends on the query string (a search landing): canonical keeps it */
  canonicalSearch?: string[];
  /** the spec's address of the page ends in a slash (knowledge/…/): so does its canonical URL */
  trailingSlash?: boolean;
}

const site = PRODUCT.serviceName;
const t = (title: string) => `${title} | ${site}`;

export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/',
    sitemap: true,
    head: () => ({ title: `ドメイン取得・検索なら${site}`, description: `${site}は約430種類のTLDを扱うドメイン登録サービスです。.com・.jp・日本語ドメインの検索と取得、WHOIS代理公開・DNS・APIは無料です。` }),
  },
  {
    path: '/domain/price',
    sitemap: true,
    head: () => ({ title: t('TLD料金一覧'), description: `${site}で取り扱う約430種類のTLDの新規登録・更新・移管の料金一覧（税込）。キャンペーン価格も掲載しています。` }),
  },
  {
    path: '/domain/deadline',
    sitemap: true,
    head: () => ({ title: t('更新期限・復旧期限一覧'), description: `${site}で取り扱うTLDごとの更新期限、更新猶予期間、復旧可能期間の一覧です。` }),
  },
  {
    path: '/domain/tld/$tldName',
    head: ({ params, queryClient }) => {
      const d = queryClient.getQueryData<TldDetailDto>(['tld', 'detail', params.tldName]);
      if (!d) return { title: t(`.${params.tldName}ドメイン`), description: `.${params.tldName}ドメインの取得・料金` };
      const yen = (n: number | null) => (n == null ? '—' : `${n.toLocaleString('ja-JP')}円`);
      return {
        title: t(`.${d.tld.tld_name}ドメインの取得・料金（${d.tld.meaning}）`),
        description: `.${d.tld.tld_name}（${d.tld.meaning}）ドメインの取得なら${site}。新規登録${yen(d.price.register)}、更新${yen(d.price.renew)}、移管${yen(d.price.transfer)}（税込）。${d.tld.description}`.slice(0, 160),
      };
    },
  },
  {
    path: '/whois',
    sitemap: true,
    head: () => ({ title: t('WHOIS検索'), description: 'ドメイン名の登録者・有効期限・ネームサーバーなどのWHOIS情報を検索できます。' }),
  },
  {
    path: '/document/api/v1/',
    sitemap: true,
    head: () => ({ title: t('APIドキュメント'), description: `${site}のAPI（v1）のドキュメント。ドメインの検索・登録・更新をプログラムから無料で利用できます。` }),
  },
  {
    path: '/search',
    canonicalSearch: ['domain'],
    head: ({ search }) => {
      const q = typeof search.domain === 'string' ? search.domain.trim() : '';
      return q
        ? { title: t('ドメイン検索'), description: `「${q}」で取得できるドメインを約430種類のTLDから検索します。料金と空き状況をまとめて確認できます。` }
        : { title: t('ドメイン検索'), description: '取得したいドメイン名を約430種類のTLDからまとめて検索できます。' };
    },
  },
  // the help centre and the legal pages (branch i25)
  {
    path: '/knowledge/',
    sitemap: true,
    trailingSlash: true,
    canonicalSearch: ['s'],
    head: ({ search }) => {
      const q = typeof search.s === 'string' ? search.s : '';
      return q
        ? { title: t(`「${q}」の検索結果 - ヘルプセンター`), description: `ヘルプセンターで「${q}」に関する記事を検索した結果です。` }
        : { title: t('ヘルプセンター'), description: `${site}の使い方、ドメインの取得・更新・移管、DNSやWHOISの設定をまとめたヘルプセンターです。` };
    },
  },
  {
    path: '/knowledge/category/$slug',
    trailingSlash: true,
    head: ({ params, queryClient }) => {
      const cat = queryClient.getQueryData<HelpCategory[]>(['help', 'categories'])?.find((c) => c.slug === params.slug);
      return { title: t(`${cat?.name ?? 'カテゴリー'} - ヘルプセンター`), description: cat?.description || `${cat?.name ?? ''}に関するヘルプ記事の一覧です。` };
    },
  },
  {
    path: '/knowledge/$key',
    trailingSlash: true,
    head: ({ params, queryClient }) => {
      const a = queryClient.getQueryData<{ article: HelpArticle }>(['help', 'article', params.key])?.article;
      return { title: t(`${a?.title ?? 'ヘルプ記事'} - ヘルプセンター`), description: (a?.summary || `${site}のヘルプ記事です。`).slice(0, 160) };
    },
  },
  { path: '/qanda', sitemap: true, head: () => ({ title: t('よくある質問'), description: `${site}に寄せられるよくある質問と回答です。` }) },
  ...(
    [
      ['/knowledge/terms', 'terms', true],
      ['/knowledge/privacy', 'privacy', true],
      ['/specified_commercial_transaction_law', 'tokushoho', false],
      ['/company', 'company', false],
    ] as const
  ).map(([path, key, slash]): PublicPage => ({
    path,
    sitemap: true,
    trailingSlash: slash,
    head: ({ queryClient }) => {
      const doc = queryClient.getQueryData<LegalDoc>(['legal', key]);
      return { title: t(doc?.title ?? site), description: `${site}の${doc?.title ?? ''}です。` };
    },
  })),
];

/** The 404 page's head (unknown URLs and TLDs we do not sell). */
export const NOT_FOUND_HEAD: PageHead = { title: t('ページが見つかりません'), description: 'お探しのページは見つかりませんでした。' };
