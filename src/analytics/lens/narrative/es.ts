import type { Writer } from './writer.ts';

/** The lens narrative in Spanish, written as a native reader expects (not a word-for-word copy). */
export const es: Writer = {
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
  tga: (f, n) =>
    `La cuenta del Tesoro en la Fed ${f.tgaFlow! >= 0 ? 'aumentó' : 'disminuyó'} ${n.abs(f.tgaFlow!, 0)} mil millones en cuatro semanas (${n.l(`fiscal-${f.fiscalPulse}`)})`,
  rrp: (f, n) => `el ON RRP mantiene ${n.num(f.rrpBalanceB!, 1)} mil millones (nivel ${n.l(f.rrpBufferState)})`,
  and: ' y ',
  funding: (f, n) =>
    `; la tensión de financiación procede sobre todo de ${n.l(f.dominantFundingLeg)} (intensidad ${n.num(f.fundingOverride!, 2)}).`,
  fullStop: '.',
  limited: 'El resto de indicadores aún no está disponible.',
};
