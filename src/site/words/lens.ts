import { lensLabels } from '../../publish/resources/lens.ts';
import type { Locale } from '../../timeseries/locales.ts';

/**
 * (This file is longer than the others: it is a vocabulary, eight locales of the same few dozen words side by side,
 * so that a translator checks one word in every language at once; there is no logic to split.)
 *
 * The lens page in the reader's language (issue 32: /lens/ja translated one paragraph of a page otherwise in
 * English): its title, headings, table labels and the lens' state words, per locale. The narrative itself is the
 * lens' own (each locale's writer); dates and ages are written by Intl in the same locale.
 */
export interface LensWords {
  title: string;
  languages: string;
  matrixCaption: string;
  matrixCorner: string;
  current: string;
  /** "The marked cell is where … sat on the lens' latest data (DATE); each reading below gives the date of its own." */
  matrixNote: (date: string) => string;
  summary: (posture: string, pulse: string, date: string) => string;
  headings: { quantity: string; price: string; structure: string };
  columns: [string, string, string];
  rows: {
    stance: string;
    flow: string;
    dial: string;
    buffer: string;
    path: string;
    realYield: string;
    termPremium: string;
    tga: string;
    rrp: string;
    cpTbill: string;
    bankCash: string;
  };
  /** "over 4 weeks" */
  overWeeks: (weeks: number) => string;
  /** "over 3 months" */
  over3Months: string;
  /** The lens' state words: posture, pulse, stances, trends, tiers. */
  words: Record<string, string>;
}

const EN: LensWords = {
  title: 'Lens: quantity, price and structure',
  languages: 'Language of the page',
  matrixCaption: 'Rows: the structural posture of policy and balances. Columns: the pulse of the last weeks.',
  matrixCorner: 'posture \\ pulse',
  current: '● current',
  matrixNote: (date) =>
    `The marked cell is where dollar liquidity sat on the lens' latest data (${date}); each reading below gives the date of its own data.`,
  summary: (posture, pulse, date) => `Posture ${posture}, pulse ${pulse}; data as of ${date}.`,
  headings: {
    quantity: 'Quantity: how many dollars',
    price: 'Price: what dollars cost',
    structure: 'Structure: where the dollars sit',
  },
  columns: ['Reading', 'Value', 'Data of'],
  rows: {
    stance: 'Stance',
    flow: 'Net liquidity, 4-week flow',
    dial: 'Net liquidity percentile (5 years)',
    buffer: 'Reserves + ON RRP, share of bank assets',
    path: '2-year yield minus effective fed funds',
    realYield: '10-year real yield',
    termPremium: '10-year term premium',
    tga: 'Treasury cash (TGA), 4-week flow',
    rrp: 'ON RRP balance',
    cpTbill: 'Commercial paper minus T-bill',
    bankCash: 'Bank cash buffer gap',
  },
  overWeeks: (weeks) => `over ${weeks} weeks`,
  over3Months: 'over 3 months',
  words: {},
};

