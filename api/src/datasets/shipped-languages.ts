import fs from 'node:fs/promises';
import path from 'node:path';
import { isLanguageCode } from '@og/shared/domain/languages';

/**
 * The languages of the coded titles the server ships, as `{seedDir}/titles/manifest.json` gives
 * them per file: those of more files first (then in the manifest's order). Only the language of
 * each entry is read here (the built-in coder reads and checks the rest); a missing or unreadable
 * manifest ships no languages, and the wizard still offers every language.
 */
export async function readShippedLanguages(seedDir: string | null): Promise<string[]> {
  if (seedDir === null) return [];
  let manifest: unknown;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(seedDir, 'titles', 'manifest.json'), 'utf8'));
  } catch {
    return [];
  }
  const files = (manifest as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return [];
  const counts = new Map<string, number>();
  for (const entry of files as unknown[]) {
    const language = (entry as { language?: unknown } | null)?.language;
    if (typeof language === 'string' && isLanguageCode(language)) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  // A stable sort keeps the manifest's order among languages of as many files.
  return [...counts].sort((a, b) => b[1] - a[1]).map(([language]) => language);
}
