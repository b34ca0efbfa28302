import { INTL_TAG, type Locale } from '../timeseries/locales.ts';
import type { Lens } from './lens.ts';

/**
 * The lens narrative: two to four sentences that explain the posture × pulse cell from the axes' actual
 * readings (numbers and dates), written per locale as a native reader expects — not word-for-word copies.
 * Sentences whose readings are missing are left out; nothing is invented.
 */
interface Facts {
  posture: string | null;
  pulse: string | null;
  flow: number | null;
  dial: number | null;
  flowDate: string | null;
  bufferPct: number | null;
  bufferState: string | null;
  pathSpreadBps: number | null;
  pathPricing: string | null;
  realYieldPct: number | null;
  realYieldTrendPp: number | null;
  tgaFlow: number | null;
  fiscalPulse: string | null;
  rrpBalanceB: number | null;
  rrpBufferState: string | null;
  dominantFundingLeg: string | null;
  fundingOverride: number | null;
}

interface Writer {
  labels: Record<string, string>;
  cell(posture: string, pulse: string): string;
  quantity(f: Facts, n: Fmt): string;
  price(f: Facts, n: Fmt): string;
  structure(f: Facts, n: Fmt): string;
  limited: string;
}

interface Fmt {
  num(value: number, digits?: number): string;
  abs(value: number, digits?: number): string;
  date(iso: string): string;
  /** An amount in USD billions written in units of 100 million (亿 / 億 / 억), as East Asian readers count. */
  yi(billions: number): string;
  l(key: string | null): string;
}

