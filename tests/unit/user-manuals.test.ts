import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { ROOT } from '../../server/boot.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';
import { manualFormat, markdownToSafeHtml } from '../../engine/hooks/dashboard/manual-reading.ts';

describe('user manual reading', () => {
  it('renders Markdown: headings, emphasis, lists, tables and links', () => {
    const html = markdownToSafeHtml(
      '# Title\n\n## Part\n\n- **one**\n- *two*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[help](https://example.com)',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<h2>Part</h2>');
    expect(html).toContain('<li><strong>one</strong></li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<a href="https://example.com">help</a>');
  });

  it('strips scripts, event handlers, styles and foreign link schemes', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script>\n\n<p onclick="x()" style="color:red">hi</p>\n\n[a](javascript:alert(1)) <iframe src="https://evil.example"></iframe>\n\n![i](http://example.com/i.png)',
    );
    expect(html).not.toMatch(/<script|onclick|style=|javascript:|<iframe/i);
    expect(html).toContain('<p>hi</p>');
    // pictures only over https (or inline data)
    expect(html).not.toContain('http://example.com/i.png');
  });

  it('tells the format from the uploaded file', () => {
    expect(manualFormat({ document: 3, documentType: 'application/pdf' })).toBe('PDF');
    expect(manualFormat({ document: 3, documentType: 'text/markdown' })).toBe('Markdown');
    expect(manualFormat({ document: 3, documentType: 'text/plain' })).toBe('Markdown');
    expect(manualFormat({ document: null })).toBeNull();
  });
});

describe('module key (employees see the records of the modules their company has enabled)', () => {
  const faultsOf = (dir: string) => {
    try {
      loadRegistry(dir, hooks);
    } catch (e) {
      if (e instanceof MetadataError)
        return e.faults.map((f) => `${f.file.replace(/.*metadata\//, 'metadata/')}#${f.pointer} ${f.message}`);
      throw e;
    }
    return [];
  };

  it('is declared on the user manual, by its module', () => {
    expect(loadRegistry(join(ROOT, 'metadata'), hooks).entity('user-manual').moduleKey).toBe('moduleId');
  });

  it.each([
    ['a company entity', 'modules/organisation/department/entity.json', (e: any) => (e.moduleKey = 'businessUnitId')],
    [
      'a field that is not a reference to module',
      'modules/platform/user-manual/entity.json',
      (e: any) => (e.moduleKey = 'title'),
    ],
    ['an unknown field', 'modules/platform/user-manual/entity.json', (e: any) => (e.moduleKey = 'moduleCode')],
  ])('is refused on %s', (_name, file, edit) => {
    const dir = copyMetadata();
    try {
      editJson(join(dir, file), edit);
      expect(faultsOf(dir).join('\n')).toMatch(
        /#\/moduleKey is for platform entities and must name a stored reference to module/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
