/**
 * The periods every validation figure is reported for, fixed in docs/dli-2-protocol.md before the test period
 * was looked at. `in-sample` is the only one used to choose a model; the others are reported.
 */
export const PERIODS = [
  { id: 'full', from: '1900-01-01', to: '2999-12-31' },
  { id: 'in-sample', from: '2005-01-01', to: '2018-12-31' },
  { id: 'out-of-sample', from: '2019-01-01', to: '2999-12-31' },
  { id: '2008-2015', from: '2008-01-01', to: '2015-12-31' },
  { id: '2016-2022', from: '2016-01-01', to: '2022-12-31' },
  { id: 'since-2016', from: '2016-01-01', to: '2999-12-31' },
  { id: 'since-2023', from: '2023-01-01', to: '2999-12-31' },
] as const;

export type PeriodId = (typeof PERIODS)[number]['id'];
