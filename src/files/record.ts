import type { StoredFile } from './repo.ts';

/** A file as the API shows it; IDs are strings, as the platform gives FileStoreId. */
export function fileRecord(f: StoredFile) {
  return {
    FileStoreId: String(f.id),
    FileName: f.file_name,
    Kind: f.kind ?? '',
    Mime: f.mime ?? '',
    Size: f.size,
    Status: f.status,
  };
}

/** Where the widget loads a chatbot's picture or icon (served only while a chatbot uses it). */
export function publicFilePath(id: number, fileName: string): string {
  return `/files/${id}/${encodeURIComponent(fileName)}`;
}
