// NDJSON (`application/x-ndjson`): one JSON value a line; an empty line is a
// heartbeat.

/** The JSON values of an NDJSON body, in order, skipping heartbeats. */
export async function* ndjson<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line !== "") yield JSON.parse(line) as T;
      }
      if (done) break;
    }
    if (buffered.trim() !== "") yield JSON.parse(buffered) as T;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
