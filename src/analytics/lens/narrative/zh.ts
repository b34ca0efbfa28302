import type { Writer } from './writer.ts';

/** The lens narrative in Simplified Chinese, written as a native reader expects (not a word-for-word copy). */
export const zh: Writer = {
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
  tga: (f, n) =>
    `财政部一般账户四周内${f.tgaFlow! >= 0 ? '增加' : '减少'}${n.yi(f.tgaFlow!)}亿美元（${n.l(`fiscal-${f.fiscalPulse}`)}）`,
  rrp: (f, n) => `隔夜逆回购余额为${n.yi(f.rrpBalanceB!)}亿美元（${n.l(f.rrpBufferState)}）`,
  and: '，',
  funding: (f, n) => `；融资压力主要来自${n.l(f.dominantFundingLeg)}（强度${n.num(f.fundingOverride!, 2)}）。`,
  fullStop: '。',
  limited: '其他指标暂无数据。',
};
