/**
 * The open tab of a tabbed area, remembered for the browser session as the spec's areas keep theirs: an index from 0,
 * 0 on the first load of a session (sessionStorage is empty in a new one) and when the remembered tab is gone.
 */
const storageKey = (path: string) => `stratum.tab:${path}`;

export function rememberedTab(path: string, count: number): number {
  const n = Number(sessionStorage.getItem(storageKey(path)) ?? 0);
  return Number.isInteger(n) && n >= 0 && n < count ? n : 0;
}

export const rememberTab = (path: string, index: number) => sessionStorage.setItem(storageKey(path), String(index));
