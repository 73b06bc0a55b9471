// ClientAsk's input rules beyond the schema (docs/api.md "Answers"; the platform's fileIds rules).
import type { Kysely } from 'kysely';
import type { AskType } from '../answer/index.ts';
import type { Database } from '../db/tables.ts';
import { Invalid, NotFound } from '../errors.ts';
import { activeFileKinds } from '../files/index.ts';

const KIND_OF: Record<Exclude<AskType, 'Text'>, string> = { Image: 'image', Audio: 'audio', Video: 'video' };

export async function checkAskInput(
  db: Kysely<Database>,
  workspaceId: number,
  askType: AskType,
  content: string,
  fileIds: number[],
  /** A widget visitor's session: it may name only the files its own visitor uploaded. */
  visitorSessionId: number | null = null,
): Promise<void> {
  if (askType === 'Text') {
    if (fileIds.length > 0) throw new Invalid('fileIds', 'only allowed with chatAskType Image, Audio or Video');
    if (content.trim() === '') throw new Invalid('content', 'must not be empty');
    return;
  }
  if (fileIds.length === 0) throw new Invalid('fileIds', `required with chatAskType ${askType}`);
  if (askType === 'Image' && fileIds.length > 10) throw new Invalid('fileIds', 'at most 10 images');
  if (askType !== 'Image' && fileIds.length !== 1) {
    throw new Invalid('fileIds', `exactly one file with chatAskType ${askType}`);
  }
  if (new Set(fileIds).size !== fileIds.length) throw new Invalid('fileIds', 'must not repeat a file');
  const kinds = await activeFileKinds(db, workspaceId, fileIds, visitorSessionId);
  const want = KIND_OF[askType];
  for (const id of fileIds) {
    if (!kinds.has(id)) throw new NotFound(`file ${id}`);
    if (kinds.get(id) !== want) {
      throw new Invalid('fileIds', `file ${id} is not ${want === 'audio' ? 'a WAV audio file' : `an ${want}`}`);
    }
  }
}
