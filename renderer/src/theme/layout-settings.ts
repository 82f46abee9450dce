import { useSyncExternalStore } from 'react';

/** Theme, direction and sidebar as the spec names them; remembered in local storage. */
export interface LayoutSettings {
  theme: 'lite-purple' | 'dark';
  dir: 'ltr' | 'rtl';
  sidebar: 'large-sidebar' | 'compact-sidebar';
  sidebarOpen: boolean;
}

const KEY = 'stratum.layout';
const DEFAULTS: LayoutSettings = {
  theme: 'lite-purple',
  dir: 'ltr',
  sidebar: 'large-sidebar',
  sidebarOpen: window.innerWidth > 1200,
};
let current: LayoutSettings = { ...DEFAULTS, ...read() };
const listeners = new Set<() => void>();

function read(): Partial<LayoutSettings> {
  try {
    const { sidebarOpen: _ignored, ...rest } = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<LayoutSettings>;
    return rest;
  } catch {
    return {};
  }
}

function apply(s: LayoutSettings): void {
  const root = document.documentElement;
  root.dataset.theme = s.theme;
  root.dir = s.dir;
  root.dataset.sidebar = s.sidebar;
}
apply(current);

export function updateLayout(patch: Partial<LayoutSettings>): void {
  current = { ...current, ...patch };
  const { sidebarOpen: _open, ...persisted } = current;
  localStorage.setItem(KEY, JSON.stringify(persisted));
  apply(current);
  listeners.forEach((l) => l());
}

export function useLayout(): LayoutSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
