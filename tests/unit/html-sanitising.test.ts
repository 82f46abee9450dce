import { describe, expect, it } from 'vitest';
import type { EntityDef, FieldDef } from '../../engine/metadata/registry.ts';
import { sanitiseHtml, sanitiseHtmlFields } from '../../engine/records/html-sanitising.ts';

const field = (name: string, html: boolean) => ({ name, html }) as unknown as FieldDef;
const entity = { fields: [field('note', true), field('title', false)] } as unknown as EntityDef;

describe('HTML fields are sanitised before they are stored', () => {
  it('keeps formatting, lists and safe links', () => {
    expect(sanitiseHtml('<p><strong>Due</strong> <em>soon</em></p><ul><li>one</li></ul>')).toBe(
      '<p><strong>Due</strong> <em>soon</em></p><ul><li>one</li></ul>',
    );
    expect(sanitiseHtml('<a href="https://example.org/x">x</a>')).toBe(
      '<a href="https://example.org/x" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops scripts, event handlers, styles, frames and script links', () => {
    expect(sanitiseHtml('<p onclick="steal()">hi<script>alert(1)</script></p>')).toBe('<p>hi</p>');
    expect(sanitiseHtml('<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitiseHtml('<style>body{}</style><p style="color:red">t</p>')).toBe('<p>t</p>');
  });

  it('touches only the fields declared x-html, and leaves the input as it was', () => {
    const input = { note: '<b>a</b><script>x</script>', title: '<b>kept as typed</b>' };
    expect(sanitiseHtmlFields(entity, input)).toEqual({ note: '<b>a</b>', title: '<b>kept as typed</b>' });
    expect(input.note).toBe('<b>a</b><script>x</script>');
    const plain = { title: 'x' };
    expect(sanitiseHtmlFields(entity, plain)).toBe(plain);
  });
});