const WRITERS: Record<Locale, Writer> = {
  en: {
    labels: {
      supportive: 'supportive',
      neutral: 'neutral',
      restrictive: 'restrictive',
      easing: 'easing',
      steady: 'steady',
      tightening: 'tightening',
      ample: 'ample',
      adequate: 'adequate',
      scarce: 'scarce',
      cuts: 'rate cuts',
      'on-hold': 'rates on hold',
      hikes: 'rate hikes',
      'fiscal-adding': 'adding liquidity',
      'fiscal-draining': 'draining liquidity',
      'fiscal-neutral': 'roughly neutral for liquidity',
      low: 'low',
      depleted: 'depleted',
      'sofr-iorb': 'repo rates above IORB',
      srf: 'standing repo borrowing',
    },
    cell: (posture, pulse) => `Dollar liquidity is structurally ${posture} and the near-term pulse is ${pulse}.`,
    quantity: (f, n) =>
      `Net liquidity ${f.flow! >= 0 ? 'rose' : 'fell'} by $${n.abs(f.flow!, 0)} billion in the four weeks to ${n.date(f.flowDate!)}, the ${n.num(f.dial!, 0)}th percentile of the past five years` +
      (f.bufferPct !== null
        ? `, and reserves plus ON RRP equal ${n.num(f.bufferPct, 1)}% of bank assets (${n.l(f.bufferState)}).`
        : '.'),
    price: (f, n) =>
      `The 2-year yield is ${n.abs(f.pathSpreadBps!, 0)} bp ${f.pathSpreadBps! >= 0 ? 'above' : 'below'} effective fed funds, pricing ${n.l(f.pathPricing)}` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `, while the 10-year real yield stands at ${n.num(f.realYieldPct, 2)}% (${f.realYieldTrendPp >= 0 ? '+' : '−'}${n.abs(f.realYieldTrendPp, 2)} pp over three months).`
        : '.'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `The Treasury General Account ${f.tgaFlow >= 0 ? 'grew' : 'shrank'} by $${n.abs(f.tgaFlow, 0)} billion over four weeks (${n.l(`fiscal-${f.fiscalPulse}`)})`
          : null,
        f.rrpBalanceB !== null
          ? `the ON RRP holds $${n.num(f.rrpBalanceB, 1)} billion (${n.l(f.rrpBufferState)})`
          : null,
      ]
        .filter(Boolean)
        .join(' and ') +
      (f.dominantFundingLeg
        ? `; funding stress is led by ${n.l(f.dominantFundingLeg)} (intensity ${n.num(f.fundingOverride!, 2)}).`
        : '.'),
    limited: 'Other readings are not yet available.',
  },
  zh: {
    labels: {
      supportive: '宽松',
      neutral: '中性',
      restrictive: '偏紧',
      easing: '趋松',
      steady: '平稳',
      tightening: '趋紧',
      ample: '充裕',
      adequate: '适度',
      scarce: '稀缺',
      cuts: '降息',
      'on-hold': '按兵不动',
      hikes: '加息',
      'fiscal-adding': '释放流动性',
      'fiscal-draining': '回笼流动性',
      'fiscal-neutral': '对流动性影响中性',
      low: '偏低',
      depleted: '接近枯竭',
      'sofr-iorb': '回购利率高于准备金利率',
      srf: '常设回购便利使用',
    },
    cell: (posture, pulse) => `美元流动性的结构性格局${posture}，短期脉搏${pulse}。`,
    quantity: (f, n) =>
      `截至${n.date(f.flowDate!)}的四周内，净流动性${f.flow! >= 0 ? '增加' : '减少'}${n.yi(f.flow!)}亿美元，处于过去五年的第${n.num(f.dial!, 0)}百分位` +
      (f.bufferPct !== null
        ? `；准备金加隔夜逆回购相当于银行资产的${n.num(f.bufferPct, 1)}%（${n.l(f.bufferState)}）。`
        : '。'),
    price: (f, n) =>
      `两年期美债收益率${f.pathSpreadBps! >= 0 ? '高于' : '低于'}有效联邦基金利率${n.abs(f.pathSpreadBps!, 0)}个基点，市场定价${n.l(f.pathPricing)}` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `；十年期实际收益率为${n.num(f.realYieldPct, 2)}%，三个月${f.realYieldTrendPp >= 0 ? '上升' : '下降'}${n.abs(f.realYieldTrendPp, 2)}个百分点。`
        : '。'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `财政部一般账户四周内${f.tgaFlow >= 0 ? '增加' : '减少'}${n.yi(f.tgaFlow)}亿美元（${n.l(`fiscal-${f.fiscalPulse}`)}）`
          : null,
        f.rrpBalanceB !== null ? `隔夜逆回购余额为${n.yi(f.rrpBalanceB)}亿美元（${n.l(f.rrpBufferState)}）` : null,
      ]
        .filter(Boolean)
        .join('，') +
      (f.dominantFundingLeg
        ? `；融资压力主要来自${n.l(f.dominantFundingLeg)}（强度${n.num(f.fundingOverride!, 2)}）。`
        : '。'),
    limited: '其他指标暂无数据。',
  },
  'zh-Hant': {
    labels: {
      supportive: '寬鬆',
      neutral: '中性',
      restrictive: '偏緊',
      easing: '轉鬆',
      steady: '平穩',
      tightening: '轉緊',
      ample: '充裕',
      adequate: '尚可',
      scarce: '吃緊',
      cuts: '降息',
      'on-hold': '按兵不動',
      hikes: '升息',
      'fiscal-adding': '挹注資金',
      'fiscal-draining': '抽離資金',
      'fiscal-neutral': '對資金面影響中性',
      low: '偏低',
      depleted: '近乎耗盡',
      'sofr-iorb': '附買回利率高於準備金利率',
      srf: '常設附買回機制的動用',
    },
    cell: (posture, pulse) => `美元資金面的結構性格局${posture}，短線脈動${pulse}。`,
    quantity: (f, n) =>
      `截至${n.date(f.flowDate!)}的四週，淨流動性${f.flow! >= 0 ? '增加' : '減少'}${n.yi(f.flow!)}億美元，落在近五年第${n.num(f.dial!, 0)}百分位` +
      (f.bufferPct !== null
        ? `；準備金加隔夜逆回購約當銀行資產的${n.num(f.bufferPct, 1)}%（${n.l(f.bufferState)}）。`
        : '。'),
    price: (f, n) =>
      `兩年期公債殖利率${f.pathSpreadBps! >= 0 ? '高於' : '低於'}有效聯邦資金利率${n.abs(f.pathSpreadBps!, 0)}個基點，市場預期${n.l(f.pathPricing)}` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `；十年期實質殖利率為${n.num(f.realYieldPct, 2)}%，三個月來${f.realYieldTrendPp >= 0 ? '上升' : '下滑'}${n.abs(f.realYieldTrendPp, 2)}個百分點。`
        : '。'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `財政部一般帳戶四週${f.tgaFlow >= 0 ? '增加' : '減少'}${n.yi(f.tgaFlow)}億美元（${n.l(`fiscal-${f.fiscalPulse}`)}）`
          : null,
        f.rrpBalanceB !== null ? `隔夜逆回購餘額${n.yi(f.rrpBalanceB)}億美元（${n.l(f.rrpBufferState)}）` : null,
      ]
        .filter(Boolean)
        .join('，') +
      (f.dominantFundingLeg
        ? `；資金壓力主要來自${n.l(f.dominantFundingLeg)}（強度${n.num(f.fundingOverride!, 2)}）。`
        : '。'),
    limited: '其他指標尚無資料。',
  },
  ja: {
    labels: {
      supportive: '緩和的',
      neutral: '中立',
      restrictive: '引き締め的',
      easing: '緩和方向',
      steady: '横ばい',
      tightening: '引き締め方向',
      ample: '潤沢',
      adequate: '適度',
      scarce: '不足気味',
      cuts: '利下げ',
      'on-hold': '据え置き',
      hikes: '利上げ',
      'fiscal-adding': '資金供給',
      'fiscal-draining': '資金吸収',
      'fiscal-neutral': '流動性への影響は中立',
      low: '低水準',
      depleted: 'ほぼ枯渇',
      'sofr-iorb': 'レポ金利のIORB超え',
      srf: '常設レポ・ファシリティの利用',
    },
    cell: (posture, pulse) => `ドル流動性は構造的に${posture}で、足元の勢いは${pulse}です。`,
    quantity: (f, n) =>
      `${n.date(f.flowDate!)}までの4週間で純流動性は${n.yi(f.flow!)}億ドル${f.flow! >= 0 ? '増加' : '減少'}し、過去5年の${n.num(f.dial!, 0)}パーセンタイルに位置し` +
      (f.bufferPct !== null
        ? `、準備預金とON RRPの合計は銀行資産の${n.num(f.bufferPct, 1)}%（${n.l(f.bufferState)}）です。`
        : 'ます。'),
    price: (f, n) =>
      `2年債利回りは実効FF金利を${n.abs(f.pathSpreadBps!, 0)}bp${f.pathSpreadBps! >= 0 ? '上回って' : '下回って'}${n.l(f.pathPricing)}を織り込んでおり` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `、10年実質利回りは${n.num(f.realYieldPct, 2)}%と3か月で${n.abs(f.realYieldTrendPp, 2)}ポイント${f.realYieldTrendPp >= 0 ? '上昇' : '低下'}しました。`
        : 'ます。'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `財務省一般勘定は4週間で${n.yi(f.tgaFlow)}億ドル${f.tgaFlow >= 0 ? '増え' : '減り'}（${n.l(`fiscal-${f.fiscalPulse}`)}）`
          : null,
        f.rrpBalanceB !== null ? `ON RRP残高は${n.yi(f.rrpBalanceB)}億ドル（${n.l(f.rrpBufferState)}）です` : null,
      ]
        .filter(Boolean)
        .join('、') +
      (f.dominantFundingLeg
        ? `。資金調達の逼迫は主に${n.l(f.dominantFundingLeg)}によるものです（強度${n.num(f.fundingOverride!, 2)}）。`
        : '。'),
    limited: 'その他の指標はまだ揃っていません。',
  },
  ko: {
    labels: {
      supportive: '우호적',
      neutral: '중립',
      restrictive: '긴축적',
      easing: '완화',
      steady: '보합',
      tightening: '긴축',
      ample: '충분',
      adequate: '적정',
      scarce: '부족',
      cuts: '금리 인하',
      'on-hold': '금리 동결',
      hikes: '금리 인상',
      'fiscal-adding': '유동성 공급',
      'fiscal-draining': '유동성 흡수',
      'fiscal-neutral': '유동성 영향 중립',
      low: '낮은 수준',
      depleted: '거의 소진',
      'sofr-iorb': 'IORB를 웃도는 레포 금리',
      srf: '상설 레포 기구 이용',
    },
    cell: (posture, pulse) => `달러 유동성의 구조적 여건은 ${posture}이며 단기 흐름은 ${pulse} 국면입니다.`,
    quantity: (f, n) =>
      `${n.date(f.flowDate!)}까지 4주간 순유동성은 ${n.yi(f.flow!)}억 달러 ${f.flow! >= 0 ? '늘어' : '줄어'} 최근 5년 중 ${n.num(f.dial!, 0)}번째 백분위에 해당하며` +
      (f.bufferPct !== null
        ? `, 지급준비금과 ON RRP의 합은 은행 자산의 ${n.num(f.bufferPct, 1)}%(${n.l(f.bufferState)})입니다.`
        : ' 있습니다.'),
    price: (f, n) =>
      `2년물 국채 금리는 실효 연방기금금리보다 ${n.abs(f.pathSpreadBps!, 0)}bp ${f.pathSpreadBps! >= 0 ? '높아' : '낮아'} 시장은 ${n.l(f.pathPricing)}을 반영하고 있으며` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `, 10년물 실질금리는 ${n.num(f.realYieldPct, 2)}%로 3개월간 ${n.abs(f.realYieldTrendPp, 2)}%p ${f.realYieldTrendPp >= 0 ? '올랐습니다' : '내렸습니다'}.`
        : ' 있습니다.'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `재무부 일반계정은 4주간 ${n.yi(f.tgaFlow)}억 달러 ${f.tgaFlow >= 0 ? '늘었고' : '줄었고'}(${n.l(`fiscal-${f.fiscalPulse}`)})`
          : null,
        f.rrpBalanceB !== null ? `ON RRP 잔액은 ${n.yi(f.rrpBalanceB)}억 달러(${n.l(f.rrpBufferState)})입니다` : null,
      ]
        .filter(Boolean)
        .join(' ') +
      (f.dominantFundingLeg
        ? `. 자금 조달 압력은 주로 ${n.l(f.dominantFundingLeg)}에서 비롯됩니다(강도 ${n.num(f.fundingOverride!, 2)}).`
        : '.'),
    limited: '다른 지표는 아직 집계되지 않았습니다.',
  },
  es: {
    labels: {
      supportive: 'favorable',
      neutral: 'neutral',
      restrictive: 'restrictiva',
      easing: 'de relajación',
      steady: 'estable',
      tightening: 'de endurecimiento',
      ample: 'holgado',
      adequate: 'suficiente',
      scarce: 'escaso',
      cuts: 'recortes de tipos',
      'on-hold': 'tipos sin cambios',
      hikes: 'subidas de tipos',
      'fiscal-adding': 'aporta liquidez',
      'fiscal-draining': 'drena liquidez',
      'fiscal-neutral': 'efecto neutro sobre la liquidez',
      low: 'bajo',
      depleted: 'agotado',
      'sofr-iorb': 'un repo por encima del IORB',
      srf: 'el uso de la facilidad permanente de repo',
    },
    cell: (posture, pulse) =>
      `La liquidez en dólares tiene una postura estructural ${posture} y un pulso de corto plazo ${pulse}.`,
    quantity: (f, n) =>
      `La liquidez neta ${f.flow! >= 0 ? 'subió' : 'cayó'} ${n.abs(f.flow!, 0)} mil millones de dólares en las cuatro semanas hasta el ${n.date(f.flowDate!)}, el percentil ${n.num(f.dial!, 0)} de los últimos cinco años` +
      (f.bufferPct !== null
        ? `, y las reservas más el ON RRP equivalen al ${n.num(f.bufferPct, 1)} % de los activos bancarios (nivel ${n.l(f.bufferState)}).`
        : '.'),
    price: (f, n) =>
      `El bono a dos años rinde ${n.abs(f.pathSpreadBps!, 0)} pb ${f.pathSpreadBps! >= 0 ? 'por encima' : 'por debajo'} de los fondos federales efectivos, lo que descuenta ${n.l(f.pathPricing)}` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `, y el rendimiento real a diez años está en el ${n.num(f.realYieldPct, 2)} % (${f.realYieldTrendPp >= 0 ? '+' : '−'}${n.abs(f.realYieldTrendPp, 2)} pp en tres meses).`
        : '.'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `La cuenta del Tesoro en la Fed ${f.tgaFlow >= 0 ? 'aumentó' : 'disminuyó'} ${n.abs(f.tgaFlow, 0)} mil millones en cuatro semanas (${n.l(`fiscal-${f.fiscalPulse}`)})`
          : null,
        f.rrpBalanceB !== null
          ? `el ON RRP mantiene ${n.num(f.rrpBalanceB, 1)} mil millones (nivel ${n.l(f.rrpBufferState)})`
          : null,
      ]
        .filter(Boolean)
        .join(' y ') +
      (f.dominantFundingLeg
        ? `; la tensión de financiación procede sobre todo de ${n.l(f.dominantFundingLeg)} (intensidad ${n.num(f.fundingOverride!, 2)}).`
        : '.'),
    limited: 'El resto de indicadores aún no está disponible.',
  },
  fr: {
    labels: {
      supportive: 'favorable',
      neutral: 'neutre',
      restrictive: 'restrictive',
      easing: 'vers l’assouplissement',
      steady: 'stable',
      tightening: 'vers le resserrement',
      ample: 'abondant',
      adequate: 'suffisant',
      scarce: 'rare',
      cuts: 'des baisses de taux',
      'on-hold': 'un statu quo',
      hikes: 'des hausses de taux',
      'fiscal-adding': 'ce qui injecte des liquidités',
      'fiscal-draining': 'ce qui ponctionne des liquidités',
      'fiscal-neutral': 'effet neutre sur la liquidité',
      low: 'faible',
      depleted: 'quasi épuisé',
      'sofr-iorb': 'un repo au-dessus de l’IORB',
      srf: 'le recours à la facilité permanente de repo',
    },
    cell: (posture, pulse) =>
      `La liquidité en dollars est structurellement ${posture} et la dynamique de court terme est ${pulse === 'stable' ? 'stable' : `orientée ${pulse}`}.`,
    quantity: (f, n) =>
      `La liquidité nette a ${f.flow! >= 0 ? 'progressé' : 'reculé'} de ${n.abs(f.flow!, 0)} milliards de dollars sur les quatre semaines au ${n.date(f.flowDate!)}, soit le ${n.num(f.dial!, 0)}e centile des cinq dernières années` +
      (f.bufferPct !== null
        ? ` ; réserves et ON RRP représentent ${n.num(f.bufferPct, 1)} % des actifs bancaires (niveau ${n.l(f.bufferState)}).`
        : '.'),
    price: (f, n) =>
      `Le rendement à deux ans se situe ${n.abs(f.pathSpreadBps!, 0)} pb ${f.pathSpreadBps! >= 0 ? 'au-dessus' : 'en dessous'} du taux effectif des fonds fédéraux, le marché anticipant ${n.l(f.pathPricing)}` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? ` ; le taux réel à dix ans atteint ${n.num(f.realYieldPct, 2)} % (${f.realYieldTrendPp >= 0 ? '+' : '−'}${n.abs(f.realYieldTrendPp, 2)} pt en trois mois).`
        : '.'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `Le compte du Trésor à la Fed a ${f.tgaFlow >= 0 ? 'augmenté' : 'diminué'} de ${n.abs(f.tgaFlow, 0)} milliards en quatre semaines (${n.l(`fiscal-${f.fiscalPulse}`)})`
          : null,
        f.rrpBalanceB !== null
          ? `l’ON RRP détient ${n.num(f.rrpBalanceB, 1)} milliards (niveau ${n.l(f.rrpBufferState)})`
          : null,
      ]
        .filter(Boolean)
        .join(' et ') +
      (f.dominantFundingLeg
        ? ` ; la tension de financement vient surtout ${f.dominantFundingLeg === 'srf' ? 'du recours à la facilité permanente de repo' : 'd’un repo au-dessus de l’IORB'} (intensité ${n.num(f.fundingOverride!, 2)}).`
        : '.'),
    limited: 'Les autres indicateurs ne sont pas encore disponibles.',
  },
  de: {
    labels: {
      supportive: 'unterstützend',
      neutral: 'neutral',
      restrictive: 'restriktiv',
      easing: 'lockernd',
      steady: 'stabil',
      tightening: 'straffend',
      ample: 'reichlich',
      adequate: 'ausreichend',
      scarce: 'knapp',
      cuts: 'Zinssenkungen',
      'on-hold': 'unveränderte Zinsen',
      hikes: 'Zinserhöhungen',
      'fiscal-adding': 'es führt Liquidität zu',
      'fiscal-draining': 'es entzieht Liquidität',
      'fiscal-neutral': 'liquiditätsneutral',
      low: 'niedrig',
      depleted: 'nahezu aufgebraucht',
      'sofr-iorb': 'Repo-Sätzen über dem IORB',
      srf: 'der Nutzung der Standing Repo Facility',
    },
    cell: (posture, pulse) => `Die Dollar-Liquidität ist strukturell ${posture}, der kurzfristige Impuls ist ${pulse}.`,
    quantity: (f, n) =>
      `Die Nettoliquidität ${f.flow! >= 0 ? 'stieg' : 'sank'} in den vier Wochen bis zum ${n.date(f.flowDate!)} um ${n.abs(f.flow!, 0)} Mrd. US-Dollar – das ${n.num(f.dial!, 0)}. Perzentil der letzten fünf Jahre` +
      (f.bufferPct !== null
        ? `; Reserven und ON RRP entsprechen ${n.num(f.bufferPct, 1)} % der Bankbilanzsumme (${n.l(f.bufferState)}).`
        : '.'),
    price: (f, n) =>
      `Die zweijährige Rendite liegt ${n.abs(f.pathSpreadBps!, 0)} Bp. ${f.pathSpreadBps! >= 0 ? 'über' : 'unter'} dem effektiven Leitzins, der Markt preist ${n.l(f.pathPricing)} ein` +
      (f.realYieldPct !== null && f.realYieldTrendPp !== null
        ? `; die zehnjährige Realrendite beträgt ${n.num(f.realYieldPct, 2)} % (${f.realYieldTrendPp >= 0 ? '+' : '−'}${n.abs(f.realYieldTrendPp, 2)} Pp. in drei Monaten).`
        : '.'),
    structure: (f, n) =>
      [
        f.tgaFlow !== null
          ? `Das Konto des Finanzministeriums bei der Fed ${f.tgaFlow >= 0 ? 'wuchs' : 'schrumpfte'} in vier Wochen um ${n.abs(f.tgaFlow, 0)} Mrd. (${n.l(`fiscal-${f.fiscalPulse}`)})`
          : null,
        f.rrpBalanceB !== null ? `die ON RRP hält ${n.num(f.rrpBalanceB, 1)} Mrd. (${n.l(f.rrpBufferState)})` : null,
      ]
        .filter(Boolean)
        .join(', ') +
      (f.dominantFundingLeg
        ? `; Finanzierungsstress geht vor allem von ${n.l(f.dominantFundingLeg)} aus (Intensität ${n.num(f.fundingOverride!, 2)}).`
        : '.'),
    limited: 'Weitere Kennzahlen liegen noch nicht vor.',
  },
};

