import type { PrintFormat, PrintTemplate } from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import { Readable } from 'node:stream';
import { AppError, notFound } from '../../errors.js';
import { ConversionError } from '../../files/convert.js';
import { sanitizeFileName } from '../../files/names.js';
import type { FileDownload } from '../../http/register.js';
import { translate, type MessageKey } from '../../i18n/messages.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import type { FlowForm, FormData } from '../bpm/engine/forms.js';
import { instanceForm, instanceOpinions } from '../bpm/query.service.js';
import { signatureFieldsOf } from '../sign/fields.js';
import { signatureEntriesOf, type SignatureEntry } from '../sign/signature-field.js';
import { findUserById } from '../uc/user.repository.js';
import { mainDefinition } from './definition.service.js';
import { printLog } from './print.service.js';
import { formatMinute } from './time.js';
import {
  fillTemplate,
  GLOBAL_TEMPLATE_FILE,
  globalTemplate,
  LABELS,
  type PrintImage,
  type PrintModel,
} from './word-template.js';

const CONTENT_TYPES: Record<PrintFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** The formats this server prints in: PDF only with a document converter. */
const formatsOf = (services: Services): PrintFormat[] => (services.converter ? ['pdf', 'docx'] : ['docx']);

/** getGlobalPrintTemplate: every flow prints with the built-in global template. */
export async function globalPrintTemplate(
  services: Services,
  auth: AuthContext,
  lang: Language,
  flow: { defId?: string; defKey?: string },
): Promise<PrintTemplate> {
  const def = await mainDefinition(services.db, auth, flow);
  return {
    id: 'global',
    name: translate(lang, 'print.globalTemplate'),
    fileName: GLOBAL_TEMPLATE_FILE,
    global: true,
    defId: def.id,
    defKey: def.defKey,
    formats: formatsOf(services),
  };
}

const minute = (iso: string | null) => (iso ? formatMinute(new Date(iso)) : '');

async function imageOf(services: Services, tenantId: string, entry: SignatureEntry): Promise<PrintImage> {
  const png = Buffer.concat((await services.files.get(tenantId, entry.signature).toArray()) as Buffer[]);
  // sharp (libvips) is loaded on the first image, not at every start
  const { default: sharp } = await import('sharp');
  const { width = 1, height = 1 } = await sharp(png).metadata();
  return { png, width, height, name: entry.name };
}

type Schema = { title?: string; properties?: Record<string, Schema>; items?: Schema };

/** A field's value as printed text: a sub-table one row a line, each cell `title: value`. */
function textOf(value: unknown, schema: Schema | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) {
    const rowsAreObjects = value.every((row) => row && typeof row === 'object' && !Array.isArray(row));
    if (!rowsAreObjects) return value.map((item) => textOf(item, schema?.items)).join(', ');
    return value.map((row: Record<string, unknown>) => textOf(row, schema?.items)).join('\n');
  }
  if (typeof value === 'object')
    return Object.entries(value)
      .map(
        ([key, cell]) =>
          `${schema?.properties?.[key]?.title ?? key}: ${textOf(cell, schema?.properties?.[key])}`,
      )
      .join('; ');
  return String(value);
}

/** The form's fields the caller may see, in the form's order, with the signatures of its signature fields. */
async function printedFields(services: Services, tenantId: string, form: FlowForm | null, data: FormData) {
  const properties = (form?.schema.properties ?? {}) as Record<string, Schema>;
  const order = (form?.uiSchema['ui:order'] as string[] | undefined) ?? [];
  const names = [...new Set([...order, ...Object.keys(properties)])].filter(
    (name) => name in properties && name in data,
  );
  const signatureFields = signatureFieldsOf(form);
  return Promise.all(
    names.map(async (name) => {
      const signature = signatureFields.has(name);
      const entries = signature ? signatureEntriesOf(data[name]) : [];
      return {
        label: properties[name]!.title ?? name,
        value: signature ? '' : textOf(data[name], properties[name]),
        signatures: await Promise.all(entries.map((entry) => imageOf(services, tenantId, entry))),
      };
    }),
  );
}

/** What the request's printed document shows, in the caller's language. */
async function printModel(
  services: Services,
  auth: AuthContext,
  lang: Language,
  instId: string,
  leaderId?: string,
): Promise<PrintModel> {
  const { instance, form, data } = await instanceForm(services.db, auth, instId, leaderId);
  const opinions = (await instanceOpinions(services.db, auth, lang, instId, leaderId)).filter(
    (o) => o.completeTime !== null,
  );
  const printer = await findUserById(services.db, auth.tenantId, auth.userId);
  if (!printer) throw notFound('uc.userNotFound', { account: auth.account });
  const signatures = [...signatureFieldsOf(form).keys()].flatMap((name) => signatureEntriesOf(data[name]));
  return {
    labels: Object.fromEntries(
      LABELS.map((name) => [name, translate(lang, `print.label.${name}` as MessageKey)]),
    ) as PrintModel['labels'],
    title: instance.procDefName,
    subject: instance.subject,
    initiator: instance.creator,
    createTime: minute(instance.createTime),
    endTime: minute(instance.endTime),
    printedBy: printer.fullname,
    printTime: formatMinute(new Date()),
    fields: await printedFields(services, auth.tenantId, form, data),
    opinions: await Promise.all(
      opinions.map(async (o) => ({
        node: o.taskName,
        approver: o.auditorName ?? '',
        action: o.statusVal,
        opinion: o.opinion ?? '',
        time: minute(o.completeTime),
        signatures: await Promise.all(
          signatures
            .filter((entry) => entry.nodeId === o.nodeId && entry.userId === o.auditor)
            .map((entry) => imageOf(services, auth.tenantId, entry)),
        ),
      })),
    ),
  };
}

async function toPdf(services: Services, docx: Buffer) {
  if (!services.converter) throw new AppError(409, 'print.noConverter');
  return services.converter.toPdf(docx, 'docx').catch((error: unknown) => {
    if (error instanceof ConversionError) throw new AppError(422, 'print.conversionFailed');
    throw error;
  });
}

/**
 * system/file/wordPrint: a request the caller may read, printed with its template as a Word document or
 * PDF; only a finished print is recorded (bpmPrintRecord).
 */
export async function wordPrint(
  services: Services,
  auth: AuthContext,
  lang: Language,
  body: { instId: string; format: PrintFormat; leaderId?: string },
): Promise<FileDownload> {
  const model = await printModel(services, auth, lang, body.instId, body.leaderId);
  const docx = await fillTemplate(await globalTemplate(), model);
  const bytes = body.format === 'pdf' ? await toPdf(services, docx) : docx;
  await printLog(services.db, auth, body.instId, body.leaderId);
  return {
    name: `${sanitizeFileName(model.subject, 'print')}.${body.format}`,
    contentType: CONTENT_TYPES[body.format],
    size: bytes.length,
    content: Readable.from(bytes),
  };
}
