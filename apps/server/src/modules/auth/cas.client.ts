import type { FastifyBaseLogger } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../errors.js';

/** How long the CAS server may take to answer a ticket validation. */
const VALIDATE_TIMEOUT_MS = 10_000;

/** Who the CAS server says the ticket belongs to: its user and released attributes. */
export interface CasPrincipal {
  user: string;
  attributes: Record<string, string[]>;
}

/** A ticket the CAS server refused (INVALID_TICKET, INVALID_SERVICE, ...), with its code for the log. */
class CasRefusal extends Error {
  constructor(readonly code: string) {
    super(`CAS refused the ticket: ${code}`);
  }
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

/** A child of a parsed element, or undefined. */
const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;

const textOf = (node: unknown): string | null => {
  if (typeof node === 'string') return node;
  const text = child(node, '#text');
  return text === undefined ? null : String(text);
};

function attributesOf(node: unknown): Record<string, string[]> {
  if (!node || typeof node !== 'object') return {};
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(node)) {
    const texts = (Array.isArray(value) ? value : [value]).map(textOf).filter((t): t is string => t !== null);
    if (texts.length) attributes[name] = texts;
  }
  return attributes;
}

/** Reads a CAS 2.0/3.0 serviceResponse: the principal on success, a CasRefusal on a failure answer. */
function readServiceResponse(xml: string): CasPrincipal {
  const response = child(parser.parse(xml), 'serviceResponse');
  if (!response || typeof response !== 'object') throw new Error('not a CAS serviceResponse');
  const failure = child(response, 'authenticationFailure');
  if (failure !== undefined) throw new CasRefusal(String(child(failure, '@code') ?? 'UNKNOWN'));
  const success = child(response, 'authenticationSuccess');
  const user = textOf(child(success, 'user'));
  if (!user) throw new Error('a CAS success without a user');
  return { user, attributes: attributesOf(child(success, 'attributes')) };
}

/**
 * Validates a service ticket with the CAS server (CAS protocol 3.0, /p3/serviceValidate). A refused
 * ticket is `sso.rejected`; a server that cannot be reached or answers nonsense is `sso.unreachable`.
 */
export async function validateCasTicket(
  casUrl: string,
  service: string,
  ticket: string,
  log: FastifyBaseLogger,
): Promise<CasPrincipal> {
  const url = new URL(`${casUrl}/p3/serviceValidate`);
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  let xml: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`CAS answered HTTP ${response.status}`);
    xml = await response.text();
  } catch (error) {
    log.warn({ err: error, casUrl }, 'the CAS server could not validate a ticket');
    throw new AppError(502, 'sso.unreachable');
  }
  try {
    return readServiceResponse(xml);
  } catch (error) {
    if (error instanceof CasRefusal) {
      log.warn({ code: error.code }, 'the CAS server refused a ticket');
      throw new AppError(400, 'sso.rejected');
    }
    log.warn({ err: error, casUrl }, 'the CAS server answered something other than a serviceResponse');
    throw new AppError(502, 'sso.unreachable');
  }
}
