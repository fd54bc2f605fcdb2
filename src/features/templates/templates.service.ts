import type { DB, DbOrTrx } from '../../db/kysely.js';
import {
  freezeContractDocument,
  inspectContractTemplate,
} from '../../domain/contract-document/index.js';
import { sampleTemplateData } from '../../domain/template-data.js';
import { compileTemplate, renderTemplate } from '../../domain/template-engine/index.js';
import {
  TEMPLATE_HTML_MAX_BYTES,
  STANDARD_CONTRACT_KEY,
  utf8Bytes,
  type CreateTemplateInput,
  type Template,
  type TemplateInput,
  type TemplateSummary,
} from '../../domain/templates.schemas.js';
import { AppError } from '../../lib/app-error.js';
import { assertPrintableLength } from '../documents/page-limit.js';
import type { PdfRenderer } from '../documents/pdf-renderer.js';
import { presetTemplates, presetTwinKey } from '../../../db/seeds/preset-templates.js';
import type { Language } from '../../domain/i18n/languages.js';
import { getPrefs } from '../prefs/prefs.service.js';
import type { CompanyId } from '../../domain/team.js';
import type { SessionUser } from '../../ports/session.js';
import { requireOwner } from '../sessions/owner-only.js';
import { installPreset } from './preset-install.js';
import {
  clearDefaultTemplate,
  deleteTemplateRow,
  findDefaultTemplateRow,
  findPresetRow,
  findTemplateRow,
  insertTemplateRow,
  listTemplateRows,
  markDefaultTemplate,
  updateTemplateRow,
} from './templates.repo.js';

const TEMPLATE_NOT_FOUND = 'Template not found';

type Row = {
  id: number;
  name: string;
  is_preset: number;
  version: number;
  updated_at: string;
  preset_key: string | null;
};

function toSummary(row: Row): TemplateSummary {
  return {
    id: row.id,
    name: row.name,
    is_preset: row.is_preset === 1,
    version: row.version,
    updated_at: row.updated_at,
    preset_key: row.preset_key,
  };
}

/**
 * A template that does not compile, or that holds what the contract document policy removes
 * (docs/decisions/016: print-only rules, outside references, code), is refused on save, each
 * problem on its line. Size first: the engine never sees more than 200 KB.
 */
export function assertUsableTemplateHtml(html: string): void {
  if (utf8Bytes(html) > TEMPLATE_HTML_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Template HTML must be at most 200 KB');
  }
  const compiled = compileTemplate(html);
  const problems = compiled.ok ? inspectContractTemplate(html) : compiled.problems;
  if (problems.length > 0) {
    const listed = problems
      .slice(0, 3)
      .map((problem) => `line ${problem.line}: ${problem.message}`);
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    throw new AppError('BAD_REQUEST', `Template has errors: ${listed.join('; ')}${more}`);
  }
}

/** A template that would print more than the page limit with sample data is refused on save. */
async function assertPrintableTemplate(
  db: DbOrTrx,
  companyId: CompanyId,
  html: string,
  renderer: PdfRenderer | null | undefined,
): Promise<void> {
  if (!renderer?.available) return;
  const prefs = await getPrefs(db, companyId);
  const rendered = renderTemplate(
    html,
    sampleTemplateData({
      name: prefs.company_name,
      phone: prefs.company_phone,
      email: prefs.company_email,
      address: prefs.company_address,
      website: prefs.company_website,
      logo: null,
    }),
  );
  if (rendered.ok) {
    await assertPrintableLength(renderer, freezeContractDocument(rendered.html), 'template');
  }
}

export async function listTemplates(db: DbOrTrx, companyId: CompanyId): Promise<TemplateSummary[]> {
  return (await listTemplateRows(db, companyId)).map(toSummary);
}

