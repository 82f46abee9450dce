import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../engine/app-error.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import type { ReportDef } from '../../engine/metadata/report-definition.ts';
import { reportCsv, reportXlsx } from '../../engine/reports/report-export.ts';
import { reportParameters } from '../../engine/reports/report-parameters.ts';
import { curveReport } from '../../engine/hooks/performance/reports/performance-curve.ts';
import { bandsFromTargets } from '../../engine/hooks/performance/scoring.ts';
import { reportChartOption } from '../../renderer/src/screens/report-chart.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';

const report: ReportDef = {
  parameters: {
    annualPlanId: { type: 'integer', minimum: 1, title: 'entity.annualPlan', 'x-ref': 'annual-plan' },
    quarterIndex: {
      type: 'integer',
      enum: [0, 1, 2, 3],
      title: 'field.quarter',
      'x-enumNames': ['Q1', 'Q2', 'Q3', 'Q4'],
    },
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', title: 'field.month' },
    mine: { type: 'boolean', title: 'field.mine' },
  },
  required: ['annualPlanId'],
  columns: [
    { key: 'unit', title: 'report.unit', format: 'text' },
    { key: 'status', title: 'field.status', format: 'option' },
    { key: 'employees', title: 'report.employees', format: 'integer' },
    { key: 'share', title: 'report.share', format: 'percent' },
  ],
  chart: { type: 'stackedBar', category: 'unit', values: ['employees'] },
};

/** The refusal's field messages, or null when the call is accepted. */
function refusal(query: Record<string, string>): Record<string, string> | null {
  try {
    reportParameters(report, query);
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message]));
  }
}

describe('report parameters', () => {
  it('types the query string by the declaration and leaves out empty values', () => {
    expect(
      reportParameters(report, {
        annualPlanId: '7',
        quarterIndex: '2',
        month: '2026-03',
        mine: 'true',
        format: 'csv',
        lang: 'de',
      }),
    ).toEqual({ annualPlanId: 7, quarterIndex: 2, month: '2026-03', mine: true });
    expect(reportParameters(report, { annualPlanId: '7', quarterIndex: '' })).toEqual({ annualPlanId: 7 });
  });

  it('refuses, naming the parameter: unknown, mistyped, out of its range or enum, missing when required', () => {
    expect(refusal({ annualPlanId: '7', year: '2026' })).toMatchObject({
      year: expect.stringContaining('not a parameter of this report'),
    });
    expect(refusal({ annualPlanId: 'seven' })).toMatchObject({ annualPlanId: 'must be a whole number' });
    expect(refusal({ annualPlanId: '1', mine: 'yes' })).toMatchObject({ mine: 'must be true or false' });
    expect(refusal({ annualPlanId: '1', quarterIndex: '4' })).not.toBeNull();
    expect(refusal({ annualPlanId: '0' })).not.toBeNull();
    expect(refusal({ annualPlanId: '1', month: "2026-03' OR 1=1" })).not.toBeNull();
    expect(refusal({ quarterIndex: '1' })).not.toBeNull();
  });
});

const rows = [
  { unit: 'Vertrieb, Nord', status: 'InProgress', employees: 12, share: 37.5 },
  { unit: '=HYPERLINK("http://evil")', status: 'Done', employees: 3, share: null },
];

describe('report export', () => {
  const messages = {
    'report.unit': 'Einheit',
    'field.status': 'Status',
    'report.employees': 'Mitarbeiter',
    'report.share': 'Anteil',
    'option.inProgress': 'In Bearbeitung',
  };

  it('writes CSV with a byte-order mark, titles in the language asked for, translated options, quoted commas, inert formulas', () => {
    const csv = reportCsv(report.columns, rows, messages);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Einheit,Status,Mitarbeiter,Anteil',
      '"Vertrieb, Nord",In Bearbeitung,12,37.5',
      `"'=HYPERLINK(""http://evil"")",Done,3,`,
      '',
    ]);
  });

  it('writes an XLSX a spreadsheet opens: bold titles, numbers as numbers, days as dates, text without a visible apostrophe and never a live formula', async () => {
    const columns = [...report.columns, { key: 'due', title: 'field.dueDate', format: 'date' as const }];
    const risky = [
      ...rows.map((r, i) => ({ ...r, due: i ? null : '2026-11-01' })),
      { unit: '@SUM(A1:A9)', status: '-1+1', employees: -4, share: 0, due: null },
    ];
    const bytes = await reportXlsx('Performance curve', columns, risky, messages);
    // read back as a spreadsheet reads it
    const [sheet] = await readXlsxFile(Buffer.from(bytes));
    expect(sheet.sheet).toBe('Performance curve');
    expect(sheet.data[0]).toEqual(['Einheit', 'Status', 'Mitarbeiter', 'Anteil', 'field.dueDate']);
    expect(sheet.data[1]).toEqual(['Vertrieb, Nord', 'In Bearbeitung', 12, 37.5, new Date(Date.UTC(2026, 10, 1))]);
    expect(sheet.data[2][0]).toBe('=HYPERLINK("http://evil")');
    expect(sheet.data[3].slice(0, 3)).toEqual(['@SUM(A1:A9)', '-1+1', -4]);
    // and as the file says it: no formula element anywhere, the risky texts are plain shared strings, the titles bold
    const files = unzipSync(bytes);
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(xml).not.toMatch(/<f[ >]/);
    expect(strFromU8(files['xl/sharedStrings.xml'])).toContain('<t>=HYPERLINK("http://evil")</t>');
    expect(strFromU8(files['xl/sharedStrings.xml'])).not.toContain("'=");
    // the title cells' style (s="n", the n-th cellXfs entry) uses the font that is bold
    const styles = strFromU8(files['xl/styles.xml']);
    const xfs = [...styles.matchAll(/<xf\s*([^>]*)>/g)].map((m) => m[1]);
    const fonts = [...styles.matchAll(/<font>(.*?)<\/font>/g)].map((m) => m[1]);
    const fontOfTitle = Number(/fontId="(\d+)"/.exec(xfs[Number(/<c r="A1" s="(\d+)"/.exec(xml)![1])])?.[1] ?? 0);
    expect(fonts[fontOfTitle]).toContain('<b/>');
    expect(fonts[0]).not.toContain('<b/>');
  });
});

