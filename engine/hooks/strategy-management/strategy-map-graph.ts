// The strategy map as a graph: pure, shared by the server (which builds it) and its unit tests.
import { bandScore, progressColour } from '../performance/scoring.ts';

export interface Band {
  rating: number;
  min: number;
  max: number;
  /** the rating scale's own colour for the band, if it has one */
  colour?: string | null;
}
export interface MapInput {
  perspectives: { id: number; name: string }[];
  pillars: { id: number; name: string; perspectiveId: number | null }[];
  /** each objective with the percents that score it now: its measures' and its initiatives' latest accepted reviews */
  objectives: { id: number; name: string; pillarId: number; perspectiveId: number | null; percents: number[] }[];
  links: { id: number; causeObjectiveId: number; effectObjectiveId: number; description: string | null }[];
  bands: Band[];
}
export type NodeKind = 'perspective' | 'pillar' | 'objective';
export interface MapNode {
  /** unique across kinds: "objective:12" */
  key: string;
  kind: NodeKind;
  id: number;
  name: string;
  /** the mean percent of what scores it, or null when nothing does yet */
  percent: number | null;
  /** its score band (1..5, 6 above every band), 0 below the first, null when unscored */
  score: number | null;
  progress: 'danger' | 'warning' | 'success' | null;
  colour: string;
}
export interface MapEdge {
  source: string;
  target: string;
  kind: 'contains' | 'causes';
  description?: string | null;
}

/** Colours of the bands when the plan's rating scale gives none: red to green, blue above every band, grey unscored. */
export const BAND_COLOURS: Readonly<Record<number, string>> = Object.freeze({
  0: '#b71c1c',
  1: '#e53935',
  2: '#fb8c00',
  3: '#fdd835',
  4: '#7cb342',
  5: '#2e7d32',
  6: '#1565c0',
});
export const UNSCORED_COLOUR = '#9e9e9e';

const mean = (xs: number[]): number | null =>
  xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null;

function scored(percent: number | null, bands: Band[]): Pick<MapNode, 'percent' | 'score' | 'progress' | 'colour'> {
  if (percent === null) return { percent, score: null, progress: null, colour: UNSCORED_COLOUR };
  const score = bandScore(percent, bands, true);
  const own = bands.find((b) => b.rating === score)?.colour;
  return { percent, score, progress: progressColour(percent), colour: own || BAND_COLOURS[score] || UNSCORED_COLOUR };
}

/**
 * Perspectives, pillars and objectives as nodes, each coloured by the band of its current percent (a pillar's and a
 * perspective's percent is the mean of their scored objectives'); edges from each perspective and pillar to its
 * objectives, and the plan's cause-and-effect links between objectives.
 */
export function strategyMapGraph(input: MapInput): { nodes: MapNode[]; edges: MapEdge[] } {
  const objectivePercent = new Map(input.objectives.map((o) => [o.id, mean(o.percents)]));
  const percentsOf = (objectives: MapInput['objectives']) =>
    objectives.map((o) => objectivePercent.get(o.id)).filter((p): p is number => p !== null && p !== undefined);
  const perspectiveOf = (o: MapInput['objectives'][number]) =>
    o.perspectiveId ?? input.pillars.find((p) => p.id === o.pillarId)?.perspectiveId ?? null;
  const nodes: MapNode[] = [
    ...input.perspectives.map((p) => ({
      key: `perspective:${p.id}`,
      kind: 'perspective' as const,
      id: p.id,
      name: p.name,
      ...scored(mean(percentsOf(input.objectives.filter((o) => perspectiveOf(o) === p.id))), input.bands),
    })),
    ...input.pillars.map((p) => ({
      key: `pillar:${p.id}`,
      kind: 'pillar' as const,
      id: p.id,
      name: p.name,
      ...scored(mean(percentsOf(input.objectives.filter((o) => o.pillarId === p.id))), input.bands),
    })),
    ...input.objectives.map((o) => ({
      key: `objective:${o.id}`,
      kind: 'objective' as const,
      id: o.id,
      name: o.name,
      ...scored(objectivePercent.get(o.id) ?? null, input.bands),
    })),
  ];
  const known = new Set(nodes.map((n) => n.key));
  const edges: MapEdge[] = [];
  for (const o of input.objectives) {
    edges.push({ source: `pillar:${o.pillarId}`, target: `objective:${o.id}`, kind: 'contains' });
    const perspective = perspectiveOf(o);
    if (perspective !== null && known.has(`perspective:${perspective}`))
      edges.push({ source: `perspective:${perspective}`, target: `objective:${o.id}`, kind: 'contains' });
  }
  for (const l of input.links)
    if (known.has(`objective:${l.causeObjectiveId}`) && known.has(`objective:${l.effectObjectiveId}`))
      edges.push({
        source: `objective:${l.causeObjectiveId}`,
        target: `objective:${l.effectObjectiveId}`,
        kind: 'causes',
        description: l.description,
      });
  return { nodes, edges };
}
