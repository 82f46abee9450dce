import { describe, expect, it } from 'vitest';
import { bandsFromTargets, DEFAULT_BAND_TARGETS } from '../../engine/hooks/performance/scoring.ts';
import {
  BAND_COLOURS,
  strategyMapGraph,
  UNSCORED_COLOUR,
  type MapInput,
} from '../../engine/hooks/strategy-management/strategy-map-graph.ts';

const bands = bandsFromTargets([...DEFAULT_BAND_TARGETS]);
const base: MapInput = {
  perspectives: [{ id: 1, name: 'Customers' }],
  pillars: [
    { id: 10, name: 'Growth', perspectiveId: 1 },
    { id: 11, name: 'People', perspectiveId: null },
  ],
  objectives: [
    { id: 100, name: 'Grow exports', pillarId: 10, perspectiveId: null, percents: [80, 100] },
    { id: 101, name: 'Build skills', pillarId: 11, perspectiveId: null, percents: [] },
    { id: 102, name: 'Win tenders', pillarId: 10, perspectiveId: 1, percents: [40] },
  ],
  links: [
    { id: 1, causeObjectiveId: 101, effectObjectiveId: 100, description: 'Skills sell' },
    { id: 2, causeObjectiveId: 101, effectObjectiveId: 999, description: 'dangling' },
  ],
  bands,
};
const node = (g: ReturnType<typeof strategyMapGraph>, key: string) => g.nodes.find((n) => n.key === key)!;

describe('strategy map graph', () => {
  it('scores an objective by the mean of its percents into the band that holds it, coloured by that band', () => {
    const g = strategyMapGraph(base);
    // (80 + 100) / 2 = 90 → band 3 (80–99) of the default scale
    expect(node(g, 'objective:100')).toMatchObject({
      percent: 90,
      score: 3,
      progress: 'success',
      colour: BAND_COLOURS[3],
    });
    expect(node(g, 'objective:102')).toMatchObject({
      percent: 40,
      score: 1,
      progress: 'danger',
      colour: BAND_COLOURS[1],
    });
  });

  it('leaves an objective without measures or accepted reviews unscored and grey', () => {
    expect(node(strategyMapGraph(base), 'objective:101')).toMatchObject({
      percent: null,
      score: null,
      progress: null,
      colour: UNSCORED_COLOUR,
    });
  });

  it("scores a pillar and a perspective by the mean of their scored objectives, an objective's perspective defaulting to its pillar's", () => {
    const g = strategyMapGraph(base);
    expect(node(g, 'pillar:10')).toMatchObject({ percent: 65, score: 2 });
    expect(node(g, 'pillar:11')).toMatchObject({ percent: null, colour: UNSCORED_COLOUR });
    expect(node(g, 'perspective:1')).toMatchObject({ percent: 65 });
    expect(g.edges.filter((e) => e.target === 'objective:100' && e.kind === 'contains').map((e) => e.source)).toEqual([
      'pillar:10',
      'perspective:1',
    ]);
  });

  it('uses the rating scale’s own colour for a band when it has one, and blue above every band', () => {
    const coloured = bands.map((b) => ({ ...b, colour: b.rating === 3 ? '#123456' : null }));
    expect(node(strategyMapGraph({ ...base, bands: coloured }), 'objective:100').colour).toBe('#123456');
    const above = strategyMapGraph({ ...base, objectives: [{ ...base.objectives[0], percents: [2000] }] });
    expect(node(above, 'objective:100')).toMatchObject({ score: 6, colour: BAND_COLOURS[6] });
  });

  it('draws the cause-and-effect links between known objectives only', () => {
    expect(strategyMapGraph(base).edges.filter((e) => e.kind === 'causes')).toEqual([
      { source: 'objective:101', target: 'objective:100', kind: 'causes', description: 'Skills sell' },
    ]);
  });
});
