import type { Writer } from './writer.ts';

/** The lens narrative in Japanese, written as a native reader expects (not a word-for-word copy). */
export const ja: Writer = {
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
  tga: (f, n) =>
    `財務省一般勘定は4週間で${n.yi(f.tgaFlow!)}億ドル${f.tgaFlow! >= 0 ? '増え' : '減り'}（${n.l(`fiscal-${f.fiscalPulse}`)}）`,
  rrp: (f, n) => `ON RRP残高は${n.yi(f.rrpBalanceB!)}億ドル（${n.l(f.rrpBufferState)}）です`,
  and: '、',
  funding: (f, n) =>
    `。資金調達の逼迫は主に${n.l(f.dominantFundingLeg)}によるものです（強度${n.num(f.fundingOverride!, 2)}）。`,
  fullStop: '。',
  limited: 'その他の指標はまだ揃っていません。',
};
