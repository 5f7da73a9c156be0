import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small CAS 3.0 protocol server for the tests (no maintained Node CAS server exists), following the
 * published CAS Protocol 3.0 specification: `/login?service=` sends a signed-in browser back to the service
 * with `ticket=ST-…`; `/p3/serviceValidate?service=&ticket=` answers the XML serviceResponse. A service ticket
 * is valid once, for the service it was issued to, for at most five minutes (spec §3.1.1, §3.1.2).
 */
export interface CasServer {
  url: string;
  /** the user signed in at the CAS server (its single sign-on session), with released attributes */
  signIn(user: string, attributes?: Record<string, string>): void;
  /** what a browser does: visit /login for `service` and take the ticket from the redirect */
  ticketFor(service: string): Promise<string>;
  close(): Promise<void>;
}

const TICKET_LIFETIME_MS = 5 * 60_000;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const serviceResponse = (body: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${body}\n</cas:serviceResponse>\n`;

const failure = (code: string, text: string) =>
  serviceResponse(
    `  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>`,
  );

function success(user: string, attributes: Record<string, string>) {
  const released = Object.entries(attributes)
    .map(([name, value]) => `      <cas:${name}>${escapeXml(value)}</cas:${name}>`)
    .join('\n');
  return serviceResponse(
    `  <cas:authenticationSuccess>\n    <cas:user>${escapeXml(user)}</cas:user>\n` +
      `    <cas:attributes>\n${released}\n    </cas:attributes>\n  </cas:authenticationSuccess>`,
  );
}

interface Ticket {
  service: string;
  user: string;
  attributes: Record<string, string>;
  expiresAt: number;
}

export async function startCasServer(): Promise<CasServer> {
  const tickets = new Map<string, Ticket>();
  let session: { user: string; attributes: Record<string, string> } | null = null;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://cas.invalid');
    const service = url.searchParams.get('service');
    if (url.pathname === '/cas/login') {
      if (!service || !session) {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<form method="post">CAS login</form>');
        return;
      }
      const ticket = `ST-${randomBytes(16).toString('hex')}`;
      tickets.set(ticket, { service, ...session, expiresAt: Date.now() + TICKET_LIFETIME_MS });
      const back = new URL(service);
      back.searchParams.set('ticket', ticket);
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/cas/p3/serviceValidate') {
      const ticketId = url.searchParams.get('ticket');
      const xml = (body: string) => response.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      if (!service || !ticketId) return xml(failure('INVALID_REQUEST', 'service and ticket are required'));
      const ticket = tickets.get(ticketId);
      // a ticket is spent by its first validation, whatever the outcome (§3.1.1)
      tickets.delete(ticketId);
      if (!ticket || ticket.expiresAt < Date.now()) {
        return xml(failure('INVALID_TICKET', `Ticket ${ticketId} not recognized`));
      }
      if (ticket.service !== service) {
        return xml(failure('INVALID_SERVICE', `Ticket ${ticketId} does not match supplied service`));
      }
      return xml(success(ticket.user, ticket.attributes));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // under /cas, as a CAS server usually is
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;

  return {
    url,
    signIn(user, attributes = {}) {
      session = { user, attributes };
    },
    async ticketFor(service) {
      const response = await fetch(`${url}/login?service=${encodeURIComponent(service)}`, {
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      const ticket = location ? new URL(location).searchParams.get('ticket') : null;
      if (!ticket) throw new Error(`the CAS server gave no ticket (HTTP ${response.status})`);
      return ticket;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback address where nothing listens: a server that cannot be reached. */
export async function unreachableUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
