/**
 * Dependencies: `npm audit --omit=dev`, failing on any high or critical finding that has no written reason in
 * scripts/security/audit-exceptions.json. Where the registry's advisory endpoint cannot be reached (this network's
 * proxy answers 405 to its POST), it says so and points to the last manual review (SECURITY-DEPENDENCIES.md) instead
 * of failing: no answer is not a finding. AUDIT_STRICT=1 makes an unreachable endpoint a failure too.
 *
 *   npm run test:audit
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../server/boot.ts';

interface Finding {
  name: string;
  severity: 'info' | 'low' | 'moderate' | 'high' | 'critical';
  range: string;
  via: (string | { title?: string; url?: string })[];
}

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
let report: { vulnerabilities?: Record<string, Finding>; message?: string; error?: { summary?: string } };
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { message: (run.stderr || run.error?.message || 'no reply').trim().split('\n').pop() };
}

if (!report.vulnerabilities) {
  const why = report.error?.summary || report.message || 'no report';
  console.log(`npm audit: the advisory endpoint could not be reached (${why}).`);
  console.log('The last manual review of the production dependencies is SECURITY-DEPENDENCIES.md.');
  process.exit(process.env.AUDIT_STRICT === '1' ? 1 : 0);
}

const exceptions = JSON.parse(
  readFileSync(join(ROOT, 'scripts', 'security', 'audit-exceptions.json'), 'utf8'),
) as Record<string, string>;
const serious = Object.values(report.vulnerabilities).filter((f) => f.severity === 'high' || f.severity === 'critical');
for (const f of Object.values(report.vulnerabilities)) {
  const titles = f.via.map((v) => (typeof v === 'string' ? `via ${v}` : (v.title ?? v.url ?? ''))).join('; ');
  console.log(
    `${f.severity.padEnd(8)} ${f.name} ${f.range}: ${titles}${exceptions[f.name] ? `  [reason on file: ${exceptions[f.name]}]` : ''}`,
  );
}
const unexplained = serious.filter((f) => !exceptions[f.name]);
console.log(
  `npm audit: ${Object.keys(report.vulnerabilities).length} finding(s), ${serious.length} high or critical, ${unexplained.length} without a written reason`,
);
process.exit(unexplained.length ? 1 : 0);