export function narrative(lens: Lens, locale: Locale, flowDate: string | null): string {
  const writer = WRITERS[locale];
  const tag = INTL_TAG[locale];
  const fmt: Fmt = {
    num: (value, digits = 1) =>
      new Intl.NumberFormat(tag, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value),
    abs: (value, digits = 1) =>
      new Intl.NumberFormat(tag, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
        Math.abs(value),
      ),
    yi: (billions) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(Math.abs(billions) * 10),
    date: (iso) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)),
    l: (key) => (key === null ? '' : (writer.labels[key] ?? key)),
  };
  const facts = factsOf(lens, flowDate);
  const sentences: string[] = [];
  if (facts.posture && facts.pulse) sentences.push(writer.cell(fmt.l(facts.posture), fmt.l(facts.pulse)));
  if (facts.flow !== null && facts.dial !== null && facts.flowDate) sentences.push(writer.quantity(facts, fmt));
  if (facts.pathSpreadBps !== null && facts.pathPricing) sentences.push(writer.price(facts, fmt));
  if (facts.tgaFlow !== null || facts.rrpBalanceB !== null) sentences.push(capitalize(writer.structure(facts, fmt)));
  if (sentences.length < 2) sentences.push(writer.limited);
  return sentences
    .slice(0, 4)
    .join(locale === 'en' || locale === 'es' || locale === 'fr' || locale === 'de' || locale === 'ko' ? ' ' : '');
}

function capitalize(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function factsOf(lens: Lens, flowDate: string | null): Facts {
  return {
    posture: lens.synthesis.cell.posture,
    pulse: lens.synthesis.cell.pulse,
    flow: lens.quantity.flow,
    dial: lens.quantity.dial,
    flowDate,
    bufferPct: lens.quantity.bufferPct,
    bufferState: lens.quantity.bufferState,
    pathSpreadBps: lens.price.pathSpreadBps,
    pathPricing: lens.price.pathPricing,
    realYieldPct: lens.price.realYieldPct,
    realYieldTrendPp: lens.price.realYieldTrendPp,
    tgaFlow: lens.structure.tgaFlow,
    fiscalPulse: lens.structure.fiscalPulse,
    rrpBalanceB: lens.structure.rrpBalanceB,
    rrpBufferState: lens.structure.rrpBufferState,
    dominantFundingLeg: lens.structure.dominantFundingLeg,
    fundingOverride: lens.structure.fundingOverride,
  };
}
