import { LOCALES, type Locale } from '../../timeseries/locales.ts';
import { localAge, localDate } from '../local-dates.ts';
import type { Banner, Page } from '../page/page.ts';

/**
 * (This file is longer than the others: it is a vocabulary, the same few words in eight locales, one locale after
 * another in the same order of keys, so that a translator reads each language whole; there is no logic to split
 * beyond the banner's words.)
 *
 * The site's frame — skip link, navigation, banner, footer — in a page's language, so that /lens/ja is Japanese from
 * its first line to its last (issue 32), not a Japanese page inside an English site. Pages in English keep the
 * English words; product names (FRED, JSON API, OpenAPI, llms.txt, Markdown) are not translated.
 */
const EN = {
  skip: 'Skip to content',
  navLabel: 'Main',
  nav: {
    '/': 'Dashboard',
    '/today': 'Today',
    '/archive': 'Archive',
    '/markets': 'Markets',
    '/methodology': 'Methodology',
    '/docs': 'API',
    '/blog': 'Blog',
    '/about': 'About',
  },
  sources: 'Data: FRED, U.S. Treasury Fiscal Data, New York Fed, market prices.',
  /** A sentence's full stop: "." or "。". */
  stop: '.' as '.' | '。',
  licence: 'Licence:',
  /** What the licence covers, in one sentence (DATA_LICENSE.scope in English). */
  scope: null as string | null,
  notAdvice: 'Information only, not investment advice.',
  markdown: 'This page as Markdown',
  changelog: 'Changelog',
  feed: 'Feed',
  /** Between two sentences: a space, or nothing in Chinese and Japanese (whose full stops carry the gap). */
  gap: ' ' as '' | ' ',
  banner: {
    /** "Data to 2026/08/27 (3 か月前)." */
    dataTo: (date: string, age: string) => `Data to ${date}, ${age}.`,
    noNewer: "The providers have published nothing newer for the model's inputs.",
    refreshFailed: (count: number) => `Our refresh also failed for ${count} series.`,
    which: 'Which, and why',
  },
};

type FrameWords = typeof EN;

