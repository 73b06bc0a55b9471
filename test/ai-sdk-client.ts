// Reads a streamed answer with the `ai` package's own client code, as a `useChat` page
// would: DefaultChatTransport sends the request and parses the UI message stream, and
// readUIMessageStream assembles the assistant message from its chunks.
import { DefaultChatTransport, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';

export interface AiSdkAnswer {
  chunks: UIMessageChunk[];
  /** The assembled assistant message's text. */
  text: string;
  metadata: Record<string, unknown> | undefined;
  errors: string[];
}

export async function readAiSdkStream(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<AiSdkAnswer> {
  const transport = new DefaultChatTransport<UIMessage>({
    api: url,
    headers: { ...headers, 'x-stream-format': 'ai-sdk' },
    // Parlor's body is ClientAsk's, not useChat's message list.
    prepareSendMessagesRequest: () => ({ body }),
  });
  const stream = await transport.sendMessages({
    chatId: 'test',
    messages: [],
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  });
  const chunks: UIMessageChunk[] = [];
  const recorded = stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        chunks.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  const errors: string[] = [];
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream<UIMessage>({
    stream: recorded,
    onError: (e) => errors.push(e instanceof Error ? e.message : String(e)),
  })) {
    last = message;
  }
  const text = (last?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
  return { chunks, text, metadata: last?.metadata as Record<string, unknown> | undefined, errors };
}
