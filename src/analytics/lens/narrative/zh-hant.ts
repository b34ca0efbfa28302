import type { Writer } from './writer.ts';

/** The lens narrative in Traditional Chinese, written as a native reader expects (not a word-for-word copy). */
export const zhHant: Writer = {
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
  tga: (f, n) =>
    `財政部一般帳戶四週${f.tgaFlow! >= 0 ? '增加' : '減少'}${n.yi(f.tgaFlow!)}億美元（${n.l(`fiscal-${f.fiscalPulse}`)}）`,
  rrp: (f, n) => `隔夜逆回購餘額${n.yi(f.rrpBalanceB!)}億美元（${n.l(f.rrpBufferState)}）`,
  and: '，',
  funding: (f, n) => `；資金壓力主要來自${n.l(f.dominantFundingLeg)}（強度${n.num(f.fundingOverride!, 2)}）。`,
  fullStop: '。',
  limited: '其他指標尚無資料。',
};