const WORDS: Record<Locale, FrameWords> = {
  en: EN,
  zh: {
    skip: '跳到正文',
    navLabel: '主导航',
    nav: {
      '/': '仪表盘',
      '/today': '今日',
      '/archive': '存档',
      '/markets': '市场',
      '/methodology': '方法论',
      '/docs': 'API',
      '/blog': '博客',
      '/about': '关于',
    },
    sources: '数据：FRED、美国财政部 Fiscal Data、纽约联储、市场价格。',
    stop: '。',
    licence: '许可：',
    scope: 'CC0 1.0 适用于本服务计算的结果；各输入数据保留其提供方的条款（逐个序列注明）。',
    notAdvice: '仅供参考，不构成投资建议。',
    markdown: '本页的 Markdown 版本',
    changelog: '更新日志',
    feed: '订阅源',
    gap: '',
    banner: {
      dataTo: (date, age) => `数据截至${date}（${age}）。`,
      noNewer: '数据提供方尚未发布模型输入的更新数据。',
      refreshFailed: (count) => `我们对 ${count} 个序列的刷新也失败了。`,
      which: '哪些序列，原因',
    },
  },
  'zh-Hant': {
    skip: '跳至主要內容',
    navLabel: '主導覽',
    nav: {
      '/': '儀表板',
      '/today': '今日',
      '/archive': '封存',
      '/markets': '市場',
      '/methodology': '方法論',
      '/docs': 'API',
      '/blog': '部落格',
      '/about': '關於',
    },
    sources: '資料：FRED、美國財政部 Fiscal Data、紐約聯準銀行、市場價格。',
    stop: '。',
    licence: '授權：',
    scope: 'CC0 1.0 適用於本服務計算的結果；各輸入資料保留其提供者的條款（逐一序列註明）。',
    notAdvice: '僅供參考，不構成投資建議。',
    markdown: '本頁的 Markdown 版本',
    changelog: '更新紀錄',
    feed: '訂閱源',
    gap: '',
    banner: {
      dataTo: (date, age) => `資料截至${date}（${age}）。`,
      noNewer: '資料提供者尚未發布模型輸入的更新資料。',
      refreshFailed: (count) => `我們對 ${count} 個序列的更新也失敗了。`,
      which: '哪些序列，原因',
    },
  },
  ja: {
    skip: '本文へスキップ',
    navLabel: 'メイン',
    nav: {
      '/': 'ダッシュボード',
      '/today': '今日',
      '/archive': 'アーカイブ',
      '/markets': '市場',
      '/methodology': '手法',
      '/docs': 'API',
      '/blog': 'ブログ',
      '/about': '概要',
    },
    sources: 'データ：FRED、米財務省 Fiscal Data、ニューヨーク連銀、市場価格。',
    stop: '。',
    licence: 'ライセンス：',
    scope: 'CC0 1.0 は本サービスが計算した結果に適用されます。各入力データは提供元の条件に従います（系列ごとに明記）。',
    notAdvice: '情報提供のみを目的としており、投資助言ではありません。',
    markdown: 'このページの Markdown 版',
    changelog: '変更履歴',
    feed: 'フィード',
    gap: '',
    banner: {
      dataTo: (date, age) => `データは${date}まで（${age}）。`,
      noNewer: '提供元はモデルの入力データについて新しいデータを公表していません。',
      refreshFailed: (count) => `当サービスの更新も ${count} 系列で失敗しました。`,
      which: 'どの系列か、その理由',
    },
  },
  ko: {
    skip: '본문으로 건너뛰기',
    navLabel: '주 메뉴',
    nav: {
      '/': '대시보드',
      '/today': '오늘',
      '/archive': '아카이브',
      '/markets': '시장',
      '/methodology': '방법론',
      '/docs': 'API',
      '/blog': '블로그',
      '/about': '소개',
    },
    sources: '데이터: FRED, 미 재무부 Fiscal Data, 뉴욕 연준, 시장 가격.',
    stop: '.',
    licence: '라이선스:',
    scope: 'CC0 1.0은 이 서비스가 계산한 결과에 적용되며, 각 입력 데이터는 제공자의 약관을 따릅니다(시리즈별 명시).',
    notAdvice: '정보 제공용이며 투자 조언이 아닙니다.',
    markdown: '이 페이지의 Markdown 버전',
    changelog: '변경 내역',
    feed: '피드',
    gap: ' ',
    banner: {
      dataTo: (date, age) => `데이터 기준일 ${date} (${age}).`,
      noNewer: '제공자가 모델 입력에 대해 더 새로운 데이터를 발표하지 않았습니다.',
      refreshFailed: (count) => `${count}개 시리즈는 저희 갱신도 실패했습니다.`,
      which: '어떤 시리즈이며 왜인지',
    },
  },
  es: {
    skip: 'Saltar al contenido',
    navLabel: 'Principal',
    nav: {
      '/': 'Panel',
      '/today': 'Hoy',
      '/archive': 'Archivo',
      '/markets': 'Mercados',
      '/methodology': 'Metodología',
      '/docs': 'API',
      '/blog': 'Blog',
      '/about': 'Acerca de',
    },
    sources: 'Datos: FRED, U.S. Treasury Fiscal Data, Fed de Nueva York, precios de mercado.',
    stop: '.',
    licence: 'Licencia:',
    scope:
      'CC0 1.0 cubre lo que calcula este servicio; cada dato de entrada conserva los términos de su proveedor, indicados por serie.',
    notAdvice: 'Solo informativo, no es asesoramiento de inversión.',
    markdown: 'Esta página en Markdown',
    changelog: 'Cambios',
    feed: 'Feed',
    gap: ' ',
    banner: {
      dataTo: (date, age) => `Datos hasta el ${date} (${age}).`,
      noNewer: 'Los proveedores no han publicado nada más reciente para las entradas del modelo.',
      refreshFailed: (count) =>
        `Nuestra actualización también falló para ${count} ${count === 1 ? 'serie' : 'series'}.`,
      which: 'Cuáles y por qué',
    },
  },
  fr: {
    skip: 'Aller au contenu',
    navLabel: 'Principale',
    nav: {
      '/': 'Tableau de bord',
      '/today': 'Aujourd’hui',
      '/archive': 'Archives',
      '/markets': 'Marchés',
      '/methodology': 'Méthodologie',
      '/docs': 'API',
      '/blog': 'Blog',
      '/about': 'À propos',
    },
    sources: 'Données : FRED, U.S. Treasury Fiscal Data, Fed de New York, prix de marché.',
    stop: '.',
    licence: 'Licence :',
    scope:
      'CC0 1.0 couvre ce que ce service calcule ; chaque donnée d’entrée garde les conditions de son fournisseur, indiquées par série.',
    notAdvice: 'À titre d’information seulement, pas un conseil en investissement.',
    markdown: 'Cette page en Markdown',
    changelog: 'Journal des modifications',
    feed: 'Flux',
    gap: ' ',
    banner: {
      dataTo: (date, age) => `Données au ${date} (${age}).`,
      noNewer: 'Les fournisseurs n’ont rien publié de plus récent pour les entrées du modèle.',
      refreshFailed: (count) => `Notre actualisation a aussi échoué pour ${count} série${count > 1 ? 's' : ''}.`,
      which: 'Lesquelles, et pourquoi',
    },
  },
  de: {
    skip: 'Zum Inhalt springen',
    navLabel: 'Hauptnavigation',
    nav: {
      '/': 'Übersicht',
      '/today': 'Heute',
      '/archive': 'Archiv',
      '/markets': 'Märkte',
      '/methodology': 'Methodik',
      '/docs': 'API',
      '/blog': 'Blog',
      '/about': 'Über',
    },
    sources: 'Daten: FRED, U.S. Treasury Fiscal Data, New York Fed, Marktpreise.',
    stop: '.',
    licence: 'Lizenz:',
    scope:
      'CC0 1.0 gilt für das, was dieser Dienst berechnet; jede Eingangsreihe behält die Bedingungen ihres Anbieters (je Reihe angegeben).',
    notAdvice: 'Nur zur Information, keine Anlageberatung.',
    markdown: 'Diese Seite als Markdown',
    changelog: 'Änderungen',
    feed: 'Feed',
    gap: ' ',
    banner: {
      dataTo: (date, age) => `Daten bis ${date} (${age}).`,
      noNewer: 'Die Anbieter haben für die Eingaben des Modells nichts Neueres veröffentlicht.',
      refreshFailed: (count) => `Auch unsere Aktualisierung schlug für ${count} Reihe${count === 1 ? '' : 'n'} fehl.`,
      which: 'Welche, und warum',
    },
  },
};

