import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../app-error.ts';
import { text as words } from '../../i18n/text.ts';
import { readFile } from '../../files/file-store.ts';
import type { BeforeWriteHook, EntityRecord } from '../hook-registry.ts';

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown', 'text/plain']);

/** The computed field user-manual.format: Markdown for a text file, PDF for a PDF, none before a file is uploaded. */
export const manualFormat = (
  manual: Pick<EntityRecord<'user-manual'>, 'document' | 'documentType'>,
): 'PDF' | 'Markdown' | null => {
  if (manual.document === null || manual.document === undefined) return null;
  return MARKDOWN_TYPES.has(String(manual.documentType ?? '')) ? 'Markdown' : 'PDF';
};

/** Markdown as HTML that is safe to show: rendered by marked, then stripped of scripts, handlers, styles and foreign schemes. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https', 'data'] },
  });
}

/**
 * beforeWrite of user-manual: when a Markdown document is uploaded, its sanitised HTML is stored with the manual (the
 * stored `html` every reader gets with the record); a PDF has none.
 */
export const renderMarkdown: BeforeWriteHook<'user-manual'> = async (ctx, _entity, before, manual) => {
  if (before && before.document === manual.document) return {};
  if (manualFormat(manual) !== 'Markdown') return { html: null };
  const file = await readFile(ctx, Number(manual.document), true);
  if (!file) throw AppError.worded('not_found', words('refusal.file.notFound', { id: String(manual.document) }));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.content);
  } catch {
    throw AppError.worded('unsupported_media_type', words('refusal.file.notUtf8', { name: file.name }));
  }
  return { html: markdownToSafeHtml(text) };
};