/** Every locale's words; English is the fallback for a word a locale leaves out. */
const WORDS: Record<Locale, LensWords> = {
  en: EN,
  zh: {
    title: '透镜：数量、价格与结构',
    languages: '页面语言',
    matrixCaption: '行：政策与资产负债的结构性态势。列：近几周的脉冲。',
    matrixCorner: '态势 \\ 脉冲',
    current: '● 当前',
    matrixNote: (date) => `标记的格子是美元流动性在透镜最新数据（${date}）上所处的位置；下方每项读数都注明其数据日期。`,
    summary: (posture, pulse, date) => `态势${posture}，脉冲${pulse}；数据截至${date}。`,
    headings: { quantity: '数量：有多少美元', price: '价格：美元的成本', structure: '结构：美元在哪里' },
    columns: ['读数', '数值', '数据日期'],
    rows: {
      stance: '方向',
      flow: '净流动性，4周变化',
      dial: '净流动性百分位（5年）',
      buffer: '准备金 + ON RRP 占银行资产比例',
      path: '2年期收益率减有效联邦基金利率',
      realYield: '10年期实际收益率',
      termPremium: '10年期期限溢价',
      tga: '财政部现金（TGA），4周变化',
      rrp: 'ON RRP 余额',
      cpTbill: '商业票据减国库券',
      bankCash: '银行现金缓冲缺口',
    },
    overWeeks: (weeks) => `${weeks}周内`,
    over3Months: '3个月内',
    words: {
      expanding: '扩张',
      draining: '收缩',
      rising: '上升',
      flat: '持平',
      falling: '下降',
      negative: '为负',
      normal: '正常',
      elevated: '偏高',
      calm: '平静',
      stressed: '紧张',
      widening: '扩大',
      stable: '稳定',
      narrowing: '收窄',
    },
  },
  'zh-Hant': {
    title: '透鏡：數量、價格與結構',
    languages: '頁面語言',
    matrixCaption: '列：政策與資產負債的結構性態勢。欄：近幾週的脈衝。',
    matrixCorner: '態勢 \\ 脈衝',
    current: '● 目前',
    matrixNote: (date) => `標記的格子是美元流動性在透鏡最新資料（${date}）上所處的位置；下方每項讀數都註明其資料日期。`,
    summary: (posture, pulse, date) => `態勢${posture}，脈衝${pulse}；資料截至${date}。`,
    headings: { quantity: '數量：有多少美元', price: '價格：美元的成本', structure: '結構：美元在哪裡' },
    columns: ['讀數', '數值', '資料日期'],
    rows: {
      stance: '方向',
      flow: '淨流動性，4週變化',
      dial: '淨流動性百分位（5年）',
      buffer: '準備金 + ON RRP 佔銀行資產比例',
      path: '2年期殖利率減有效聯邦資金利率',
      realYield: '10年期實質殖利率',
      termPremium: '10年期期限溢酬',
      tga: '財政部現金（TGA），4週變化',
      rrp: 'ON RRP 餘額',
      cpTbill: '商業本票減國庫券',
      bankCash: '銀行現金緩衝缺口',
    },
    overWeeks: (weeks) => `${weeks}週內`,
    over3Months: '3個月內',
    words: {
      expanding: '擴張',
      draining: '收縮',
      rising: '上升',
      flat: '持平',
      falling: '下降',
      negative: '為負',
      normal: '正常',
      elevated: '偏高',
      calm: '平靜',
      stressed: '緊張',
      widening: '擴大',
      stable: '穩定',
      narrowing: '收窄',
    },
  },
  ja: {
    title: 'レンズ：量・価格・構造',
    languages: 'ページの言語',
    matrixCaption: '行：政策とバランスシートの構造的な姿勢。列：直近数週間のパルス。',
    matrixCorner: '姿勢 \\ パルス',
    current: '● 現在',
    matrixNote: (date) =>
      `印の付いたマスは、レンズの最新データ（${date}）でドル流動性が位置していた場所です。下の各指標にはそれぞれのデータの日付を示しています。`,
    summary: (posture, pulse, date) => `姿勢は${posture}、パルスは${pulse}。データは${date}時点。`,
    headings: {
      quantity: '量：ドルはどれだけあるか',
      price: '価格：ドルのコスト',
      structure: '構造：ドルはどこにあるか',
    },
    columns: ['指標', '値', 'データの日付'],
    rows: {
      stance: '方向',
      flow: 'ネット流動性（4週間の変化）',
      dial: 'ネット流動性のパーセンタイル（5年）',
      buffer: '準備預金＋ON RRP（銀行資産に対する比率）',
      path: '2年債利回り − 実効FF金利',
      realYield: '10年実質利回り',
      termPremium: '10年タームプレミアム',
      tga: '財務省現金（TGA）、4週間の変化',
      rrp: 'ON RRP残高',
      cpTbill: 'CP − 短期国債',
      bankCash: '銀行の現金バッファーの乖離',
    },
    overWeeks: (weeks) => `${weeks}週間で`,
    over3Months: '3か月で',
    words: {
      expanding: '拡大',
      draining: '縮小',
      rising: '上昇',
      flat: '横ばい',
      falling: '低下',
      negative: 'マイナス',
      normal: '通常',
      elevated: '高水準',
      calm: '落ち着き',
      stressed: 'ひっ迫',
      widening: '拡大',
      stable: '安定',
      narrowing: '縮小',
    },
  },
  ko: {
    title: '렌즈: 양, 가격, 구조',
    languages: '페이지 언어',
    matrixCaption: '행: 정책과 대차대조표의 구조적 자세. 열: 최근 몇 주의 흐름.',
    matrixCorner: '자세 \\ 흐름',
    current: '● 현재',
    matrixNote: (date) =>
      `표시된 칸은 렌즈의 최신 데이터(${date})에서 달러 유동성이 있던 위치입니다. 아래 각 지표에는 해당 데이터의 날짜가 있습니다.`,
    summary: (posture, pulse, date) => `자세 ${posture}, 흐름 ${pulse}; ${date} 기준 데이터.`,
    headings: {
      quantity: '양: 달러가 얼마나 있는가',
      price: '가격: 달러의 비용',
      structure: '구조: 달러는 어디에 있는가',
    },
    columns: ['지표', '값', '데이터 날짜'],
    rows: {
      stance: '방향',
      flow: '순유동성, 4주 변화',
      dial: '순유동성 백분위(5년)',
      buffer: '지준금 + ON RRP, 은행 자산 대비 비율',
      path: '2년물 금리 − 실효 연방기금금리',
      realYield: '10년 실질금리',
      termPremium: '10년 기간 프리미엄',
      tga: '재무부 현금(TGA), 4주 변화',
      rrp: 'ON RRP 잔액',
      cpTbill: '기업어음 − 단기 국채',
      bankCash: '은행 현금 완충 격차',
    },
    overWeeks: (weeks) => `${weeks}주간`,
    over3Months: '3개월간',
    words: {
      expanding: '확대',
      draining: '축소',
      rising: '상승',
      flat: '보합',
      falling: '하락',
      negative: '마이너스',
      normal: '정상',
      elevated: '높음',
      calm: '평온',
      stressed: '경색',
      widening: '확대',
      stable: '안정',
      narrowing: '축소',
    },
  },
  es: {
    title: 'Lente: cantidad, precio y estructura',
    languages: 'Idioma de la página',
    matrixCaption:
      'Filas: la postura estructural de la política y los balances. Columnas: el pulso de las últimas semanas.',
    matrixCorner: 'postura \\ pulso',
    current: '● actual',
    matrixNote: (date) =>
      `La celda marcada es donde estaba la liquidez en dólares con los últimos datos de la lente (${date}); cada lectura de abajo indica la fecha de sus propios datos.`,
    summary: (posture, pulse, date) => `Postura ${posture}, pulso ${pulse}; datos a ${date}.`,
    headings: {
      quantity: 'Cantidad: cuántos dólares hay',
      price: 'Precio: cuánto cuestan los dólares',
      structure: 'Estructura: dónde están los dólares',
    },
    columns: ['Lectura', 'Valor', 'Datos del'],
    rows: {
      stance: 'Tendencia',
      flow: 'Liquidez neta, variación en 4 semanas',
      dial: 'Percentil de la liquidez neta (5 años)',
      buffer: 'Reservas + ON RRP, porcentaje de los activos bancarios',
      path: 'Rendimiento a 2 años menos fondos federales efectivos',
      realYield: 'Rendimiento real a 10 años',
      termPremium: 'Prima por plazo a 10 años',
      tga: 'Efectivo del Tesoro (TGA), variación en 4 semanas',
      rrp: 'Saldo de ON RRP',
      cpTbill: 'Papel comercial menos letras del Tesoro',
      bankCash: 'Brecha del colchón de efectivo bancario',
    },
    overWeeks: (weeks) => `en ${weeks} semanas`,
    over3Months: 'en 3 meses',
    words: {
      expanding: 'en expansión',
      draining: 'en contracción',
      rising: 'al alza',
      flat: 'plano',
      falling: 'a la baja',
      negative: 'negativa',
      normal: 'normal',
      elevated: 'elevado',
      calm: 'en calma',
      stressed: 'tensionado',
      widening: 'ampliándose',
      stable: 'estable',
      narrowing: 'estrechándose',
    },
  },
  fr: {
    title: 'Lentille : quantité, prix et structure',
    languages: 'Langue de la page',
    matrixCaption:
      'Lignes : la posture structurelle de la politique et des bilans. Colonnes : l’impulsion des dernières semaines.',
    matrixCorner: 'posture \\ impulsion',
    current: '● actuel',
    matrixNote: (date) =>
      `La case marquée indique où se trouvait la liquidité en dollars selon les dernières données de la lentille (${date}) ; chaque lecture ci-dessous donne la date de ses propres données.`,
    summary: (posture, pulse, date) => `Posture ${posture}, impulsion ${pulse} ; données au ${date}.`,
    headings: {
      quantity: 'Quantité : combien de dollars',
      price: 'Prix : ce que coûtent les dollars',
      structure: 'Structure : où sont les dollars',
    },
    columns: ['Lecture', 'Valeur', 'Données du'],
    rows: {
      stance: 'Tendance',
      flow: 'Liquidité nette, variation sur 4 semaines',
      dial: 'Percentile de la liquidité nette (5 ans)',
      buffer: 'Réserves + ON RRP, part des actifs bancaires',
      path: 'Rendement à 2 ans moins taux des fonds fédéraux effectif',
      realYield: 'Rendement réel à 10 ans',
      termPremium: 'Prime de terme à 10 ans',
      tga: 'Trésorerie du Trésor (TGA), variation sur 4 semaines',
      rrp: 'Encours de l’ON RRP',
      cpTbill: 'Billets de trésorerie moins bons du Trésor',
      bankCash: 'Écart du coussin de liquidités bancaires',
    },
    overWeeks: (weeks) => `sur ${weeks} semaines`,
    over3Months: 'sur 3 mois',
    words: {
      expanding: 'en expansion',
      draining: 'en contraction',
      rising: 'en hausse',
      flat: 'stable',
      falling: 'en baisse',
      negative: 'négative',
      normal: 'normale',
      elevated: 'élevée',
      calm: 'calme',
      stressed: 'tendu',
      widening: 'en élargissement',
      stable: 'stable',
      narrowing: 'en resserrement',
    },
  },
  de: {
    title: 'Linse: Menge, Preis und Struktur',
    languages: 'Sprache der Seite',
    matrixCaption:
      'Zeilen: die strukturelle Haltung von Geldpolitik und Bilanzen. Spalten: der Impuls der letzten Wochen.',
    matrixCorner: 'Haltung \\ Impuls',
    current: '● aktuell',
    matrixNote: (date) =>
      `Das markierte Feld zeigt, wo die Dollar-Liquidität mit den neuesten Daten der Linse (${date}) stand; jede Messung darunter nennt das Datum ihrer eigenen Daten.`,
    summary: (posture, pulse, date) => `Haltung ${posture}, Impuls ${pulse}; Daten zum ${date}.`,
    headings: {
      quantity: 'Menge: wie viele Dollar',
      price: 'Preis: was Dollar kosten',
      structure: 'Struktur: wo die Dollar liegen',
    },
    columns: ['Messung', 'Wert', 'Daten vom'],
    rows: {
      stance: 'Richtung',
      flow: 'Nettoliquidität, Veränderung über 4 Wochen',
      dial: 'Perzentil der Nettoliquidität (5 Jahre)',
      buffer: 'Reserven + ON RRP, Anteil an der Bankbilanzsumme',
      path: 'Zweijährige Rendite minus effektiver Leitzins',
      realYield: 'Zehnjährige Realrendite',
      termPremium: 'Zehnjährige Laufzeitprämie',
      tga: 'Kasse des Finanzministeriums (TGA), Veränderung über 4 Wochen',
      rrp: 'ON-RRP-Bestand',
      cpTbill: 'Commercial Paper minus T-Bill',
      bankCash: 'Lücke im Kassenpolster der Banken',
    },
    overWeeks: (weeks) => `über ${weeks} Wochen`,
    over3Months: 'über 3 Monate',
    words: {
      expanding: 'wachsend',
      draining: 'schrumpfend',
      rising: 'steigend',
      flat: 'seitwärts',
      falling: 'fallend',
      negative: 'negativ',
      normal: 'normal',
      elevated: 'erhöht',
      calm: 'ruhig',
      stressed: 'angespannt',
      widening: 'weitend',
      stable: 'stabil',
      narrowing: 'verengend',
    },
  },
};

/** The words of a locale's lens page. */
export function lensWords(locale: Locale): LensWords {
  return WORDS[locale];
}

/**
 * A lens state word in the locale: the narrative's own word where it has one (so that the grid and the tables say
 * what the narrative beside them says), else this page's, else the English word. Example: lensWord('ja', 'calm') =
 * '落ち着き'; lensWord('ja', 'supportive') = '緩和的' (the narrative's).
 */
export function lensWord(locale: Locale, word: string | null | undefined): string {
  if (word === null || word === undefined) return 'n/a';
  return (locale === 'en' ? undefined : lensLabels(locale)[word]) ?? WORDS[locale].words[word] ?? word;
}
