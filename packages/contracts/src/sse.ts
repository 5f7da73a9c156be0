/** One server-sent event as the stream carried it. */
export interface SseEvent {
  event: string;
  data: string;
  /** the event's id, when it had one */
  id?: string;
}

/**
 * Reads a text/event-stream as its chunks arrive (the WHATWG rules, without the EventSource object, which
 * cannot send an Authorization header): `push` takes the next decoded chunk and answers the events it
 * completed. Comment lines (heartbeats) and `retry` complete nothing.
 */
export function sseParser() {
  let buffer = '';
  return {
    push(chunk: string): SseEvent[] {
      buffer += chunk;
      const events: SseEvent[] = [];
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n|\r\r/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n\r\n', end) ? 4 : 2));
        const event: SseEvent = { event: 'message', data: '' };
        const data: string[] = [];
        for (const line of block.split(/\r?\n|\r/)) {
          if (!line || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event.event = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id' && !value.includes('\0')) event.id = value;
        }
        if (data.length) events.push({ ...event, data: data.join('\n') });
      }
      return events;
    },
  };
}
