// The question as a chat model sees it (docs/api.md "Answers"). Text goes as is; images as image
// parts beside the text; a voice message as its transcript; a video as a few frames
// (image parts) and the transcript of its audio track. Every provider model is assumed
// to see images: a text-only model makes the provider answer an error, which maps to 502.
//
// Everything that can be refused (no file access, no ffmpeg) is refused before any
// provider call.
import { Invalid, NotSupported } from '../../errors.ts';
import type { AnswerRequest, QuestionFile } from '../engine.ts';
import type { ImageContentPart, TextContentPart, WireMessage } from '../openai/wire.ts';
import { ffmpegAvailable } from './ffmpeg.ts';
import { fileBytes, imagePart, imagePartOf } from './image-parts.ts';
import { sampleVideo } from './video.ts';

export interface MediaTools {
  /** The ffmpeg that samples videos (media/ffmpeg-binary.ts); null when the server has none. */
  ffmpegPath: string | null;
  /** Speech to text (transcribe.ts bound to the provider). */
  transcribe(wav: Uint8Array<ArrayBuffer>, fileName: string): Promise<string>;
  signal: AbortSignal;
}

export const NO_FFMPEG =
  'Video questions need ffmpeg, which this server does not have: `npm ci` installs one (@ffmpeg-installer/ffmpeg), or install ffmpeg, or set FFMPEG_PATH';

const text = (t: string): TextContentPart => ({ type: 'text', text: t });

function transcriptBlock(what: string, transcript: string): string {
  return transcript ? `Transcript of ${what}:\n"""\n${transcript}\n"""` : `No speech could be recognised in ${what}.`;
}

function typed(content: string): string {
  const c = content.trim();
  return c ? `The visitor also wrote: ${c}` : '';
}

function framesNote(n: number): string {
  if (n === 0) return 'No picture could be taken from it.';
  return `${n === 1 ? 'A frame' : `${n} frames`} sampled from it, in time order, follow.`;
}

function only(files: QuestionFile[]): QuestionFile {
  const [file] = files;
  if (!file || files.length !== 1) throw new Invalid('fileIds', 'exactly one file with chatAskType Audio or Video');
  return file;
}

export async function userMessage(
  req: AnswerRequest,
  tools: MediaTools,
): Promise<Extract<WireMessage, { role: 'user' }>> {
  const { askType, content, fileIds } = req.question;
  if (askType === 'Text') return { role: 'user', content };
  if (!req.files)
    throw new NotSupported(`${askType} questions cannot be answered here: the engine has no access to files`);
  const ffmpeg = tools.ffmpegPath;
  if (askType === 'Video' && (ffmpeg === null || !(await ffmpegAvailable(ffmpeg)))) {
    throw new NotSupported(NO_FFMPEG);
  }
  const files = await req.files(fileIds);

  if (askType === 'Image') {
    const images: ImageContentPart[] = [];
    for (const f of files) images.push(await imagePart(f));
    const intro =
      content.trim() ||
      `The visitor sent ${images.length === 1 ? 'an image' : `${images.length} images`} without a question.`;
    return { role: 'user', content: [text(intro), ...images] };
  }

  const file = only(files);
  if (askType === 'Audio') {
    const transcript = await tools.transcribe(await fileBytes(file), file.name);
    const lines = [
      'The visitor sent a voice message.',
      transcriptBlock('the voice message', transcript),
      typed(content),
    ];
    return { role: 'user', content: lines.filter(Boolean).join('\n') };
  }

  if (ffmpeg === null) throw new NotSupported(NO_FFMPEG);
  const { frames, audio } = await sampleVideo(ffmpeg, file, tools.signal);
  const transcript = audio ? await tools.transcribe(audio, 'audio.wav') : null;
  const lines = [
    `The visitor sent a video. ${framesNote(frames.length)}`,
    transcript === null ? 'The video has no sound.' : transcriptBlock("the video's sound", transcript),
    typed(content),
  ];
  return {
    role: 'user',
    content: [text(lines.filter(Boolean).join('\n')), ...frames.map((f) => imagePartOf(f, 'image/jpeg'))],
  };
}