export function frameWords(locale: Locale): FrameWords {
  return WORDS[locale];
}

/**
 * The banner in a page's language: a stale-data banner (the common case) is written in the locale from its facts;
 * its detail (series names and provider errors) and every other banner (built from health's English reasons) stay
 * English and say so (`lang: 'en'`), rather than being half translated.
 */
export function localBanner(banner: Banner, locale: Locale): Banner & { lang?: 'en'; moreLang?: 'en'; gap: '' | ' ' } {
  if (locale === 'en') return { ...banner, gap: ' ' };
  if (!banner.stale) return { ...banner, lang: 'en', gap: ' ' };
  const { banner: w, gap } = frameWords(locale);
  const { date, ageDays, failures } = banner.stale;
  return {
    ...banner,
    gap,
    title: w.dataTo(localDate(locale)(date), localAge(locale, ageDays)),
    text: `${w.noNewer}${failures ? `${gap}${w.refreshFailed(failures)}` : ''}`,
    ...(banner.more ? { more: { summary: w.which, text: banner.more.text }, moreLang: 'en' as const } : {}),
  };
}

/** The locale of a page written in one (the lens' locales); English otherwise. */
export function pageLocale(page: Page): Locale {
  return LOCALES.find((l) => l === page.lang) ?? 'en';
}
