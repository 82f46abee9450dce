import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';
import type { EntityMeta, Meta } from './meta-types.ts';

const Ctx = createContext<Meta | null>(null);

/** Loads GET /meta once per signed-in user; everything on screen is built from it. */
export function MetaProvider({
  userKey,
  children,
  fallback,
}: {
  userKey: string;
  children: ReactNode;
  fallback: ReactNode;
}) {
  const [meta, setMeta] = useState<Meta | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setMeta(null);
    get<Meta>('meta').then((r) => {
      if (!live) return;
      if (succeeded(r)) setMeta(r.data);
      else setFailed(r.err_msg ?? 'failed');
    });
    return () => {
      live = false;
    };
  }, [userKey]);
  if (failed) return <div className="content error-text">{failed}</div>;
  if (!meta) return <>{fallback}</>;
  return <Ctx.Provider value={meta}>{children}</Ctx.Provider>;
}

export function useMeta(): Meta {
  const m = useContext(Ctx);
  if (!m) throw new Error('useMeta outside MetaProvider');
  return m;
}

export function useEntity(name: string): EntityMeta | undefined {
  return useMeta().entities.find((e) => e.name === name);
}