describe('performance curve', () => {
  it('lists every band with its count and percent of the total, in tenths rounded half up', () => {
    const bands = bandsFromTargets([59, 79, 99, 119, 1000]);
    const { list, total } = curveReport(bands, [
      { rating: 2, n: 1 },
      { rating: 4, n: 15 },
    ]);
    expect(total).toBe(16);
    expect(list).toEqual([
      { band: '1 (0–59 %)', rating: 1, employees: 0, percent: 0 },
      { band: '2 (60–79 %)', rating: 2, employees: 1, percent: 6.3 },
      { band: '3 (80–99 %)', rating: 3, employees: 0, percent: 0 },
      { band: '4 (100–119 %)', rating: 4, employees: 15, percent: 93.8 },
      { band: '5 (120–1000 %)', rating: 5, employees: 0, percent: 0 },
    ]);
    expect(curveReport(bands, []).list.every((b) => b.percent === 0 && b.employees === 0)).toBe(true);
    expect(
      curveReport(bands, [
        { rating: 1, n: 1 },
        { rating: 5, n: 2 },
      ]).list.map((b) => b.percent),
    ).toEqual([33.3, 0, 0, 0, 66.7]);
  });
});

describe('report chart', () => {
  it('draws one series per value column along the category, stacked when declared, counts on a whole-number axis', () => {
    const option = reportChartOption(
      { ...report, chart: report.chart! },
      rows,
      (k) => `t:${k}`,
      (v) => String(v),
    ) as Record<string, any>;
    expect(option.xAxis.data).toEqual(['Vertrieb, Nord', '=HYPERLINK("http://evil")']);
    expect(option.series).toEqual([{ type: 'bar', name: 't:employees', stack: 'total', data: [12, 3] }]);
    expect(option.yAxis.minInterval).toBe(1);
  });

  it('draws a pie of the first value column', () => {
    const option = reportChartOption(
      { ...report, chart: { type: 'pie', category: 'unit', values: ['share'] } },
      rows,
      (k) => k,
      (v) => String(v),
    ) as Record<string, any>;
    expect(option.series[0].data).toEqual([
      { name: 'Vertrieb, Nord', value: 37.5 },
      { name: '=HYPERLINK("http://evil")', value: 0 },
    ]);
  });
});

describe('report declarations in the metadata', () => {
  const faultsOf = (dir: string): string => {
    try {
      loadRegistry(dir, hooks);
      return '';
    } catch (e) {
      if (e instanceof MetadataError)
        return e.faults
          .map((f) => `${f.file.replace(/.*metadata\//, 'metadata/')}#${f.pointer} ${f.message}`)
          .join('\n');
      throw e;
    }
  };
  const entityFile = (dir: string, name: string) => join(dir, 'modules/performance', name, 'entity.json');

  it('refuse a chart of a column the report has not, a required parameter it does not declare, and a report that is no GET hook', () => {
    const dir = copyMetadata();
    editJson(entityFile(dir, 'performance-assessment'), (e) => {
      const curve = e.commands.find((c: { name: string }) => c.name === 'performance-curve');
      curve.report.chart.values = ['headcount'];
      curve.report.required = ['annualPlanId', 'year'];
      curve.method = 'POST';
    });
    const faults = faultsOf(dir);
    expect(faults).toMatch(
      /performance-assessment\/entity.json#\/commands\/\d+\/report\/chart draws "headcount", which is not a column/,
    );
    expect(faults).toMatch(/#\/commands\/\d+\/report\/required names "year", which is not a parameter/);
    expect(faults).toMatch(/#\/commands\/\d+\/report a report is a GET hook command/);
  });

  it('refuse a report screen that names no report of its entity, and panels anywhere but under an edit form', () => {
    const dir = copyMetadata();
    editJson(join(dir, 'modules/performance/module.json'), (m) => {
      m.screens.find((s: { path: string }) => s.path === '/app/reports/performance-curve-reports').report = 'inbox';
      m.screens.find((s: { path: string }) => s.path === '/app/performance/agreements').panels = ['AssessmentScores'];
    });
    const faults = faultsOf(dir);
    expect(faults).toMatch(
      /a report screen names a report command of its entity in "report"; "inbox" is not one of performance-assessment/,
    );
    expect(faults).toMatch(/\/panels panels show under the form of a record: an edit form screen/);
  });
});
