import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_HTTP_POLICY } from '../../src/providers/http-client.ts';
import { rateLimiter } from '../../src/providers/rate-limiter.ts';
import {
  fetchTreasuryDataset,
  parseBillsShare,
  parseDebtToPenny,
  parseDtsTga,
  parseMtsDeficit,
} from '../../src/providers/treasury.ts';
import { dtsExportToApiRows, mspdExportToApiRows, REAL_DATA_DIR } from '../support/replay-data.ts';
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

  it("never takes another day's balance: a null close in the old eras rejects that row and says so", () => {
    const notes: string[] = [];
    const rows = [
      {
        record_date: '2019-05-01',
        account_type: 'Federal Reserve Account',
        close_today_bal: '300000',
        open_today_bal: '1',
      },
      // The opening balance of this era is the previous day's close: it must not stand in for the missing close.
      {
        record_date: '2019-05-02',
        account_type: 'Federal Reserve Account',
        close_today_bal: 'null',
        open_today_bal: '300000',
      },
    ];
    assert.deepEqual(parseDtsTga(rows, 'treasury', 'tga-dts', notes), [{ date: '2019-05-01', value: 300000 }]);
    assert.match(
      notes.join(),
      /rejected 1 DTS row\(s\).*2019-05-02 "Federal Reserve Account" has close_today_bal null/,
    );
  });

  it('reads the 2022+ Closing Balance row only from open_today_bal, and rejects it when that is null', () => {
    const notes: string[] = [];
    const row = {
      record_date: '2026-06-23',
      account_type: 'Treasury General Account (TGA) Closing Balance',
      close_today_bal: '999999', // not the era's field: never read
      open_today_bal: 'null',
    };
    assert.deepEqual(parseDtsTga([row], 'treasury', 'tga-dts', notes), []);
    assert.match(notes.join(), /has open_today_bal null/);
  });

  it('refuses a TGA account row dated outside its era', () => {
    assert.throws(
      () =>
        parseDtsTga([
          {
            record_date: '2023-01-03',
            account_type: 'Federal Reserve Account',
            close_today_bal: '1',
            open_today_bal: '1',
          },
        ]),
      /"Federal Reserve Account" dated 2023-01-03 lies outside its era/,
    );
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
    // The last day of each earlier era closes at the renamed account's next opening balance.
    assert.equal(byDate.get('2021-09-30'), 215160);
    assert.equal(byDate.get('2022-04-15'), 578473);
    assert.equal(byDate.get('2022-04-14'), 602292);
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

  const month = (
    recordDate: string,
    desc: string,
    line: number,
    receipts: string,
    outlays: string,
    deficit: string,
  ) => ({
    record_date: recordDate,
    classification_desc: desc,
    src_line_nbr: String(line),
    current_month_gross_rcpt_amt: receipts,
    current_month_gross_outly_amt: outlays,
    current_month_dfct_sur_amt: deficit,
  });

  it("takes each statement's own month from the current fiscal-year section, deficit positive", () => {
    // The real October 2019 row (receipts 245,520,982,120.90, outlays 379,988,361,130.71) shown as the prior
    // fiscal year's October in a statement for October 2020; October 2020's own row is the later one.
    const rows = [
      month('2020-10-31', 'October', 1, '245520982120.90', '379988361130.71', '134467379009.81'),
      month('2020-10-31', 'October', 14, '220000000000.00', '504070537172.84', '284070537172.84'),
    ];
    assert.deepEqual(parseMtsDeficit(rows), [{ date: '2020-10-01', value: 284070537172.84 }]);
  });

  it('reads a surplus as negative (April 2018 was a surplus of about 214.26 bn)', () => {
    const rows = [month('2018-04-30', 'April', 19, '510000000000.00', '295744886332.69', '-214255113667.31')];
    assert.deepEqual(parseMtsDeficit(rows), [{ date: '2018-04-01', value: -214255113667.31 }]);
  });

  it('fails loudly when the sign convention flips (receipts − outlays) or receipts are not in dollars', () => {
    const flipped = [month('2019-10-31', 'October', 14, '245520982120.90', '379988361130.71', '-134467379009.81')];
    assert.throws(() => parseMtsDeficit(flipped), /sign convention flipped/);
    const millions = [month('2019-10-31', 'October', 14, '245520.98', '379988.36', '134467.38')];
    assert.throws(() => parseMtsDeficit(millions), /not a month of federal receipts in dollars/);
  });
});

describe('MSPD Table I bills share', () => {
  const row = (date: string, type: string, kind: string, total: string) => ({
    record_date: date,
    security_type_desc: type,
    security_class_desc: kind,
    total_mil_amt: total,
  });

  it('divides Marketable/Bills by the "Total Marketable" row type (class "_")', () => {
    const share = parseBillsShare([
      row('2025-02-28', 'Marketable', 'Bills', '6367951.7093'),
      row('2025-02-28', 'Marketable', 'Notes', '14736013.5853'),
      row('2025-02-28', 'Total Marketable', '_', '28628551.1469655'),
      row('2025-02-28', 'Total Public Debt Outstanding', '_', '36218923.3149095'),
    ]);
    assert.equal(share.length, 1);
    assert.equal(Math.round(share[0]!.value * 1000) / 1000, 22.243);
  });

  const mspdFile = `${REAL_DATA_DIR}treasury/MSPD_SumSecty_20010131_20260531.csv`;
  it('gives the real shares on the real MSPD export, every month', { skip: !existsSync(mspdFile) }, () => {
    const share = new Map(
      parseBillsShare(mspdExportToApiRows(readFileSync(mspdFile, 'utf8'))).map((o) => [o.date, o.value]),
    );
    assert.equal(share.size, 305);
    assert.equal(Math.round(share.get('2025-02-28')! * 1000) / 1000, 22.243);
    assert.equal(Math.round(share.get('2024-01-31')! * 1000) / 1000, 21.804);
  });

  it('refuses a statement without the two rows', () => {
    assert.throws(() => parseBillsShare([row('2025-02-28', 'Marketable', 'Notes', '1')]), /"Total Marketable" rows/);
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
      limiter: rateLimiter({ minIntervalMs: 0, maxConcurrent: 1 }),
      policy: DEFAULT_HTTP_POLICY,
    };
    const observations = await fetchTreasuryDataset('debt-to-penny', `${replay.url}/services/api/fiscal_service`, ctx);
    assert.ok(observations.length > 1700);
    const pages = replay.requests.filter((r) => r.includes('debt_to_penny'));
    assert.ok(pages.every((r) => r.includes('page[size]=10000')));
  });
});
