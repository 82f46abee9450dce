/**
 * Widths a grid column needs so that its texts show whole in every language: a header wraps between words but never
 * inside one ("Stellenbezeichnung" is not cut to "Stellenbezeichn-ung" or "Agreemen…"), and a row's action buttons
 * ("Bearbeiten", "Löschen") fit their cell. Measured in the page's font, as the browser will draw the texts.
 */
const FONT = "'Inter', 'Noto Sans', 'Noto Sans Bengali', system-ui, sans-serif";
let canvas: CanvasRenderingContext2D | null | undefined;

/** A text's width in pixels at `size` and `weight` in the app's font (a rough estimate where no canvas is at hand). */
export function textWidth(text: string, size: number, weight = 400): number {
  canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!canvas) return text.length * size * 0.6;
  canvas.font = `${weight} ${size}px ${FONT}`;
  return Math.ceil(canvas.measureText(text).width);
}

/** A header's least width: its longest word at the header's font (14 px, 500), plus the cell's padding, sort and filter icons. */
export const headerMinWidth = (title: string, filterable: boolean): number =>
  Math.max(120, Math.max(...title.split(/\s+/).map((w) => textWidth(w, 14, 500))) + 40 + (filterable ? 24 : 0));

/** The actions cell's width: each small button's label (13 px) with its padding and border, the gaps, the cell's padding. */
export const actionsWidth = (labels: readonly string[]): number =>
  Math.max(
    120,
    labels.reduce((sum, l) => sum + textWidth(l, 13) + 2 * 12 + 2, 0) + 4 * (labels.length - 1) + 2 * 16 + 4,
  );

/** A cell's least width for a value as the grid draws it (14 px), with the cell's padding: a date or a moment shows whole. */
export const cellMinWidth = (shown: string): number => textWidth(shown, 14) + 2 * 16 + 4;

/**
 * A column's share of the grid's free width, by what it holds: the record's title most ("Freight forwarding 2027"
 * whole rather than "Freight for…"), other free text and the titles of referenced records next, and dates, numbers
 * and options (short by nature) the least.
 */
export function columnFlex(
  field: { type?: unknown; format?: unknown; enum?: unknown; 'x-ref'?: unknown },
  isTitle: boolean,
): number {
  if (isTitle) return 3;
  if (field['x-ref'] || (field.type === 'string' && !field.format && !field.enum)) return 2;
  return 1;
}
