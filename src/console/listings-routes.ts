// The console's listings import: a CSV or JSON file the browser uploads, read and written by the
// same code as `npx parlor listings import` (Parlor's names and aliases or RESO's, every problem
// of every row at once, created or updated by MLS number). A dry run answers the summary; the
// import itself answers a stream of progress lines and stops between batches when the browser
// cancels (closes the request). The CSV template is the header the reader knows best.
import { PassThrough } from 'node:stream';
import { requireChatbot } from '../chatbots/index.ts';
import { Invalid, Unauthorized, UnsupportedType } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { UPLOAD_TIMEOUT_MS } from '../http/request-limits.ts';
import type { App } from '../http/types.ts';
import { type ImportSummary, importFiles, ListingsFileProblem, listingsFileOf } from '../listings/index.ts';
import type { ConsoleRouteDeps } from './routes.ts';
import { ImportQuery } from './schemas.ts';

/** Files of 50 MiB or more are refused (413 from the declared length, before the body is read). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** The template's columns: every field of RealEstateCreate, the required ones first. */
export const TEMPLATE_COLUMNS = [
  'MLSNumber',
  'Url',
  'SaleType',
  'Status',
  'PropertyType',
  'CurrencySymbol',
  'SalePrice',
  'RentPrice',
  'Bedrooms',
  'Bathrooms',
  'BuildingArea',
  'LotArea',
  'AreaUnit',
  'YearBuilt',
  'DaysOnMarket',
  'ParkingSpots',
  'Address',
  'City',
  'State',
  'ZIP',
  'Location',
  'Latitude',
  'Longitude',
  'HOAMonth',
  'DepositFee',
  'UnitAreaPrice',
  'ZestimatePrice',
  'SpaceType',
  'Tours',
  'Description',
  'Images',
  'ExtensionColumn',
];

const TEMPLATE_EXAMPLE = [
  'DEMO2001',
  'https://homes.example.com/demo2001',
  'for_sale',
  'Active',
  'Single Family Residential',
  '$',
  '465000',
  '',
  '3',
  '2.5',
  '1850',
  '7200',
  'Square Feet',
  '1998',
  '12',
  '2',
  '3408 Clawson Rd',
  'Austin',
  'TX',
  '78704',
  '',
  '30.2427',
  '-97.7832',
  '0',
  '',
  '',
  '',
  '',
  '',
  'Renovated 3-bed ranch with a pool and a two-car garage.',
  'https://img.example.com/demo2001/1.jpg|https://img.example.com/demo2001/2.jpg',
  'Pool=Yes|Garage=Yes',
];

export function templateCsv(): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${TEMPLATE_COLUMNS.join(',')}\r\n${TEMPLATE_EXAMPLE.map(cell).join(',')}\r\n`;
}

/** The summary in the console's words (PascalCase, the rows' problems per row). */
function summaryRecord(s: ImportSummary) {
  return {
    DryRun: s.dryRun,
    Rows: s.rows,
    Format: s.files[0]?.format ?? '',
    IgnoredColumns: s.files[0]?.ignoredColumns ?? [],
    Created: s.created,
    Updated: s.updated,
    Unchanged: s.unchanged,
    Skipped: s.skipped,
    SkippedReasons: s.skippedReasons,
    Rejected: s.rejected,
    Rejections: s.rejections.map((r) => ({ Row: r.row, Errors: r.errors })),
    Cancelled: s.cancelled,
    Failure: s.failure,
    Seconds: s.seconds,
  };
}

/** The reader's own failures (empty, not CSV, no rows) as a 400 naming the file. */
function readFile(name: string, text: string) {
  if (text.includes('\u0000')) throw new UnsupportedType(`file: ${name} is not a text file (CSV or JSON)`);
  try {
    return listingsFileOf(name, text);
  } catch (err) {
    if (err instanceof ListingsFileProblem) throw new Invalid('file', err.message);
    throw err;
  }
}

export function registerListingsImportRoutes(app: App, deps: ConsoleRouteDeps): void {
  const { db, clock } = deps.chat;
  const config = { auth: 'owner' as const, maxBodyBytes: MAX_IMPORT_BYTES - 1, bodyTimeoutMs: UPLOAD_TIMEOUT_MS };

  app.get('/console/api/listings/template.csv', { config: { auth: 'owner' }, schema: { hide: true } }, (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="listings-template.csv"')
      .send(templateCsv()),
  );

  app.register(async (scope) => {
    // The body is the file's text, whatever its type says, up to the import's own limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES - 1 }, (_req, body, done) =>
      done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );
    scope.post(
      '/console/api/listings/import',
      { config, schema: { hide: true, querystring: ImportQuery } },
      async (req, reply) => {
        if (!req.staff) throw new Unauthorized('sign in to the console first');
        const query = req.query as { chatbot: string; name: string; dryRun?: 'true' | 'false' };
        const ctx = { db: db.kysely, workspaceId: req.staff.workspaceId, now: clock() };
        await requireChatbot(ctx, query.chatbot);
        const file = readFile(query.name, typeof req.body === 'string' ? req.body : '');
        const options = { dryRun: query.dryRun === 'true', strict: false, prune: false };
        if (options.dryRun) {
          return ok(summaryRecord(await importFiles(db.kysely, [file], query.chatbot, options, { now: clock })));
        }
        // Every check is done: the stream opens, one JSON line per batch, the summary last.
        const out = new PassThrough();
        const stop = new AbortController();
        reply.raw.once('close', () => stop.abort());
        const line = (v: unknown) => out.write(`${JSON.stringify(v)}\n`);
        void importFiles(db.kysely, [file], query.chatbot, options, {
          now: clock,
          signal: stop.signal,
          progress: (done, total) => line({ Done: done, Total: total }),
        })
          .then((s) => line({ Summary: summaryRecord(s) }))
          .catch((err: Error) => line({ Error: err.message }))
          .finally(() => out.end());
        return reply.header('content-type', 'application/x-ndjson; charset=utf-8').send(out);
      },
    );
  });
}
