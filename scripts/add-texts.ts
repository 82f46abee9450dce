/**
 * npm run add-texts -- <file.json>: adds texts to metadata/i18n/{en,bn,de}.json in one step, keeping each file's keys
 * sorted. The file holds `{ "<key>": { "en": "…", "bn": "…", "de": "…" } }`; a key already present is overwritten.
 * Several people (or agents) may run it at once: a lock directory serialises the read-modify-write of the three files.
 */
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server/boot.ts';

const LANGUAGES = ['en', 'bn', 'de'] as const;
type Texts = Record<string, Record<(typeof LANGUAGES)[number], string>>;

const source = process.argv[2];
if (!source) {
  console.error('usage: npm run add-texts -- <file.json>   ({ "key": { "en": "…", "bn": "…", "de": "…" } })');
  process.exit(2);
}
const texts = JSON.parse(readFileSync(source, 'utf8')) as Texts;
for (const [key, byLanguage] of Object.entries(texts))
  for (const language of LANGUAGES)
    if (typeof byLanguage?.[language] !== 'string' || !byLanguage[language].trim()) {
      console.error(`${source}: "${key}" has no ${language} text`);
      process.exit(1);
    }

const dir = join(ROOT, 'metadata', 'i18n');
const lock = join(dir, '.add-texts.lock');
async function acquire(): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      if (tries > 300) throw new Error(`${lock} has been held for a minute; remove it if no add-texts is running`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

await acquire();
try {
  for (const language of LANGUAGES) {
    const file = join(dir, `${language}.json`);
    const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [key, byLanguage] of Object.entries(texts)) current[key] = byLanguage[language];
    const sorted = Object.fromEntries(
      Object.keys(current)
        .sort()
        .map((k) => [k, current[k]]),
    );
    writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
  }
} finally {
  rmdirSync(lock);
}
console.log(`added ${Object.keys(texts).length} texts to ${LANGUAGES.join(', ')}`);