export async function getTemplate(
  db: DbOrTrx,
  companyId: CompanyId,
  id: number,
): Promise<Template> {
  const row = await findTemplateRow(db, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return { ...toSummary(row), html: row.html };
}

export async function getDefaultTemplate(db: DbOrTrx, companyId: CompanyId): Promise<Template> {
  const row = await findDefaultTemplateRow(db, companyId);
  if (!row) {
    throw new AppError('NOT_FOUND', 'No default template. Choose one on the Templates page.');
  }
  return { ...toSummary(row), html: row.html };
}

/**
 * The template a contract in this language is sent with (docs/decisions/029): the default, or,
 * when the default is a shipped preset, the company's copy of that preset's twin in the
 * contract's language if it has one ("Contrato estándar" for the Standard Contract). A template
 * the contractor wrote is used as it is, whatever the language.
 */
export async function getTemplateForLanguage(
  db: DbOrTrx,
  companyId: CompanyId,
  language: Language,
): Promise<Template> {
  const template = await getDefaultTemplate(db, companyId);
  const twinKey = presetTwinKey(template.preset_key, language);
  if (twinKey === null || twinKey === template.preset_key) return template;
  const twin = await findPresetRow(db, companyId, twinKey);
  return twin ? getTemplate(db, companyId, twin.id) : template;
}

/**
 * The company's first template, or one created with is_preset true, becomes the default. Anyone
 * in the company writes templates; only an owner picks the default (docs/decisions/045).
 */
export async function createTemplate(
  db: DB,
  user: SessionUser,
  input: CreateTemplateInput,
  renderer?: PdfRenderer | null,
): Promise<Template> {
  const { companyId } = user;
  if (input.is_preset === true) await requireOwner(db, user, 'defaultTemplate');
  assertUsableTemplateHtml(input.html);
  await assertPrintableTemplate(db, companyId, input.html, renderer);
  return db.transaction().execute(async (trx) => {
    const hasDefault = Boolean(await findDefaultTemplateRow(trx, companyId));
    const makeDefault = input.is_preset === true || !hasDefault;
    if (makeDefault) await clearDefaultTemplate(trx, companyId);
    const id = await insertTemplateRow(trx, {
      companyId,
      createdBy: user.id,
      name: input.name,
      html: input.html,
      isDefault: makeDefault,
      now: new Date().toISOString(),
    });
    return getTemplate(trx, companyId, id);
  });
}

/** The default template, which every contract goes out with, is an owner's to change. */
export async function updateTemplate(
  db: DB,
  user: SessionUser,
  id: number,
  input: TemplateInput,
  renderer?: PdfRenderer | null,
): Promise<Template> {
  const { companyId } = user;
  const existing = await findTemplateRow(db, companyId, id);
  if (!existing) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  if (existing.is_preset === 1) await requireOwner(db, user, 'defaultTemplate');
  assertUsableTemplateHtml(input.html);
  await assertPrintableTemplate(db, companyId, input.html, renderer);
  const changed = await updateTemplateRow(db, companyId, id, {
    name: input.name,
    html: input.html,
    now: new Date().toISOString(),
  });
  if (!changed) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return getTemplate(db, companyId, id);
}

/**
 * The default template cannot be deleted: sending uses it, so a company always has one. Making
 * another template the default first frees it.
 */
/**
 * Deletes a template of the company. A member deletes only the templates they wrote; the
 * company's others are an owner's to remove (docs/decisions/045).
 */
export async function deleteTemplate(db: DB, user: SessionUser, id: number): Promise<void> {
  const { companyId } = user;
  await db.transaction().execute(async (trx) => {
    const row = await findTemplateRow(trx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    if (row.is_preset === 1) throw new AppError('CONFLICT', DEFAULT_NOT_DELETABLE);
    if (row.created_by_user_id !== user.id) await requireOwner(trx, user, 'othersTemplate');
    await deleteTemplateRow(trx, companyId, id);
  });
}

export const DEFAULT_NOT_DELETABLE =
  'The default template cannot be deleted: contracts are sent with it. Make another template the default first.';

/** Brings the shipped Standard Contract back into a company that has no copy of it. */
export async function addStandardContract(db: DB, user: SessionUser): Promise<Template> {
  const { companyId } = user;
  const standard = presetTemplates.find((preset) => preset.key === STANDARD_CONTRACT_KEY);
  if (!standard) throw new AppError('INTERNAL', 'The Standard Contract is not shipped');
  return db.transaction().execute(async (trx) => {
    if (await findPresetRow(trx, companyId, STANDARD_CONTRACT_KEY)) {
      throw new AppError('CONFLICT', 'You already have the Standard Contract');
    }
    await installPreset(trx, { companyId, createdBy: user.id }, standard);
    const row = await findPresetRow(trx, companyId, STANDARD_CONTRACT_KEY);
    if (!row) throw new AppError('INTERNAL', 'The Standard Contract could not be added');
    return getTemplate(trx, companyId, row.id);
  });
}

export async function setDefaultTemplate(db: DB, user: SessionUser, id: number): Promise<Template> {
  const { companyId } = user;
  await requireOwner(db, user, 'defaultTemplate');
  return db.transaction().execute(async (trx) => {
    if (!(await findTemplateRow(trx, companyId, id))) {
      throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    }
    await clearDefaultTemplate(trx, companyId);
    await markDefaultTemplate(trx, companyId, id);
    return getTemplate(trx, companyId, id);
  });
}
