import type { Writer } from './writer.ts';

/** The lens narrative in German, written as a native reader expects (not a word-for-word copy). */
export const de: Writer = {
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
  tga: (f, n) =>
    `Das Konto des Finanzministeriums bei der Fed ${f.tgaFlow! >= 0 ? 'wuchs' : 'schrumpfte'} in vier Wochen um ${n.abs(f.tgaFlow!, 0)} Mrd. (${n.l(`fiscal-${f.fiscalPulse}`)})`,
  rrp: (f, n) => `die ON RRP hält ${n.num(f.rrpBalanceB!, 1)} Mrd. (${n.l(f.rrpBufferState)})`,
  and: ', ',
  funding: (f, n) =>
    `; Finanzierungsstress geht vor allem von ${n.l(f.dominantFundingLeg)} aus (Intensität ${n.num(f.fundingOverride!, 2)}).`,
  fullStop: '.',
  limited: 'Weitere Kennzahlen liegen noch nicht vor.',
};
