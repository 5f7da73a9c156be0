import { PassThrough } from 'node:stream';
import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';

/**
 * The live push stream (issue 16). The answer is `text/event-stream`, which the compression of answers
 * leaves alone (see http/spa.ts), so each event leaves at once; `X-Accel-Buffering: no` asks nginx-like
 * proxies not to hold it back either.
 */
export const pushHandlers = ({ push }: Services) =>
  defineHandlers({
    pushStream: async (_input, { auth, request, reply }) => {
      const body = new PassThrough();
      const lastEventId = request.headers['last-event-id'];
      const stop = await push.open(auth, typeof lastEventId === 'string' ? lastEventId : undefined, {
        write: (chunk) => body.write(chunk),
        // The connection goes with the stream once its last event is out: a client gone without a word (a
        // laptop asleep, a cut network) would otherwise hold it, and the server's shutdown with it.
        // (A request made in-process, as the tests' inject does, has a socket without destroySoon.)
        end: () => {
          const socket = reply.raw.socket as { destroySoon?: () => void } | null;
          body.once('end', () => socket?.destroySoon?.());
          body.end();
        },
      });
      reply.raw.on('close', stop);
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(body);
      return null;
    },
  });
