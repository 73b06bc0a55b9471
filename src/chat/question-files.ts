// The files of a media question, as answer engines read them (AnswerRequest.files): the
// rows come from the question's workspace only, the bytes from the file storage.
import type { Kysely } from 'kysely';
import type { QuestionFile } from '../answer/index.ts';
import type { Database } from '../db/tables.ts';
import { NotFound } from '../errors.ts';
import { activeQuestionFiles, type FileStorage } from '../files/index.ts';

export function questionFilesOf(
  db: Kysely<Database>,
  storage: FileStorage,
  workspaceId: number,
): (ids: number[]) => Promise<QuestionFile[]> {
  return async (ids) => {
    const rows = new Map((await activeQuestionFiles(db, workspaceId, ids)).map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = rows.get(id);
      // ask-rules.ts checked the files when the question was stored; a file deleted since
      // (or one of another workspace) is simply not there.
      if (!row?.kind || !row.mime) throw new NotFound(`file ${id}`);
      return {
        id,
        kind: row.kind,
        mime: row.mime,
        name: row.file_name,
        size: row.size,
        open: () => storage.get(row.storage_key),
      };
    });
  };
}
