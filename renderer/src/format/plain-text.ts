/**
 * The words of a rich-text (`x-html`) field without its markup, for a line of text beside a state: parsed as an inert
 * document (nothing in it runs or loads), so a note's tags neither show nor act.
 */
export function plainText(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
