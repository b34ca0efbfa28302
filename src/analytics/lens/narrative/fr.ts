import type { Writer } from './writer.ts';

/** The lens narrative in French, written as a native reader expects (not a word-for-word copy). */
export const fr: Writer = {
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
  tga: (f, n) =>
    `Le compte du Trésor à la Fed a ${f.tgaFlow! >= 0 ? 'augmenté' : 'diminué'} de ${n.abs(f.tgaFlow!, 0)} milliards en quatre semaines (${n.l(`fiscal-${f.fiscalPulse}`)})`,
  rrp: (f, n) => `l’ON RRP détient ${n.num(f.rrpBalanceB!, 1)} milliards (niveau ${n.l(f.rrpBufferState)})`,
  and: ' et ',
  funding: (f, n) =>
    ` ; la tension de financement vient surtout ${f.dominantFundingLeg === 'srf' ? 'du recours à la facilité permanente de repo' : 'd’un repo au-dessus de l’IORB'} (intensité ${n.num(f.fundingOverride!, 2)}).`,
  fullStop: '.',
  limited: 'Les autres indicateurs ne sont pas encore disponibles.',
};
