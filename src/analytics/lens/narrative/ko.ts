import type { Writer } from './writer.ts';

/** The lens narrative in Korean, written as a native reader expects (not a word-for-word copy). */
export const ko: Writer = {
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
  tga: (f, n) =>
    `재무부 일반계정은 4주간 ${n.yi(f.tgaFlow!)}억 달러 ${f.tgaFlow! >= 0 ? '늘었고' : '줄었고'}(${n.l(`fiscal-${f.fiscalPulse}`)})`,
  rrp: (f, n) => `ON RRP 잔액은 ${n.yi(f.rrpBalanceB!)}억 달러(${n.l(f.rrpBufferState)})입니다`,
  and: ' ',
  funding: (f, n) =>
    `. 자금 조달 압력은 주로 ${n.l(f.dominantFundingLeg)}에서 비롯됩니다(강도 ${n.num(f.fundingOverride!, 2)}).`,
  fullStop: '.',
  limited: '다른 지표는 아직 집계되지 않았습니다.',
};
