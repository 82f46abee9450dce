import type { Registry } from '../metadata/registry.ts';

export type PublicFlowPhase = 'auth' | 'complete' | 'success';

/** A page of a public flow: the renderer shows it to anyone, signed in or not. */
export interface PublicFlowScreen {
  path: string;
  flow: string;
  phase: PublicFlowPhase;
  /** the error titles of the flow's calls */
  errors: { auth: string; answer: string; submit: string };
}

export const PUBLIC_FLOW_COMPONENT = 'PublicFlow';

/**
 * The pages of the public flows: the screens of public modules rendered by the PublicFlow component, each placed under
 * its flow's page (`<page>/<authPage>`, `<page>/complete…`, `<page>/success`). A screen under no flow is a metadata
 * fault and stops the boot with its path.
 */
export function publicFlowScreens(registry: Registry): PublicFlowScreen[] {
  const flows = [...registry.entities.values()].flatMap((e) => (e.publicFlow ? [e.publicFlow] : []));
  const screens: PublicFlowScreen[] = [];
  for (const m of registry.modules.values()) {
    for (const s of m.screens) {
      if (s.component !== PUBLIC_FLOW_COMPONENT) continue;
      const flow = flows.find((f) => s.path.startsWith(`${f.page}/`));
      const segment = flow && s.path.slice(flow.page.length + 1).split('/')[0];
      const phase =
        segment === flow?.authPage ? 'auth' : segment === 'complete' || segment === 'success' ? segment : undefined;
      if (!flow || !phase || m.role !== 'public')
        throw new Error(
          `The screen ${s.path} of module ${m.id} is not a page of a public flow (<page>/${flow?.authPage ?? 'auth'}, complete or success of a publicFlow, in a public module)`,
        );
      screens.push({ path: s.path, flow: flow.name, phase, errors: { ...flow.errors } });
    }
  }
  return screens;
}
