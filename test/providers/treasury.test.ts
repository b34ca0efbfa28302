import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_HTTP_POLICY } from '../../src/providers/http-client.ts';
import { RateLimiter } from '../../src/providers/rate-limiter.ts';
import { fetchTreasuryDataset, parseDebtToPenny, parseDtsTga, parseMtsDeficit } from '../../src/providers/treasury.ts';
import { dtsExportToApiRows, REAL_DATA_DIR } from '../support/replay-data.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

describe('Daily Treasury Statement TGA', () => {
  it('takes close_today_bal in the old eras and open_today_bal of the 2022+ Closing Balance row', () => {
    const rows = [
      {
        record_date: '2021-06-24',
        account_type: 'Federal Reserve Account',
        close_today_bal: '740000',
        open_today_bal: '733877',
      },
      {
        record_date: '2021-06-24',
        account_type: 'Supplementary Financing Program Account',
        close_today_bal: '0',
        open_today_bal: '0',
      },
      {
        record_date: '2022-04-15',
        account_type: 'Treasury General Account (TGA)',
        close_today_bal: '610000',
        open_today_bal: '602292',
      },
      {
        record_date: '2026-06-23',
        account_type: 'Treasury General Account (TGA) Opening Balance',
        close_today_bal: 'null',
        open_today_bal: '942815',
      },
      {
        record_date: '2026-06-23',
        account_type: 'Total TGA Deposits (Table II)',
        close_today_bal: 'null',
        open_today_bal: '262522',
      },
      {
        record_date: '2026-06-23',
        account_type: 'Treasury General Account (TGA) Closing Balance',
        close_today_bal: 'null',
        open_today_bal: '925876',
      },
    ];
    assert.deepEqual(parseDtsTga(rows), [
      { date: '2021-06-24', value: 740000 },
      { date: '2022-04-15', value: 610000 },
      { date: '2026-06-23', value: 925876 },
    ]);
  });

  it('refuses a page whose account names all changed', () => {
    assert.throws(
      () => parseDtsTga([{ record_date: '2030-01-02', account_type: 'Cash Account', close_today_bal: '1' }]),
      /account names/,
    );
  });

  it('refuses a non-numeric balance, naming the date', () => {
    const row = {
      record_date: '2026-06-23',
      account_type: 'Treasury General Account (TGA) Closing Balance',
      close_today_bal: 'null',
      open_today_bal: 'abc',
    };
    assert.throws(() => parseDtsTga([row]), /non-numeric value "abc" on 2026-06-23/);
  });

  const dtsFile = `${REAL_DATA_DIR}treasury/DTS_OpCashBal_20210624_20260623.csv`;
  it('reproduces the real closing balances from the real DTS export', { skip: !existsSync(dtsFile) }, () => {
    const tga = parseDtsTga(dtsExportToApiRows(readFileSync(dtsFile, 'utf8')));
    const byDate = new Map(tga.map((o) => [o.date, o.value]));
    assert.equal(byDate.get('2026-06-23'), 925876);
    // TGA_CLOSE_DTS.csv (derived by the data curators) agrees on every 2022+ date.
    const reference = readFileSync(`${REAL_DATA_DIR}treasury/TGA_CLOSE_DTS.csv`, 'utf8').trim().split('\n').slice(1);
    for (const line of reference) {
      const [date, value] = line.split(',');
      assert.equal(byDate.get(date!), Number(value), date);
    }
  });
});

describe('Debt to the Penny and MTS', () => {
  it('reads total public debt in dollars, skipping "null"', () => {
    assert.deepEqual(
      parseDebtToPenny([
        { record_date: '2024-03-28', tot_pub_debt_out_amt: '34589629941.12' },
        { record_date: '2024-03-29', tot_pub_debt_out_amt: 'null' },
      ]),
      [{ date: '2024-03-28', value: 34589629941.12 }],
    );
  });

  it("takes each statement's own month from the current fiscal-year section", () => {
    const rows = [
      { record_date: '2024-03-31', classification_desc: 'March', src_line_nbr: '6', current_month_dfct_sur_amt: '-1' },
      {
        record_date: '2024-03-31',
        classification_desc: 'March',
        src_line_nbr: '19',
        current_month_dfct_sur_amt: '-236000000000',
      },
      {
        record_date: '2024-03-31',
        classification_desc: 'February',
        src_line_nbr: '18',
        current_month_dfct_sur_amt: '-296000000000',
      },
    ];
    assert.deepEqual(parseMtsDeficit(rows), [{ date: '2024-03-01', value: -236000000000 }]);
  });
});

describe('Fiscal Data paging against the replay server', () => {
  let replay: ReplayServer;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2020-01-01', end: '2026-11-20' }));
  });
  after(() => replay.close());

  it('follows meta.total-pages with page[size]=10000', async () => {
    const ctx = {
      source: 'treasury',
      seriesId: 'debt-penny',
      limiter: new RateLimiter({ minIntervalMs: 0, maxConcurrent: 1 }),
      policy: DEFAULT_HTTP_POLICY,
    };
    const observations = await fetchTreasuryDataset('debt-to-penny', `${replay.url}/services/api/fiscal_service`, ctx);
    assert.ok(observations.length > 1700);
    const pages = replay.requests.filter((r) => r.includes('debt_to_penny'));
    assert.ok(pages.every((r) => r.includes('page[size]=10000')));
  });
});
