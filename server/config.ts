import { resolve } from 'node:path';

/** Every setting Stratum reads, from the environment (README lists them). */
export interface Config {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  holderEmail: string;
  holderPassword?: string;
  demo: boolean;
  demoPassword: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number; got "${env.PORT}"`);
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    holderEmail: env.HOLDER_EMAIL ?? 'holder@stratum.local',
    holderPassword: env.HOLDER_PASSWORD || undefined,
    demo: env.DEMO === '1' || env.DEMO === 'true',
    demoPassword: env.DEMO_PASSWORD ?? 'stratum-demo',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Stratum <no-reply@stratum.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
  };
}
