/**
 * Example: the current regime and the last month of the Treasury General Account, typed end to end.
 * Run against a service: `node clients/typescript/example.ts http://localhost:8080`.
 */
import { usdLiquidityClient } from './client.ts';

const api = usdLiquidityClient(process.argv[2] ?? 'http://localhost:8080');
const regime = await api.GET('/api/regime');
if (regime.data) {
  const { percentile5y, status, date, freshness } = regime.data;
  console.log(`${date}: headline ${percentile5y}/100 (${status}), ${freshness.state}`);
}
const tga = await api.GET('/api/series/{id}', { params: { path: { id: 'tga' }, query: { days: 30 } } });
for (const point of tga.data?.data ?? []) console.log(point.date, point.value, tga.data?.meta.unit);
if (tga.error) console.error(tga.error.error.code, tga.error.error.message);
