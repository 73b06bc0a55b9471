// `listings import FILE… --chatbot SERIAL`: a feed in, the chatbot's listings in step.
// - Files in Parlor's names or RESO's (told per file), JSON, CSV or a RESO Web API export
//   (its @odata.nextLink pages given as more files); every file is read and every row checked
//   before anything is written, so a broken file writes nothing.
// - Rows are upserted by MLSNumber: created, updated, or unchanged (not written). A row that
//   is not marketable (Pending…) is skipped; a bad one is rejected with all its problems, and
//   the good rows are kept (`--strict`: any rejected row fails the run and writes nothing).
// - `--prune` removes the chatbot's listings the files no longer hold (a skipped row no longer
//   holds its listing: it is off the market); never when no row was imported.
// - The exit status is 1 when no row was imported, so a nightly job notices a broken feed.
import { findChatbotBySerial } from '../chatbots/index.ts';
import { NotFound } from '../errors.ts';
import { type ImportOptions, type ImportSummary, importFiles } from '../listings/index.ts';
import type { Command } from './command.ts';
import type { CommandContext } from './io.ts';
import { optionalText, requiredText, UsageError } from './io.ts';
import { readListingsFile } from './listing-rows.ts';
import { type Progress, progressBar } from './progress.ts';

export type { ImportSummary };

export async function importListings(
  ctx: CommandContext,
  paths: string[],
  serialNumber: string,
  options: ImportOptions,
): Promise<ImportSummary> {
  // An unknown chatbot is named before any file is read.
  if (!(await findChatbotBySerial(ctx.db.kysely, serialNumber))) throw new NotFound(`chatbot "${serialNumber}"`);
  const files = paths.map(readListingsFile);
  let bar: Progress | null = null;
  const summary = await importFiles(ctx.db.kysely, files, serialNumber, options, {
    now: ctx.now,
    progress(done, total) {
      bar ??= progressBar(ctx.io, total, !ctx.json);
      bar.update(done);
    },
  });
  (bar as Progress | null)?.finish();
  return summary;
}

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The summary's first line says what was read and, apart, what of it was imported: a run that
 * read rows and imported none must not read as a success ("Read 1 row …: imported 0").
 */
export function summaryText(s: ImportSummary): string {
  const imported = s.created + s.updated + s.unchanged;
  const would = s.dryRun ? 'would be ' : '';
  const head = s.dryRun
    ? `Checked ${rows(s.rows)} for chatbot ${s.chatbot} (dry run, nothing written) in ${s.seconds} s`
    : `Read ${rows(s.rows)} for chatbot ${s.chatbot} in ${s.seconds} s`;
  const lines = [
    `${head}: ${would}imported ${imported} (created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}), skipped ${s.skipped}, rejected ${s.rejected}; listings ${would}removed ${s.removed}`,
  ];
  for (const f of s.files) {
    const ignored = f.ignoredColumns.length ? `; ignored columns: ${f.ignoredColumns.join(', ')}` : '';
    lines.push(`  ${f.file}: ${f.rows} rows in ${f.format}${ignored}`);
  }
  for (const [reason, n] of Object.entries(s.skippedReasons)) lines.push(`  skipped ${n}: ${reason}`);
  const many = s.files.length > 1;
  for (const r of s.rejections) lines.push(`  ${many ? `${r.file} ` : ''}row ${r.row}: ${r.errors.join('; ')}`);
  if (s.rejections.some((r) => r.errors.some((e) => e.startsWith('ListingURL (Url): is required')))) {
    lines.push('  (a RESO feed without ListingURL needs --url-template "https://…/{MLSNumber}")');
  }
  if (s.failure) lines.push(`Failed: ${s.failure}`);
  return lines.join('\n');
}

function urlTemplateOf(values: Parameters<Command['run']>[1]): string | undefined {
  const template = optionalText(values, 'url-template');
  if (template === undefined) return undefined;
  if (!/^https?:\/\/\S+$/i.test(template) || !template.includes('{MLSNumber}')) {
    throw new UsageError('--url-template must be an http(s) URL holding {MLSNumber}');
  }
  return template;
}

export const listingsImport: Command = {
  path: 'listings import',
  synopsis:
    '<file.json|file.csv>… --chatbot SERIAL [--dry-run] [--strict] [--prune] [--url-template "https://…/{MLSNumber}"]',
  summary: "create, update (by MLSNumber) and prune listings from JSON/CSV files in Parlor's or RESO names",
  options: {
    chatbot: { type: 'string' },
    'dry-run': { type: 'boolean' },
    strict: { type: 'boolean' },
    prune: { type: 'boolean' },
    'url-template': { type: 'string' },
  },
  positionals: ['FILE'],
  variadic: true,
  migrates: true,
  async run(ctx, values, files) {
    const summary = await importListings(ctx, files, requiredText(values, 'chatbot'), {
      dryRun: values['dry-run'] === true,
      strict: values.strict === true,
      prune: values.prune === true,
      urlTemplate: urlTemplateOf(values),
    });
    return { json: summary, text: summaryText(summary), exitCode: summary.failure ? 1 : 0 };
  },
};
