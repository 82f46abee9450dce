import type { Hono } from 'hono';
import { AppError } from '../../engine/app-error.ts';
import { LANGUAGES, type CommandDef, type EntityDef, type Language } from '../../engine/metadata/registry.ts';
import { runCommand } from '../../engine/records/command-runner.ts';
import { reportCsv, reportXlsx } from '../../engine/reports/report-export.ts';
import type { Row } from '../../engine/db/db.ts';
import { runCall } from '../call-runner.ts';
import { singleQuery } from '../request-body.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';

/**
 * `GET /api/v1/<entity>/<report>/export?format=csv|xlsx&lang=de&…`: the report with the same parameters, access and
 * SQL as its JSON call, as a file whose column titles are in the caller's language.
 */
export function mountReportExport(
  app: Hono<AppEnv>,
  s: Stratum,
  entity: EntityDef,
  command: CommandDef & { report: NonNullable<CommandDef['report']> },
): void {
  app.get(`/api/v1/${entity.name}/${command.name}/export`, async (c) => {
    // an export holds every row, not the page the screen shows
    const { limit: _limit, offset: _offset, ...query } = singleQuery(c);
    const format = query.format ?? 'csv';
    if (format !== 'csv' && format !== 'xlsx')
      throw AppError.validation([{ field: 'format', message: 'must be csv or xlsx' }]);
    const lang: Language = LANGUAGES.includes(query.lang as Language) ? (query.lang as Language) : 'en';
    const result = (await runCall(s, c, (ctx) => runCommand(ctx, entity, command, query))) as { list?: Row[] };
    const rows = result.list ?? [];
    const messages = s.registry.messages[lang];
    // the sheet is named as the report's screen is, in the caller's language
    const screen = [...s.registry.modules.values()]
      .flatMap((m) => m.screens)
      .find((x) => x.entity === entity.name && x.report === command.name);
    const title = (screen?.label && messages[screen.label]) || command.name;
    const file = `${command.name}.${format}`;
    const headers = { 'content-disposition': `attachment; filename="${file}"`, 'cache-control': 'no-store' };
    if (format === 'csv')
      return c.body(reportCsv(command.report.columns, rows, messages), 200, {
        ...headers,
        'content-type': 'text/csv; charset=utf-8',
      });
    const xlsx = await reportXlsx(title, command.report.columns, rows, messages);
    return c.body(xlsx, 200, {
      ...headers,
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });
}
